//! The viewer's chance to win the game and each flag, from a [`PlayerView`] alone: the learned value
//! model (two players; the hand-made evaluation with three) averaged over samples of the hidden cards
//! (see `win_estimate`). The coach's numbers; calibrated on held-out games (docs/BOT_EXPERIMENTS.md).

use serde::{Deserialize, Serialize};

use super::determinize::Determinizer;
use super::value_model::ValueModel;
use super::win_estimate::estimate;
use super::Level;
use crate::error::Error;
use crate::flag::FLAG_COUNT;
use crate::position::view::PlayerView;

/// The viewer's chances, each in 0..1: to win the game, and to win each flag (1 or 0 once claimed).
///
/// ```
/// use battleline::bot::{evaluate, Level};
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 5).unwrap();
/// let view = game.view(0).unwrap();
/// let chances = evaluate(&view, Level::Easy, 1).unwrap();
/// assert!((0.0..=1.0).contains(&chances.win));
/// assert_eq!(chances.flags.len(), 9);
/// assert_eq!(chances, evaluate(&view, Level::Easy, 1).unwrap(), "reproducible under a seed");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Evaluation {
    /// The chance to win the game (a draw counts as a share).
    pub win: f32,
    /// The chance to win each flag, flag 1 first.
    pub flags: [f32; FLAG_COUNT],
}

/// The viewer's chance to win the game and each flag, from the view alone (never from hidden cards),
/// reproducible under `seed`: the learned value model's mean over samples of the hidden cards, more
/// of them at a higher `level` (64, 256 and 1,024). Errors: `bad_input` for an inconsistent view.
pub fn evaluate(view: &PlayerView, level: Level, seed: u64) -> Result<Evaluation, Error> {
    let determinizer = Determinizer::new(view)?;
    let samples = match level {
        Level::Easy => 64,
        Level::Medium => 256,
        Level::Hard => 1024,
    };
    let found = estimate(&determinizer, Some(ValueModel::embedded()), samples, &mut crate::rng_from_seed(seed));
    Ok(Evaluation { win: found.win.clamp(0.0, 1.0), flags: found.flags.map(|f| f.clamp(0.0, 1.0)) })
}
