//! The chance of winning the game from the chance of winning each flag (two players, flags taken as
//! independent, R-END-1): the engine's own ([`battleline::bot::win_chance`], an input of the learned
//! value model), screened here as a share of the hand-made leaf's reward
//! ([`LabConfig::win_weight`](crate::LabConfig)), where it gained nothing (docs/BOT_EXPERIMENTS.md).

pub use battleline::bot::win_chance;
