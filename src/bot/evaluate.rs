//! The viewer's chance to win the game and each flag, from a [`PlayerView`] alone: the coach's numbers.
//!
//! Every chance the coach shows passes through this file, by one of two doors:
//! - [`of_view`]: a view's chances, the leaf evaluation averaged over samples of the hidden cards
//!   ([`evaluate`], the win chances on the board, a hint's chances before its move);
//! - [`of_search`]: a move's chances as the search rated it, the means over the playouts through the
//!   move (a hint's chances after its move, both moves of each reviewed decision).
//!
//! Why two doors in one file: issue 38 gives `main` a learned value model and a `bot::evaluate` of the
//! same signature, calibrated on held-out games. When the two branches meet, this file takes `main`'s
//! estimate and calibration behind the same two functions, and the hint, the review, the wasm layer and
//! the page stay as they are (docs/COACH.md, "Meeting issue 38", says exactly how).

use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::determinize::Determinizer;
use super::leaf::{result_rewards, Leaf, StaticLeaf};
use super::search_config::Config;
use super::Level;
use crate::error::Error;
use crate::flag::{FlagId, Player, FLAG_COUNT};
use crate::position::view::PlayerView;
use crate::position::Position;

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
/// reproducible under `seed`: the levels' leaf evaluation averaged over samples of the hidden cards,
/// more of them at a higher `level` (64, 256 and 1,024). The same on the viewer's turn and the
/// opponent's: no search, so that the board's chances after every action cost little.
/// Errors: `bad_input` for an inconsistent view.
pub fn evaluate(view: &PlayerView, level: Level, seed: u64) -> Result<Evaluation, Error> {
    Ok(of_view(&Determinizer::new(view)?, level, seed))
}

/// The viewer's chances from a view's determinizer at `level`, reproducible under `seed` (see
/// [`evaluate`]): the levels' leaf ([`StaticLeaf`]) averaged over samples of the hidden cards; a
/// finished game is its result.
pub(crate) fn of_view(determinizer: &Determinizer, level: Level, seed: u64) -> Evaluation {
    let samples = match level {
        Level::Easy => 64,
        Level::Medium => 256,
        Level::Hard => 1024,
    };
    let leaf = StaticLeaf::new(&Config::default());
    let me = determinizer.viewer();
    let mut rng = crate::rng_from_seed(seed);
    let (mut win, mut flags) = (0.0f32, [0.0f32; FLAG_COUNT]);
    for _ in 0..samples {
        let position = determinizer.sample(&mut rng);
        let (rewards, chances) = match result_rewards(&position) {
            Some(rewards) => (rewards, leaf.flag_chances(&position, me)),
            None => leaf.rewards_and_flags(&position, me, rng.next_u64()),
        };
        win += rewards[me];
        let chances = chances.unwrap_or_else(|| claimed_or_even(&position, me));
        flags.iter_mut().zip(chances).for_each(|(sum, p)| *sum += p);
    }
    of_means(win / samples as f32, flags.map(|f| f / samples as f32))
}

/// A move's chances from the search's means over the playouts through it: the mean leaf reward and
/// the mean of the leaves' chance at each flag.
pub(crate) fn of_search(win: f32, flags: [f32; FLAG_COUNT]) -> Evaluation {
    of_means(win, flags)
}

/// Means of the leaf evaluation as chances. Today the hand-made leaf's means are shown as they are
/// (clamped to 0..1); with issue 38's model this is where its calibration map applies (docs/COACH.md).
fn of_means(win: f32, flags: [f32; FLAG_COUNT]) -> Evaluation {
    Evaluation { win: win.clamp(0.0, 1.0), flags: flags.map(|f| f.clamp(0.0, 1.0)) }
}

/// Each flag's chance where a leaf gives none: 1 or 0 once claimed, a half while open.
fn claimed_or_even(position: &Position, me: Player) -> [f32; FLAG_COUNT] {
    let mut out = [0.5; FLAG_COUNT];
    for id in FlagId::all() {
        if let Some(owner) = position.flag(id).claimed {
            out[id.index()] = if owner == me { 1.0 } else { 0.0 };
        }
    }
    out
}
