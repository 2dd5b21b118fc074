//! A turn (R-TURN-1..6), the claim timings (R-VAR-1) and the end of the game (R-END-1, R-END-2), on exact
//! situations built with `rules_common::Board`.

use crate::rules_common;

use battleline::{Action, ClaimTiming, ErrorCode, Game, Options, Phase, Victory};
use rules_common::*;

/// Player 0 holds r3 r4 at flag 1 and r5 in hand; player 1's complete side at flag 1 is a weak Host, so
/// playing r5 there makes flag 1 claimable for player 0. g7 is the top of the troop deck.
fn claimable_after_r5(options: Options) -> Board {
    let mut b = Board::new(options);
    b.side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4").hand(0, "r5 o9").hand(1, "p1 p2").deck_top("g7");
    b
}

// R-TURN-1: afterPlay order is play, claim, draw; each step refuses the others' actions.
#[test]
fn r_turn_1_play_then_claim_then_draw() {
    let mut pos = claimable_after_r5(default_options()).position();
    assert_eq!((pos.current(), pos.phase()), (0, Phase::Play));
    refused(&mut pos, claim(1), ErrorCode::WrongPhase);
    refused(&mut pos, DRAW_TROOP, ErrorCode::WrongPhase);
    refused(&mut pos, Action::EndClaims, ErrorCode::WrongPhase);

    apply_all(&mut pos, &[play("r5", 1)]);
    assert_eq!(pos.phase(), Phase::Claim, "claim step follows the play");
    refused(&mut pos, play("o9", 2), ErrorCode::WrongPhase);
    refused(&mut pos, DRAW_TROOP, ErrorCode::WrongPhase);
    assert_eq!(pos.legal_actions(), vec![claim(1), Action::EndClaims]);

    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
    assert_eq!(pos.phase(), Phase::Draw, "nothing more to claim: draw step");
    refused(&mut pos, claim(1), ErrorCode::WrongPhase);
    refused(&mut pos, play("o9", 2), ErrorCode::WrongPhase);

    apply_all(&mut pos, &[DRAW_TROOP]);
    assert!(pos.hand(0).contains(card("g7")), "drew the top troop card");
    assert_eq!((pos.current(), pos.phase()), (1, Phase::Play), "the turn passes after the draw");
}

// R-TURN-1 (b): claiming is optional; `endClaims` leaves the flag unclaimed and moves on to the draw.
#[test]
fn r_turn_1_claims_are_optional() {
    let mut pos = claimable_after_r5(default_options()).position();
    apply_all(&mut pos, &[play("r5", 1), Action::EndClaims]);
    assert_eq!(pos.flag(flag(1)).claimed, None);
    assert_eq!(pos.phase(), Phase::Draw);
    apply_all(&mut pos, &[DRAW_TACTICS]);
    assert_eq!(pos.current(), 1);
}

// R-TURN-1, R-VAR-1: the claim step is skipped when nothing can be claimed (afterPlay).
#[test]
fn r_turn_1_claim_step_skipped_when_nothing_claimable() {
    let mut pos = claimable_after_r5(default_options()).position();
    apply_all(&mut pos, &[play("o9", 2)]);
    assert_eq!(pos.phase(), Phase::Draw);
}

// R-VAR-1 startOfTurn: claim, play, draw. A flag made claimable by this turn's play waits for the next turn.
#[test]
fn r_var_1_start_of_turn_claim_then_play_then_draw() {
    let mut b = Board::new(timing_options(ClaimTiming::StartOfTurn));
    b.side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4 r5").side(2, 1, "b2 g3 y5").side(2, 0, "r7 r8");
    b.hand(0, "r9 o1").hand(1, "p1 p2 p3").turn(0, Phase::Claim);
    let mut pos = b.position();
    refused(&mut pos, play("o1", 3), ErrorCode::WrongPhase);
    refused(&mut pos, DRAW_TROOP, ErrorCode::WrongPhase);
    assert_eq!(pos.legal_actions(), vec![claim(1), Action::EndClaims]);
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.phase(), Phase::Play, "claims done: play step");
    refused(&mut pos, claim(1), ErrorCode::WrongPhase);
    // r9 makes flag 2 claimable, but the claim step of this turn is over.
    apply_all(&mut pos, &[play("r9", 2)]);
    assert_eq!(pos.phase(), Phase::Draw);
    assert!(pos.can_claim(0, flag(2)));
    refused(&mut pos, claim(2), ErrorCode::WrongPhase);
    apply_all(&mut pos, &[DRAW_TROOP]);
    // Player 1 has nothing to claim: their claim step is skipped.
    assert_eq!((pos.current(), pos.phase()), (1, Phase::Play));
    apply_all(&mut pos, &[play("p1", 5), DRAW_TROOP]);
    // Player 0's next turn starts with the claim.
    assert_eq!((pos.current(), pos.phase()), (0, Phase::Claim));
    apply_all(&mut pos, &[claim(2)]);
    assert_eq!(pos.flag(flag(2)).claimed, Some(0));
    assert_eq!(pos.phase(), Phase::Play);
}

// R-VAR-1 endOfTurn: play, draw, claim.
#[test]
fn r_var_1_end_of_turn_play_then_draw_then_claim() {
    let mut pos = claimable_after_r5(timing_options(ClaimTiming::EndOfTurn)).position();
    apply_all(&mut pos, &[play("r5", 1)]);
    assert_eq!(pos.phase(), Phase::Draw, "the draw comes before the claim");
    refused(&mut pos, claim(1), ErrorCode::WrongPhase);
    apply_all(&mut pos, &[DRAW_TROOP]);
    assert!(pos.hand(0).contains(card("g7")));
    assert_eq!(pos.phase(), Phase::Claim);
    refused(&mut pos, DRAW_TROOP, ErrorCode::WrongPhase);
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
    assert_eq!((pos.current(), pos.phase()), (1, Phase::Play), "the claim ends the turn");
}

// R-VAR-1 endOfTurn: with nothing to claim the turn ends after the draw.
#[test]
fn r_var_1_end_of_turn_claim_step_skipped() {
    let mut pos = claimable_after_r5(timing_options(ClaimTiming::EndOfTurn)).position();
    apply_all(&mut pos, &[play("o9", 2), DRAW_TROOP]);
    assert_eq!((pos.current(), pos.phase()), (1, Phase::Play));
}

// R-TURN-2: a troop goes face up on the player's own side of an unclaimed flag with room.
#[test]
fn r_turn_2_troop_goes_to_own_side_with_room() {
    let mut b = Board::standard();
    b.side(1, 0, "r1 r2 r3").side(2, 1, "b1").claimed(2, 1).hand(0, "o5 o6").hand(1, "y5");
    let mut pos = b.position();
    refused(&mut pos, play("o5", 1), ErrorCode::FlagFull);
    refused(&mut pos, play("o5", 2), ErrorCode::FlagClaimed);
    refused(&mut pos, play("y5", 3), ErrorCode::CardNotInHand);
    refused(&mut pos, play("g5", 3), ErrorCode::CardNotInHand);
    // Seven flags have room for each of the two cards.
    let plays = pos.legal_actions().into_iter().filter(|a| matches!(a, Action::Play { .. })).count();
    assert_eq!(plays, 2 * 7);
    apply_all(&mut pos, &[play("o5", 3)]);
    assert_eq!(side_of(&pos, 3, 0), cards("o5"));
    assert!(side_of(&pos, 3, 1).is_empty());
    assert!(!pos.hand(0).contains(card("o5")));
    // Face up: both players see it.
    assert_eq!(pos.view(1).unwrap().flags[2].sides[0], cards("o5"));
}

// R-TURN-2, R-ENV-2: four cards a side where Mud lies, never five.
#[test]
fn r_turn_2_mud_gives_room_for_a_fourth_card() {
    let mut b = Board::standard();
    b.mud(4, 1).side(4, 0, "r1 r2 r3").hand(0, "o5").hand(1, "y5").tactics_played(&[0, 1]);
    let mut pos = b.position();
    apply_all(&mut pos, &[play("o5", 4)]);
    assert_eq!(side_of(&pos, 4, 0).len(), 4);
    assert!(pos.flag(flag(4)).is_complete(0));
    let mut b = Board::standard();
    b.mud(4, 1).side(4, 0, "r1 r2 r3 r4").hand(0, "o5").tactics_played(&[0, 1]);
    refused(&mut b.position(), play("o5", 4), ErrorCode::FlagFull);
}

// R-TURN-2: only troop and morale cards are played to a side.
#[test]
fn r_turn_2_only_side_cards_are_played() {
    let mut b = Board::standard();
    b.hand(0, "fog scout r5");
    let mut pos = b.position();
    refused(&mut pos, play("fog", 1), ErrorCode::WrongCard);
    refused(&mut pos, play("scout", 1), ErrorCode::WrongCard);
    refused(&mut pos, env("r5", 1), ErrorCode::WrongCard);
}

// R-TURN-3: an empty troop deck means drawing from the tactics deck.
#[test]
fn r_turn_3_empty_troop_deck_draws_tactics() {
    let mut b = Board::standard();
    b.hand(0, "r5").hand(1, "b5").troop_deck_to_discard(1);
    let mut pos = b.position();
    apply_all(&mut pos, &[play("r5", 1)]);
    assert_eq!(pos.phase(), Phase::Draw);
    assert_eq!(pos.legal_actions(), vec![DRAW_TACTICS]);
    refused(&mut pos, DRAW_TROOP, ErrorCode::DeckEmpty);
    apply_all(&mut pos, &[DRAW_TACTICS]);
    assert_eq!(pos.hand(0).len(), 1);
    assert_eq!((pos.current(), pos.phase()), (1, Phase::Play));
    assert!(!pos.is_over());
}

// R-TURN-3: an empty tactics deck means drawing a troop.
#[test]
fn r_turn_3_empty_tactics_deck_draws_troop() {
    let mut b = Board::standard();
    b.hand(0, "r5").hand(1, "b5").tactics_deck_to_discard(1);
    let mut pos = b.position();
    apply_all(&mut pos, &[play("r5", 1)]);
    assert_eq!(pos.legal_actions(), vec![DRAW_TROOP]);
    refused(&mut pos, DRAW_TACTICS, ErrorCode::DeckEmpty);
}

// R-TURN-3: with both decks empty there is no draw step, and the game goes on.
#[test]
fn r_turn_3_both_decks_empty_no_draw_game_goes_on() {
    for timing in [ClaimTiming::AfterPlay, ClaimTiming::StartOfTurn, ClaimTiming::EndOfTurn] {
        let mut b = Board::new(timing_options(timing));
        b.troop_deck_to_discard(1).tactics_deck_to_discard(1).hand(0, "r5 g5").hand(1, "b5");
        b.turn(0, Phase::Play);
        let mut pos = b.position();
        apply_all(&mut pos, &[play("r5", 1)]);
        assert_eq!((pos.current(), pos.phase()), (1, Phase::Play), "{timing:?}: no draw step");
        assert_eq!(pos.hand(0).iter().collect::<Vec<_>>(), cards("g5"));
        assert!(!pos.is_over(), "the game goes on without decks");
        let p1_card = pos.hand(1).troops().iter().next().unwrap();
        apply_all(&mut pos, &[Action::Play { card: p1_card, flag: flag(2) }]);
        assert_eq!((pos.current(), pos.phase()), (0, Phase::Play), "{timing:?}");
    }
}

// R-TURN-3, R-VAR-2: without tactics there is no tactics deck to draw from.
#[test]
fn r_turn_3_basic_game_empty_troop_deck_no_draw() {
    let mut b = Board::new(basic_options());
    b.hand(0, "r5 r6").troop_deck_keep(1, 1).hand(1, "b1");
    let mut pos = b.position();
    apply_all(&mut pos, &[play("r5", 1)]);
    refused(&mut pos, DRAW_TACTICS, ErrorCode::TacticsDisabled);
    apply_all(&mut pos, &[DRAW_TROOP]);
    assert_eq!(pos.troop_deck_len(), 0);
    apply_all(&mut pos, &[play("b1", 1)]);
    assert_eq!((pos.current(), pos.phase()), (0, Phase::Play), "empty troop deck: no draw step");
}

// R-TURN-4: holding a troop with room somewhere, the player must play (a troop or a tactic).
#[test]
fn r_turn_4_must_play_with_a_playable_troop() {
    let mut b = Board::standard();
    b.hand(0, "r5 fog");
    let mut pos = b.position();
    let err = refused(&mut pos, Action::Pass, ErrorCode::MustPlay);
    assert!(err.message.contains("R-TURN-4"), "{}", err.message);
    assert_legal(&pos, play("r5", 1));
    assert_legal(&pos, env("fog", 1));
}

// R-TURN-4: no troop in hand: a tactics card or a pass.
#[test]
fn r_turn_4_only_tactics_in_hand_may_pass() {
    let mut b = Board::standard();
    b.hand(0, "fog mud");
    let pos = b.position();
    assert_legal(&pos, Action::Pass);
    assert_legal(&pos, env("fog", 3));
    // At the tactics limit, the pass is all that is left.
    b.tactics_played(&[1, 0]);
    assert_eq!(b.position().legal_actions(), vec![Action::Pass]);
    // An empty hand passes.
    let empty = Board::standard().position();
    assert_eq!(empty.legal_actions(), vec![Action::Pass]);
}

// R-TURN-4: troops in hand but no room at any unclaimed flag: pass or tactics.
#[test]
fn r_turn_4_no_room_anywhere_may_pass() {
    let mut b = Board::standard();
    b.side(1, 0, "r1 o2 y4").side(2, 0, "r2 o3 y5").side(3, 0, "r3 o4 y6").side(4, 0, "r4 o5 y7");
    b.side(5, 0, "r6 o7 y9");
    b.claimed(6, 1).claimed(7, 0).claimed(8, 1).claimed(9, 0);
    b.hand(0, "g5 alexander").hand(1, "b5");
    let mut pos = b.position();
    assert!(!pos.can_play_troop(0));
    assert_legal(&pos, Action::Pass);
    assert_eq!(pos.legal_actions().iter().filter(|a| matches!(a, Action::Play { .. })).count(), 0);
    refused(&mut pos, play("g5", 1), ErrorCode::FlagFull);
    refused(&mut pos, play("g5", 6), ErrorCode::FlagClaimed);
    // Alexander has no room either; a guile or environment card would be the only tactics.
    refused(&mut pos, play("alexander", 5), ErrorCode::FlagFull);
}

// R-TURN-5: passing plays and draws nothing; the turn goes on to the opponent.
#[test]
fn r_turn_5_pass_plays_and_draws_nothing() {
    let mut b = Board::standard();
    b.hand(0, "fog").hand(1, "b5");
    let mut pos = b.position();
    let decks = (pos.troop_deck_len(), pos.tactics_deck_len());
    apply_all(&mut pos, &[Action::Pass]);
    assert_eq!((pos.current(), pos.phase()), (1, Phase::Play));
    assert_eq!(pos.hand(0).iter().collect::<Vec<_>>(), cards("fog"));
    assert_eq!((pos.troop_deck_len(), pos.tactics_deck_len()), decks, "no draw after a pass");
    assert_eq!(pos.passes_in_row(), 1);
    assert!(pos.flags().iter().all(|f| f.sides.iter().all(|s| s.is_empty())));
}

// R-TURN-5 (interpretation): the passing player may still claim, and draws nothing.
#[test]
fn r_turn_5_pass_may_still_claim() {
    for timing in [ClaimTiming::AfterPlay, ClaimTiming::EndOfTurn] {
        let mut b = Board::new(timing_options(timing));
        b.side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4 r5").hand(1, "p1");
        let mut pos = b.position();
        let decks = (pos.troop_deck_len(), pos.tactics_deck_len());
        apply_all(&mut pos, &[Action::Pass]);
        assert_eq!(pos.phase(), Phase::Claim, "{timing:?}: the claim step follows a pass");
        apply_all(&mut pos, &[claim(1)]);
        assert_eq!(pos.flag(flag(1)).claimed, Some(0));
        assert_eq!((pos.current(), pos.phase()), (1, Phase::Play), "{timing:?}: no draw");
        assert_eq!((pos.troop_deck_len(), pos.tactics_deck_len()), decks);
        assert!(pos.hand(0).is_empty());
        assert_eq!(pos.passes_in_row(), 0, "a pass with a claim does not count towards R-TURN-6");
    }
    // startOfTurn: claim first, then pass, no draw.
    let mut b = Board::new(timing_options(ClaimTiming::StartOfTurn));
    b.side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4 r5").hand(1, "p1").turn(0, Phase::Claim);
    let mut pos = b.position();
    apply_all(&mut pos, &[claim(1), Action::Pass]);
    assert_eq!((pos.current(), pos.phase()), (1, Phase::Play));
    assert!(pos.hand(0).is_empty());
    assert_eq!(pos.passes_in_row(), 0);
}

/// Both players unable to play; player 0 holds flags 1 and 3, player 1 flag 5 (and flag 7 if `even`).
fn stalemate(even: bool) -> Board {
    let mut b = Board::standard();
    b.claimed(1, 0).claimed(3, 0).claimed(5, 1);
    if even {
        b.claimed(7, 1);
    }
    b
}

// R-TURN-6: consecutive passes without a claim end the game; most flags wins.
#[test]
fn r_turn_6_consecutive_passes_end_the_game_most_flags_wins() {
    let mut pos = stalemate(false).position();
    apply_all(&mut pos, &[Action::Pass]);
    assert!(!pos.is_over());
    apply_all(&mut pos, &[Action::Pass]);
    let result = pos.result().expect("two passes in a row end the game");
    assert_eq!(result.victory, Victory::Exhaustion);
    assert_eq!(result.winner, Some(0));
    assert_eq!(&result.flags[..2], &[2, 1]);
    assert_eq!(pos.phase(), Phase::GameOver);
    assert!(pos.legal_actions().is_empty());
    refused(&mut pos, Action::Pass, ErrorCode::GameOver);
}

// R-TURN-6: equal flag counts are a draw.
#[test]
fn r_turn_6_equal_flags_draw() {
    let mut pos = stalemate(true).position();
    apply_all(&mut pos, &[Action::Pass, Action::Pass]);
    let result = pos.result().unwrap();
    assert_eq!((result.winner, result.victory), (None, Victory::Exhaustion));
    // No flags at all: also a draw.
    let mut pos = Board::standard().position();
    apply_all(&mut pos, &[Action::Pass, Action::Pass]);
    assert_eq!(pos.result().unwrap().winner, None);
}

// R-TURN-6: a played card or a claim in between breaks the run of passes.
#[test]
fn r_turn_6_plays_and_claims_break_the_run() {
    let mut b = Board::standard();
    b.hand(1, "b5");
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Pass, play("b5", 2), DRAW_TROOP]);
    assert_eq!(pos.passes_in_row(), 0);
    // Player 0 passes again: the run starts anew.
    apply_all(&mut pos, &[Action::Pass]);
    assert_eq!(pos.passes_in_row(), 1);
    assert!(!pos.is_over());

    // A pass with a claim does not count.
    let mut b = Board::standard();
    b.side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4 r5").passes_in_row(1).turn(0, Phase::Play);
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Pass, claim(1)]);
    assert!(!pos.is_over());
    assert_eq!(pos.passes_in_row(), 0);
    apply_all(&mut pos, &[Action::Pass]);
    assert!(!pos.is_over(), "one pass after a claiming pass is not enough");
    apply_all(&mut pos, &[Action::Pass]);
    assert_eq!(pos.result().unwrap().winner, Some(0));
}

// R-END-1: breakthrough (three adjacent flags) ends the game at once: no further claim, no draw.
#[test]
fn r_end_1_breakthrough_ends_at_once() {
    let mut b = Board::standard();
    b.claimed(1, 0).claimed(2, 0);
    b.side(3, 1, "b1 g2 y4").side(3, 0, "r3 r4");
    b.side(6, 1, "b2 g3 y5").side(6, 0, "r7 r8 r9");
    b.hand(0, "r5 o1").hand(1, "p1");
    let mut pos = b.position();
    apply_all(&mut pos, &[play("r5", 3)]);
    assert_eq!(pos.legal_actions(), vec![claim(3), claim(6), Action::EndClaims]);
    let hand = pos.hand(0);
    apply_all(&mut pos, &[claim(3)]);
    let result = pos.result().expect("three adjacent flags win");
    assert_eq!((result.winner, result.victory), (Some(0), Victory::Breakthrough));
    assert_eq!(pos.phase(), Phase::GameOver);
    refused(&mut pos, claim(6), ErrorCode::GameOver);
    refused(&mut pos, DRAW_TROOP, ErrorCode::GameOver);
    assert_eq!(pos.flag(flag(6)).claimed, None, "no further claims");
    assert_eq!(pos.hand(0), hand, "no draw");
}

// R-END-1: envelopment (any five flags) ends the game; four scattered flags do not (two players).
#[test]
fn r_end_1_envelopment_five_flags() {
    let mut b = Board::standard();
    b.claimed(1, 0).claimed(3, 0).claimed(5, 0).claimed(7, 1);
    b.side(9, 1, "b1 g2 y4").side(9, 0, "r3 r4 r5").side(8, 1, "b2 g3 y5").side(8, 0, "r7 r8 r9");
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Pass, claim(9)]);
    assert!(!pos.is_over(), "flags 1 3 5 9 are four, not adjacent");
    assert_eq!(pos.phase(), Phase::Claim);
    apply_all(&mut pos, &[claim(8)]);
    let result = pos.result().unwrap();
    assert_eq!((result.winner, result.victory), (Some(0), Victory::Envelopment));
    assert_eq!(&result.flags[..2], &[5, 1]);
}

// R-END-1 under startOfTurn and endOfTurn: the winning claim ends the game in its claim step.
#[test]
fn r_end_1_win_in_each_timing() {
    for timing in [ClaimTiming::StartOfTurn, ClaimTiming::EndOfTurn] {
        let mut b = Board::new(timing_options(timing));
        b.claimed(8, 1).claimed(9, 1).side(7, 0, "b1 g2 y4").side(7, 1, "r3 r4 r5").hand(1, "p5").hand(0, "o1");
        b.turn(1, if timing == ClaimTiming::StartOfTurn { Phase::Claim } else { Phase::Play });
        let mut pos = b.position();
        if timing == ClaimTiming::EndOfTurn {
            apply_all(&mut pos, &[play("p5", 1), DRAW_TROOP]);
        }
        apply_all(&mut pos, &[claim(7)]);
        let result = pos.result().unwrap();
        assert_eq!((result.winner, result.victory), (Some(1), Victory::Breakthrough), "{timing:?}");
    }
}

/// One turn of a random game, as the rules see it.
#[derive(Default, Clone, Copy)]
struct TurnLog {
    player: usize,
    passed: bool,
    claimed: bool,
}

// R-END-2: in random games the only endings are R-END-1 (after a winning claim) and R-TURN-6 (every
// player passed in a row without a claim); empty decks never end a game.
#[test]
fn r_end_2_only_two_ways_to_end() {
    use rand::seq::IndexedRandom;
    let mut rng = battleline::rng_from_seed(11);
    let mut seen = std::collections::HashSet::new();
    for (k, options) in
        [default_options(), basic_options(), timing_options(ClaimTiming::EndOfTurn), three_player_options()]
            .into_iter()
            .enumerate()
    {
        for seed in 0..60 {
            let mut game = Game::new(options, seed * 4 + k as u64).unwrap();
            let mut turns: Vec<TurnLog> = vec![TurnLog { player: game.position().current(), ..TurnLog::default() }];
            while !game.position().is_over() {
                let action = *game.legal_actions().choose(&mut rng).unwrap();
                let player = game.position().current();
                game.apply(&action).unwrap();
                let log = turns.last_mut().unwrap();
                match action {
                    Action::Pass => log.passed = true,
                    Action::Claim { .. } => log.claimed = true,
                    _ => {}
                }
                if game.position().is_over() {
                    break;
                }
                if game.position().current() != player {
                    turns.push(TurnLog { player: game.position().current(), ..TurnLog::default() });
                }
            }
            let position = game.position();
            let result = position.result().unwrap();
            seen.insert(result.victory);
            let last = *game.actions().last().unwrap();
            match result.victory {
                Victory::Breakthrough | Victory::Envelopment => {
                    let winner = result.winner.expect("a winner");
                    assert!(matches!(last, Action::Claim { .. }), "ended by {last} without a claim");
                    let owned: Vec<bool> = position.flags().iter().map(|f| f.claimed == Some(winner)).collect();
                    let adjacent = owned.windows(3).any(|w| w.iter().all(|&o| o));
                    let count = owned.iter().filter(|&&o| o).count();
                    let envelop = if options.players == 3 { 4 } else { 5 };
                    match result.victory {
                        Victory::Breakthrough => assert!(adjacent),
                        _ => assert!(!adjacent && count >= envelop),
                    }
                }
                Victory::Exhaustion => {
                    let n = options.players;
                    let tail = &turns[turns.len() - n..];
                    assert!(tail.iter().all(|t| t.passed && !t.claimed), "exhaustion without {n} passes in a row");
                    let players: std::collections::HashSet<usize> = tail.iter().map(|t| t.player).collect();
                    assert_eq!(players.len(), n, "every player passed");
                }
            }
        }
    }
    assert!(seen.len() >= 2, "{seen:?}");
}

/// Where an ordinary step or Scout's sub-steps sit in the turn order of a claim timing.
fn step_index(timing: ClaimTiming, phase: Phase) -> usize {
    let phase = match phase {
        Phase::ScoutDraw { .. } | Phase::ScoutReturn { .. } => Phase::Play,
        other => other,
    };
    steps(timing).iter().position(|s| *s == phase).expect("an ordinary step")
}

// R-TURN-1, R-VAR-1, R-TURN-3, R-TURN-5, R-GUILE-1: in random games under every claim timing, each turn
// runs its steps in the timing's order; a claim step is never empty and is skipped only when nothing can
// be claimed (not after `endClaims`); a draw step exists exactly when the turn played a card other than
// Scout and a deck has a card.
#[test]
fn r_turn_1_step_order_in_random_games() {
    use rand::seq::IndexedRandom;
    let mut rng = battleline::rng_from_seed(17);
    let mut turns = 0;
    for timing in [ClaimTiming::AfterPlay, ClaimTiming::StartOfTurn, ClaimTiming::EndOfTurn] {
        for tactics in [true, false] {
            for seed in 0..60 {
                let options = Options { claim_timing: timing, tactics, ..Options::default() };
                let mut game = Game::new(options, seed).unwrap();
                let mut last_index = 0;
                let mut drew = false;
                let mut no_draw_play = false; // passed or scouted this turn
                let mut played = false;
                let start = *game.position();
                if timing == ClaimTiming::StartOfTurn && start.phase() == Phase::Play {
                    assert_eq!(start.claimable_flags(start.current()).count(), 0);
                }
                while !game.position().is_over() {
                    let before = *game.position();
                    let player = before.current();
                    let action = *game.legal_actions().choose(&mut rng).unwrap();
                    game.apply(&action).unwrap();
                    let after = *game.position();
                    match action {
                        Action::Draw { .. } => drew = true,
                        Action::Pass | Action::Scout => no_draw_play = true,
                        Action::Play { .. }
                        | Action::Environment { .. }
                        | Action::Redeploy { .. }
                        | Action::Deserter { .. }
                        | Action::Traitor { .. } => played = true,
                        _ => {}
                    }
                    if after.is_over() {
                        break;
                    }
                    if after.phase() == Phase::Claim {
                        assert!(after.claimable_flags(after.current()).count() > 0, "an empty claim step");
                    }
                    if after.phase() == Phase::Draw {
                        assert!(after.troop_deck_len() + after.tactics_deck_len() > 0, "a draw step without cards");
                        assert!(!no_draw_play, "a draw step after a pass or Scout");
                    }
                    let left_claim_step = before.phase() == Phase::Claim && after.phase() != Phase::Claim;
                    let skipped_claims = !left_claim_step
                        && action != Action::EndClaims
                        && step_index(timing, before.phase()) < step_index(timing, Phase::Claim);
                    if after.current() == player {
                        let index = step_index(timing, after.phase());
                        assert!(index >= last_index, "{timing:?}: {:?} after {action}", after.phase());
                        last_index = index;
                        if skipped_claims && index > step_index(timing, Phase::Claim) {
                            assert_eq!(after.claimable_flags(player).count(), 0, "claim step skipped");
                        }
                    } else {
                        // The turn is over.
                        turns += 1;
                        if skipped_claims {
                            assert_eq!(after.claimable_flags(player).count(), 0, "{timing:?}: claim step skipped");
                        }
                        if played && !drew {
                            assert_eq!(after.troop_deck_len() + after.tactics_deck_len(), 0, "no draw with cards left");
                        }
                        if no_draw_play {
                            assert!(!drew);
                        }
                        if timing == ClaimTiming::StartOfTurn && after.phase() == Phase::Play {
                            assert_eq!(after.claimable_flags(after.current()).count(), 0, "start claim step skipped");
                        }
                        last_index = step_index(timing, after.phase());
                        (drew, no_draw_play, played) = (false, false, false);
                    }
                }
            }
        }
    }
    assert!(turns > 10_000, "{turns}");
}
