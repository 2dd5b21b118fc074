//! Formations (R-FORM-1..5) and claims (R-CLAIM-1..5) as they happen in games: claims made and refused
//! through `Position::apply`, on exact situations. (The claim proof itself is checked exhaustively in
//! tests/rules/claim_oracle.rs and tests/rules/claim_examples.rs.)

use crate::rules_common;

use battleline::{best_strength, prove, Action, ErrorCode, FlagId, FormationKind, Game, Phase, Position};
use rules_common::*;

/// Player 0's side of flag 1 is `mine`, player 1's is `theirs` (completed first if complete); player 0 is
/// in the claim step.
fn claim_step(mine: &str, theirs: &str) -> Board {
    let mut b = Board::standard();
    b.side(1, 1, theirs).side(1, 0, mine).turn(0, Phase::Claim);
    b
}

// R-FORM-1: a side forms a formation only once complete; the order of play does not matter.
#[test]
fn r_form_1_complete_sides_any_order() {
    let mut pos = claim_step("r5 r6", "b1 g2 y4").position();
    let err = refused(&mut pos, claim(1), ErrorCode::SideIncomplete);
    assert!(err.message.contains("2 of 3"), "{}", err.message);
    for (side, last) in [("r5 r6", "r7"), ("r7 r5", "r6"), ("r6 r7", "r5")] {
        let mut b = Board::standard();
        b.side(1, 1, "b1 g2 y4").side(1, 0, side).hand(0, last);
        let mut pos = b.position();
        apply_all(&mut pos, &[play(last, 1), claim(1)]);
        assert_eq!(best_strength(&side_of(&pos, 1, 0), false).kind, FormationKind::Wedge, "{side} {last}");
        assert_eq!(pos.flag(flag(1)).claimed, Some(0));
    }
}

// R-FORM-2: each kind beats every weaker kind, whatever the sums and whoever completed first.
#[test]
fn r_form_2_kind_ladder_in_play() {
    // (stronger with a low sum, weaker with a high sum)
    let ladder = [
        ("r1 r2 r3", "b10 g10 y10"), // Wedge 6 beats Phalanx 30
        ("b1 g1 y1", "o10 o9 o7"),   // Phalanx 3 beats Battalion Order 26
        ("r1 r2 r4", "b8 g9 y10"),   // Battalion Order 7 beats Skirmish Line 27
        ("r1 b2 g3", "b10 g10 y9"),  // Skirmish Line 6 beats Host 29
    ];
    for (stronger, weaker) in ladder {
        let pos = claim_step(stronger, weaker).position();
        assert!(pos.can_claim(0, flag(1)), "{stronger} beats {weaker}");
        assert!(!pos.can_claim(1, flag(1)), "{weaker} loses to {stronger}");
    }
}

// R-FORM-3: equal kinds: the higher sum wins (red 4-6-3, 13, beats blue 7-1-3, 11).
#[test]
fn r_form_3_equal_kinds_higher_sum() {
    let mut pos = claim_step("r4 r6 r3", "b7 b1 b3").position();
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
    let pos = claim_step("b7 b1 b3", "r4 r6 r3").position();
    assert!(!pos.can_claim(0, flag(1)));
    assert!(pos.can_claim(1, flag(1)));
}

// R-FORM-4: equal kind and sum: the side completed first wins; completion order comes from play.
#[test]
fn r_form_4_first_completed_wins_in_play() {
    let mut b = Board::standard();
    b.side(1, 0, "r5 g5").side(1, 1, "b5 y5").hand(0, "o5 r1").hand(1, "p5 b1");
    let mut pos = b.position();
    apply_all(&mut pos, &[play("o5", 1)]);
    assert_eq!(pos.phase(), Phase::Claim, "player 1 can at best tie and would complete later (R-CLAIM-3)");
    apply_all(&mut pos, &[Action::EndClaims, DRAW_TROOP, play("p5", 1)]);
    assert_eq!(pos.phase(), Phase::Draw, "player 1 completed the same Phalanx later: nothing to claim");
    assert!(pos.flag(flag(1)).completed[0] < pos.flag(flag(1)).completed[1]);
    apply_all(&mut pos, &[DRAW_TROOP, play("r1", 2)]);
    assert_eq!(pos.phase(), Phase::Claim);
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
}

// R-FORM-4: a side's completion time is when it *last* became complete.
#[test]
fn r_form_4_last_completion_counts() {
    // Player 0 completed r5 g5 b5 first, player 1 y5 o5 p5 later: player 0 wins the tie.
    let mut b = Board::standard();
    b.side(1, 0, "r5 g5 b5").side(1, 1, "y5 o5 p5").hand(1, "traitor b1").hand(0, "alexander r1");
    b.turn(1, Phase::Play);
    let mut pos = b.position();
    assert!(pos.can_claim(0, flag(1)));
    // Player 1 takes g5 away to flag 2; player 0 completes again with Alexander (a five again).
    apply_all(&mut pos, &[traitor("g5", 2)]);
    assert_eq!(pos.flag(flag(1)).completed[0], None);
    assert_eq!(pos.phase(), Phase::Claim, "no five is left: player 1 could claim now, but waits");
    apply_all(&mut pos, &[Action::EndClaims, DRAW_TROOP]);
    apply_all(&mut pos, &[play("alexander", 1)]);
    assert_eq!(best_strength(&side_of(&pos, 1, 0), false), best_strength(&side_of(&pos, 1, 1), false));
    assert_eq!(pos.phase(), Phase::Draw, "now player 0 completed later and cannot claim the tie");
    apply_all(&mut pos, &[DRAW_TROOP, play("b1", 3)]);
    assert_eq!(pos.phase(), Phase::Claim);
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(1));
}

// R-FORM-5: with Mud, the same kinds over four cards.
#[test]
fn r_form_5_four_card_kinds_in_play() {
    let mut b = Board::standard();
    b.mud(1, 1).tactics_played(&[0, 1]).side(1, 1, "b5 g5 y5 o5").side(1, 0, "r3 r4 r5").hand(0, "r6");
    let mut pos = b.position();
    apply_all(&mut pos, &[play("r6", 1)]);
    assert_eq!(best_strength(&side_of(&pos, 1, 0), false).kind, FormationKind::Wedge);
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
    // Four of a colour, not consecutive, is a Battalion Order and loses to the Phalanx of four.
    let mut b = Board::standard();
    b.mud(1, 1).tactics_played(&[0, 1]).side(1, 1, "b5 g5 y5 o5").side(1, 0, "r3 r4 r5 r7");
    assert!(!b.position().can_claim(0, flag(1)));
}

// R-CLAIM-1: a claim needs the claimant's complete side and an opponent who loses or cannot win.
#[test]
fn r_claim_1_conditions() {
    // Example 1: red 3-4-5 against red 6, green 6: player 1 reaches at most a Phalanx.
    let mut pos = claim_step("r3 r4 r5", "r6 g6").position();
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
    // A complete opponent who wins: refused.
    let mut pos = claim_step("r3 r4 r6", "b3 b4 b5").position();
    refused(&mut pos, claim(1), ErrorCode::ClaimNotProvable);
    // An incomplete opponent who can still win: refused.
    let mut pos = claim_step("r3 r4 r6", "b9").position();
    refused(&mut pos, claim(1), ErrorCode::ClaimNotProvable);
    // An empty opponent side against the best Wedge there is: 8-9-10 of every other colour is unseen,
    // but only a tie, so the claim stands (R-CLAIM-3).
    let mut pos = claim_step("r8 r9 r10", "").position();
    apply_all(&mut pos, &[claim(1)]);
    // An opponent who cannot complete at all (no troop card may still come) cannot win: even a weak Host
    // may claim.
    let mut b = claim_step("r1 o2 y4", "b9 b10");
    b.troop_deck_to_discard(0);
    let mut pos = b.position();
    assert!(pos.unseen_troops().is_empty());
    let proof = prove(pos.flag(flag(1)), 2, 0, pos.unseen_troops());
    assert!(proof.claimable && proof.reason.contains("cannot complete"), "{}", proof.reason);
    apply_all(&mut pos, &[claim(1)]);
}

/// Player 0 holds red 3-4-5 at flag 1, player 1 blue 8 there; `known` lie face up on flag 2.
fn example(known: &str) -> Board {
    let mut b = claim_step("r3 r4 r5", "b8");
    b.side(2, 0, known);
    b
}

// R-CLAIM-2: only face-up cards are known; every other troop (either hand, the deck) may still come.
#[test]
fn r_claim_2_face_up_cards_only() {
    // Example 2: blue 7 and blue 10 lie on other flags: no blue Wedge through 8 remains.
    let mut pos = example("b7 b10").position();
    apply_all(&mut pos, &[claim(1)]);
    // Example 3: blue 7 and blue 9 unseen: in player 1's hand, in the deck, or even in the claimant's own hand.
    for (who, place) in [(Some(1), "player 1's hand"), (None, "the deck"), (Some(0), "player 0's own hand")] {
        let mut b = example("b10");
        match who {
            Some(p) => b.hand(p, "b7 b9"),
            None => b.deck_top("b7 b9"),
        };
        let mut pos = b.position();
        let err = refused(&mut pos, claim(1), ErrorCode::ClaimNotProvable);
        assert!(err.message.contains("b7") && err.message.contains("b9"), "{place}: {}", err.message);
    }
}

// R-CLAIM-2: tactics cards not yet played are not considered, even in the opponent's hand.
#[test]
fn r_claim_2_unplayed_tactics_ignored() {
    let mut b = example("b7 b10");
    b.hand(1, "alexander darius companion shield");
    let mut pos = b.position();
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
}

// R-CLAIM-2: a card returned by Scout is still unseen, even though the player who returned it knows it.
#[test]
fn r_claim_2_scout_returned_cards_still_unseen() {
    let mut b = example("b10");
    b.hand(0, "scout").deck_top("b9 b7").turn(0, Phase::Play);
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Scout, SCOUT_TROOP, SCOUT_TROOP, SCOUT_TACTICS, scout_return("b9")]);
    apply_all(&mut pos, &[scout_return("b7")]);
    assert_eq!(pos.scout_returned(0), set("b9 b7"));
    assert!(pos.unseen_troops().contains(card("b9")) && pos.unseen_troops().contains(card("b7")));
    assert!(!pos.can_claim(0, flag(1)));
    assert_eq!(pos.current(), 1, "nothing to claim after the Scout: the turn is over");
    let proof = prove(pos.flag(flag(1)), 2, 0, pos.unseen_troops());
    assert_eq!(battleline::CardSet::from_cards(proof.opponents[0].added.iter().copied()), set("b7 b9"));
}

// R-CLAIM-3: if the opponent can at best tie, the claim succeeds.
#[test]
fn r_claim_3_tie_is_enough() {
    // Yellow 3-4 can become yellow 3-4-5, a Wedge of 12 like red 3-4-5; y2 and y6 make nothing better.
    let mut pos = claim_step("r3 r4 r5", "y3 y4").position();
    let proof = prove(pos.flag(flag(1)), 2, 0, pos.unseen_troops());
    assert!(proof.claimable);
    assert!(proof.reason.contains("tie"), "{}", proof.reason);
    apply_all(&mut pos, &[claim(1)]);
    // A complete tie: the claimant completed first.
    let mut b = Board::standard();
    b.side(1, 0, "r3 r4 r5").side(1, 1, "y3 y4 y5").turn(0, Phase::Claim);
    apply_all(&mut b.position(), &[claim(1)]);
}

// R-CLAIM-4: a claimed flag is frozen: no card added, none moved, no tactics card affects it.
#[test]
fn r_claim_4_claimed_flag_is_frozen() {
    let mut b = Board::standard();
    b.side(1, 0, "r1 r2 r3").side(1, 1, "b1").fog(1, 0).claimed(1, 0);
    b.mud(2, 1).side(2, 0, "g1").side(2, 1, "y1").claimed(2, 1);
    b.side(3, 0, "r7").side(3, 1, "b7");
    b.hand(0, "r9 companion redeploy deserter traitor").tactics_played(&[1, 1]);
    let mut pos = b.position();
    let frozen = (*pos.flag(flag(1)), *pos.flag(flag(2)));
    refused(&mut pos, play("r9", 1), ErrorCode::FlagClaimed);
    refused(&mut pos, play("r9", 2), ErrorCode::FlagClaimed);
    refused(&mut pos, play("companion", 2), ErrorCode::FlagClaimed);
    refused(&mut pos, redeploy("r1", Some(3)), ErrorCode::FlagClaimed);
    refused(&mut pos, redeploy("r1", None), ErrorCode::FlagClaimed);
    refused(&mut pos, redeploy("fog", Some(3)), ErrorCode::FlagClaimed);
    refused(&mut pos, redeploy("g1", Some(3)), ErrorCode::FlagClaimed);
    refused(&mut pos, redeploy("r7", Some(2)), ErrorCode::FlagClaimed);
    refused(&mut pos, deserter("b1"), ErrorCode::FlagClaimed);
    refused(&mut pos, deserter("y1"), ErrorCode::FlagClaimed);
    refused(&mut pos, deserter("mud"), ErrorCode::FlagClaimed);
    refused(&mut pos, traitor("y1", 3), ErrorCode::FlagClaimed);
    refused(&mut pos, traitor("b1", 3), ErrorCode::FlagClaimed);
    refused(&mut pos, traitor("b7", 2), ErrorCode::FlagClaimed);
    // Nothing listed as legal touches flags 1 or 2.
    let on_frozen = set("r1 r2 r3 b1 fog g1 y1 mud");
    for action in pos.legal_actions() {
        let (card, to) = match action {
            Action::Play { card, flag } | Action::Traitor { card, to: flag } => (Some(card), Some(flag)),
            Action::Redeploy { card, to } => (Some(card), to),
            Action::Deserter { card } => (Some(card), None),
            _ => (None, None),
        };
        assert!(card.is_none_or(|c| !on_frozen.contains(c)), "{action}");
        assert!(to.is_none_or(|f| f.index() >= 2), "{action}");
    }
    assert_eq!((*pos.flag(flag(1)), *pos.flag(flag(2))), frozen);
    // Fog and Mud cannot be placed there.
    let mut b2 = Board::standard();
    b2.claimed(1, 1).hand(0, "fog mud");
    let mut pos2 = b2.position();
    refused(&mut pos2, env("fog", 1), ErrorCode::FlagClaimed);
    refused(&mut pos2, env("mud", 1), ErrorCode::FlagClaimed);
    // A claim step cannot claim it again.
    b.turn(0, Phase::Claim);
    refused(&mut b.position(), claim(1), ErrorCode::FlagClaimed);
}

// R-CLAIM-4: in random games (with tactics), a claimed flag never changes again.
#[test]
fn r_claim_4_claimed_flags_never_change_in_random_games() {
    use rand::seq::IndexedRandom;
    let mut rng = battleline::rng_from_seed(44);
    let mut frozen_checks = 0;
    for seed in 0..150 {
        let mut game = Game::new(default_options(), seed).unwrap();
        let mut frozen: Vec<Option<battleline::Flag>> = vec![None; 9];
        while !game.position().is_over() {
            let action = *game.legal_actions().choose(&mut rng).unwrap();
            game.apply(&action).unwrap();
            for (i, f) in game.position().flags().iter().enumerate() {
                match (&frozen[i], f.claimed) {
                    (Some(then), _) => {
                        assert_eq!(then, f, "claimed flag {} changed after {action}", i + 1);
                        frozen_checks += 1;
                    }
                    (None, Some(_)) => frozen[i] = Some(*f),
                    (None, None) => {}
                }
            }
        }
    }
    assert!(frozen_checks > 1000, "{frozen_checks}");
}

// R-CLAIM-5: a refused claim changes nothing and names a counterexample and its formation.
#[test]
fn r_claim_5_refusal_explains_with_counterexample() {
    let mut b = example("b10");
    b.discard(0, "b6").deck_top("b9 b7");
    let mut pos = b.position();
    let err = refused(&mut pos, claim(1), ErrorCode::ClaimNotProvable);
    assert_eq!(err.code.as_str(), "claim_not_provable");
    for needle in ["player 1", "b8", "b9", "b7", "Wedge (sum 24)", "your Wedge (sum 12)"] {
        assert!(err.message.contains(needle), "{needle}: {}", err.message);
    }
    // A complete opponent who wins is named with its formation.
    let mut pos = claim_step("r3 r4 r6", "b3 b4 b5").position();
    let err = refused(&mut pos, claim(1), ErrorCode::ClaimNotProvable);
    assert!(err.message.contains("b3 b4 b5") && err.message.contains("Wedge"), "{}", err.message);
    // An accepted claim names the opponent's best reachable formation.
    let pos = example("b7 b10").position();
    let proof = prove(pos.flag(flag(1)), 2, 0, pos.unseen_troops());
    assert!(proof.claimable);
    let best = &proof.opponents[0];
    assert_eq!(best.strength.unwrap().kind, FormationKind::Phalanx);
    assert!(proof.reason.contains("Phalanx"), "{}", proof.reason);
}

// R-CLAIM-5: in random games every verdict is explained, and every counterexample is real: cards that may
// still come, forming a formation that beats the claimant's.
#[test]
fn r_claim_5_counterexamples_are_real_in_random_games() {
    use rand::seq::IndexedRandom;
    let mut rng = battleline::rng_from_seed(55);
    let (mut refusals, mut acceptances) = (0, 0);
    for seed in 0..80 {
        let mut game = Game::new(default_options(), 500 + seed).unwrap();
        while !game.position().is_over() {
            let pos: Position = *game.position();
            let unseen = pos.unseen_troops();
            for player in 0..2 {
                for f in FlagId::all() {
                    let flag_state = pos.flag(f);
                    if flag_state.claimed.is_some() || !flag_state.is_complete(player) {
                        continue;
                    }
                    let proof = prove(flag_state, 2, player, unseen);
                    assert_eq!(proof.claimable, pos.can_claim(player, f));
                    assert!(!proof.reason.is_empty());
                    let mine = proof.claimant_strength.unwrap();
                    let fog = flag_state.fog.is_some();
                    for o in &proof.opponents {
                        assert!(o.added.iter().all(|c| unseen.contains(*c)), "{:?} are not all unseen", o.added);
                        if let Some(s) = o.strength {
                            assert_eq!(best_strength(&o.cards, fog), s, "{:?}", o.cards);
                            assert_eq!(o.cards.len(), flag_state.capacity());
                        }
                    }
                    if proof.claimable {
                        acceptances += 1;
                    } else {
                        refusals += 1;
                        let winner = proof.opponents.iter().find(|o| o.beats_claimant).expect("a counterexample");
                        let theirs = winner.strength.unwrap();
                        assert!(theirs > mine || (theirs == mine && winner.complete), "{}", proof.reason);
                        if pos.current() == player && pos.phase() == Phase::Claim {
                            let err = pos.check(player, &Action::Claim { flag: f }).unwrap_err();
                            assert_eq!(err.code, ErrorCode::ClaimNotProvable);
                            assert!(err.message.contains(&proof.reason), "{}", err.message);
                        }
                    }
                }
            }
            let action = *game.legal_actions().choose(&mut rng).unwrap();
            game.apply(&action).unwrap();
        }
    }
    assert!(refusals > 100 && acceptances > 100, "{refusals} {acceptances}");
}
