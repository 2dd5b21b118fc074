//! The lab: experiments with the engine's search that no level uses, kept reproducible beside the
//! product and never shipped with it (not in the engine crate, its WebAssembly or its npm package).
//!
//! Each experiment plugs into the search through its two points of extension
//! ([`battleline::bot::Leaf`], how a playout's last position is valued, and
//! [`battleline::bot::Sampler`], how a playout's hidden cards are dealt), so the search itself is the
//! one the levels play. What was measured with them, and the commands, are in
//! `docs/BOT_EXPERIMENTS.md`; the harnesses are this crate's examples (`tune`, `lost_games`,
//! `train_flags`).
//!
//! - [`flag_model`]: a learned chance per flag, fitted by `train_flags`.
//! - [`win_chance`]: the chance to win the game from the chances per flag, as the leaf's reward.
//! - [`playout`]: a fast policy that plays on past the tree (a few actions, or to the end of the game
//!   once the deck is short).
//! - [`inference`]: candidate opponent hands weighed by the likelihood of their recent plays.
//! - [`oracle`]: the search shown the opponent's hand or the whole deal (the ceilings).
//! - [`follow`]: whole games in which one seat follows every hint (the coach's harnesses).
//! - [`max_n`]: three players valued seat by seat, each opponent playing for itself.
//! - [`lab_leaf`] and [`LabConfig`]: the switches of the experiments, as `tune` screens them.
#![deny(missing_docs)]

pub mod config;
pub mod flag_model;
pub mod follow;
pub mod inference;
pub mod lab_leaf;
pub mod max_n;
pub mod oracle;
pub mod playout;
pub mod win_chance;

pub use config::LabConfig;
