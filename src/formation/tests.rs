//! Tests of `formation.rs`, in a file of their own so that the module itself stays short.

use super::*;
use FormationKind::*;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

fn strength(text: &str) -> Strength {
    best_strength(&cards(text), false)
}

fn s(kind: FormationKind, sum: u8) -> Strength {
    Strength { kind, sum }
}

// R-FORM-2: the five kinds, strongest first.
#[test]
fn r_form_2_kinds_strongest_first() {
    assert_eq!(strength("r5 r6 r7"), s(Wedge, 18));
    assert_eq!(strength("r5 b5 g5"), s(Phalanx, 15));
    assert_eq!(strength("b2 b7 b4"), s(BattalionOrder, 13));
    assert_eq!(strength("y4 r6 g5"), s(SkirmishLine, 15));
    assert_eq!(strength("y4 r6 g9"), s(Host, 19));
    assert!(s(Wedge, 6) > s(Phalanx, 30));
    assert!(s(Phalanx, 3) > s(BattalionOrder, 27));
    assert!(s(BattalionOrder, 6) > s(SkirmishLine, 27));
    assert!(s(SkirmishLine, 6) > s(Host, 27));
    assert_eq!(Wedge.name(), "Wedge");
    assert_eq!(SkirmishLine.name(), "Skirmish Line");
    assert_eq!(Host.name(), "Host");
}

// R-FORM-1: the order of play does not matter.
#[test]
fn r_form_1_order_does_not_matter() {
    assert_eq!(strength("r7 r5 r6"), strength("r5 r6 r7"));
    assert_eq!(strength("g5 r6 y4"), s(SkirmishLine, 15));
}

// R-FORM-3: equal kinds are compared by sum.
#[test]
fn r_form_3_equal_kinds_compare_sums() {
    assert_eq!(strength("r4 r6 r3"), s(BattalionOrder, 13));
    assert_eq!(strength("b7 b1 b3"), s(BattalionOrder, 11));
    assert!(strength("r4 r6 r3") > strength("b7 b1 b3"));
    // A consecutive run with a repeated value is not a Skirmish Line.
    assert_eq!(strength("r4 b4 g5"), s(Host, 13));
}

// R-FORM-5: with Mud, the same kinds on four cards.
#[test]
fn r_form_5_mud_four_card_kinds() {
    assert_eq!(strength("r5 r6 r7 r8"), s(Wedge, 26));
    assert_eq!(strength("r5 b5 g5 p5"), s(Phalanx, 20));
    assert_eq!(strength("b2 b7 b4 b9"), s(BattalionOrder, 22));
    assert_eq!(strength("y4 r6 g5 b7"), s(SkirmishLine, 22));
    assert_eq!(strength("y4 r6 g5 b5"), s(Host, 20));
    assert_eq!(strength("r5 r6 r7 b8"), s(SkirmishLine, 26));
    assert_eq!(strength("r10 r9 alexander companion"), s(Wedge, 34));
}

// R-ENV-1: under Fog only the sum counts.
#[test]
fn r_env_1_fog_sum_only() {
    let fog = |text: &str| best_strength(&cards(text), true);
    assert_eq!(fog("r5 r6 r7"), s(Host, 18));
    assert_eq!(fog("y4 r6 g9"), s(Host, 19));
    assert!(fog("y4 r6 g9") > fog("r5 r6 r7"));
    assert_eq!(fog("alexander companion shield"), s(Host, 21));
}

// R-MORALE-1: a Leader is any colour and any value.
#[test]
fn r_morale_1_leader_any_colour_any_value() {
    assert_eq!(strength("alexander r9 r8"), s(Wedge, 27));
    assert_eq!(strength("r1 darius r2"), s(Wedge, 6));
    assert_eq!(strength("r1 darius r3"), s(Wedge, 6));
    assert_eq!(strength("r5 b5 alexander"), s(Phalanx, 15));
    assert_eq!(strength("r2 r9 alexander"), s(BattalionOrder, 21));
    assert_eq!(strength("r2 b3 alexander"), s(SkirmishLine, 9));
    assert_eq!(strength("r2 b9 alexander"), s(Host, 21));
    assert_eq!(strength("alexander"), s(Wedge, 10));
}

// R-MORALE-2: Companion Cavalry is an 8 of any colour.
#[test]
fn r_morale_2_companion_is_eight() {
    assert_eq!(strength("r9 r10 companion"), s(Wedge, 27));
    assert_eq!(strength("r6 r7 companion"), s(Wedge, 21));
    assert_eq!(strength("b8 g8 companion"), s(Phalanx, 24));
    assert_eq!(strength("r1 r2 companion"), s(BattalionOrder, 11));
    assert_eq!(strength("r9 b7 companion"), s(SkirmishLine, 24));
    assert_eq!(strength("r6 b7 companion alexander"), s(SkirmishLine, 30));
    assert_eq!(strength("alexander companion"), s(Wedge, 17));
}

// R-MORALE-3: Shield Bearers are a 1, 2 or 3 of any colour.
#[test]
fn r_morale_3_shield_one_to_three() {
    assert_eq!(strength("g4 g5 shield"), s(Wedge, 12));
    assert_eq!(strength("g1 g2 shield"), s(Wedge, 6));
    assert_eq!(strength("r3 b3 shield"), s(Phalanx, 9));
    assert_eq!(strength("r4 b4 shield"), s(Host, 11));
    assert_eq!(strength("g9 g5 shield"), s(BattalionOrder, 17));
    assert_eq!(strength("shield alexander companion"), s(BattalionOrder, 21));
    assert_eq!(strength("shield alexander r4"), s(Wedge, 12));
    assert_eq!(strength("shield darius b5 b6"), s(Wedge, 18));
}

#[test]
fn completion_from_a_pool_reaches_the_best_kind() {
    let shape = Shape::of(cards("b8").into_iter());
    let pool = Pool::new(cards("b7 b9 r8 g8").into_iter().collect());
    let done = best_completion(&shape, 2, &pool, false, Host).unwrap();
    assert_eq!(done.strength, s(Wedge, 24));
    assert_eq!(done.added(), cards("b9 b7"));
    let pool = Pool::new(cards("b7 r8 g8").into_iter().collect());
    let done = best_completion(&shape, 2, &pool, false, Host).unwrap();
    assert_eq!(done.strength, s(Phalanx, 24));
    assert_eq!(best_completion(&shape, 2, &pool, false, Wedge), None);
    assert_eq!(best_completion(&shape, 4, &pool, false, Host), None);
}
