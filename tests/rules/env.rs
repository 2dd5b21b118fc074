//! Environment tactics (R-ENV-1..3): Fog, Mud, and what happens when Mud leaves a flag.

use crate::rules_common;

use battleline::{prove, ErrorCode, Phase};
use rules_common::*;

// R-ENV-1: Fog is placed beside an unclaimed flag, owned by the player who placed it, face up.
#[test]
fn r_env_1_fog_is_placed_beside_a_flag() {
    let mut b = Board::standard();
    b.side(2, 1, "b1").claimed(2, 1).hand(0, "fog");
    let mut pos = b.position();
    refused(&mut pos, env("fog", 2), ErrorCode::FlagClaimed);
    apply_all(&mut pos, &[env("fog", 1)]);
    assert_eq!(pos.flag(flag(1)).fog, Some(0));
    assert_eq!(pos.tactics_played()[0], 1);
    assert!(pos.face_up().contains(card("fog")));
    assert_eq!(pos.view(1).unwrap().flags[0].fog, Some(0));
}

// R-ENV-1: under Fog only the sum counts: a Host of 22 beats a Wedge of 6.
#[test]
fn r_env_1_fog_decides_by_sum_alone() {
    let mut b = Board::standard();
    b.side(1, 0, "r1 r2 r3").side(1, 1, "b10 g10 y2").hand(1, "fog").turn(1, Phase::Play);
    let mut pos = b.position();
    assert!(pos.can_claim(0, flag(1)), "without Fog the Wedge wins");
    assert!(!pos.can_claim(1, flag(1)));
    apply_all(&mut pos, &[env("fog", 1)]);
    assert_eq!(pos.phase(), Phase::Claim, "player 1's Fog makes flag 1 theirs to claim");
    assert!(!pos.can_claim(0, flag(1)));
    let proof = prove(pos.flag(flag(1)), 2, 1, pos.unseen_troops());
    assert!(proof.claimable && proof.reason.contains("sum"), "{}", proof.reason);
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(1));
}

// R-ENV-1, R-FORM-4: equal sums under Fog: the side completed first wins, whatever the kinds.
#[test]
fn r_env_1_fog_equal_sums_first_completed_wins() {
    let mut b = Board::standard();
    b.fog(1, 1).tactics_played(&[0, 1]).side(1, 1, "b5 g6 y7").side(1, 0, "r5 r6 r7");
    let pos = b.position();
    assert!(!pos.can_claim(0, flag(1)), "a Wedge is only a sum of 18 under Fog, completed later");
    assert!(pos.can_claim(1, flag(1)));
}

// R-ENV-1: claim proofs under Fog look at the sums the opponent can still reach.
#[test]
fn r_env_1_fog_claim_proof_by_sums() {
    let mut b = Board::standard();
    b.fog(1, 1).tactics_played(&[0, 1]).side(1, 0, "r8 r9 r10").side(1, 1, "b10 g10");
    assert!(!b.position().can_claim(0, flag(1)), "b10 g10 + any 8 or more beats 27");
    let mut b = Board::standard();
    b.fog(1, 1).tactics_played(&[0, 1]).side(1, 0, "r8 r9 r10").side(1, 1, "b1 g10");
    b.discard(0, "y10 o10 p10").discard(1, "b9 g9 y9 o9 p9");
    assert!(b.position().can_claim(0, flag(1)), "b1 g10 + at most 8 = 19");
}

// R-ENV-2: Mud makes each side need four cards; three no longer complete a side.
#[test]
fn r_env_2_mud_needs_four_cards() {
    let mut b = Board::standard();
    b.side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4 r5").hand(1, "mud p7").turn(1, Phase::Play);
    let mut pos = b.position();
    assert!(pos.can_claim(0, flag(1)));
    apply_all(&mut pos, &[env("mud", 1)]);
    let f = pos.flag(flag(1));
    assert_eq!((f.mud, f.capacity(), f.completed[0], f.completed[1]), (Some(1), 4, None, None));
    assert!(!pos.can_claim(0, flag(1)), "a three-card side is not complete under Mud");
    // In a claim step, the claim is refused as incomplete.
    let mut b = Board::standard();
    b.mud(1, 1).tactics_played(&[0, 1]).side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4 r5").turn(0, Phase::Claim);
    let mut pos = b.position();
    let err = refused(&mut pos, claim(1), ErrorCode::SideIncomplete);
    assert!(err.message.contains("3 of 4"), "{}", err.message);
}

// R-ENV-2, R-FORM-5: four-card formations, same kinds.
#[test]
fn r_env_2_four_card_formations() {
    // (player 0's side, player 1's complete side completed first, player 0 wins?)
    let cases = [
        ("r3 r4 r5 r6", "b5 g5 y5 o5", true),   // Wedge beats Phalanx
        ("b6 g6 y6 o6", "r1 r3 r5 r10", true),  // Phalanx beats Battalion Order
        ("r1 r3 r5 r7", "b2 g3 y4 o5", true),   // Battalion Order beats Skirmish Line
        ("b2 g3 y4 o5", "r10 g10 b9 y1", true), // Skirmish Line beats Host
        ("r1 r2 r4 r5", "b1 b2 b3 b4", false),  // a red Battalion Order loses to a blue Wedge
        ("r1 r2 r3 r4", "b1 b2 b3 b4", false),  // equal Wedges: player 1 completed first
    ];
    for (mine, theirs, wins) in cases {
        let mut b = Board::standard();
        b.mud(1, 1).tactics_played(&[0, 1]).side(1, 1, theirs).side(1, 0, mine);
        let pos = b.position();
        assert_eq!(pos.can_claim(0, flag(1)), wins, "{mine} against {theirs}");
        assert_eq!(pos.can_claim(1, flag(1)), !wins, "{theirs} against {mine}");
    }
    // An incomplete opponent under Mud needs two more cards.
    let mut b = Board::standard();
    b.mud(1, 1).tactics_played(&[0, 1]).side(1, 0, "r3 r4 r5 r6").side(1, 1, "b7 b8");
    assert!(!b.position().can_claim(0, flag(1)), "b7 b8 b9 b10");
    let mut b = Board::standard();
    b.mud(1, 1).tactics_played(&[0, 1]).side(1, 0, "r3 r4 r5 r6").side(1, 1, "b1 b2");
    assert!(b.position().can_claim(0, flag(1)), "b1 b2 reach at best Wedge 1-2-3-4 (10)");
}

// R-ENV-2: Fog and Mud together: four cards, sum only.
#[test]
fn r_env_2_fog_and_mud_together() {
    let mut b = Board::standard();
    b.fog(1, 0).tactics_played(&[1, 0]).side(1, 1, "b9 g2 y3").side(1, 0, "r1 r2 r3").hand(1, "mud");
    b.turn(1, Phase::Play);
    let mut pos = b.position();
    apply_all(&mut pos, &[env("mud", 1)]);
    let f = pos.flag(flag(1));
    assert_eq!((f.fog, f.mud), (Some(0), Some(1)));
    // Player 0 completes a Wedge 1-2-3-4, but under Fog it is only a sum of 10 against 15.
    let mut b = Board::standard();
    b.fog(1, 0).mud(1, 1).tactics_played(&[1, 1]).side(1, 1, "b9 g2 y3 o1").side(1, 0, "r1 r2 r3 r4");
    let pos = b.position();
    assert!(!pos.can_claim(0, flag(1)));
    assert!(pos.can_claim(1, flag(1)));
}

/// Player 1's Mud at flag 1, both sides given in play order; player 0 holds a Deserter, player 1 a Redeploy;
/// both have played one tactics card, so either may play one.
fn mud_flag(mine: &str, theirs: &str) -> Board {
    let mut b = Board::standard();
    b.mud(1, 1).side(1, 0, mine).side(1, 1, theirs).tactics_played(&[1, 1]).hand(0, "deserter").hand(1, "redeploy");
    b
}

// R-ENV-3: when Mud leaves, a four-card side discards the card whose removal leaves the strongest
// three-card formation; the discard is face up in the side owner's pile; three-card sides keep theirs.
#[test]
fn r_env_3_mud_leaving_discards_the_weakest_card() {
    let mut pos = mud_flag("r1 r7 r8 r9", "b5 g5 y5 b6").position();
    apply_all(&mut pos, &[deserter("mud")]);
    assert_eq!(pos.flag(flag(1)).mud, None);
    assert_eq!(side_of(&pos, 1, 0), cards("r7 r8 r9"), "r1 goes: Wedge 7-8-9 remains");
    assert_eq!(side_of(&pos, 1, 1), cards("b5 g5 y5"), "b6 goes: a Phalanx of fives remains");
    assert!(pos.discards(0).contains(card("r1")));
    assert!(pos.discards(1).contains(card("b6")), "player 1's card goes to player 1's pile");
    assert!(pos.discards(1).contains(card("mud")), "the Mud goes to its owner's pile");
    for viewer in 0..2 {
        let view = pos.view(viewer).unwrap();
        assert!(view.discards[0].contains(&card("r1")) && view.discards[1].contains(&card("b6")));
    }
    // A three-card side keeps its cards.
    let mut pos = mud_flag("r1 r7 r8 r9", "b5 g5").position();
    apply_all(&mut pos, &[deserter("mud")]);
    assert_eq!(side_of(&pos, 1, 1), cards("b5 g5"));
}

// R-ENV-3: among equally good removals, the most recently played card is discarded.
#[test]
fn r_env_3_ties_discard_the_most_recent() {
    for (order, dropped) in [("o5 r5 b5 y5", "y5"), ("y5 r5 b5 o5", "o5"), ("r5 o5 y5 b5", "b5")] {
        let mut pos = mud_flag(order, "b1").position();
        apply_all(&mut pos, &[deserter("mud")]);
        assert!(pos.discards(0).contains(card(dropped)), "{order}: {dropped} goes");
        assert_eq!(side_of(&pos, 1, 0).len(), 3);
    }
}

// R-ENV-3: under Fog the strongest three cards are the highest sum; wild cards count at their best.
#[test]
fn r_env_3_fog_and_wild_cards() {
    let mut b = mud_flag("r1 r2 r3 y10", "b1");
    b.fog(1, 1).tactics_played(&[1, 2]);
    let mut pos = b.position();
    apply_all(&mut pos, &[deserter("mud")]);
    assert_eq!(side_of(&pos, 1, 0), cards("r2 r3 y10"), "under Fog r1 goes (sum 15)");
    let mut pos = mud_flag("r1 r2 r3 y10", "b1").position();
    apply_all(&mut pos, &[deserter("mud")]);
    assert_eq!(side_of(&pos, 1, 0), cards("r1 r2 r3"), "without Fog y10 goes (Wedge 6)");
    // r8 Shield r9 Alexander: dropping the Shield leaves r8 r9 + Leader = Wedge 27.
    let mut b = mud_flag("r8 shield r9 alexander", "b1");
    b.leader_played(0).tactics_played(&[3, 3]);
    let mut pos = b.position();
    apply_all(&mut pos, &[deserter("mud")]);
    assert_eq!(side_of(&pos, 1, 0), cards("r8 r9 alexander"));
    assert!(pos.discards(0).contains(card("shield")));
}

// R-ENV-3 with Redeploy: the Mud's owner moves it away (to another flag or the discard pile).
#[test]
fn r_env_3_redeploy_mud_away() {
    let mut b = mud_flag("r1 r7 r8 r9", "b5 g5 y5 b6");
    b.turn(1, Phase::Play);
    let mut pos = b.position();
    apply_all(&mut pos, &[redeploy("mud", Some(4))]);
    assert_eq!((pos.flag(flag(1)).mud, pos.flag(flag(4)).mud), (None, Some(1)));
    assert_eq!(side_of(&pos, 1, 0), cards("r7 r8 r9"));
    assert_eq!(side_of(&pos, 1, 1), cards("b5 g5 y5"));
    assert!(pos.discards(0).contains(card("r1")) && pos.discards(1).contains(card("b6")));
    assert_cards_conserved(&pos);
}

// R-FORM-4, R-ENV-3: a side's completion time is when the last card of its formation arrived; Mud
// coming and going does not change it. Equal Wedges 2-3-4, one side completed before the other, then Mud
// makes both incomplete; when Mud leaves, whoever removes it, the side completed first still wins.
#[test]
fn r_form_4_completion_time_kept_through_mud_coming_and_going() {
    for (first, remover) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let later = 1 - first;
        let mut b = Board::standard();
        let cards_of = |p: usize| if p == 0 { "r2 r3 r4" } else { "b2 b3 b4" };
        b.side(1, first, cards_of(first)).side(1, later, cards_of(later));
        b.mud(1, 1).tactics_played(&[1, 1]).hand(0, "deserter").hand(1, "redeploy");
        b.turn(remover, Phase::Play);
        let mut pos = b.position();
        assert_eq!(pos.flag(flag(1)).completed, [None, None, None], "Mud: both sides need a fourth card");
        let action = if remover == 0 { deserter("mud") } else { redeploy("mud", None) };
        apply_all(&mut pos, &[action]);
        let f = pos.flag(flag(1));
        let (first_time, later_time) = (f.completed[first].unwrap(), f.completed[later].unwrap());
        assert!(first_time < later_time, "player {first} completed first ({first_time} < {later_time})");
        assert!(pos.can_claim(first, flag(1)), "player {remover} removed the Mud; player {first} still wins the tie");
        assert!(!pos.can_claim(later, flag(1)));
    }
}

// R-FORM-4, R-ENV-3: a four-card side that drops back to three when Mud leaves takes the time of the
// latest of its three remaining cards, not the moment its fourth card arrived.
#[test]
fn r_form_4_side_dropping_to_three_takes_its_latest_remaining_card() {
    // Player 1's b2 b3 b4 arrived before player 0's r2 r3 r4; player 0 then completed four cards with y1.
    let mut b = Board::standard();
    b.mud(1, 0).side(1, 1, "b2 b3 b4").side(1, 0, "r2 r3 r4 y1").tactics_played(&[1, 0]).hand(1, "deserter");
    b.turn(1, Phase::Play);
    let mut pos = b.position();
    let arrived_y1 = pos.flag(flag(1)).completed[0].unwrap();
    apply_all(&mut pos, &[deserter("mud")]);
    let f = pos.flag(flag(1));
    assert_eq!(side_of(&pos, 1, 0), cards("r2 r3 r4"), "y1 is discarded (R-ENV-3)");
    let arrived_r4 = f.sides[0].arrivals().last().unwrap();
    assert_eq!(f.completed[0], Some(arrived_r4), "player 0's time is r4's arrival now");
    assert!(arrived_r4 < arrived_y1);
    assert!(f.completed[1].unwrap() < f.completed[0].unwrap(), "b4 arrived before r4");
    assert!(pos.can_claim(1, flag(1)), "equal Wedges: player 1 completed first");
    assert!(!pos.can_claim(0, flag(1)));
}

// R-ENV-3, R-FORM-4: a four-card side whose fourth card is not the one discarded keeps its time.
#[test]
fn r_env_3_four_card_side_keeps_its_time() {
    // Player 0 completed r1 r2 r3 r4 under Mud after player 1's b2 b3 b4; r1 is discarded, r4 stays latest.
    let mut b = Board::standard();
    b.mud(1, 0).side(1, 1, "b2 b3 b4").side(1, 0, "r1 r2 r3 r4").tactics_played(&[1, 0]).hand(1, "deserter");
    b.turn(1, Phase::Play);
    let mut pos = b.position();
    let before = pos.flag(flag(1)).completed[0];
    apply_all(&mut pos, &[deserter("mud")]);
    let f = pos.flag(flag(1));
    assert_eq!(side_of(&pos, 1, 0), cards("r2 r3 r4"));
    assert_eq!(f.completed[0], before, "r4, the latest card, stays: player 0's time is unchanged");
    assert!(f.completed[1].unwrap() < f.completed[0].unwrap());
    // Red 2-3-4 against blue 2-3-4: equal Wedges, and player 1 completed first.
    assert!(pos.can_claim(1, flag(1)));
    assert!(!pos.can_claim(0, flag(1)));
}
