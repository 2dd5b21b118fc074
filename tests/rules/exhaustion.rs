//! The exhaustion end (R-TURN-6): a voluntary pass in the final round of passes makes the game a draw,
//! so passing is never a way to win; forced passes still let the player with more flags win.

use crate::rules_common;

use battleline::{Action, ClaimTiming, Game, Phase, Position, Victory};
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
    apply_all(&mut pos, &[Action::Pass]);
    assert_eq!(pos.result().unwrap().winner, None);
}

/// Player 1, behind on flags and to move, holds one tactics card and nothing else; no troop can be
/// played by anyone. Alexander is playable (a pass holding it is voluntary); Redeploy, with none of
/// player 1's cards on the board, is not.
fn stalemate_with_one_hidden_tactic(tactic: &str) -> Game {
    let mut b = stalemate_with_fog(1);
    b.take(card("fog"));
    b.setup.tactics_deck.push(card("fog"));
    b.hand(1, tactic).turn(1, Phase::Play);
    Game::from_setup(&b.setup, 3).unwrap()
}

// R-TURN-6: whether a pass was voluntary depends on the passer's hidden cards, so nobody else may
// learn it before the game is over: two deals that differ only in player 1's one hidden tactics card
// give player 0 the same view, view digest and log after player 1 passes, and the same JSON (no
// `voluntaryPass` field at all). Only the result, once the game is over, differs.
#[test]
fn r_turn_6_whether_a_pass_was_voluntary_is_hidden_until_the_game_is_over() {
    let mut voluntary = stalemate_with_one_hidden_tactic("alexander");
    let mut forced = stalemate_with_one_hidden_tactic("redeploy");
    assert_ne!(voluntary.legal_actions(), vec![Action::Pass], "Alexander is playable");
    assert_eq!(forced.legal_actions(), vec![Action::Pass], "Redeploy is not");
    for game in [&mut voluntary, &mut forced] {
        game.apply(&Action::Pass).unwrap();
    }
    assert!(voluntary.position().voluntary_pass());
    assert!(!forced.position().voluntary_pass());
    let (a, b) = (voluntary.view(0).unwrap(), forced.view(0).unwrap());
    assert_eq!(a, b, "player 0's views differ: the pass leaks player 1's hand");
    assert_eq!(a.digest(), b.digest());
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(json, serde_json::to_string(&b).unwrap());
    assert!(!json.contains("voluntary"), "{json}");
    assert_eq!(
        serde_json::to_string(&voluntary.log(Some(0), 0)).unwrap(),
        serde_json::to_string(&forced.log(Some(0), 0)).unwrap()
    );
    // Player 0 can only pass: the game ends, a draw after a voluntary pass, player 0's win otherwise.
    for game in [&mut voluntary, &mut forced] {
        game.apply(&Action::Pass).unwrap();
    }
    assert_eq!(voluntary.position().result().unwrap().winner, None);
    assert_eq!(forced.position().result().unwrap().winner, Some(0));
}

/// The rule as it was first written, kept by the test itself: a pass is voluntary when the passing
/// player had an action other than passing (a tactics card: troops forbid a pass, R-TURN-4), and the
/// mark lasts until a turn that is not a pass without a claim.
struct RowOfPasses {
    voluntary: bool,
    passed: bool,
    claimed: bool,
}

// R-TURN-6 as the engine now derives it (from the passers' hands, never stored where a view could show
// it) is the rule as first written: in 30,000 random games under every claim timing the derived fact
// agrees with one tracked action by action, at every turn boundary and at the end of every game.
#[test]
fn r_turn_6_the_derived_voluntary_pass_is_the_rule_as_written() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
    let (mut voluntary_passes, mut voluntary_ends) = (0, 0);
    for seed in 0..30_000u64 {
        let timing = [ClaimTiming::AfterPlay, ClaimTiming::StartOfTurn, ClaimTiming::EndOfTurn][(seed % 3) as usize];
        let mut pos = Position::new_game(timing_options(timing), &mut battleline::rng_from_seed(seed));
        let mut row = RowOfPasses { voluntary: false, passed: false, claimed: false };
        while !pos.is_over() {
            let legal = pos.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            let mover = pos.current();
            if action == Action::Pass {
                row.passed = true;
                row.voluntary |= legal.len() > 1;
                voluntary_passes += usize::from(legal.len() > 1);
            }
            row.claimed |= matches!(action, Action::Claim { .. });
            pos.apply(&action).unwrap();
            let turn_ended = pos.current() != mover || pos.is_over();
            if turn_ended {
                if !row.passed || row.claimed {
                    row.voluntary = false;
                }
                row.passed = false;
                row.claimed = false;
                if pos.result().is_none_or(|r| r.victory == Victory::Exhaustion) {
                    assert_eq!(pos.voluntary_pass(), row.voluntary, "seed {seed}: {pos:?}");
                }
            }
        }
        let result = pos.result().unwrap();
        if result.victory == Victory::Exhaustion {
            voluntary_ends += usize::from(row.voluntary);
            let flags = &result.flags[..2];
            let leader = (flags[0] != flags[1]).then(|| if flags[0] > flags[1] { 0 } else { 1 });
            assert_eq!(result.winner, leader.filter(|_| !row.voluntary), "seed {seed}");
        }
    }
    assert!(
        voluntary_passes > 200 && voluntary_ends > 20,
        "{voluntary_passes} voluntary passes, {voluntary_ends} ends"
    );
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
    let mut setup = pos.to_setup();
    assert_eq!(setup.voluntary_pass, Some(true));
    assert_eq!(battleline::Position::from_setup(&setup).unwrap(), pos);
    // Derived from the hands: left out it is the same, and a setup stating otherwise is refused.
    setup.voluntary_pass = None;
    assert_eq!(battleline::Position::from_setup(&setup).unwrap(), pos);
    setup.voluntary_pass = Some(false);
    let error = battleline::Position::from_setup(&setup).unwrap_err();
    assert!(error.message.contains("voluntaryPass"), "{error}");
}
