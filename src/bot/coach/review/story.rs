//! The story of a reviewed game: the reviewed player's chance to win after every step, each step with
//! its cause (a decision of theirs, a decision of an opponent's, or the cards: luck), the turning points,
//! where the chance went (own decisions, the opponents', the draws) and an accuracy figure per player.
//!
//! Each decision is valued from its mover's view (the search's rating of the best move before it, of
//! the move played after it; an unmarked decision moves nothing, see `steps`). Between two decisions the chance also moves with what no decision chose:
//! the cards drawn, and what the next mover holds that the previous one could not see. Both are the
//! luck of the deal, so that stretch is a step of its own ([`Cause::Draws`]) naming the cards drawn
//! and the formations they gave their drawer. A finished game ends with a last such step at its result
//! (1, 0, or one half for a draw).

use serde::{Deserialize, Serialize};

use super::{ReviewedDecision, THRESHOLDS};
use crate::card::Card;
use crate::flag::{FlagId, Player};
use crate::formation::Strength;

/// A formation a drawn card gave its drawer: with the card in hand, the best formation they could
/// still reach at the flag was completed by their own cards (the card among them).
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "DrawnOut"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Out {
    /// The flag (1..9 in JSON).
    pub flag: FlagId,
    /// The formation.
    pub strength: Strength,
}

/// A card drawn (from either deck, Scout's draws too), seen after the game.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Drawn {
    /// The index of the draw in the record.
    pub index: usize,
    /// Who drew it.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub player: Player,
    /// The card.
    pub card: Card,
    /// The formations the card completed in its drawer's hand right after the draw (their outs that
    /// came), strongest first.
    pub outs: Vec<Out>,
}

/// What moved the chance in a step. JSON: an object tagged by `type`.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ReviewCause"))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Cause {
    /// A decision: `decision` is its place in [`super::Review::decisions`].
    Decision {
        /// Who decided.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
        /// The decision's place in the review's list.
        decision: usize,
    },
    /// Luck: the cards drawn since the next mover's previous decision (what they hold that the previous
    /// mover could not see), or at a game's end everything after its last decision.
    Draws {
        /// The cards drawn, in order (empty: only the cards dealt at the start).
        draws: Vec<Drawn>,
        /// With three players, the other players' decisions in the stretch (their places in the
        /// review's list): the reviewed player's chance is only known at their own decisions.
        others: Vec<usize>,
    },
}

/// One step of the reviewed player's chance to win.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ReviewStep"))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    /// The game of the match (0 first).
    pub game: u32,
    /// The record index where the step ends: a decision's own index; for the cards, the next
    /// decision's (or the record's length at a game's end).
    pub index: usize,
    /// The reviewed player's chance to win the game before the step.
    pub before: f32,
    /// After it.
    pub after: f32,
    /// Why it moved.
    pub cause: Cause,
}

impl Step {
    /// How the step moved the reviewed player's chance (negative: it fell).
    pub fn swing(&self) -> f32 {
        self.after - self.before
    }
}

/// Where the reviewed player's chance went in one game: the sum of the steps of each cause.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameStory {
    /// The game of the match (0 first).
    pub game: u32,
    /// Its winner once it is over (`null` while unfinished or for a draw: see `over`).
    #[cfg_attr(test, ts(type = "PlayerIndex | null"))]
    pub winner: Option<Player>,
    /// Whether the record finishes the game.
    pub over: bool,
    /// The chance at the first step.
    pub start: f32,
    /// The chance after the last step (1 or 0 once over, one half for a draw).
    pub end: f32,
    /// The sum of the changes made by the reviewed player's own decisions.
    pub own: f32,
    /// By the opponents' decisions.
    pub opponents: f32,
    /// By the cards (draws and hidden hands).
    pub luck: f32,
}

/// A step that decided much: its place in [`super::Review::steps`] and how it moved the chance.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurningPoint {
    /// The step.
    pub step: usize,
    /// Its change of the reviewed player's chance.
    pub swing: f32,
}

/// How far a step must move the chance to be a turning point: the mistake threshold.
pub const TURNING: f32 = THRESHOLDS.mistake;
/// The turning points named per game at most.
const MOST_TURNING: usize = 3;

/// Where a game ended in the record.
#[derive(Clone, Copy, Debug)]
pub(super) struct GameEnd {
    pub game: u32,
    /// The record's length at the end of the game (the index after its last action).
    pub index: usize,
    /// `Some(winner)` once over (`Some(None)`: a draw).
    pub result: Option<Option<Player>>,
}

/// The steps of the reviewed `player`'s chance from every decision (in record order), the draws and the
/// games' ends.
pub(super) fn steps(
    player: Player,
    players: usize,
    decisions: &[ReviewedDecision],
    draws: &[Drawn],
    ends: &[GameEnd],
) -> Vec<Step> {
    let mut steps = Vec::new();
    for end in ends {
        let in_game: Vec<usize> = (0..decisions.len()).filter(|&i| decisions[i].game == end.game).collect();
        // The reviewed player's chance at a decision, before and after; `None` for another's with three.
        // A marked decision gave up `loss` (the best move's rating less the move played's). An unmarked one
        // moves nothing: below the inaccuracy threshold the search's own noise could make the difference,
        // and summed over a game that noise (never below zero) would read as a steady loss.
        let chance = |d: &ReviewedDecision| {
            let played = d.with_played.win;
            let worth = if d.judgement.is_some() { played + d.loss } else { played };
            match (d.player == player, players) {
                (true, _) => Some((worth, played)),
                (false, 2) => Some((1.0 - worth, 1.0 - played)),
                _ => None,
            }
        };
        let mut last: Option<(usize, f32)> = None; // the record index after the last step, the chance then
        let mut others = Vec::new();
        let mut decided: Vec<Option<usize>> = vec![None; players]; // each player's last decision index
        for &i in &in_game {
            let d = &decisions[i];
            let Some((before, after)) = chance(d) else {
                others.push(i);
                decided[d.player] = Some(d.index);
                continue;
            };
            if let Some((from, was)) = last {
                // The mover's own draws since their previous decision, and with three players everyone's.
                let since = if players == 2 { decided[d.player].unwrap_or(from) } else { from };
                let drawn = draws
                    .iter()
                    .filter(|c| c.index > since && c.index < d.index && (players > 2 || c.player == d.player))
                    .cloned()
                    .collect();
                steps.push(Step {
                    game: end.game,
                    index: d.index,
                    before: was,
                    after: before,
                    cause: Cause::Draws { draws: drawn, others: std::mem::take(&mut others) },
                });
            }
            steps.push(Step {
                game: end.game,
                index: d.index,
                before,
                after,
                cause: Cause::Decision { player: d.player, decision: i },
            });
            decided[d.player] = Some(d.index);
            last = Some((d.index, after));
        }
        if let (Some((from, was)), Some(winner)) = (last, end.result) {
            let result = match winner {
                Some(w) if w == player => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            let drawn = draws.iter().filter(|c| c.index > from && c.index < end.index).cloned().collect();
            steps.push(Step {
                game: end.game,
                index: end.index,
                before: was,
                after: result,
                cause: Cause::Draws { draws: drawn, others },
            });
        }
    }
    steps
}

/// Each game's sums by cause.
pub(super) fn stories(player: Player, steps: &[Step], ends: &[GameEnd]) -> Vec<GameStory> {
    ends.iter()
        .filter_map(|end| {
            let game: Vec<&Step> = steps.iter().filter(|s| s.game == end.game).collect();
            let (first, last) = (game.first()?, game.last()?);
            let sum =
                |keep: &dyn Fn(&Cause) -> bool| game.iter().filter(|s| keep(&s.cause)).map(|s| s.swing()).sum::<f32>();
            Some(GameStory {
                game: end.game,
                winner: end.result.flatten(),
                over: end.result.is_some(),
                start: first.before,
                end: last.after,
                own: sum(&|c| matches!(c, Cause::Decision { player: p, .. } if *p == player)),
                opponents: sum(&|c| matches!(c, Cause::Decision { player: p, .. } if *p != player)),
                luck: sum(&|c| matches!(c, Cause::Draws { .. })),
            })
        })
        .collect()
}

/// The turning points: per game the steps that moved the chance by [`TURNING`] or more, largest first
/// (three at most), and in a game the reviewed player lost, at least the step where it fell most. In
/// the order of the game.
pub(super) fn turning_points(player: Player, steps: &[Step], ends: &[GameEnd]) -> Vec<TurningPoint> {
    let mut points = Vec::new();
    for end in ends {
        let mut game: Vec<TurningPoint> = (0..steps.len())
            .filter(|&i| steps[i].game == end.game)
            .map(|i| TurningPoint { step: i, swing: steps[i].swing() })
            .collect();
        game.sort_by(|a, b| b.swing.abs().total_cmp(&a.swing.abs()));
        let lost = matches!(end.result, Some(Some(w)) if w != player);
        let mut named: Vec<TurningPoint> =
            game.iter().copied().filter(|p| p.swing.abs() >= TURNING).take(MOST_TURNING).collect();
        if lost && !named.iter().any(|p| p.swing < 0.0) {
            if let Some(worst) =
                game.iter().copied().filter(|p| p.swing < 0.0).min_by(|a, b| a.swing.total_cmp(&b.swing))
            {
                named.push(worst);
            }
        }
        named.sort_by_key(|p| p.step);
        points.extend(named);
    }
    points
}

/// A decision's accuracy in percent from the share of the chance to win it gave up, as lichess
/// computes it from the win percentage lost: 103.17 · e^(−0.04354 · points) − 3.17, within 0..100.
pub fn decision_accuracy(loss: f32) -> f32 {
    let points = f64::from(loss.max(0.0)) * 100.0;
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * points).exp() - 3.166_924_740_191_411).clamp(0.0, 100.0)
        as f32
}

/// Each player's accuracy in percent over their decisions (`None` without any): the mean of the
/// arithmetic and harmonic means of the decisions' accuracies, as lichess mixes them, so that a few
/// bad moves weigh more than in a plain mean.
pub(super) fn accuracy(players: usize, decisions: &[ReviewedDecision]) -> Vec<Option<f32>> {
    (0..players)
        .map(|p| {
            let each: Vec<f64> =
                decisions.iter().filter(|d| d.player == p).map(|d| f64::from(decision_accuracy(d.loss))).collect();
            if each.is_empty() {
                return None;
            }
            let n = each.len() as f64;
            let mean = each.iter().sum::<f64>() / n;
            // A decision of accuracy 0 would make the harmonic mean 0 whatever the others: 1 at least.
            let harmonic = n / each.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
            Some(((mean + harmonic) / 2.0) as f32)
        })
        .collect()
}
