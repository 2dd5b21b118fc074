//! The rule-of-thumb player: claims whenever it can prove a claim, plays the card (or tactics card)
//! that most raises a static evaluation of its position (the strongest formations its hand allows,
//! weighed against what the opponent can still reach), and draws what its hand lacks.

use super::tactics_guard;
use super::value::handmade::Knowledge;
use super::{prepare, Bot};
use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic};
use crate::error::Error;
use crate::flag::Player;
use crate::phase::Phase;
use crate::position::view::PlayerView;
use crate::position::Position;

/// What playing a tactics card costs in the evaluation's units (expected flags): the card is gone and
/// the opponent may answer with one of theirs (R-TAC-1), so it must pay for itself.
fn tactic_cost(tactic: Tactic) -> f32 {
    match tactic {
        Tactic::Alexander | Tactic::Darius => 0.35,
        Tactic::Companion | Tactic::Shield => 0.2,
        Tactic::Fog | Tactic::Mud => 0.25,
        Tactic::Scout => 0.0,
        Tactic::Redeploy | Tactic::Deserter | Tactic::Traitor => 0.25,
    }
}

/// What Scout is worth: three fresh cards to choose from.
const SCOUT_VALUE: f32 = 0.1;

/// A fast, deterministic rule-of-thumb player.
///
/// ```
/// use battleline::bot::{Bot, HeuristicBot};
/// use battleline::{Game, Options};
/// let mut game = Game::new(Options::default(), 5).unwrap();
/// let mut bots = [HeuristicBot::new(0), HeuristicBot::new(1)];
/// while !game.is_match_over() {
///     let player = game.position().current();
///     let action = bots[player].choose(&game.view(player).unwrap()).unwrap();
///     game.apply(&action).unwrap();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    guard: bool,
    sniper: bool,
}

impl HeuristicBot {
    /// A heuristic bot. It is deterministic: the seed is taken for the same interface as the other
    /// bots (`BotKind::build`), and not used.
    pub fn new(_seed: u64) -> HeuristicBot {
        HeuristicBot { guard: true, sniper: false }
    }

    /// The heuristic without the guard against the opponent's immediate winning tactics play (for
    /// measuring the guard).
    #[cfg(feature = "lab-hooks")]
    pub fn unguarded(seed: u64) -> HeuristicBot {
        HeuristicBot { guard: false, ..HeuristicBot::new(seed) }
    }

    /// A test opponent for the guard, like a rule bot that saves its tactics cards: the heuristic that plays
    /// a tactics card only when it wins the game on the spot (and keeps its tactics cards otherwise).
    #[cfg(feature = "lab-hooks")]
    pub fn sniper(_seed: u64) -> HeuristicBot {
        HeuristicBot { guard: false, sniper: true }
    }
}

impl HeuristicBot {
    /// How the heuristic rates a play-step action that changes the board, for the player `me` to move
    /// in `position`: the evaluation after it, less a tactics card's cost (higher is better); `None` if
    /// the action is refused. It reads only what `me` knows. A model of how a heuristic player chooses
    /// (the lab's inference about an opponent's hand).
    #[cfg(feature = "lab-hooks")]
    pub fn rate_play(position: &Position, action: &Action, me: Player) -> Option<f32> {
        play_score(position, action, me)
    }
}

impl Bot for HeuristicBot {
    fn choose(&mut self, view: &PlayerView) -> Result<Action, Error> {
        match prepare(view)? {
            Err(forced) => Ok(forced),
            Ok(turn) if self.sniper && turn.position.phase() == Phase::Play => {
                if let Some(win) = turn.legal.iter().find(|a| {
                    a.played_card().is_some_and(|c| !c.is_troop()) && tactics_guard::wins_now(&turn.position, a)
                }) {
                    return Ok(*win);
                }
                let troops: Vec<Action> =
                    turn.legal.iter().copied().filter(|a| a.played_card().is_none_or(|c| c.is_troop())).collect();
                Ok(choose(&turn.position, if troops.is_empty() { &turn.legal } else { &troops }, false))
            }
            Ok(turn) => Ok(choose(&turn.position, &turn.legal, self.guard)),
        }
    }
}

/// The heuristic's action among `legal` for the current player of `position`. It reads only what
/// that player knows (board, discards, own hand, deck sizes), so any determinization gives the same.
pub(crate) fn choose(position: &Position, legal: &[Action], guard: bool) -> Action {
    let me = position.current();
    match position.phase() {
        Phase::Claim => legal.iter().copied().find(|a| matches!(a, Action::Claim { .. })).unwrap_or(Action::EndClaims),
        Phase::Draw | Phase::ScoutDraw { .. } => draw_choice(position, legal, me),
        Phase::ScoutReturn { .. } => scout_return(position, legal, me),
        _ => best_play(position, legal, me, guard),
    }
}

/// Tactics when the hand has none and could use one soon; troops otherwise.
fn draw_choice(position: &Position, legal: &[Action], me: Player) -> Action {
    let hand = position.hand(me);
    let wants_tactic = hand.tactics().is_empty() && position.may_play_tactics(me) && hand.troops().len() >= 4;
    let preferred = if wants_tactic { DeckKind::Tactics } else { DeckKind::Troop };
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Draw { deck } | Action::ScoutDraw { deck } if *deck == preferred))
        .unwrap_or(legal[0])
}

/// Returns the card whose loss lowers the evaluation least.
fn scout_return(position: &Position, legal: &[Action], me: Player) -> Action {
    let mut best = (f32::NEG_INFINITY, legal[0]);
    for &action in legal {
        let Action::ScoutReturn { card } = action else { continue };
        let mut after = *position;
        if after.apply(&action).is_err() {
            continue;
        }
        let kept = match card.as_tactic() {
            None => Knowledge::new(&after, me).evaluate(&after),
            Some(tactic) => {
                let dead = position.is_second_leader(me, card);
                Knowledge::new(&after, me).evaluate(&after) + if dead { 1.0 } else { -tactic_cost(tactic) }
            }
        };
        if kept > best.0 {
            best = (kept, action);
        }
    }
    best.1
}

/// What losing the game on the spot costs in the evaluation's units, for the guard: the chance that
/// the opponent can answer an action with an immediate winning tactics play is charged at this rate.
const THREAT_COST: f32 = 4.0;

/// The play-step action that most raises the evaluation, tactics cards paying their cost and, with the
/// guard, every action paying for the chance of an immediate winning tactics reply.
fn best_play(position: &Position, legal: &[Action], me: Player, guard: bool) -> Action {
    let now = Knowledge::new(position, me).evaluate(position);
    let mut best = (f32::NEG_INFINITY, legal[0]);
    for &action in legal {
        let threat = if guard { THREAT_COST * tactics_guard::threat(position, &action) } else { 0.0 };
        let score = match action {
            Action::Pass => now,
            Action::Scout => now + SCOUT_VALUE,
            _ => match play_score(position, &action, me) {
                Some(score) => score,
                None => continue,
            },
        };
        if score - threat > best.0 {
            best = (score - threat, action);
        }
    }
    best.1
}

/// How the heuristic rates a play-step action that changes the board (a card played, Fog or Mud,
/// Redeploy, Deserter, Traitor) for the player `me` to move: the evaluation after it, less a tactics
/// card's cost, less a trifle for a higher troop (among equals it spends the lower card); `None` if
/// the action is refused.
fn play_score(position: &Position, action: &Action, me: Player) -> Option<f32> {
    let mut after = *position;
    after.apply(action).ok()?;
    let mut score = Knowledge::new(&after, me).evaluate(&after);
    if let Some(tactic) = action.played_card().and_then(Card::as_tactic) {
        score -= tactic_cost(tactic);
    }
    if let Some((_, value)) = action.played_card().and_then(Card::troop) {
        score -= 0.001 * f32::from(value);
    }
    Some(score)
}
