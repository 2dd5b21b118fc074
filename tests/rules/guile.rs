//! Guile tactics (R-GUILE-1..5): Scout, Redeploy, Deserter, Traitor and the rule that a guile card without
//! a target cannot be played.

use crate::rules_common;

use battleline::{Action, ClaimTiming, DeckKind, ErrorCode, KnownDeckCard, Phase};
use rules_common::*;

fn known(c: &str, deck: DeckKind, depth: u8) -> KnownDeckCard {
    KnownDeckCard { card: card(c), deck, depth }
}

/// Player 0 holds Scout, r1 and r2; the troop deck starts g7 g8, the tactics deck fog mud.
fn scout_board() -> Board {
    let mut b = Board::standard();
    b.hand(0, "scout r1 r2").hand(1, "b1").deck_top("g7 g8 fog mud");
    b
}

// R-GUILE-1: Scout draws three (the player choosing each deck), returns two on top of their own decks,
// and replaces the draw.
#[test]
fn r_guile_1_scout_draws_three_returns_two() {
    let mut pos = scout_board().position();
    let (troops, tactics) = (pos.troop_deck_len(), pos.tactics_deck_len());
    apply_all(&mut pos, &[Action::Scout]);
    assert_eq!(pos.phase(), Phase::ScoutDraw { remaining: 3 });
    assert!(pos.discards(0).contains(card("scout")), "Scout lies face up beside its player's discards");
    assert_eq!(pos.tactics_played()[0], 1);
    refused(&mut pos, DRAW_TROOP, ErrorCode::WrongPhase);
    refused(&mut pos, scout_return("r1"), ErrorCode::WrongPhase);
    refused(&mut pos, play("r1", 1), ErrorCode::WrongPhase);
    assert_eq!(pos.legal_actions(), vec![SCOUT_TROOP, SCOUT_TACTICS]);

    apply_all(&mut pos, &[SCOUT_TROOP, SCOUT_TACTICS]);
    assert_eq!(pos.phase(), Phase::ScoutDraw { remaining: 1 });
    apply_all(&mut pos, &[SCOUT_TROOP]);
    assert_eq!(pos.phase(), Phase::ScoutReturn { remaining: 2 });
    assert_eq!(pos.hand(0), set("r1 r2 g7 g8 fog"));
    refused(&mut pos, scout_return("b1"), ErrorCode::CardNotInHand);
    refused(&mut pos, SCOUT_TROOP, ErrorCode::WrongPhase);
    assert_eq!(pos.legal_actions().len(), 5, "any card of the hand may go back");

    apply_all(&mut pos, &[scout_return("r2")]);
    assert_eq!(pos.phase(), Phase::ScoutReturn { remaining: 1 });
    assert_eq!(pos.troop_deck().next(), Some(card("r2")), "a troop goes on top of the troop deck");
    apply_all(&mut pos, &[scout_return("fog")]);
    assert_eq!(pos.tactics_deck().next(), Some(card("fog")), "a tactic goes on top of the tactics deck");

    assert_eq!((pos.current(), pos.phase()), (1, Phase::Play), "no draw after Scout");
    assert_eq!(pos.hand(0), set("r1 g7 g8"));
    assert_eq!((pos.troop_deck_len(), pos.tactics_deck_len()), (troops - 1, tactics));
}

// R-GUILE-1: the scouting player's view shows the returned cards until they are drawn; the opponent's
// view shows only the deck sizes (from which it sees where each card went).
#[test]
fn r_guile_1_scout_returned_cards_in_views() {
    let mut pos = scout_board().position();
    let before = pos.view(1).unwrap();
    apply_all(&mut pos, &[Action::Scout, SCOUT_TROOP, SCOUT_TROOP, SCOUT_TACTICS, scout_return("r1")]);
    apply_all(&mut pos, &[scout_return("r2")]);
    let mine = pos.view(0).unwrap();
    assert_eq!(mine.scout_returned, vec![known("r2", DeckKind::Troop, 0), known("r1", DeckKind::Troop, 1)]);
    let theirs = pos.view(1).unwrap();
    assert!(theirs.scout_returned.is_empty(), "the opponent does not see the returned cards");
    assert_eq!(theirs.troop_deck, before.troop_deck, "two troops out, two troops back");
    assert_eq!(theirs.tactics_deck, before.tactics_deck - 1);
    assert_eq!(theirs.hand_sizes[0].troops, 2);
    assert_eq!(theirs.hand_sizes[0].tactics, 1);
    let json = serde_json::to_string(&theirs).unwrap();
    for c in ["r1", "r2", "g7", "g8", "fog"] {
        // As a value, not as a field name (flags have a "fog" field).
        let as_value = json.replace(&format!("\"{c}\":"), "");
        assert!(!as_value.contains(&format!("\"{c}\"")), "{c} leaked into the opponent's view");
    }
    // Player 1 draws r2: player 0 no longer knows it in the deck; r1 is now on top.
    apply_all(&mut pos, &[play("b1", 1), DRAW_TROOP]);
    assert!(pos.hand(1).contains(card("r2")));
    assert_eq!(pos.view(0).unwrap().scout_returned, vec![known("r1", DeckKind::Troop, 0)]);
    assert_eq!(pos.scout_returned(0), set("r1"));
}

// R-GUILE-1: with fewer than three cards in the decks, Scout draws what there is.
#[test]
fn r_guile_1_scout_with_few_cards_left() {
    let mut b = Board::standard();
    b.hand(0, "scout r1").deck_top("g7 fog").troop_deck_keep(1, 1).tactics_deck_keep(1, 1);
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Scout]);
    assert_eq!(pos.phase(), Phase::ScoutDraw { remaining: 2 });
    apply_all(&mut pos, &[SCOUT_TROOP]);
    refused(&mut pos, SCOUT_TROOP, ErrorCode::DeckEmpty);
    assert_eq!(pos.legal_actions(), vec![SCOUT_TACTICS]);
    apply_all(&mut pos, &[SCOUT_TACTICS]);
    assert_eq!(pos.phase(), Phase::ScoutReturn { remaining: 2 });
    apply_all(&mut pos, &[scout_return("g7"), scout_return("r1")]);
    assert_eq!(pos.hand(0), set("fog"));
    assert_eq!(pos.troop_deck().collect::<Vec<_>>(), cards("r1 g7"));

    // One card left in all, and Scout was the whole hand: draw one, return it (all that is in hand).
    let mut b = Board::standard();
    b.hand(0, "scout").deck_top("g7").troop_deck_keep(1, 1).tactics_deck_keep(0, 1);
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Scout]);
    assert_eq!(pos.phase(), Phase::ScoutDraw { remaining: 1 });
    apply_all(&mut pos, &[SCOUT_TROOP]);
    assert_eq!(pos.phase(), Phase::ScoutReturn { remaining: 1 });
    apply_all(&mut pos, &[scout_return("g7")]);
    assert!(pos.hand(0).is_empty());
    assert_eq!(pos.current(), 1);
}

// R-GUILE-1, R-GUILE-5: Scout needs a card in some deck.
#[test]
fn r_guile_1_scout_needs_a_deck() {
    let mut b = Board::standard();
    b.hand(0, "scout r1").troop_deck_to_discard(1).tactics_deck_to_discard(1);
    let mut pos = b.position();
    let err = refused(&mut pos, Action::Scout, ErrorCode::BadTarget);
    assert!(err.message.contains("R-GUILE-5"), "{}", err.message);
}

// R-GUILE-1 under endOfTurn: Scout, then no draw, then the claim step.
#[test]
fn r_guile_1_scout_end_of_turn() {
    let mut b = Board::new(timing_options(ClaimTiming::EndOfTurn));
    b.hand(0, "scout r1").side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4 r5");
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Scout, SCOUT_TROOP, SCOUT_TROOP, SCOUT_TROOP]);
    let hand: Vec<_> = pos.hand(0).iter().take(2).collect();
    for c in hand {
        apply_all(&mut pos, &[Action::ScoutReturn { card: c }]);
    }
    assert_eq!(pos.phase(), Phase::Claim, "the draw is skipped, the claim step remains");
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.current(), 1);
}

// R-GUILE-2: Redeploy moves one of the player's own troops to their side of another unclaimed flag.
#[test]
fn r_guile_2_redeploy_moves_own_card() {
    let mut b = Board::standard();
    b.side(1, 0, "r5 r6 r7").side(1, 1, "b1 b2 b3").side(2, 0, "g1 g2").hand(0, "redeploy");
    let mut pos = b.position();
    assert!(pos.flag(flag(1)).completed[0].is_some());
    apply_all(&mut pos, &[redeploy("r6", Some(2))]);
    assert_eq!(side_of(&pos, 1, 0), cards("r5 r7"));
    assert_eq!(side_of(&pos, 2, 0), cards("g1 g2 r6"));
    assert_eq!(pos.flag(flag(1)).completed[0], None, "flag 1's side is no longer complete");
    assert!(pos.flag(flag(2)).completed[0].is_some(), "flag 2's side has just become complete");
    assert!(pos.discards(0).contains(card("redeploy")));
    assert_eq!(pos.tactics_played()[0], 1);
    assert_eq!(side_of(&pos, 1, 1), cards("b1 b2 b3"), "the opponent's side is untouched");
}

// R-GUILE-2: Redeploy may discard the card instead (face up).
#[test]
fn r_guile_2_redeploy_to_discard() {
    let mut b = Board::standard();
    b.side(1, 0, "r5 alexander").leader_played(0).tactics_played(&[1, 1]).hand(0, "redeploy");
    let mut pos = b.position();
    apply_all(&mut pos, &[redeploy("alexander", None)]);
    assert_eq!(side_of(&pos, 1, 0), cards("r5"));
    assert!(pos.discards(0).contains(card("alexander")));
    assert!(pos.view(1).unwrap().discards[0].contains(&card("alexander")));
}

// R-GUILE-2: own morale, Fog and Mud cards can be redeployed too.
#[test]
fn r_guile_2_redeploy_tactics_fog_and_mud() {
    // A morale card moves like a troop.
    let mut b = Board::standard();
    b.side(1, 0, "r5 companion").tactics_played(&[1, 1]).hand(0, "redeploy");
    let mut pos = b.position();
    apply_all(&mut pos, &[redeploy("companion", Some(3))]);
    assert_eq!(side_of(&pos, 3, 0), cards("companion"));

    // Fog moves to another flag, still player 0's.
    let mut b = Board::standard();
    b.fog(1, 0).tactics_played(&[1, 1]).hand(0, "redeploy");
    let mut pos = b.position();
    apply_all(&mut pos, &[redeploy("fog", Some(4))]);
    assert_eq!((pos.flag(flag(1)).fog, pos.flag(flag(4)).fog), (None, Some(0)));

    // Fog to the discard pile.
    let mut b = Board::standard();
    b.fog(1, 0).tactics_played(&[1, 1]).hand(0, "redeploy");
    let mut pos = b.position();
    apply_all(&mut pos, &[redeploy("fog", None)]);
    assert_eq!(pos.flag(flag(1)).fog, None);
    assert!(pos.discards(0).contains(card("fog")));

    // Mud moves: at the new flag, complete three-card sides are no longer complete.
    let mut b = Board::standard();
    b.mud(1, 0).tactics_played(&[1, 1]).hand(0, "redeploy").side(5, 0, "r1 r2 r3").side(5, 1, "b4 b5 b6");
    let mut pos = b.position();
    apply_all(&mut pos, &[redeploy("mud", Some(5))]);
    let f = pos.flag(flag(5));
    assert_eq!((f.mud, f.capacity(), f.completed[0], f.completed[1]), (Some(0), 4, None, None));
    assert_eq!(pos.flag(flag(1)).mud, None);
    // Mud may join Fog at a flag (R-ENV-2).
    let mut b = Board::standard();
    b.mud(1, 0).fog(2, 1).tactics_played(&[1, 1]).hand(0, "redeploy");
    let mut pos = b.position();
    apply_all(&mut pos, &[redeploy("mud", Some(2))]);
    assert_eq!((pos.flag(flag(2)).fog, pos.flag(flag(2)).mud), (Some(1), Some(0)));
}

// R-GUILE-2: what Redeploy refuses.
#[test]
fn r_guile_2_redeploy_refusals() {
    let mut b = Board::standard();
    b.side(1, 0, "r5").side(1, 1, "b5").fog(1, 1).side(2, 0, "r1 r2 r3").side(3, 0, "g1").claimed(3, 0);
    b.side(4, 1, "b9").claimed(4, 1).hand(0, "redeploy r9").tactics_played(&[0, 1]);
    let mut pos = b.position();
    refused(&mut pos, redeploy("b5", Some(5)), ErrorCode::BadTarget);
    refused(&mut pos, redeploy("fog", Some(5)), ErrorCode::BadTarget);
    refused(&mut pos, redeploy("r9", Some(5)), ErrorCode::BadTarget);
    refused(&mut pos, redeploy("r5", Some(1)), ErrorCode::BadTarget);
    refused(&mut pos, redeploy("r5", Some(2)), ErrorCode::FlagFull);
    refused(&mut pos, redeploy("r5", Some(4)), ErrorCode::FlagClaimed);
    refused(&mut pos, redeploy("g1", Some(5)), ErrorCode::FlagClaimed);
    refused(&mut pos, redeploy("g1", None), ErrorCode::FlagClaimed);
    let redeploys: Vec<Action> =
        pos.legal_actions().into_iter().filter(|a| matches!(a, Action::Redeploy { .. })).collect();
    // r5 to flags 5..9 or the discard pile; r1, r2, r3 to flag 1 and 5..9 or the discard pile.
    assert_eq!(redeploys.len(), 6 + 3 * 7);
    let mine = set("r5 r1 r2 r3");
    assert!(redeploys.iter().all(|a| matches!(a, Action::Redeploy { card, .. } if mine.contains(*card))));
}

// R-GUILE-3: Deserter discards one of the opponent's cards (troop, morale, Fog, Mud) to its owner's pile.
#[test]
fn r_guile_3_deserter_discards_opponents_card() {
    let mut b = Board::standard();
    b.side(1, 1, "b5 b6 darius").side(1, 0, "r1").fog(2, 1).leader_played(1).tactics_played(&[0, 2]);
    b.hand(0, "deserter");
    let mut pos = b.position();
    assert!(pos.flag(flag(1)).completed[1].is_some());
    apply_all(&mut pos, &[deserter("darius")]);
    assert_eq!(side_of(&pos, 1, 1), cards("b5 b6"));
    assert_eq!(pos.flag(flag(1)).completed[1], None);
    assert!(pos.discards(1).contains(card("darius")), "the deserted card goes to its owner's pile");
    assert!(pos.discards(0).contains(card("deserter")));
    assert!(pos.leader_played()[1], "the deserted Leader still counts as played (R-TAC-2)");

    for target in ["b5", "fog"] {
        let mut b = Board::standard();
        b.side(1, 1, "b5").fog(2, 1).tactics_played(&[0, 1]).hand(0, "deserter");
        let mut pos = b.position();
        apply_all(&mut pos, &[deserter(target)]);
        assert!(pos.discards(1).contains(card(target)), "{target}");
        assert_eq!(
            (side_of(&pos, 1, 1).is_empty(), pos.flag(flag(2)).fog.is_none()),
            (target == "b5", target == "fog")
        );
    }
}

// R-GUILE-3: Deserter takes only the opponent's cards on unclaimed flags.
#[test]
fn r_guile_3_deserter_refusals() {
    let mut b = Board::standard();
    b.side(1, 0, "r5").fog(1, 0).side(2, 1, "b5").claimed(2, 1).side(3, 1, "b7").hand(0, "deserter");
    b.hand(1, "b9").discard(1, "b1").tactics_played(&[1, 1]);
    let mut pos = b.position();
    refused(&mut pos, deserter("r5"), ErrorCode::BadTarget);
    refused(&mut pos, deserter("fog"), ErrorCode::BadTarget);
    refused(&mut pos, deserter("b9"), ErrorCode::BadTarget);
    refused(&mut pos, deserter("b1"), ErrorCode::BadTarget);
    refused(&mut pos, deserter("b5"), ErrorCode::FlagClaimed);
    let desertions: Vec<Action> =
        pos.legal_actions().into_iter().filter(|a| matches!(a, Action::Deserter { .. })).collect();
    assert_eq!(desertions, vec![deserter("b7")]);
}

// R-GUILE-4: Traitor moves one of the opponent's troops to the player's side of any unclaimed flag with room.
#[test]
fn r_guile_4_traitor_takes_troops() {
    let mut b = Board::standard();
    b.side(1, 1, "b8 b9 b10").side(1, 0, "r1").side(2, 0, "r8 r9").hand(0, "traitor");
    let mut pos = b.position();
    apply_all(&mut pos, &[traitor("b10", 2)]);
    assert_eq!(side_of(&pos, 1, 1), cards("b8 b9"));
    assert_eq!(side_of(&pos, 2, 0), cards("r8 r9 b10"));
    assert_eq!(pos.flag(flag(1)).completed[1], None);
    assert!(pos.flag(flag(2)).completed[0].is_some());
    assert!(pos.discards(0).contains(card("traitor")));

    // The same flag's own side is "any unclaimed flag with room" too.
    let mut b = Board::standard();
    b.side(1, 1, "b8 b9 b10").side(1, 0, "r1").hand(0, "traitor");
    let mut pos = b.position();
    apply_all(&mut pos, &[traitor("b9", 1)]);
    assert_eq!((side_of(&pos, 1, 0), side_of(&pos, 1, 1)), (cards("r1 b9"), cards("b8 b10")));
}

// R-GUILE-4: never a tactics card, never the player's own card, never from or to a claimed flag, only to room.
#[test]
fn r_guile_4_traitor_never_takes_tactics() {
    let mut b = Board::standard();
    b.side(1, 1, "alexander companion shield").fog(1, 1).mud(2, 1).side(2, 1, "b2").side(3, 0, "r1 r2 r3");
    b.side(4, 1, "b4").claimed(4, 1).side(5, 0, "r5").leader_played(1).tactics_played(&[0, 5]);
    b.hand(0, "traitor");
    let mut pos = b.position();
    for tactic in ["alexander", "companion", "shield", "fog", "mud"] {
        let err = refused(&mut pos, traitor(tactic, 6), ErrorCode::BadTarget);
        assert!(err.message.contains("R-GUILE-4"), "{}", err.message);
    }
    refused(&mut pos, traitor("r5", 6), ErrorCode::BadTarget);
    refused(&mut pos, traitor("b4", 6), ErrorCode::FlagClaimed);
    refused(&mut pos, traitor("b2", 4), ErrorCode::FlagClaimed);
    refused(&mut pos, traitor("b2", 3), ErrorCode::FlagFull);
    let treasons: Vec<Action> =
        pos.legal_actions().into_iter().filter(|a| matches!(a, Action::Traitor { .. })).collect();
    // Only b2, to flags 1, 2, 5, 6, 7, 8, 9 (3 is full, 4 claimed).
    assert_eq!(treasons.len(), 7);
    assert!(treasons.iter().all(|a| matches!(a, Action::Traitor { card, .. } if card.to_string() == "b2")));
}

// R-GUILE-5: a guile card without a legal target is not offered and is refused.
#[test]
fn r_guile_5_no_target_no_play() {
    // No cards on the board at all: Redeploy, Deserter and Traitor have nothing to act on.
    let mut b = Board::standard();
    b.hand(0, "redeploy deserter traitor");
    let mut pos = b.position();
    assert_eq!(pos.legal_actions(), vec![Action::Pass], "only the pass is left");
    refused(&mut pos, redeploy("r1", None), ErrorCode::BadTarget);
    refused(&mut pos, deserter("r1"), ErrorCode::BadTarget);
    refused(&mut pos, traitor("r1", 1), ErrorCode::BadTarget);

    // Only the opponent's morale cards and Fog: no traitor target; only own cards on claimed flags: no redeploy.
    let mut b = Board::standard();
    b.side(1, 1, "alexander").fog(2, 1).side(3, 0, "r3").side(3, 1, "b3").claimed(3, 0);
    b.leader_played(1).tactics_played(&[2, 2]).hand(0, "redeploy traitor");
    let mut pos = b.position();
    refused(&mut pos, traitor("alexander", 5), ErrorCode::BadTarget);
    refused(&mut pos, redeploy("r3", Some(5)), ErrorCode::FlagClaimed);
    refused(&mut pos, traitor("b3", 5), ErrorCode::FlagClaimed);
    assert_eq!(pos.legal_actions(), vec![Action::Pass]);

    // A troop to take but no room for it anywhere: Traitor cannot be played.
    let mut b = Board::standard();
    b.side(1, 1, "b5");
    for (f, side) in [(1, "r1 o2 y4"), (2, "r2 o3 y5"), (3, "r3 o4 y6"), (4, "r4 o5 y7"), (5, "r6 o7 y9")] {
        b.side(f, 0, side);
    }
    b.claimed(6, 1).claimed(7, 0).claimed(8, 1).claimed(9, 0).hand(0, "traitor");
    let mut pos = b.position();
    refused(&mut pos, traitor("b5", 2), ErrorCode::FlagFull);
    refused(&mut pos, traitor("b5", 6), ErrorCode::FlagClaimed);
    assert!(!pos.legal_actions().iter().any(|a| matches!(a, Action::Traitor { .. })));
}
