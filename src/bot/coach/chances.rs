//! The viewer's chance to win the game and each flag, from a [`PlayerView`] alone: the learned value
//! model (two players; the hand-made evaluation with three) averaged over samples of the hidden cards
//! (see `value/sampled.rs`). The coach's numbers; calibrated on held-out games (docs/BOT_EXPERIMENTS.md).

use serde::{Deserialize, Serialize};

use crate::bot::determinize::Determinizer;
use crate::bot::value::model::ValueModel;
use crate::bot::value::portable::{portable_exp, portable_ln};
use crate::bot::value::sampled::estimate;
use crate::bot::Level;
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
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Evaluation {
    /// The chance to win the game (a draw counts as a share).
    pub win: f32,
    /// The chance to win each flag, flag 1 first.
    #[cfg_attr(test, ts(type = "number[]"))]
    pub flags: [f32; FLAG_COUNT],
}

/// The viewer's chance to win the game and each flag, from the view alone (never from hidden cards),
/// reproducible under `seed`: the learned value model's mean over samples of the hidden cards, more
/// of them at a higher `level` (64, 256 and 1,024), through a calibration fitted on held-out games.
/// Errors: `bad_input` for an inconsistent view.
pub fn evaluate(view: &PlayerView, level: Level, seed: u64) -> Result<Evaluation, Error> {
    Ok(of_view(&Determinizer::new(view)?, level, seed))
}

/// The viewer's chances from a view's determinizer at `level`, reproducible under `seed` (see
/// [`evaluate`]).
pub(crate) fn of_view(determinizer: &Determinizer, level: Level, seed: u64) -> Evaluation {
    let samples = match level {
        Level::Easy => 64,
        Level::Medium => 256,
        Level::Hard => 1024,
    };
    let found = estimate(determinizer, Some(ValueModel::embedded()), samples, &mut crate::rng_from_seed(seed));
    of_search(found.win, found.flags)
}

/// A move's chances from the search's means (the model's, as the leaf gives them), calibrated.
pub(crate) fn of_search(win: f32, flags: [f32; FLAG_COUNT]) -> Evaluation {
    Evaluation { win: calibrated(win, WIN_MAP), flags: flags.map(|f| calibrated(f, FLAG_MAP)) }
}

/// The calibration of the model's mean over samples: `sigmoid(a · logit(mean) + b)`, fitted by
/// `tools/fit_calibration.py` to 5,490 readings of the chance to win and 30,562 of a flag's in 120
/// self-play games of search:300 (seeds from 91,000,000; `value_lab calibrate --games 120 --seed
/// 91000000 --every 2 --dump fit.tsv`), games used neither in training (seeds from 70,000,000 and
/// 71,000,000) nor in the measurement of docs/BOT_EXPERIMENTS.md. The mean per flag is too timid
/// (a = 1.36); the chance to win right as it is.
const WIN_MAP: (f64, f64) = (0.9986, 0.0447);
/// See [`WIN_MAP`].
const FLAG_MAP: (f64, f64) = (1.3585, 0.0094);

/// `p` through the map `(a, b)`; 0 and 1 (a claimed flag, a finished game) stay as they are.
fn calibrated(p: f32, (a, b): (f64, f64)) -> f32 {
    if p <= 0.0 || p >= 1.0 {
        return p.clamp(0.0, 1.0);
    }
    let p = f64::from(p);
    let logit = portable_ln(p) - portable_ln(1.0 - p);
    (1.0 / (1.0 + portable_exp(-(a * logit + b)))) as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Options};

    #[test]
    fn claimed_flags_stay_certain_and_the_map_is_monotone() {
        // Play first legal actions until a flag is claimed; its chance is then exactly 1 or 0.
        let mut game = Game::new(Options::default(), 11).unwrap();
        while game.position().flags().iter().all(|f| f.claimed.is_none()) {
            let first = game.legal_actions()[0];
            game.apply(&first).unwrap();
        }
        for viewer in 0..2 {
            let found = evaluate(&game.view(viewer).unwrap(), Level::Easy, 3).unwrap();
            for (flag, chance) in game.position().flags().iter().zip(found.flags) {
                match flag.claimed {
                    Some(owner) => assert_eq!(chance, if owner == viewer { 1.0 } else { 0.0 }),
                    None => assert!(chance > 0.0 && chance < 1.0, "{chance}"),
                }
            }
        }
        let mapped: Vec<f32> = (1..100).map(|i| calibrated(i as f32 / 100.0, FLAG_MAP)).collect();
        assert!(mapped.windows(2).all(|w| w[0] < w[1]), "{mapped:?}");
        assert!(mapped[9] < 0.1 && mapped[89] > 0.9, "a timid 0.1 or 0.9 is sharpened");
    }
}
