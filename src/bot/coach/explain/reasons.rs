//! What a move changes, as reasons: the board before and after the viewer's action compared flag by
//! flag with the engine's formations and claim proofs.

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic};
use crate::card_set::CardSet;
use crate::flag::{FlagId, Player};
use crate::formation::{FormationKind, Strength};

use super::board::{Board, Knowledge};
use super::{Reach, Reason};

/// The reasons for `action`, from the boards before and after it, strongest first.
pub(super) fn of_move(before: &Board, after: &Board, action: &Action) -> Vec<Reason> {
    let mut out = Vec::new();
    match *action {
        Action::Play { card, flag } => {
            placed(before, after, flag, card, &mut out);
            if card.is_troop() {
                if let Some(kept) = keeps(before, after, flag) {
                    reserve(after, flag, &kept, &mut out);
                    out.push(kept);
                }
            }
        }
        Action::Traitor { card, to } => {
            if let Some(from) = lying(before, card) {
                out.push(breaks(before, after, from, card));
            }
            placed(before, after, to, card, &mut out);
        }
        Action::Deserter { card } => {
            if let Some(from) = lying(before, card) {
                out.push(breaks(before, after, from, card));
            }
        }
        Action::Redeploy { card, to } => {
            if let Some(from) = lying(before, card).filter(|_| card.is_side_card()) {
                out.push(Reason::Frees {
                    flag: from,
                    card,
                    from: best(before, from, before.viewer),
                    to: after.reach(from, after.viewer, Knowledge::Viewer),
                });
            }
            if let Some(to) = to {
                if card.is_side_card() {
                    placed(before, after, to, card, &mut out);
                } else {
                    out.push(environment(after, to, card));
                }
            }
        }
        Action::Environment { card, flag } => out.push(environment(after, flag, card)),
        Action::Draw { deck } | Action::ScoutDraw { deck } => out.extend(draws(before, deck)),
        Action::Scout => out.extend(most_outs(before).map(|(flag, target)| Reason::Scouts { flag, target })),
        Action::Claim { flag } => out.extend(claims(before, flag)),
        _ => {}
    }
    let placed_card = match *action {
        Action::Play { card, .. } => Some(card),
        _ => None,
    };
    for flag in FlagId::all().filter(|&id| after.flag(id).claimed.is_none()) {
        let completes_here =
            out.iter().any(|r| matches!(r, Reason::Completes { flag: f, claim: true, .. } if *f == flag));
        if !completes_here && !before.provable(flag, before.viewer) && after.provable(flag, after.viewer) {
            if let Some(strength) = after.formed(flag, after.viewer) {
                out.push(Reason::Secures { flag, strength });
            }
        }
        if let Some(card) = placed_card {
            out.extend(denies(before, after, flag, card));
        }
    }
    out.sort_by_key(priority);
    out
}

/// The flags a move and its reasons concern: where it puts or takes a card, and each reason's flag.
pub(crate) fn linked_flags(action: &Action, reasons: &[super::Reason]) -> Vec<FlagId> {
    let mut flags: Vec<FlagId> = reasons.iter().map(|r| r.flag()).collect();
    if let Action::Play { flag, .. } | Action::Environment { flag, .. } | Action::Traitor { to: flag, .. } = *action {
        flags.push(flag);
    }
    if let Action::Redeploy { to: Some(flag), .. } = *action {
        flags.push(flag);
    }
    flags.sort();
    flags.dedup();
    flags
}

/// The order reasons are given in: what decides a flag first, then plans, then costs.
fn priority(reason: &Reason) -> u8 {
    match reason {
        Reason::Completes { claim: true, .. } | Reason::Claims { .. } => 0,
        Reason::Secures { .. } => 1,
        Reason::Denies { last: true, .. } => 2,
        Reason::Replans { .. } => 3,
        Reason::Breaks { .. } => 4,
        Reason::Completes { .. } => 5,
        Reason::Tempo { .. } => 6,
        Reason::Fog { .. } | Reason::Mud { .. } => 7,
        Reason::Frees { .. } => 8,
        // What the card does where it goes, before what it keeps or takes elsewhere.
        Reason::Aims { .. } | Reason::Weakens { .. } | Reason::Dump { .. } | Reason::Unwinnable { .. } => 9,
        Reason::Denies { .. } => 10,
        Reason::Keeps { .. } => 11,
        Reason::DrawsTroop { .. } | Reason::DrawsTactics { .. } | Reason::Scouts { .. } => 12,
    }
}

/// The flag where `card` lies (on a side, or beside it as Fog or Mud).
fn lying(board: &Board, card: Card) -> Option<FlagId> {
    FlagId::all().find(|&id| {
        let f = board.flag(id);
        f.sides.iter().any(|s| s.contains(card))
            || (card.as_tactic() == Some(Tactic::Fog) && f.fog.is_some())
            || (card.as_tactic() == Some(Tactic::Mud) && f.mud.is_some())
    })
}

/// The players other than the viewer.
fn opponents(board: &Board) -> impl Iterator<Item = Player> + '_ {
    let retired = board.position.retired();
    (0..board.players()).filter(move |&p| p != board.viewer && Some(p) != retired)
}

/// `player`'s best reachable formation at `flag`, with the viewer's knowledge.
fn best(board: &Board, flag: FlagId, player: Player) -> Option<Strength> {
    board.reach(flag, player, Knowledge::Viewer).map(|r| r.strength)
}

/// The strongest opponent's best reachable formation at `flag`.
fn theirs(board: &Board, flag: FlagId) -> Option<Strength> {
    opponents(board).filter_map(|p| best(board, flag, p)).max()
}

/// The strongest complete opponent side at `flag`.
fn their_formed(board: &Board, flag: FlagId) -> Option<Strength> {
    opponents(board).filter_map(|p| board.formed(flag, p)).max()
}

/// Whether the viewer can no longer win `flag`: a complete opponent side their best reachable
/// formation cannot beat (an incomplete viewer completes later, so a tie loses too, R-FORM-4).
fn lost(board: &Board, flag: FlagId) -> Option<Strength> {
    let theirs = their_formed(board, flag)?;
    let me = board.viewer;
    if board.formed(flag, me).is_some() {
        return (!board.provable(flag, me) && board.formed(flag, me) <= Some(theirs)).then_some(theirs);
    }
    best(board, flag, me).is_none_or(|mine| mine <= theirs).then_some(theirs)
}

/// The reasons for a card arriving on the viewer's side of `flag`.
fn placed(before: &Board, after: &Board, flag: FlagId, card: Card, out: &mut Vec<Reason>) {
    let me = after.viewer;
    if let Some(strength) = after.formed(flag, me) {
        let claim = after.provable(flag, me);
        let cards = after.flag(flag).sides[me].iter().collect();
        out.push(Reason::Completes { flag, cards, strength, claim });
        let their_best =
            opponents(after).filter_map(|p| after.reach(flag, p, Knowledge::Public)).map(|r| r.strength).max();
        if claim && their_formed(after, flag).is_none() && their_best == Some(strength) {
            out.push(Reason::Tempo { flag, strength });
        }
        if let Some(theirs) = lost(after, flag) {
            out.push(Reason::Unwinnable { flag, mine: Some(strength), theirs });
        }
        return;
    }
    if let Some(theirs) = lost(before, flag) {
        out.push(Reason::Dump { flag, card, theirs });
        return;
    }
    if let Some(theirs) = lost(after, flag) {
        out.push(Reason::Unwinnable { flag, mine: best(after, flag, me), theirs });
        return;
    }
    let (was, now) = (best(before, flag, me), after.reach(flag, me, Knowledge::Viewer));
    match (was, &now) {
        // A lower formation that still beats the opponent's complete side is an aim, not a loss.
        (Some(from), Some(target))
            if target.strength.kind < from.kind
                && !before.flag(flag).sides[me].is_empty()
                && their_formed(after, flag).is_none_or(|theirs| target.strength <= theirs) =>
        {
            out.push(Reason::Weakens { flag, card, from, to: Some(target.clone()) });
        }
        (Some(from), None) => out.push(Reason::Weakens { flag, card, from, to: None }),
        (_, Some(target)) => {
            out.push(Reason::Aims { flag, card, target: target.clone(), against: against(after, flag) })
        }
        _ => {}
    }
}

/// The strongest formation at another flag that the viewer's hand still holds cards for (a side already
/// started, a Battalion Order or better, at least one completing card in hand), said only when one of
/// those cards was an alternative here: played at this flag instead, it would have aimed at a formation
/// as strong as the card played does. That is the "why not the other card" a player asks.
fn keeps(before: &Board, after: &Board, played_at: FlagId) -> Option<Reason> {
    let me = after.viewer;
    let here = after.reach(played_at, me, Knowledge::Viewer).map(|r| r.strength.kind);
    let alternative = |card: Card| {
        let instead = before.after(&Action::Play { card, flag: played_at }).ok()?;
        instead.reach(played_at, me, Knowledge::Viewer).map(|r| r.strength.kind)
    };
    FlagId::all()
        .filter(|&id| id != played_at && after.flag(id).claimed.is_none() && !after.flag(id).sides[me].is_empty())
        .filter_map(|id| after.reach(id, me, Knowledge::Viewer).map(|r| (id, r)))
        .filter(|(_, r)| !r.held.is_empty() && r.strength.kind >= FormationKind::BattalionOrder)
        .filter(|(_, r)| r.held.iter().any(|&card| alternative(card).is_some_and(|kind| Some(kind) >= here)))
        .max_by_key(|(_, r)| (r.strength.kind, std::cmp::Reverse(r.unseen.len()), r.strength.sum))
        .map(|(flag, target)| Reason::Keeps { flag, cards: target.held.clone(), target })
}

/// The aim at `flag` without the cards `kept` for another flag: a card cannot serve both, and the one kept
/// is the reason given ("g10 aims at a Phalanx of 10s, keeping b10 for the blue Wedge").
fn reserve(after: &Board, flag: FlagId, kept: &Reason, out: &mut [Reason]) {
    let Reason::Keeps { cards, .. } = kept else { return };
    let reserved = CardSet::from_cards(cards.iter().copied());
    for reason in out.iter_mut() {
        if let Reason::Aims { flag: at, target, .. } | Reason::Weakens { flag: at, to: Some(target), .. } = reason {
            if *at == flag && target.held.iter().any(|c| reserved.contains(*c)) {
                if let Some(without) = after.reach_reserving(flag, after.viewer, Knowledge::Viewer, reserved) {
                    *target = without;
                }
            }
        }
    }
}

/// Whether `card`, now face up, was one an opponent needed at `flag` (by the claim proof's pool: every
/// troop not face up): the last for their best formation, or one of its few outs.
fn denies(before: &Board, after: &Board, flag: FlagId, card: Card) -> Option<Reason> {
    opponents(before).find_map(|p| {
        if before.flag(flag).sides[p].is_empty() {
            return None;
        }
        let was = before.reach(flag, p, Knowledge::Public)?;
        if was.strength.kind == FormationKind::Host || !(was.outs.contains(&card) || was.unseen.contains(&card)) {
            return None;
        }
        let now = after.reach(flag, p, Knowledge::Public).map(|r| r.strength);
        let last = now.is_none_or(|n| n.kind < was.strength.kind);
        (last || was.outs.len() <= 4).then_some(Reason::Denies { flag, card, strength: was.strength, now, last })
    })
}

/// Traitor or Deserter took `card` from an opponent at `flag`.
fn breaks(before: &Board, after: &Board, flag: FlagId, card: Card) -> Reason {
    let f = after.flag(flag);
    let need = opponents(after).map(|p| f.capacity().saturating_sub(f.sides[p].len())).max().unwrap_or(0) as u8;
    Reason::Breaks { flag, card, from: theirs(before, flag), to: theirs(after, flag), need }
}

/// Fog or Mud now at `flag`.
fn environment(after: &Board, flag: FlagId, card: Card) -> Reason {
    let (mine, theirs) = (best(after, flag, after.viewer), theirs(after, flag));
    if card.as_tactic() == Some(Tactic::Mud) {
        Reason::Mud { flag, mine, theirs }
    } else {
        Reason::Fog { flag, mine, theirs }
    }
}

/// The strongest opponent's best reachable formation at `flag`, with its outs, among the opponents who
/// have a card there.
fn against(board: &Board, flag: FlagId) -> Option<Reach> {
    opponents(board)
        .filter(|&p| !board.flag(flag).sides[p].is_empty())
        .filter_map(|p| board.reach(flag, p, Knowledge::Viewer))
        .max_by_key(|r| r.strength)
}

/// The viewer's started, incomplete side whose formation still waits for unseen cards: the one needing
/// the fewest, then the strongest, then the one with the most outs. What a draw or Scout looks for.
fn most_outs(board: &Board) -> Option<(FlagId, Reach)> {
    let me = board.viewer;
    FlagId::all()
        .filter(|&id| {
            let f = board.flag(id);
            f.claimed.is_none() && !f.sides[me].is_empty() && !f.is_complete(me)
        })
        .filter_map(|id| board.reach(id, me, Knowledge::Viewer).map(|r| (id, r)))
        .filter(|(_, r)| !r.outs.is_empty())
        // A formation one card short (any of its outs will do) before one that needs two named cards.
        .max_by_key(|(_, r)| (std::cmp::Reverse(r.unseen.len()), r.strength.kind, r.outs.len(), r.strength.sum))
}

/// Why a draw from `deck`: for troops, the outs of the formation the draw looks for; for tactics, a Fog
/// plan: a flag where the opponent's best formation beats the viewer's but not the viewer's sum, while Fog
/// is still to come (under Fog only sums count). No reason for a tactics draw without such a flag: a
/// Leader's or another morale card's gain is not weighed here.
fn draws(board: &Board, deck: DeckKind) -> Option<Reason> {
    match deck {
        DeckKind::Troop => {
            let (flag, target) = most_outs(board)?;
            Some(Reason::DrawsTroop { flag, target, unseen: board.unseen().len() as u8 })
        }
        DeckKind::Tactics => {
            let seen = board.position.face_up().union(board.hand());
            let cards: Vec<Card> = CardSet::ALL_TACTICS.difference(seen).iter().collect();
            if !cards.contains(&Card::tactic(Tactic::Fog)) {
                return None;
            }
            let me = board.viewer;
            let (flag, mine, theirs) = FlagId::all()
                .filter(|&id| {
                    let f = board.flag(id);
                    f.claimed.is_none() && f.fog.is_none() && !f.is_complete(me)
                })
                .filter_map(|id| {
                    let (mine, theirs) = (best(board, id, me)?, theirs(board, id)?);
                    (theirs > mine && mine.sum > theirs.sum).then_some((id, mine, theirs))
                })
                .max_by_key(|&(id, mine, theirs)| (!board.flag(id).sides[me].is_empty(), mine.sum - theirs.sum))?;
            Some(Reason::DrawsTactics { flag, cards, mine, theirs })
        }
    }
}

/// A claim of `flag`: the viewer's complete formation and the opponent's best against it.
fn claims(board: &Board, flag: FlagId) -> Option<Reason> {
    let strength = board.formed(flag, board.viewer)?;
    let theirs = opponents(board).filter_map(|p| board.reach(flag, p, Knowledge::Public)).map(|r| r.strength).max();
    Some(Reason::Claims { flag, strength, theirs })
}
