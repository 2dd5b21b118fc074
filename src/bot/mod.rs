//! Computer opponents: `random`, `heuristic` and `search` (Information-Set Monte Carlo Tree Search).
//!
//! A bot sees exactly one player's [`PlayerView`] and nothing else: the [`Bot`] trait and [`suggest`]
//! take a view, never a [`crate::Position`] or a [`crate::Game`], so a bot cannot read the opponent's
//! hand or the deck order even by mistake. The legal actions are computed from the view alone (they
//! never depend on hidden cards); search bots sample the hidden cards consistently with the view
//! ([`Determinizer`]). Budgets are counted in playouts, never in wall time, so a bot is reproducible
//! under a seed and behaves the same natively and in WebAssembly.
//!
//! ```
//! use battleline::bot::{suggest, Level};
//! use battleline::{Game, Options};
//! let mut game = Game::new(Options::default(), 1).unwrap();
//! let player = game.position().current();
//! let action = suggest(&game.view(player).unwrap(), Level::Easy, 42).unwrap();
//! game.apply(&action).unwrap();
//! ```

use crate::action::Action;
use crate::error::{Error, ErrorCode};
#[cfg(feature = "lab-hooks")]
use crate::flag::{Player, FLAG_COUNT};
use crate::game::Game;
use crate::options::Options;
use crate::position::view::PlayerView;
#[cfg(feature = "lab-hooks")]
use crate::position::Position;

// The coach (the viewer's chances, hints, explanations, the post-game review) has one caller in the
// product, the wasm layer (src/wasm/coach.rs): it is compiled for it and its tests, and public only
// for the lab (its calibration, review-noise and coach-corpus instruments); no native program of the
// product needs it. Each of these uses part of it (the wasm layer, the tests, the lab), hence the allows.
#[cfg(any(target_arch = "wasm32", test, feature = "lab-hooks"))]
#[allow(dead_code)]
mod coach;
mod determinize;
mod heuristic;
mod kind;
mod random;
mod search;
// The stand-in game of online play, for the page (src/wasm/).
#[cfg(all(feature = "setups", target_arch = "wasm32"))]
mod stand_in;
mod tactics_guard;
mod value;

pub use determinize::{determinize, Determinizer};
pub use heuristic::HeuristicBot;
pub use kind::{BotKind, Level, MAX_PLAYOUTS};
pub use random::RandomBot;
pub use search::bot::{SearchBot, SearchStats};
pub use search::parallel_trees::MAX_TREES;
#[cfg(all(feature = "setups", target_arch = "wasm32"))]
pub(crate) use stand_in::stand_in;

// The coach: crate-private for the wasm layer and the tests, public for the lab.
#[cfg(all(any(target_arch = "wasm32", test), not(feature = "lab-hooks")))]
#[allow(unused_imports)]
pub(crate) use coach::chances::{evaluate, Evaluation};
#[cfg(feature = "lab-hooks")]
pub use coach::chances::{evaluate, Evaluation};
#[cfg(all(any(target_arch = "wasm32", test), not(feature = "lab-hooks")))]
#[allow(unused_imports)]
pub(crate) use coach::explain::{explain, explain_move, FlagOutlook, Outlook, Previous, Reach, Reason, SideOutlook};
#[cfg(feature = "lab-hooks")]
pub use coach::explain::{explain, explain_move, FlagOutlook, Outlook, Previous, Reach, Reason, SideOutlook};
#[cfg(all(any(target_arch = "wasm32", test), not(feature = "lab-hooks")))]
#[allow(unused_imports)]
pub(crate) use coach::hint::{hint, hint_after, FlagChange, Hint, NOTABLE_CHANGE};
#[cfg(feature = "lab-hooks")]
pub use coach::hint::{hint, hint_after, FlagChange, Hint, NOTABLE_CHANGE};
#[cfg(all(any(target_arch = "wasm32", test), not(feature = "lab-hooks")))]
#[allow(unused_imports)]
pub(crate) use coach::review::{
    decision_accuracy, judge_move, review, Cause, Drawn, GameStory, Judgement, Out, Review, ReviewedDecision, Reviewer,
    Step, Thresholds, TurningPoint, THRESHOLDS, TURNING,
};
#[cfg(feature = "lab-hooks")]
pub use coach::review::{
    decision_accuracy, judge_move, review, Cause, Drawn, GameStory, Judgement, Out, Review, ReviewedDecision, Reviewer,
    Step, Thresholds, TurningPoint, THRESHOLDS, TURNING,
};

// The lab's extension points and instruments: what lab/ plugs into the search or reads of it. Only the
// lab enables the feature; the product, its wasm and its npm package go without (docs/public-api.txt).
#[cfg(feature = "lab-hooks")]
pub use search::config::Config as SearchConfig;
#[cfg(feature = "lab-hooks")]
pub use search::leaf::{result_rewards, shared_rewards, Leaf, Sampler, StaticLeaf};
#[cfg(feature = "lab-hooks")]
pub use search::model_leaf::ValueLeaf;
#[cfg(feature = "lab-hooks")]
pub use search::policy::{PolicyModel, POLICY_INPUTS};
#[cfg(feature = "lab-hooks")]
pub use search::prior::Prior;
#[cfg(feature = "lab-hooks")]
pub use value::features::{input_names, INPUTS};
#[cfg(feature = "lab-hooks")]
pub use value::flags_to_game::win_chance;
#[cfg(feature = "lab-hooks")]
pub use value::handmade::{Duel, EvalParams};
#[cfg(feature = "lab-hooks")]
pub use value::model::ValueModel;

/// A computer player. It is given the view of the player whose turn it is and answers with one of
/// that player's legal actions; anything else (a view of a finished match, of another player's turn,
/// an inconsistent view) is an error, never a panic.
///
/// ```
/// use battleline::bot::{Bot, RandomBot};
/// use battleline::{Game, Options};
/// let mut game = Game::new(Options::default(), 7).unwrap();
/// let mut bot = RandomBot::new(1);
/// let player = game.position().current();
/// let action = bot.choose(&game.view(player).unwrap()).unwrap();
/// assert!(game.legal_actions().contains(&action));
/// // The other player's view: not their turn.
/// let err = bot.choose(&game.view(1 - player).unwrap()).unwrap_err();
/// assert_eq!(err.code, battleline::ErrorCode::NotYourTurn);
/// ```
///
/// A bot cannot be handed the full state, which holds the hidden cards:
///
/// ```compile_fail
/// use battleline::bot::{Bot, RandomBot};
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 7).unwrap();
/// RandomBot::new(1).choose(game.position()); // a Position is not a PlayerView
/// ```
pub trait Bot {
    /// The action for the viewer, whose turn it must be.
    fn choose(&mut self, view: &PlayerView) -> Result<Action, Error>;

    /// The search work done so far, for bots that search.
    fn stats(&self) -> Option<SearchStats> {
        None
    }
}

/// The legal actions of the viewer, computed from the view alone: empty when it is not their turn or
/// the game is over (`nextGame` when the match goes on). An inconsistent view is `bad_input`.
///
/// ```
/// use battleline::{bot, Game, Options};
/// let game = Game::new(Options::default(), 4).unwrap();
/// let player = game.position().current();
/// assert_eq!(bot::legal_actions(&game.view(player).unwrap()).unwrap(), game.legal_actions());
/// assert!(bot::legal_actions(&game.view(1 - player).unwrap()).unwrap().is_empty());
/// ```
pub fn legal_actions(view: &PlayerView) -> Result<Vec<Action>, Error> {
    let position = Determinizer::new(view)?.sample(&mut crate::rng_from_seed(0));
    if position.is_over() {
        return Ok(if match_goes_on(view) { vec![Action::NextGame] } else { Vec::new() });
    }
    if view.current != view.player {
        return Ok(Vec::new());
    }
    Ok(position.legal_actions())
}

/// The search bot's action at `level` for the viewer, reproducible: the same view and seed give the
/// same action, natively and in WebAssembly. Errors: `bad_input` (inconsistent view),
/// `not_your_turn`, `game_over`.
///
/// ```
/// use battleline::bot::{suggest, Level};
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 3).unwrap();
/// let view = game.view(game.position().current()).unwrap();
/// let action = suggest(&view, Level::Easy, 7).unwrap();
/// assert_eq!(action, suggest(&view, Level::Easy, 7).unwrap());
/// assert!(game.legal_actions().contains(&action));
/// ```
pub fn suggest(view: &PlayerView, level: Level, seed: u64) -> Result<Action, Error> {
    suggest_with(view, BotKind::level(level), seed)
}

/// Like [`suggest`], for any kind of bot.
///
/// ```
/// use battleline::bot::{suggest_with, BotKind};
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 3).unwrap();
/// let view = game.view(game.position().current()).unwrap();
/// let action = suggest_with(&view, BotKind::Heuristic, 0).unwrap();
/// assert!(game.legal_actions().contains(&action));
/// ```
pub fn suggest_with(view: &PlayerView, kind: BotKind, seed: u64) -> Result<Action, Error> {
    kind.build(seed).choose(view)
}

/// Plays one game (or match) of `options` dealt from `seed`, `bots[p]` playing seat `p`, each seeing
/// only its own view; returns the finished game (its record and result). A bot that fails or answers
/// an illegal action stops the game with that error, naming the seat.
///
/// ```
/// use battleline::bot::{play_game, Bot, HeuristicBot, RandomBot};
/// use battleline::Options;
/// let (mut a, mut b) = (HeuristicBot::new(1), RandomBot::new(2));
/// let game = play_game(Options::default(), 9, &mut [&mut a, &mut b]).unwrap();
/// assert!(game.is_match_over());
/// ```
pub fn play_game(options: Options, seed: u64, bots: &mut [&mut dyn Bot]) -> Result<Game, Error> {
    let mut game = Game::new(options, seed)?;
    if bots.len() != game.options().players {
        return Err(Error::new(
            ErrorCode::BadInput,
            format!("{} bots for a {}-player game", bots.len(), game.options().players),
        ));
    }
    while !game.is_match_over() {
        let player = game.position().current();
        let view = game.view(player).ok_or_else(|| Error::new(ErrorCode::BadPlayer, "no such player"))?;
        let action = bots[player]
            .choose(&view)
            .map_err(|e| Error::new(e.code, format!("the bot of player {player} failed: {}", e.message)))?;
        game.apply(&action).map_err(|e| {
            Error::new(e.code, format!("the bot of player {player} chose {action}, which is illegal: {}", e.message))
        })?;
    }
    Ok(game)
}

/// For the learned value model's data (lab/`value_lab`): the model's inputs for `me` in a real
/// two-player position, read as the search's leaf reads a sample (each player's next draws counted as
/// held), and each flag's chance by the hand-made leaf evaluation. It reads the deck and the opponent's
/// hand, so it is for analysing finished games, never for a player.
#[cfg(feature = "lab-hooks")]
pub fn value_inputs(position: &Position, me: Player) -> ([f32; INPUTS], [f32; FLAG_COUNT]) {
    let config = SearchConfig::default();
    let draws = config.leaf_foresight.unwrap_or(0) as usize;
    let knowledge = value::handmade::Knowledge::with_foresight(position, me, config.eval, draws);
    (value::features::inputs(position, me, &knowledge), knowledge.chances(position))
}

/// For the learned policy's data (lab/`value_lab policy-data`): the policy's inputs for each of
/// `actions` of the viewer, who is to move, read from the view alone. Errors: `bad_input` for an
/// inconsistent view.
#[cfg(feature = "lab-hooks")]
pub fn policy_inputs(view: &PlayerView, actions: &[Action]) -> Result<Vec<[f32; POLICY_INPUTS]>, Error> {
    let position = Determinizer::new(view)?.sample(&mut crate::rng_from_seed(0));
    Ok(search::policy::policy_inputs(&position, actions))
}

/// The viewer's chance to win the game and each flag's, from the view alone: `model` (the hand-made
/// evaluation where `None`) averaged over `samples` samples of the hidden cards drawn from `seed`
/// (lab/`value_lab calibrate`). Errors: `bad_input` for an inconsistent view.
#[cfg(feature = "lab-hooks")]
pub fn estimate_view(
    view: &PlayerView,
    model: Option<&ValueModel>,
    samples: u32,
    seed: u64,
) -> Result<(f32, [f32; FLAG_COUNT]), Error> {
    let determinizer = Determinizer::new(view)?;
    let estimate = value::sampled::estimate(&determinizer, model, samples, &mut crate::rng_from_seed(seed));
    Ok((estimate.win, estimate.flags))
}

fn match_goes_on(view: &PlayerView) -> bool {
    view.result.is_some() && view.game_index + 1 < view.options.games
}

/// What every bot does first: validate the view and settle the cases with no choice. `Ok(Err(action))`
/// is a forced answer; `Ok(Ok(turn))` is a real decision.
pub(crate) fn prepare(view: &PlayerView) -> Result<Result<Turn, Action>, Error> {
    let determinizer = Determinizer::new(view)?;
    let position = determinizer.sample(&mut crate::rng_from_seed(0));
    if position.is_over() {
        if match_goes_on(view) {
            return Ok(Err(Action::NextGame));
        }
        return Err(Error::new(ErrorCode::GameOver, "the game is over; there is nothing to play"));
    }
    if view.current != view.player {
        return Err(Error::new(
            ErrorCode::NotYourTurn,
            format!("it is player {}'s turn, not player {}'s", view.current, view.player),
        ));
    }
    let legal = position.legal_actions();
    match legal.as_slice() {
        [] => Err(Error::new(ErrorCode::BadInput, "the view leaves no legal action")),
        [only] => Ok(Err(*only)),
        _ => Ok(Ok(Turn { determinizer, position, legal })),
    }
}

/// A decision to make: the view's sampler, one sample (public facts and the viewer's hand are exact in
/// it; the hidden cards are not to be read) and the legal actions.
pub(crate) struct Turn {
    pub(crate) determinizer: Determinizer,
    pub(crate) position: crate::position::Position,
    pub(crate) legal: Vec<Action>,
}
