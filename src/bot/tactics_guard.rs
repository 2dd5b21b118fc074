//! The guard against the opponent's immediate winning tactics play: after a candidate action of ours
//! (and the rest of our turn: our claims, a draw), could the opponent play a tactics card and claim
//! enough flags to win the game on the spot (a Leader or Morale card completing a formation, Fog or Mud
//! changing a contest, Traitor, Deserter, Redeploy)?
//!
//! Everything is asked of the engine: the opponent's replies are its legal actions in a position where
//! they hold the tactics card, and the win is the engine's result after they claim every flag the
//! engine lets them claim. The guard only adds the probability: the opponent holds `k` tactics cards
//! (the view shows how many) drawn from the `u` tactics cards we have not seen, so they hold at least
//! one of the `w` winning ones with probability `1 − C(u − w, k) / C(u, k)`; [`guarded`] weighs the
//! search's root actions by it.

use crate::action::{Action, DeckKind};
use crate::card::Card;
use crate::card_set::CardSet;
use crate::flag::Player;
use crate::phase::Phase;
use crate::position::Position;

use super::search::parallel_trees::{totals, RootEdge};

/// Steps played at most to finish a turn (claims of nine flags, a draw, Scout's steps).
const MAX_STEPS: usize = 24;

/// The probability that, after `me` plays `action` in `position` (a determinization of `me`'s view,
/// at `me`'s play step), the opponent can win on the spot with a tactics card. Zero outside two-player
/// games with tactics, when the opponent holds no tactics card, or when the action is refused.
pub(crate) fn threat(position: &Position, action: &Action) -> f32 {
    let me = position.current();
    if position.players() != 2 || !position.options().tactics {
        return 0.0;
    }
    let opponent = 1 - me;
    let held = position.hand(opponent).tactics().len();
    if held == 0 {
        return 0.0;
    }
    let mut after = *position;
    if after.apply(action).is_err() {
        return 0.0;
    }
    finish_turn(&mut after, me);
    if after.is_over() || after.current() != opponent {
        return 0.0;
    }
    // A claim step at the start of the opponent's turn comes first.
    claim_all(&mut after, opponent);
    if after.is_over() || after.phase() != Phase::Play {
        return 0.0;
    }
    let unseen = unseen_tactics(&after, me);
    let winning = unseen.iter().filter(|&card| wins_with(&after, opponent, card)).count();
    hold_probability(unseen.len(), winning, after.hand(opponent).tactics().len())
}

/// The tactics cards `me` has not seen: the opponent's tactics and the tactics deck, except the cards
/// `me` returned there with Scout.
fn unseen_tactics(position: &Position, me: Player) -> CardSet {
    let mut unseen = CardSet::from_cards(position.hand(1 - me).tactics().iter().chain(position.tactics_deck()));
    for card in position.scout_returned(me).iter() {
        unseen.remove(card);
    }
    unseen
}

/// The chance that `held` cards drawn from `unseen` include one of `winning` of them.
fn hold_probability(unseen: usize, winning: usize, held: usize) -> f32 {
    if winning == 0 || held == 0 {
        return 0.0;
    }
    if unseen < held || unseen - winning < held {
        return 1.0;
    }
    // C(u − w, k) / C(u, k) = Π_{i<k} (u − w − i) / (u − i).
    let miss: f64 = (0..held).map(|i| (unseen - winning - i) as f64 / (unseen - i) as f64).product();
    (1.0 - miss) as f32
}

/// Whether `opponent`, at their play step in `position`, wins the game by playing `card` (a tactics
/// card) and claiming what the engine allows. The card is put into their hand first, in place of one of
/// their tactics cards (which takes its place in the tactics deck).
fn wins_with(position: &Position, opponent: Player, card: Card) -> bool {
    let Some(holding) = holding(position, opponent, card) else { return false };
    holding.legal_actions().into_iter().filter(|a| a.played_card() == Some(card)).any(|reply| {
        let mut after = holding;
        if after.apply(&reply).is_err() {
            return false;
        }
        finish_claims(&mut after, opponent);
        after.result().is_some_and(|r| r.winner == Some(opponent))
    })
}

/// Whether the current player wins the game on the spot by playing `action` and claiming what the
/// engine allows.
pub(crate) fn wins_now(position: &Position, action: &Action) -> bool {
    let me = position.current();
    let mut after = *position;
    if after.apply(action).is_err() {
        return false;
    }
    finish_claims(&mut after, me);
    after.result().is_some_and(|r| r.winner == Some(me))
}

/// `position` with `card` in `opponent`'s hand (swapped with one of their tactics cards).
fn holding(position: &Position, opponent: Player, card: Card) -> Option<Position> {
    if position.hand(opponent).contains(card) {
        return Some(*position);
    }
    let mut setup = position.to_setup();
    let in_deck = setup.tactics_deck.iter().position(|&c| c == card)?;
    let in_hand = setup.hands[opponent].iter().position(|c| c.as_tactic().is_some())?;
    std::mem::swap(&mut setup.tactics_deck[in_deck], &mut setup.hands[opponent][in_hand]);
    Position::from_setup(&setup).ok()
}

/// The claims `player` may make right now, all of them, then the end of the claim step.
fn claim_all(position: &mut Position, player: Player) {
    if position.current() != player || position.phase() != Phase::Claim {
        return;
    }
    for action in position.legal_actions() {
        if matches!(action, Action::Claim { .. }) && position.is_legal(player, &action) {
            let _ = position.apply(&action);
            if position.is_over() {
                return;
            }
        }
    }
    if position.is_legal(player, &Action::EndClaims) {
        let _ = position.apply(&Action::EndClaims);
    }
}

/// After a play, `player`'s claim step if it comes now (with the claim timing after the play).
fn finish_claims(position: &mut Position, player: Player) {
    claim_all(position, player);
}

/// Plays the rest of `player`'s turn: every provable claim, a troop draw where there is a choice, the
/// first legal action elsewhere (Scout's steps).
fn finish_turn(position: &mut Position, player: Player) {
    for _ in 0..MAX_STEPS {
        if position.is_over() || position.current() != player {
            return;
        }
        if position.phase() == Phase::Claim {
            claim_all(position, player);
            continue;
        }
        let legal = position.legal_actions();
        let troop = Action::Draw { deck: DeckKind::Troop };
        let action = if legal.contains(&troop) { troop } else { legal[0] };
        if position.apply(&action).is_err() {
            return;
        }
    }
}

/// The guard's choice at the root, when the opponent might answer some root action with an immediate
/// winning tactics play: among the actions visited at least a quarter as often as the most visited one,
/// the greatest mean reward scaled by the chance of no such answer. `None` when no tried action is
/// threatened (the search's own choice stands).
pub(crate) fn guarded(position: &Position, trees: &[Vec<RootEdge>]) -> Option<Action> {
    let totals = totals(trees);
    let most = totals.iter().map(|e| e.visits).max()?;
    let candidates: Vec<(RootEdge, f32)> = totals
        .into_iter()
        .filter(|e| e.visits > 0 && e.visits * 4 >= most)
        .map(|e| (e, threat(position, &e.action)))
        .collect();
    if candidates.iter().all(|(_, threat)| *threat == 0.0) {
        return None;
    }
    candidates
        .iter()
        .max_by(|(a, ta), (b, tb)| {
            let value = |e: &RootEdge, t: f32| e.reward / e.visits as f32 * (1.0 - t);
            value(a, *ta).total_cmp(&value(b, *tb)).then(a.visits.cmp(&b.visits))
        })
        .map(|(e, _)| e.action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holding_probabilities() {
        assert_eq!(hold_probability(7, 0, 2), 0.0);
        assert_eq!(hold_probability(7, 3, 0), 0.0);
        assert!((hold_probability(7, 1, 1) - 1.0 / 7.0).abs() < 1e-6);
        // One of two winning cards among 6 with 2 held: 1 − C(4,2)/C(6,2) = 1 − 6/15.
        assert!((hold_probability(6, 2, 2) - 0.6).abs() < 1e-6);
        assert_eq!(hold_probability(3, 2, 2), 1.0);
    }
}
