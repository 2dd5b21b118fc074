//! The hint: the search's move for the viewer with how it changes their chances, and the reason in a
//! flag. Also what the review shares with it: the coach's move at a searched decision ([`coach_move`]),
//! a move's rating ([`rate`]) and the reason ([`reason`]). The chances themselves come from
//! `evaluate.rs` (a view's: `of_view`; a searched move's: `of_search`).

use serde::{Deserialize, Serialize};

use super::chances::{of_search, of_view, Evaluation};
use super::explain::{explain_move, linked_flags, undone, Previous, Reason};
use crate::action::Action;
use crate::bot::determinize::Determinizer;
use crate::bot::search::bot::{Decision, SearchBot, Searched};
use crate::bot::search::parallel_trees::RootEdge;
use crate::bot::Level;
use crate::error::Error;
use crate::flag::{FlagId, FLAG_COUNT};
use crate::position::view::PlayerView;

/// How one flag's chance differs between two moves or two moments: the reason a coach gives.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlagChange {
    /// The flag (1..9 in JSON).
    pub flag: FlagId,
    /// The chance before (or with the other move).
    pub from: f32,
    /// The chance after (or with this move).
    pub to: f32,
}

/// The search's move for the viewer with what it does to their chances.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Hint {
    /// The move: the search's own choice at this level, never one it rates clearly worse than another it
    /// tried at least half as often.
    pub action: Action,
    /// The chances now, before the move (the leaf evaluation over samples of the hidden cards).
    pub before: Evaluation,
    /// The chances after the move, as the search rated it (equal to `before` when not searched).
    pub after: Evaluation,
    /// Whether the search weighed the move (false: the only sensible one, such as a claim or a draw).
    pub searched: bool,
    /// The chance line: of the flags the move and its reasons concern, the open one whose chance the
    /// move raises most, when it raises one by at least five points ([`NOTABLE_CHANGE`]).
    pub reason: Option<FlagChange>,
    /// Why, in formations, cards and flags ([`super::explain_move`]), strongest first; first of all a
    /// [`Reason::Replans`] when the move takes back the card just placed because of cards seen since.
    pub reasons: Vec<Reason>,
}

/// A change of a flag's chance worth giving as a reason: five points.
pub const NOTABLE_CHANGE: f32 = 0.05;

/// The search's move for the viewer at the coach's budget of `level` ([`Level::coach_playouts`]: at easy
/// and medium the computer's), its most visited (at medium the same as [`crate::bot::suggest`] under the
/// same seed with two players; easy's computer draws its move from the visits, see
/// [`Level::root_temperature`]), unless the search rated another move it tried at least half as often
/// clearly higher: then that one, so that a hint is never a move the search rates clearly worse than its
/// best; nor one that takes back the card the viewer placed last with nothing seen since (see
/// [`hint_after`]); with the chances before
/// and after it and its reasons. Errors as `suggest`'s: `bad_input`, `not_your_turn`, `game_over`.
///
/// ```
/// use battleline::bot::{hint, suggest, Level};
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 5).unwrap();
/// let view = game.view(game.position().current()).unwrap();
/// let advice = hint(&view, Level::Medium, 3).unwrap();
/// assert_eq!(advice.action, suggest(&view, Level::Medium, 3).unwrap());
/// assert!(advice.searched);
/// ```
pub fn hint(view: &PlayerView, level: Level, seed: u64) -> Result<Hint, Error> {
    hint_after(view, level, seed, None)
}

/// [`hint`], consistent with the player's previous move: it never takes back (Redeploys) the card the
/// player placed last unless something seen since may change the plan (an opponent's card at that
/// flag, or, when `previous` is given, a card drawn since), and then its first reason says what
/// ([`Reason::Replans`]). The previous move is `previous` when given (the last hint's move with the
/// hand it was made from), otherwise the card of the viewer's that arrived last on the board. When the
/// search's move would take the card back without news, the hint is the best rated move that does not.
///
/// ```
/// use battleline::bot::{hint_after, Level, Previous};
/// use battleline::{Game, Options};
/// let mut game = Game::new(Options::default(), 5).unwrap();
/// let me = game.position().current();
/// let view = game.view(me).unwrap();
/// let first = hint_after(&view, Level::Easy, 1, None).unwrap();
/// let previous = Previous { action: first.action, hand: view.hand.clone() };
/// game.apply(&first.action).unwrap();
/// // The rest of this turn and the opponent's, any way.
/// for back in [false, true] {
///     while (game.position().current() == me) != back {
///         let next = game.legal_actions()[0];
///         game.apply(&next).unwrap();
///     }
/// }
/// let next = hint_after(&game.view(me).unwrap(), Level::Easy, 2, Some(&previous)).unwrap();
/// assert!(game.legal_actions().contains(&next.action));
/// ```
pub fn hint_after(view: &PlayerView, level: Level, seed: u64, previous: Option<&Previous>) -> Result<Hint, Error> {
    // The coach's budget (hard: 3,000, half the computer's), with three players too, as the review
    // (docs/COACH.md).
    let mut bot = SearchBot::new(level.coach_playouts(), seed);
    let decision = bot.analyse(view, &[])?;
    let before = of_view(&Determinizer::new(view)?, level, seed ^ STATIC_SEED);
    let (mut action, mut after, searched) = match &decision {
        Decision::Forced(action) => (*action, before, false),
        Decision::Searched(searched) => match coach_move(searched) {
            Some(edge) => (edge.action, rate(edge), true),
            None => (searched.action, before, true),
        },
    };
    let mut replans = None;
    if let (Decision::Searched(searched), Some(undo)) = (&decision, undone(view, &action, previous)?) {
        if undo.seen.is_empty() {
            let mut keeping = Vec::new();
            for edge in searched.edges.iter().filter(|e| e.visits > 0 && e.action != action) {
                if undone(view, &edge.action, previous)?.is_none() {
                    keeping.push(edge);
                }
            }
            if let Some(edge) = keeping.into_iter().max_by(|a, b| rate(a).win.total_cmp(&rate(b).win)) {
                (action, after) = (edge.action, rate(edge));
            } else if let Some((other, rated)) = keep_instead(view, level, seed, previous)? {
                // The search tried no other move: the heuristic's move that keeps the card, rated.
                (action, after) = (other, rated);
            }
        } else {
            replans = Some(Reason::Replans { flag: undo.flag, card: undo.card, seen: undo.seen });
        }
    }
    let mut reasons = explain_move(view, &action)?;
    if let Some(replans) = replans {
        reasons.insert(0, replans);
    }
    let reason = reason(view, &before.flags, &after.flags, &linked_flags(&action, &reasons));
    Ok(Hint { action, before, after, searched, reason, reasons })
}

/// A move that does not take back the card just placed, when the search tried none: the heuristic's
/// choice (or the first legal move) among those that do not, rated by a search that gives it a tenth of
/// the budget.
fn keep_instead(
    view: &PlayerView,
    level: Level,
    seed: u64,
    previous: Option<&Previous>,
) -> Result<Option<(Action, Evaluation)>, Error> {
    let mut keeping = Vec::new();
    for action in crate::bot::legal_actions(view)? {
        if undone(view, &action, previous)?.is_none() {
            keeping.push(action);
        }
    }
    let preferred = crate::bot::Bot::choose(&mut crate::bot::HeuristicBot::new(seed), view)?;
    let Some(&other) = keeping.iter().find(|&&a| a == preferred).or(keeping.first()) else { return Ok(None) };
    let Decision::Searched(searched) = SearchBot::new(level.coach_playouts(), seed).analyse(view, &[other])? else {
        return Ok(None);
    };
    Ok(searched.edges.iter().find(|e| e.action == other).map(|edge| (other, rate(edge))))
}

/// The chance line for a move: of the `linked` flags (those the move and its reasons concern) still
/// open in the view, the one whose chance rises most from `from` to `to`, by at least
/// [`NOTABLE_CHANGE`]. A flag the move does not concern is never named.
pub(crate) fn reason(
    view: &PlayerView,
    from: &[f32; FLAG_COUNT],
    to: &[f32; FLAG_COUNT],
    linked: &[FlagId],
) -> Option<FlagChange> {
    linked
        .iter()
        .filter(|id| view.flags.get(id.index()).is_some_and(|f| f.claimed_by.is_none()))
        .map(|&flag| FlagChange { flag, from: from[flag.index()], to: to[flag.index()] })
        .filter(|change| change.to - change.from >= NOTABLE_CHANGE)
        .max_by(|a, b| (a.to - a.from).total_cmp(&(b.to - b.from)))
}

/// The coach's move at a searched decision: the search's choice, unless it rated another move that it
/// tried at least half as often higher by [`NOTABLE_CHANGE`] or more; then the best rated of those.
/// Why: at a small budget the most visited move and the best rated one may part by the search's noise,
/// and a coach must never recommend a move its own numbers call clearly worse. Moves tried less than
/// half as often are not counted as rated: their few playouts say little.
pub(crate) fn coach_move(searched: &Searched) -> Option<&RootEdge> {
    let chosen = searched.edges.iter().find(|e| e.action == searched.action)?;
    let rated = searched.edges.iter().filter(|e| e.visits > 0 && e.visits * 2 >= chosen.visits);
    let best = rated.max_by(|a, b| rate(a).win.total_cmp(&rate(b).win)).unwrap_or(chosen);
    Some(if rate(best).win - rate(chosen).win >= NOTABLE_CHANGE { best } else { chosen })
}

/// One root action's rating: the mean reward and per-flag chance of the playouts through it, as chances
/// ([`of_search`]).
pub(crate) fn rate(edge: &RootEdge) -> Evaluation {
    let visits = edge.visits.max(1) as f32;
    of_search(edge.reward / visits, edge.flags.map(|f| f / visits))
}

/// Mixed into a seed for the samples of the chances before a hint's move, so that they differ from the
/// search's.
const STATIC_SEED: u64 = 0x5eed_c0ac;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Options};

    /// A hint is never a move the search rates clearly worse than its best: over positions of many
    /// games, no move tried at least half as often as the search's choice rates [`NOTABLE_CHANGE`] above
    /// the hint, and the hint is the search's choice unless one did. The one exception, by design
    /// ([`hint_after`]), is a search's move that would take back the card just placed with nothing seen
    /// since: the hint is then the best rated move that keeps it, and the test checks that instead.
    #[test]
    fn the_hint_is_never_a_move_the_search_rates_clearly_worse_than_its_best() {
        let (mut searched, mut overruled, mut kept) = (0, 0, 0);
        for seed in 0..40u64 {
            let mut game = Game::new(Options::default(), seed).unwrap();
            for step in 0..(seed as usize * 3) % 40 {
                let legal = game.legal_actions();
                game.apply(&legal[step % legal.len()]).unwrap();
            }
            let view = game.view(game.position().current()).unwrap();
            let Decision::Searched(found) = SearchBot::new(Level::Easy.playouts(), seed).analyse(&view, &[]).unwrap()
            else {
                continue;
            };
            let chosen = found.edges.iter().find(|e| e.action == found.action).unwrap();
            let advice = hint(&view, Level::Easy, seed).unwrap();
            if undone(&view, &found.action, None).unwrap().is_some_and(|undo| undo.seen.is_empty()) {
                assert!(undone(&view, &advice.action, None).unwrap().is_none(), "seed {seed}: the hint takes it back");
                assert_ne!(advice.action, found.action, "seed {seed}");
                kept += 1;
                continue;
            }
            let rated = found.edges.iter().filter(|e| e.visits * 2 >= chosen.visits);
            let best = rated.map(|e| rate(e).win).fold(0.0f32, f32::max);
            assert!(best - advice.after.win < NOTABLE_CHANGE, "seed {seed}: {} against {best}", advice.after.win);
            if advice.action != found.action {
                overruled += 1;
                assert!(advice.after.win - rate(chosen).win >= NOTABLE_CHANGE, "seed {seed}");
            }
            searched += 1;
        }
        assert!(searched >= 20 && overruled <= searched / 5, "{overruled} of {searched} searched hints overruled");
        assert!(kept <= 4, "{kept} of the search's moves took back the card just placed");
    }

    /// At hard the hint searches the coach's budget (3,000 playouts), not the computer's 12,000: its
    /// move's rating is, to the bit, that of the search of [`Level::coach_playouts`] under the same seed.
    #[test]
    fn a_hint_at_hard_searches_the_coachs_budget() {
        let game = Game::new(Options::default(), 31).unwrap();
        let view = game.view(game.position().current()).unwrap();
        let advice = hint(&view, Level::Hard, 9).unwrap();
        let Decision::Searched(found) = SearchBot::new(Level::Hard.coach_playouts(), 9).analyse(&view, &[]).unwrap()
        else {
            panic!("the first move of a game is searched");
        };
        let edge = found.edges.iter().find(|e| e.action == advice.action).unwrap();
        assert_eq!(advice.after, rate(edge));
        assert_ne!(Level::Hard.coach_playouts(), Level::Hard.playouts());
    }

    /// The search's chances per flag are the leaves' (`Leaf::rewards_and_flags`), not zeros: a leaf that
    /// gives none (as the learned model's `ValueLeaf` did before it passed on its model's flag chances)
    /// would leave every searched move at 0% on every open flag. So the open flags' mean
    /// after the hint's move stays near the view's before it.
    #[test]
    fn the_search_rates_each_flag_with_the_levels_leaf() {
        let mut searched = 0;
        for seed in 0..12u64 {
            let mut game = Game::new(Options::default(), seed).unwrap();
            for step in 0..6 + seed as usize {
                let legal = game.legal_actions();
                game.apply(&legal[step % legal.len()]).unwrap();
            }
            let view = game.view(game.position().current()).unwrap();
            let advice = hint(&view, Level::Easy, seed).unwrap();
            if !advice.searched {
                continue;
            }
            searched += 1;
            let open: Vec<usize> = (0..FLAG_COUNT).filter(|&i| view.flags[i].claimed_by.is_none()).collect();
            let mean = |flags: &[f32; FLAG_COUNT]| open.iter().map(|&i| flags[i]).sum::<f32>() / open.len() as f32;
            let (before, after) = (mean(&advice.before.flags), mean(&advice.after.flags));
            assert!((after - before).abs() < 0.25, "seed {seed}: open flags {before} before, {after} after the move");
            assert!(open.iter().any(|&i| advice.after.flags[i] > 0.05 && advice.after.flags[i] < 0.95), "seed {seed}");
        }
        assert!(searched >= 6, "{searched} searched hints");
    }
}
