//! The chance to win the game, and each flag, for the player whose view it is, from that view alone:
//! the learned value model averaged over samples of the hidden cards. The model reads a position as a
//! search leaf does (each player's next draws in the sample counted as held) and was fitted to the
//! outcomes of real positions read the same way, so its mean over samples drawn consistently with
//! the view estimates the chance given the view.
//!
//! Without a model (and with three players) the estimate is the hand-made evaluation's, as the search
//! used it before the model: the logistic of the expected flags and the chance per flag.

use rand_chacha::ChaCha8Rng;

use super::features;
use super::handmade::Knowledge;
use super::model::ValueModel;
use crate::bot::determinize::Determinizer;
use crate::bot::search::config::Config;
use crate::bot::search::leaf::StaticLeaf;
use crate::flag::{Player, FLAG_COUNT};
use crate::position::Position;

/// The estimate for one player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Estimate {
    /// The chance to win the game (a draw counts half).
    pub(crate) win: f32,
    /// The chance to take each flag (1 or 0 once claimed).
    pub(crate) flags: [f32; FLAG_COUNT],
}

/// The viewer's estimate over `samples` samples of the hidden cards (at least one): the coach's and
/// the lab's (bot/mod.rs says where the coach is compiled).
#[cfg_attr(not(any(target_arch = "wasm32", test, feature = "lab-hooks")), allow(dead_code))]
pub(crate) fn estimate(
    determinizer: &Determinizer,
    model: Option<&ValueModel>,
    samples: u32,
    rng: &mut ChaCha8Rng,
) -> Estimate {
    let me = determinizer.viewer();
    let mut total = Estimate { win: 0.0, flags: [0.0; FLAG_COUNT] };
    let samples = samples.max(1);
    for _ in 0..samples {
        let one = of_position(&determinizer.sample(rng), me, model);
        total.win += one.win;
        total.flags.iter_mut().zip(one.flags).for_each(|(t, f)| *t += f);
    }
    let n = samples as f32;
    Estimate { win: total.win / n, flags: total.flags.map(|f| f / n) }
}

/// The estimate of one position (a sample, or a real position when analysing finished games) for `me`.
pub(crate) fn of_position(position: &Position, me: Player, model: Option<&ValueModel>) -> Estimate {
    let players = position.players();
    let claimed = |i: usize| position.flags()[i].claimed.map(|p| if p == me { 1.0 } else { 0.0 });
    if let Some(result) = position.result() {
        let win = match result.winner {
            Some(w) if w == me => 1.0,
            Some(_) => 0.0,
            None => 1.0 / players as f32,
        };
        return Estimate { win, flags: std::array::from_fn(|i| claimed(i).unwrap_or(0.5)) };
    }
    let config = Config::default();
    let draws = config.leaf_foresight.unwrap_or(0) as usize;
    let knowledge = Knowledge::with_foresight(position, me, config.eval, draws);
    match model {
        Some(model) if players == 2 => {
            let p = model.predict(&features::inputs(position, me, &knowledge));
            // A claimed flag's fate is known: the model's guess is only for the open ones.
            Estimate { win: p.win, flags: std::array::from_fn(|i| claimed(i).unwrap_or(p.flags[i])) }
        }
        _ => {
            let leaf = StaticLeaf::new(&config);
            let chances = knowledge.chances(position);
            Estimate { win: leaf.win_chance(players, knowledge.value(players, &chances)), flags: chances }
        }
    }
}
