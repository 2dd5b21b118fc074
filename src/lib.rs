//! Battle Line (Reiner Knizia) rules engine: every rule of `RULES.md`, exact claim proofs, seeded
//! replayable games and players' views with hidden information stripped. Pure Rust; the WebAssembly
//! layer (`wasm` module, wasm32 only) only converts types and errors.
//!
//! ```
//! use battleline::{Game, Options};
//! let mut game = Game::new(Options::default(), 1).unwrap();
//! while !game.is_match_over() {
//!     let action = game.legal_actions()[0];
//!     game.apply(&action).unwrap();
//! }
//! assert!(game.position().result().is_some());
//! ```
#![deny(missing_docs)]

mod action;
#[cfg(feature = "bots")]
pub mod bot;
mod card;
mod card_set;
mod claim_memo;
mod deck;
#[cfg(test)]
mod declarations;
mod error;
#[cfg(feature = "events")]
mod event;
mod flag;
mod formation;
mod game;
#[cfg(any(target_arch = "wasm32", test))]
mod js_shapes;
#[cfg(feature = "long-seeds")]
mod long_seed;
mod match_score;
mod options;
mod outcome;
mod phase;
mod position;
mod proof;
pub mod random_play;
mod record;
mod record_parse;
mod refusal;
#[cfg(test)]
mod ts_layout;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use action::{Action, DeckKind};
pub use card::{Card, Colour, Tactic, TacticKind};
pub use card_set::CardSet;
pub use error::{Error, ErrorCode, MAX_MESSAGE_BYTES};
#[cfg(feature = "events")]
pub use event::{Event, WinningFlags};
pub use flag::{Flag, FlagId, Player, SideCards, FLAG_COUNT, MAX_PLAYERS};
pub use formation::{best_strength, FormationKind, Strength};
pub use game::Game;
#[cfg(feature = "events")]
pub use game::LogEntry;
#[cfg(feature = "long-seeds")]
pub use long_seed::LongSeed;
pub use match_score::MatchScore;
pub use options::{ClaimTiming, Options};
pub use outcome::{GameResult, Victory};
pub use phase::Phase;
pub use position::inspect::SideFormation;
pub use position::setup::{Setup, MAX_COMPLETION_STAMP};
pub use position::view::{FlagView, HandSize, KnownDeckCard, PlayerView, TurnView};
pub use position::{rng_from_seed, Position, HAND_SIZE};
pub use proof::{is_claimable, is_claimable_with_retired, prove, prove_with_retired, FlagSetup, OpponentBest, Proof};
pub use record::{Record, MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, MAX_SEED, RECORD_FORMAT, RECORD_VERSION};
pub use refusal::Refusal;

/// The README's Rust example, compiled and run with the doc tests (`cargo test --doc`), so the front
/// door never shows code that does not build.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
