//! How good a position is for one player, each way in its own file:
//!
//! - `handmade.rs`: the hand-made static evaluation, each flag's chance from the formations each side
//!   can still reach (the heuristic bot's, the prior's, the search's with three players);
//! - `features.rs` and `model.rs`: the learned value model, a small network over the hand-made
//!   evaluation's readings and the board's facts, shipped as `weights.bin` (the search's with two players);
//! - `flags_to_game.rs`: the chance to win the game from the chance to win each flag;
//! - `sampled.rs`: the chance to win from a view alone, the model averaged over samples of the hidden
//!   cards (the coach's numbers, through `evaluate.rs`);
//! - `portable.rs`: the arithmetic that gives the same bits natively and in WebAssembly.

pub(crate) mod features;
pub(crate) mod flags_to_game;
pub(crate) mod handmade;
pub(crate) mod model;
pub(crate) mod portable;
pub(crate) mod sampled;
