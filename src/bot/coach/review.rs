//! The post-game review: each decision of every player in a record, judged by the search from the view
//! its player had then (never from cards they could not see), with the move the search prefers, how
//! much of the chance to win the played move gave up, the flag that makes the difference and the
//! reasons of both moves; then the story of the game for the reviewed player (`story`): their chance
//! after every step, split into their decisions, the opponents' and the draws, the turning points with
//! their causes, and an accuracy figure per player.
//!
//! The numbers are the coach's: the search's rating of each move (`hint::rate`, through
//! `evaluate::of_search`), which a learned value model improves without changing this module.

use serde::{Deserialize, Serialize};

use super::chances::Evaluation;
use super::explain::{explain, explain_move, linked_flags, Reason};
use super::hint::{coach_move, rate, reason, FlagChange};
use crate::action::Action;
use crate::bot::search::bot::{Decision, SearchBot};
use crate::bot::search::tree::automatic;
use crate::bot::{prepare, Level};
use crate::error::{Error, ErrorCode};
use crate::flag::Player;
use crate::game::Game;
use crate::position::view::PlayerView;
use crate::record::Record;

mod story;
#[cfg(test)]
mod tests;

use story::{accuracy, steps, stories, turning_points, GameEnd};
pub use story::{decision_accuracy, Cause, Drawn, GameStory, Out, Step, TurningPoint, TURNING};

/// How much of the chance to win a move may give up before the review marks it: a share of the whole
/// (0.05 is five percentage points), each judgement from its threshold up to the next.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ReviewThresholds"))]
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Thresholds {
    /// An inaccuracy from here.
    pub inaccuracy: f32,
    /// A mistake from here.
    pub mistake: f32,
    /// A blunder from here.
    pub blunder: f32,
}

/// The review's thresholds: 5, 10 and 20 points of the chance to win. Below five points the search's
/// own noise at the medium budget (a few points between seeds) could mark a move as good as the best.
pub const THRESHOLDS: Thresholds = Thresholds { inaccuracy: 0.05, mistake: 0.10, blunder: 0.20 };

/// How bad a move was.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Judgement {
    /// Gave up at least [`Thresholds::inaccuracy`] of the chance to win.
    Inaccuracy,
    /// At least [`Thresholds::mistake`].
    Mistake,
    /// At least [`Thresholds::blunder`].
    Blunder,
}

impl Judgement {
    /// The judgement of a move that gave up `loss` of the chance to win, if any.
    pub fn of(loss: f32, thresholds: &Thresholds) -> Option<Judgement> {
        match loss {
            l if l >= thresholds.blunder => Some(Judgement::Blunder),
            l if l >= thresholds.mistake => Some(Judgement::Mistake),
            l if l >= thresholds.inaccuracy => Some(Judgement::Inaccuracy),
            _ => None,
        }
    }
}

/// One decision of a player, judged from their view.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewedDecision {
    /// Who decided.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub player: Player,
    /// The index of the played action in the record (the position before it is the record replayed to
    /// this many actions).
    pub index: usize,
    /// The game of the match it belongs to (0 first).
    pub game: u32,
    /// The move played.
    pub played: Action,
    /// The search's move from the same view (chosen as the hint's, see [`super::hint`]).
    pub best: Action,
    /// The chances after the search's move (its chance to win is the position's worth).
    pub with_best: Evaluation,
    /// The chances after the move played.
    pub with_played: Evaluation,
    /// The share of the chance to win the move played gave up (0 when it was the search's move, or
    /// rated as well).
    pub loss: f32,
    /// The mark, when the loss reaches a threshold.
    pub judgement: Option<Judgement>,
    /// The chance line: of the flags either move or their reasons concern, the open one whose chance the
    /// search's move keeps highest above the move played's, by at least five points: `from` with the
    /// move played, `to` with the search's.
    pub reason: Option<FlagChange>,
    /// Why the move played was played or what it cost, in formations, cards and flags.
    pub played_reasons: Vec<Reason>,
    /// Why the search's move is better (empty when it is the move played).
    pub best_reasons: Vec<Reason>,
}

/// A whole review.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    /// The reviewed player.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub player: Player,
    /// The search budget of every judgement.
    pub level: Level,
    /// The thresholds of the marks.
    pub thresholds: Thresholds,
    /// Every decision with a choice the search weighs, of every player (each judged from its player's
    /// view), in order.
    pub decisions: Vec<ReviewedDecision>,
    /// The reviewed player's chance to win after every step of each game, in order.
    pub steps: Vec<Step>,
    /// The steps that decided most (see [`TurningPoint`]), in order.
    pub turning_points: Vec<TurningPoint>,
    /// Each game's start, end and where the chance went.
    pub games: Vec<GameStory>,
    /// Each player's accuracy in percent (seat order; `null` without a decision), as lichess gives it.
    pub accuracy: Vec<Option<f32>>,
}

/// A decision waiting to be judged.
#[derive(Clone, Debug)]
struct Pending {
    player: Player,
    index: usize,
    game: u32,
    view: PlayerView,
    played: Action,
}

/// A review one decision at a time (so that a caller can show progress and stop): the record is
/// replayed once up front, keeping each mover's view at each decision to judge and the cards drawn;
/// [`Reviewer::review`] tells the story once every decision is judged.
///
/// ```
/// use battleline::bot::{play_game, HeuristicBot, Level, Reviewer};
/// use battleline::Options;
/// let (mut a, mut b) = (HeuristicBot::new(1), HeuristicBot::new(2));
/// let game = play_game(Options::default(), 9, &mut [&mut a, &mut b]).unwrap();
/// let mut reviewer = Reviewer::new(&game.record(), 0, Level::Easy, 1).unwrap();
/// let total = reviewer.total();
/// let first = reviewer.next().unwrap().unwrap();
/// assert_eq!(game.record().actions[first.index], first.played);
/// assert_eq!(reviewer.done(), 1);
/// assert!(total > 20);
/// assert!(reviewer.review().is_none(), "the story waits for every decision");
/// ```
#[derive(Clone, Debug)]
pub struct Reviewer {
    player: Player,
    players: usize,
    level: Level,
    seed: u64,
    pending: Vec<Pending>,
    draws: Vec<Drawn>,
    ends: Vec<GameEnd>,
    judged: Vec<ReviewedDecision>,
    done: usize,
}

impl Reviewer {
    /// Prepares the review of `player`'s decisions in `record` at `level`, reproducible under `seed`.
    /// Errors: `bad_record` (a record that does not replay), `bad_player`.
    pub fn new(record: &Record, player: Player, level: Level, seed: u64) -> Result<Reviewer, Error> {
        let full = Game::from_record(record)?;
        if player >= full.options().players {
            return Err(Error::new(
                ErrorCode::BadPlayer,
                format!("player {player} is not in a game of {} players", full.options().players),
            ));
        }
        let mut game = full.replay_to(0)?;
        let (mut pending, mut draws, mut ends) = (Vec::new(), Vec::new(), Vec::new());
        for (index, action) in full.actions().iter().enumerate() {
            let mover = game.position().current();
            if !game.position().is_over() {
                if let Some(view) = game.view(mover).filter(is_decision) {
                    pending.push(Pending { player: mover, index, game: game.game_index(), view, played: *action });
                }
            }
            if matches!(action, Action::NextGame) {
                ends.push(end_of(&game, index));
            }
            let hand = game.position().hand(mover);
            game.apply(action)?;
            if matches!(action, Action::Draw { .. } | Action::ScoutDraw { .. }) {
                if let Some(card) = game.position().hand(mover).iter().find(|c| !hand.contains(*c)) {
                    draws.push(Drawn { index, player: mover, card, outs: outs_of(&game, mover, card)? });
                }
            }
        }
        ends.push(end_of(&game, full.actions().len()));
        let players = full.options().players;
        Ok(Reviewer { player, players, level, seed, pending, draws, ends, judged: Vec::new(), done: 0 })
    }

    /// The decisions to judge in all.
    pub fn total(&self) -> usize {
        self.pending.len()
    }

    /// The decisions judged so far.
    pub fn done(&self) -> usize {
        self.done
    }

    /// The reviewed player.
    pub fn player(&self) -> Player {
        self.player
    }

    /// Judges every remaining decision and tells the story.
    pub fn finish(mut self) -> Result<Review, Error> {
        for judged in self.by_ref() {
            judged?;
        }
        self.review().ok_or_else(|| Error::new(ErrorCode::BadInput, "a decision could not be judged"))
    }

    /// The whole review once every decision is judged (`None` before): the decisions, the reviewed
    /// player's chance after every step with its cause, the turning points, each game's story and each
    /// player's accuracy.
    pub fn review(&self) -> Option<Review> {
        if self.judged.len() < self.pending.len() {
            return None;
        }
        let decisions = self.judged.clone();
        let steps = steps(self.player, self.players, &decisions, &self.draws, &self.ends);
        Some(Review {
            player: self.player,
            level: self.level,
            thresholds: THRESHOLDS,
            turning_points: turning_points(self.player, &steps, &self.ends),
            games: stories(self.player, &steps, &self.ends),
            accuracy: accuracy(self.players, &decisions),
            steps,
            decisions,
        })
    }
}

/// Where the game on `game` ends: at `index` in the record, with its result if it is over.
fn end_of(game: &Game, index: usize) -> GameEnd {
    let result = game.position().result().map(|r| r.winner);
    GameEnd { game: game.game_index(), index, result }
}

/// The formations `card` completes in `player`'s hand in `game` (their view alone), strongest first.
fn outs_of(game: &Game, player: Player, card: crate::card::Card) -> Result<Vec<Out>, Error> {
    let Some(view) = game.view(player) else { return Ok(Vec::new()) };
    if game.position().is_over() {
        return Ok(Vec::new());
    }
    let mut outs: Vec<Out> = explain(&view)?
        .flags
        .iter()
        .filter_map(|f| {
            let best = f.sides.iter().find(|s| s.player == player)?.best.as_ref()?;
            best.held.contains(&card).then_some(Out { flag: f.flag, strength: best.strength })
        })
        .collect();
    outs.sort_by_key(|o| std::cmp::Reverse(o.strength));
    Ok(outs)
}

impl Iterator for Reviewer {
    type Item = Result<ReviewedDecision, Error>;

    /// The next decision judged, `None` after the last. Each decision's search has its own seed, so a
    /// decision's judgement does not depend on the others.
    fn next(&mut self) -> Option<Self::Item> {
        let pending = self.pending.get(self.done)?;
        self.done += 1;
        let seed = decision_seed(self.seed, pending.index);
        let judged = judge(pending, self.level, seed);
        if let Ok(decision) = &judged {
            self.judged.push(decision.clone());
        }
        Some(judged)
    }
}

/// The seed of the search that judges the decision at `index` of a record reviewed under `seed`.
pub(crate) fn decision_seed(seed: u64, index: usize) -> u64 {
    seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Reviews `record` for `player` at `level` (seed 0): every decision judged from its player's view at
/// the time, and the story of `player`'s chance. Errors: `bad_record`, `bad_player`.
///
/// ```
/// use battleline::bot::{play_game, review, HeuristicBot, Level, RandomBot};
/// use battleline::Options;
/// let (mut a, mut b) = (RandomBot::new(1), HeuristicBot::new(2));
/// let game = play_game(Options::default(), 4, &mut [&mut a, &mut b]).unwrap();
/// let review = review(&game.record(), 0, Level::Easy).unwrap();
/// // Random moves give up a lot: the review marks some of them.
/// assert!(review.decisions.iter().any(|d| d.player == 0 && d.judgement.is_some()));
/// assert!(review.accuracy.iter().all(|a| a.is_some_and(|a| (0.0..=100.0).contains(&a))));
/// ```
pub fn review(record: &Record, player: Player, level: Level) -> Result<Review, Error> {
    Reviewer::new(record, player, level, 0)?.finish()
}

/// `action` judged from `view` exactly as the review judges a decision (the search's move, the chances
/// after each, the loss, the reasons of both): for replaying a marked decision as a puzzle, where the
/// player tries another move. `index` is the decision's place in its record, kept as given.
/// Errors: `bad_input` for a view without a choice the search weighs (not the viewer's turn, a forced
/// answer) or an action the viewer cannot take.
///
/// ```
/// use battleline::bot::{judge_move, Level};
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 5).unwrap();
/// let view = game.view(game.position().current()).unwrap();
/// let tried = game.legal_actions()[3];
/// let judged = judge_move(&view, tried, 0, Level::Easy, 1).unwrap();
/// assert_eq!(judged.played, tried);
/// assert!(judged.loss >= 0.0);
/// assert!(judge_move(&view, battleline::Action::Pass, 0, Level::Easy, 1).is_err());
/// ```
pub fn judge_move(
    view: &PlayerView,
    action: Action,
    index: usize,
    level: Level,
    seed: u64,
) -> Result<ReviewedDecision, Error> {
    if !is_decision(view) {
        return Err(Error::new(ErrorCode::BadInput, "the view has no choice to weigh"));
    }
    if !crate::bot::legal_actions(view)?.contains(&action) {
        return Err(Error::new(ErrorCode::BadInput, format!("{action} is not a move of the viewer now")));
    }
    let pending = Pending { player: view.player, index, game: view.game_index, view: view.clone(), played: action };
    judge(&pending, level, seed)
}

/// A view with a choice the search weighs: the viewer's turn, more than one legal action, and not an
/// answer the search gives without searching (a claim, a troop draw to a short hand).
fn is_decision(view: &PlayerView) -> bool {
    matches!(prepare(view), Ok(Ok(turn)) if automatic(&turn.position).is_none())
}

fn judge(pending: &Pending, level: Level, seed: u64) -> Result<ReviewedDecision, Error> {
    let played = pending.played;
    // The coach's budget (hard: 3,000; the computer plays 12,000, 10,000 with three players): a review
    // judges every seat's decisions, and stays quick (docs/COACH.md).
    let Decision::Searched(searched) =
        SearchBot::new(level.coach_playouts(), seed).analyse(&pending.view, &[played])?
    else {
        return Err(Error::new(ErrorCode::BadInput, "the decision has no choice to weigh"));
    };
    let rated = |action: Action| searched.edges.iter().find(|e| e.action == action).map(rate);
    let missing = || Error::new(ErrorCode::BadInput, "the search did not rate the move");
    let best = coach_move(&searched).ok_or_else(missing)?.action;
    let with_best = rated(best).ok_or_else(missing)?;
    let with_played = if played == best { with_best } else { rated(played).ok_or_else(missing)? };
    let loss = (with_best.win - with_played.win).max(0.0);
    let played_reasons = explain_move(&pending.view, &played)?;
    let best_reasons = if best == played { Vec::new() } else { explain_move(&pending.view, &best)? };
    let mut linked = linked_flags(&played, &played_reasons);
    linked.extend(linked_flags(&best, &best_reasons));
    Ok(ReviewedDecision {
        player: pending.player,
        index: pending.index,
        game: pending.game,
        played,
        best,
        with_best,
        with_played,
        loss,
        judgement: Judgement::of(loss, &THRESHOLDS),
        reason: reason(&pending.view, &with_played.flags, &with_best.flags, &linked),
        played_reasons,
        best_reasons,
    })
}
