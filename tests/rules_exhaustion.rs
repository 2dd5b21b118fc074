//! The exhaustion end (R-TURN-6): a voluntary pass in the final round of passes makes the game a draw,
//! so passing is never a way to win; forced passes still let the player with more flags win.

mod rules_common;

use battleline::{Action, Victory};
use rules_common::*;

/// No troop can be played by anyone (empty hands); player 0 holds flags 1 and 3, player 1 flag 5.
/// `fog_for` holds Fog, a tactics card that could be played instead of passing.
fn stalemate_with_fog(fog_for: usize) -> Board {
    let mut b = Board::standard();
    b.claimed(1, 0).claimed(3, 0).claimed(5, 1).hand(fog_for, "fog");
    b
}

// R-TURN-6: the player behind passes while holding a playable Fog, the leader can only pass: a draw,
// not a win for the leader by the behind player's choice.
#[test]
fn r_turn_6_voluntary_pass_by_the_player_behind_makes_a_draw() {
    let mut pos = stalemate_with_fog(1).position();
    apply_all(&mut pos, &[Action::Pass]);
    assert!(!pos.voluntary_pass(), "player 0 had nothing else to do");
    assert!(pos.legal_actions().contains(&env("fog", 2)), "player 1 could play Fog");
    assert_legal(&pos, Action::Pass);
    apply_all(&mut pos, &[Action::Pass]);
    let result = pos.result().expect("every player passed in a row");
    assert_eq!(result.victory, Victory::Exhaustion);
    assert_eq!(result.winner, None, "a voluntary pass in the final round: a draw");
    assert_eq!(&result.flags[..2], &[2, 1]);
}

// R-TURN-6: the leader passes while holding a playable Fog: passing does not win the game either.
#[test]
fn r_turn_6_voluntary_pass_by_the_leader_makes_a_draw() {
    let mut pos = stalemate_with_fog(0).position();
    apply_all(&mut pos, &[Action::Pass]);
    assert!(pos.voluntary_pass());
    assert!(pos.view(1).unwrap().voluntary_pass, "the view says so: it is public");
    apply_all(&mut pos, &[Action::Pass]);
    assert_eq!(pos.result().unwrap().winner, None);
}

// R-TURN-6: a pass is voluntary only if a tactics card could be played; a Fog that R-TAC-1 forbids
// leaves the pass forced, and forced passes still let the player with more flags win.
#[test]
fn r_turn_6_forced_passes_still_win_by_flags() {
    let mut b = stalemate_with_fog(1);
    b.tactics_played(&[0, 1]);
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Pass]);
    assert_eq!(pos.legal_actions(), vec![Action::Pass], "R-TAC-1: player 1 is a tactics card ahead");
    apply_all(&mut pos, &[Action::Pass]);
    assert!(!pos.voluntary_pass());
    assert_eq!(pos.result().unwrap().winner, Some(0));
}

// R-TURN-6: a play between passes starts a new round; a voluntary pass before it no longer counts.
#[test]
fn r_turn_6_a_voluntary_pass_is_forgotten_when_the_round_breaks() {
    let mut b = stalemate_with_fog(0);
    b.hand(1, "b5");
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Pass]);
    assert!(pos.voluntary_pass());
    apply_all(&mut pos, &[play("b5", 2), DRAW_TROOP]);
    assert!(!pos.voluntary_pass(), "player 1 played: the round of passes is over");
    assert_eq!(pos.passes_in_row(), 0);
}

// R-TURN-6: the flag survives a round trip through a setup (search bots rebuild positions from views).
#[test]
fn r_turn_6_voluntary_pass_round_trips_through_a_setup() {
    let mut pos = stalemate_with_fog(0).position();
    apply_all(&mut pos, &[Action::Pass]);
    let setup = pos.to_setup();
    assert!(setup.voluntary_pass);
    assert_eq!(battleline::Position::from_setup(&setup).unwrap(), pos);
}
