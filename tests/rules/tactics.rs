//! Tactics cards in general (R-TAC-1..4), morale tactics (R-MORALE-1..3) and the basic game without
//! tactics (R-VAR-2), on exact situations.

use crate::rules_common;

use battleline::{best_strength, Action, ErrorCode, FormationKind, Game, Phase, Strength};
use rules_common::*;

fn strength(kind: FormationKind, sum: u8) -> Strength {
    Strength { kind, sum }
}

/// Player 0 holds a troop and one of each kind of tactic of one half (a hand holds at most 7 cards);
/// player 0 owns r1 (flag 2), player 1 owns b1 (flag 3).
fn every_tactic_in_hand(played: [u8; 2], half: usize) -> Board {
    let mut b = Board::standard();
    let hands = ["alexander companion fog mud r5", "scout redeploy deserter traitor r5"];
    b.hand(0, hands[half]).hand(1, "b9");
    b.side(2, 0, "r1").side(3, 1, "b1").tactics_played(&played);
    b
}

/// The plays of the tactics cards that [`every_tactic_in_hand`] gives for `half`.
fn tactic_actions(half: usize) -> Vec<Action> {
    let actions = vec![
        play("alexander", 1),
        play("companion", 1),
        env("fog", 1),
        env("mud", 1),
        Action::Scout,
        redeploy("r1", None),
        redeploy("r1", Some(4)),
        deserter("b1"),
        traitor("b1", 4),
    ];
    if half == 0 {
        actions[..4].to_vec()
    } else {
        actions[4..].to_vec()
    }
}

// R-TAC-1: one tactics card ahead of the opponent, no tactics card can be played.
#[test]
fn r_tac_1_at_most_one_ahead() {
    for half in 0..2 {
        let mut pos = every_tactic_in_hand([1, 0], half).position();
        for action in tactic_actions(half) {
            let err = refused(&mut pos, action, ErrorCode::TacticsLimit);
            assert!(err.message.contains("R-TAC-1"), "{}", err.message);
        }
        // The troop can still be played.
        assert_legal(&pos, play("r5", 1));
        assert!(pos.legal_actions().iter().all(|a| matches!(a, Action::Play { card, .. } if card.is_troop())));
        // Level, or behind: every tactic is playable.
        for played in [[0, 0], [1, 1], [0, 1], [2, 3]] {
            let pos = every_tactic_in_hand(played, half).position();
            for action in tactic_actions(half) {
                assert_legal(&pos, action);
            }
        }
    }
}

// R-TAC-1 in play: after a tactic, the next waits until the opponent has played one too.
#[test]
fn r_tac_1_counts_follow_play() {
    let mut b = Board::standard();
    b.hand(0, "fog mud r5 r6").hand(1, "b5 b6 shield");
    let mut pos = b.position();
    apply_all(&mut pos, &[env("fog", 1), DRAW_TROOP]);
    assert_eq!(&pos.tactics_played()[..2], &[1, 0]);
    apply_all(&mut pos, &[play("b5", 2), DRAW_TROOP]);
    refused(&mut pos, env("mud", 3), ErrorCode::TacticsLimit);
    apply_all(&mut pos, &[play("r5", 3), DRAW_TROOP]);
    apply_all(&mut pos, &[play("shield", 2), DRAW_TROOP]);
    assert_eq!(&pos.tactics_played()[..2], &[1, 1]);
    apply_all(&mut pos, &[env("mud", 3)]);
    assert_eq!(&pos.tactics_played()[..2], &[2, 1]);
}

// R-TAC-2: one Leader per player; the second is refused even after the first was deserted, and stays in hand.
#[test]
fn r_tac_2_one_leader_even_after_desertion() {
    let mut b = Board::standard();
    b.hand(0, "alexander darius r5 r6").hand(1, "deserter b5 b6");
    let mut pos = b.position();
    apply_all(&mut pos, &[play("alexander", 1), DRAW_TROOP]);
    assert!(pos.leader_played()[0]);
    apply_all(&mut pos, &[deserter("alexander"), DRAW_TROOP]);
    assert!(pos.discards(0).contains(card("alexander")), "the deserted Leader lies in its owner's discard pile");
    assert!(side_of(&pos, 1, 0).is_empty());
    assert_eq!(&pos.tactics_played()[..2], &[1, 1], "tactics count level: the limit is not the reason");
    let err = refused(&mut pos, play("darius", 2), ErrorCode::LeaderLimit);
    assert!(err.message.contains("R-TAC-2"), "{}", err.message);
    let darius = card("darius");
    assert!(!pos.legal_actions().iter().any(|a| matches!(a, Action::Play { card, .. } if *card == darius)));
    apply_all(&mut pos, &[play("r5", 2), DRAW_TROOP]);
    assert!(pos.hand(0).contains(card("darius")), "Darius stays in hand");
    assert!(!pos.leader_played()[1], "player 1 may still play a Leader");
}

// R-TAC-2: the other Leader in the same hand can never follow, whatever the tactics counts.
#[test]
fn r_tac_2_leader_limit_by_setup() {
    let mut b = Board::standard();
    b.hand(0, "darius r5").side(4, 0, "alexander").leader_played(0).tactics_played(&[1, 2]);
    let mut pos = b.position();
    refused(&mut pos, play("darius", 1), ErrorCode::LeaderLimit);
    // Player 1 (who has not played a Leader) may.
    let mut b = Board::standard();
    b.hand(1, "darius").side(4, 0, "alexander").leader_played(0).tactics_played(&[1, 0]).turn(1, Phase::Play);
    assert_legal(&b.position(), play("darius", 1));
}

// R-TAC-3: a morale tactic is the turn's play; claims and the draw follow.
#[test]
fn r_tac_3_morale_play_then_claim_and_draw() {
    let mut b = Board::standard();
    b.side(1, 1, "y7 y8 y9").side(1, 0, "r8 r9").hand(0, "alexander").deck_top("g2");
    let mut pos = b.position();
    apply_all(&mut pos, &[play("alexander", 1)]);
    assert_eq!(pos.phase(), Phase::Claim);
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.phase(), Phase::Draw);
    apply_all(&mut pos, &[DRAW_TROOP]);
    assert_eq!(pos.hand(0).iter().collect::<Vec<_>>(), cards("g2"));
    assert_eq!(pos.current(), 1);
}

// R-TAC-3: environment and guile cards (other than Scout) are followed by the claim and the draw.
#[test]
fn r_tac_3_environment_and_guile_then_claim_and_draw() {
    // Fog: no claim possible, straight to the draw.
    let mut b = Board::standard();
    b.hand(0, "fog");
    let mut pos = b.position();
    apply_all(&mut pos, &[env("fog", 5)]);
    assert_eq!(pos.phase(), Phase::Draw);

    // Deserter breaks player 1's Wedge 8-9-10, which was completed first: now player 0 may claim.
    let mut b = Board::standard();
    b.side(1, 1, "b8 b9 b10").side(1, 0, "r8 r9 r10").hand(0, "deserter");
    let mut pos = b.position();
    assert!(!pos.can_claim(0, flag(1)), "equal Wedges: player 1 completed first");
    apply_all(&mut pos, &[deserter("b10"), claim(1), DRAW_TROOP]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
    assert_eq!(pos.hand(0).len(), 1);

    // Traitor: the same, taking b10 to player 0's flag 2.
    let mut b = Board::standard();
    b.side(1, 1, "b8 b9 b10").side(1, 0, "r8 r9 r10").hand(0, "traitor");
    let mut pos = b.position();
    apply_all(&mut pos, &[traitor("b10", 2), claim(1), DRAW_TACTICS]);
    assert_eq!(side_of(&pos, 2, 0), cards("b10"));
    assert_eq!(pos.current(), 1);

    // Redeploy completes a Wedge at flag 1 from flag 2.
    let mut b = Board::standard();
    b.side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4").side(2, 0, "r5").hand(0, "redeploy");
    let mut pos = b.position();
    apply_all(&mut pos, &[redeploy("r5", Some(1))]);
    assert_eq!(pos.phase(), Phase::Claim);
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.phase(), Phase::Draw);
}

// R-TAC-3, R-GUILE-1: after Scout, claims follow but there is no draw.
#[test]
fn r_tac_3_scout_claims_but_no_draw() {
    let mut b = Board::standard();
    b.side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4 r5").hand(0, "scout o1").deck_top("g7 g8 fog");
    let mut pos = b.position();
    apply_all(
        &mut pos,
        &[Action::Scout, SCOUT_TROOP, SCOUT_TROOP, SCOUT_TACTICS, scout_return("o1"), scout_return("fog")],
    );
    assert_eq!(pos.phase(), Phase::Claim, "claims follow Scout");
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!((pos.current(), pos.phase()), (1, Phase::Play), "no draw after Scout");
    assert_eq!(pos.hand(0).iter().collect::<Vec<_>>(), cards("g7 g8"));
}

// R-TAC-4: discards are face up, in both players' views.
#[test]
fn r_tac_4_discards_face_up_for_both() {
    let mut b = Board::standard();
    b.side(3, 1, "b7").hand(0, "deserter r1");
    let mut pos = b.position();
    apply_all(&mut pos, &[deserter("b7")]);
    assert!(pos.discards(1).contains(card("b7")), "the deserted card goes to its owner's pile");
    assert!(pos.discards(0).contains(card("deserter")), "the guile card lies face up by its player");
    for viewer in 0..2 {
        let view = pos.view(viewer).unwrap();
        assert!(view.discards[1].contains(&card("b7")), "player {viewer} sees b7");
        assert!(view.discards[0].contains(&card("deserter")), "player {viewer} sees the Deserter");
    }
    assert!(pos.face_up().contains(card("b7")));
    assert!(!pos.unseen_troops().contains(card("b7")));
}

// R-TAC-4, R-CLAIM-2: a discarded card is known, so it can make a claim provable.
#[test]
fn r_tac_4_discarded_card_makes_claim_provable() {
    // Player 1's b8 could become b7 b8 b9 while b7 may still come; b9 is unseen, b10 lies on flag 2.
    let base = || {
        let mut b = Board::standard();
        b.side(1, 0, "r3 r4 r5").side(1, 1, "b8").side(2, 0, "b10").side(2, 1, "b6");
        b
    };
    let mut in_hand = base();
    in_hand.hand(1, "b7");
    assert!(!in_hand.position().can_claim(0, flag(1)), "b7 in a hand may still come");
    let mut in_deck = base();
    in_deck.deck_top("b7");
    assert!(!in_deck.position().can_claim(0, flag(1)), "b7 in the deck may still come");
    let mut in_discard = base();
    in_discard.discard(1, "b7");
    assert!(in_discard.position().can_claim(0, flag(1)), "b7 discarded is known");

    // In play: b7 lies on player 1's side of flag 3; player 0 deserts it, then claims flag 1 this turn.
    let mut b = base();
    b.side(3, 1, "b7").hand(0, "deserter");
    let mut pos = b.position();
    assert!(pos.can_claim(0, flag(1)), "face up on a flag is known too");
    apply_all(&mut pos, &[deserter("b7")]);
    assert!(pos.discards(1).contains(card("b7")));
    assert_eq!(pos.phase(), Phase::Claim);
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
}

// R-MORALE-1: a Leader takes the colour and value that make its side strongest, for claims too.
#[test]
fn r_morale_1_leader_takes_best_colour_and_value() {
    // r8 r9 + Leader = red 10: Wedge 27 beats player 1's Wedge 24 (7-8-9), completed earlier.
    let mut b = Board::standard();
    b.side(1, 1, "y7 y8 y9").side(1, 0, "r8 r9").hand(0, "alexander");
    let mut pos = b.position();
    apply_all(&mut pos, &[play("alexander", 1)]);
    assert_eq!(best_strength(&side_of(&pos, 1, 0), false), strength(FormationKind::Wedge, 27));
    assert_eq!(pos.legal_actions(), vec![claim(1), Action::EndClaims]);
    // r5 b5 + Leader: a Phalanx of fives (no Wedge with two colours).
    assert_eq!(best_strength(&cards("r5 b5 darius"), false), strength(FormationKind::Phalanx, 15));
    // g1 g2 + Leader: the Leader is g3 (Wedge 6), there is no 0.
    assert_eq!(best_strength(&cards("g1 darius g2"), false), strength(FormationKind::Wedge, 6));
}

// R-MORALE-1, R-CLAIM-2: a Leader already on the opponent's side counts at its best for the opponent.
#[test]
fn r_morale_1_opponents_leader_counts_at_best() {
    let base = || {
        let mut b = Board::standard();
        b.side(1, 0, "r3 r4 r5").side(1, 1, "darius b9").leader_played(1).tactics_played(&[0, 1]);
        b
    };
    // Darius + b9 + b8 (or b10) is a Wedge above 12.
    let pos = base().position();
    assert!(!pos.can_claim(0, flag(1)));
    // With b7, b8 and b10 known, Darius + b9 reaches at best a Phalanx: below the Wedge.
    let mut b = base();
    b.discard(0, "b7 b8 b10");
    assert!(b.position().can_claim(0, flag(1)));
    // With only b8 and b10 known, Darius (as b8) + b9 + b7 is still a Wedge 24.
    let mut b = base();
    b.discard(0, "b8 b10");
    assert!(!b.position().can_claim(0, flag(1)));
}

// R-MORALE-1: a Leader in resolution: player 0's r5 b5 + Alexander (Phalanx 15) beats a Battalion Order.
#[test]
fn r_morale_1_leader_resolves_complete_flags() {
    let mut b = Board::standard();
    b.side(1, 1, "y2 y4 y9").side(1, 0, "r5 b5 alexander").leader_played(0).tactics_played(&[1, 0]);
    let pos = b.position();
    assert!(pos.can_claim(0, flag(1)));
    assert!(!pos.can_claim(1, flag(1)));
}

// R-MORALE-2: Companion Cavalry is an 8 of any colour, never another value.
#[test]
fn r_morale_2_companion_is_an_eight() {
    assert_eq!(best_strength(&cards("g6 g7 companion"), false), strength(FormationKind::Wedge, 21));
    assert_eq!(best_strength(&cards("g9 companion g10"), false), strength(FormationKind::Wedge, 27));
    // g4 g5 + Companion cannot be a Wedge (it is no 3 or 6): a green Battalion Order 4-5-8.
    assert_eq!(best_strength(&cards("g4 g5 companion"), false), strength(FormationKind::BattalionOrder, 17));
    // b8 y8 + Companion: a Phalanx of eights.
    assert_eq!(best_strength(&cards("b8 companion y8"), false), strength(FormationKind::Phalanx, 24));

    // In play: g6 g7 + Companion (Wedge 21) beats y5 y6 y7 (Wedge 18) completed earlier ...
    let mut b = Board::standard();
    b.side(1, 1, "y5 y6 y7").side(1, 0, "g6 g7").hand(0, "companion");
    let mut pos = b.position();
    apply_all(&mut pos, &[play("companion", 1), claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
    // ... but only ties y6 y7 y8 (Wedge 21) and, completing later, loses.
    let mut b = Board::standard();
    b.side(1, 1, "y6 y7 y8").side(1, 0, "g6 g7").hand(0, "companion");
    let mut pos = b.position();
    apply_all(&mut pos, &[play("companion", 1)]);
    assert_eq!(pos.phase(), Phase::Draw, "nothing claimable");
    assert!(pos.can_claim(1, flag(1)), "player 1 completed first and wins the tie");
    // g4 g5 + Companion loses to b2 b3 b4 (a Wedge beats a Battalion Order).
    let mut b = Board::standard();
    b.side(1, 1, "b2 b3 b4").side(1, 0, "g4 g5 companion").tactics_played(&[1, 0]);
    let pos = b.position();
    assert!(!pos.can_claim(0, flag(1)));
    assert!(pos.can_claim(1, flag(1)));
}

// R-MORALE-3: Shield Bearers is a 1, 2 or 3 of any colour.
#[test]
fn r_morale_3_shield_is_one_to_three() {
    assert_eq!(best_strength(&cards("r1 r2 shield"), false), strength(FormationKind::Wedge, 6));
    assert_eq!(best_strength(&cards("r4 shield r5"), false), strength(FormationKind::Wedge, 12));
    assert_eq!(best_strength(&cards("shield r2 r4"), false), strength(FormationKind::Wedge, 9));
    // r7 r8 + Shield cannot be a Wedge (no 6 or 9): a red Battalion Order with 3.
    assert_eq!(best_strength(&cards("r7 r8 shield"), false), strength(FormationKind::BattalionOrder, 18));
    // Two threes + Shield: a Phalanx of threes.
    assert_eq!(best_strength(&cards("r3 shield b3"), false), strength(FormationKind::Phalanx, 9));

    // In play: r4 r5 + Shield (Wedge 12) beats y2 y3 y4 (Wedge 9).
    let mut b = Board::standard();
    b.side(1, 1, "y2 y3 y4").side(1, 0, "r4 r5").hand(0, "shield");
    let mut pos = b.position();
    apply_all(&mut pos, &[play("shield", 1), claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
    // r7 r8 + Shield loses to b1 b2 b3 (Wedge 6): the Shield is no 6 or 9.
    let mut b = Board::standard();
    b.side(1, 1, "b1 b2 b3").side(1, 0, "r7 r8 shield").tactics_played(&[1, 0]);
    let pos = b.position();
    assert!(!pos.can_claim(0, flag(1)));
    assert!(pos.can_claim(1, flag(1)));
}

// R-MORALE-1..3: morale cards are played like troops: to the player's side of an unclaimed flag with
// room, and count as a card of that side.
#[test]
fn r_morale_2_morale_cards_played_like_troops() {
    let mut b = Board::standard();
    b.side(1, 0, "r1 r2 r3").side(2, 1, "b1").claimed(2, 1).side(3, 0, "g1 g2").hand(0, "companion shield");
    let mut pos = b.position();
    refused(&mut pos, play("companion", 1), ErrorCode::FlagFull);
    refused(&mut pos, play("shield", 2), ErrorCode::FlagClaimed);
    apply_all(&mut pos, &[play("shield", 3)]);
    assert_eq!(side_of(&pos, 3, 0), cards("g1 g2 shield"));
    assert!(pos.flag(flag(3)).is_complete(0), "the Shield completes the side");
    assert!(side_of(&pos, 3, 1).is_empty());
}

// R-VAR-2: the basic game has no tactics cards anywhere and refuses tactics actions.
#[test]
fn r_var_2_basic_game_has_no_tactics() {
    let game = Game::new(basic_options(), 5).unwrap();
    let pos = *game.position();
    assert_eq!(pos.tactics_deck_len(), 0);
    assert_cards_conserved(&pos);
    let mut b = Board::new(basic_options());
    b.hand(0, "r5");
    let mut pos = b.position();
    refused(&mut pos, play("alexander", 1), ErrorCode::TacticsDisabled);
    refused(&mut pos, env("fog", 1), ErrorCode::TacticsDisabled);
    refused(&mut pos, Action::Scout, ErrorCode::TacticsDisabled);
    apply_all(&mut pos, &[play("r5", 1)]);
    refused(&mut pos, DRAW_TACTICS, ErrorCode::TacticsDisabled);
    // A setup that smuggles in a tactics card is refused.
    let mut setup = Board::new(basic_options()).setup;
    setup.hands[0].push(card("fog"));
    assert_eq!(battleline::Position::from_setup(&setup).unwrap_err().code, ErrorCode::BadInput);
}

// R-VAR-2: random basic games never offer a tactics card or the tactics deck.
#[test]
fn r_var_2_random_basic_games_never_offer_tactics() {
    use rand::seq::IndexedRandom;
    let mut rng = battleline::rng_from_seed(21);
    for seed in 0..40 {
        let mut game = Game::new(basic_options(), seed).unwrap();
        while !game.is_match_over() {
            let legal = game.legal_actions();
            for action in &legal {
                let tactic = match action {
                    Action::Play { card, .. } | Action::Environment { card, .. } => card.as_tactic().is_some(),
                    Action::Draw { deck } | Action::ScoutDraw { deck } => *deck == battleline::DeckKind::Tactics,
                    Action::Scout | Action::Redeploy { .. } | Action::Deserter { .. } | Action::Traitor { .. } => true,
                    _ => false,
                };
                assert!(!tactic, "{action} offered in a basic game");
            }
            game.apply(legal.choose(&mut rng).unwrap()).unwrap();
            assert!(game.position().hand(0).tactics().is_empty() && game.position().hand(1).tactics().is_empty());
        }
    }
}
