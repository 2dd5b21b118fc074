//! The claim examples of RULES.md (R-CLAIM) and the rules a claim proof rests on (R-FORM-4, R-MORALE,
//! R-ENV, R-3P), through the hypothetical-flag entry point `FlagSetup` and the engine functions.

use battleline::{
    is_claimable, prove, Card, CardSet, ErrorCode, Flag, FlagSetup, FormationKind, Proof, SideCards, Strength, Tactic,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Counts heap allocations per thread, to check that `is_claimable` makes none.
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; only a counter is added.
unsafe impl std::alloc::GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, which `System` shares.
        unsafe { std::alloc::System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: `ptr` was allocated by `System` with this layout (see `alloc`).
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

fn strength(kind: FormationKind, sum: u8) -> Option<Strength> {
    Some(Strength { kind, sum })
}

/// A hypothetical flag in which every troop not on it and not named `elsewhere` (other flags,
/// discards) is unseen (R-CLAIM-2).
fn setup(sides: &[&str], elsewhere: &str) -> FlagSetup {
    let sides: Vec<Vec<Card>> = sides.iter().map(|s| cards(s)).collect();
    let known = CardSet::from_cards(sides.iter().flatten().copied().chain(cards(elsewhere)));
    FlagSetup {
        sides,
        fog: false,
        mud: false,
        claimant: 0,
        first_complete: None,
        completion_order: None,
        unseen: CardSet::ALL_TROOPS.difference(known).iter().collect(),
    }
}

/// Proves the setup and checks that the engine's fast path agrees.
fn check(setup: &FlagSetup) -> Proof {
    let proof = setup.prove().expect("a valid setup");
    let mut flag = Flag::default();
    for (p, side) in setup.sides.iter().enumerate() {
        flag.sides[p] = SideCards::from_cards(side).unwrap();
    }
    let capacity = if setup.mud { 4 } else { 3 };
    // Without an order, the claimant completed last (the conservative reading).
    let mut seq = 0;
    for p in (0..setup.sides.len()).filter(|&p| p != setup.claimant).chain([setup.claimant]) {
        if setup.sides[p].len() == capacity {
            flag.completed[p] = Some(seq);
            seq += 1;
        }
    }
    flag.fog = setup.fog.then_some(0);
    flag.mud = setup.mud.then_some(0);
    if setup.first_complete.is_none() && setup.completion_order.is_none() {
        let unseen = CardSet::from_cards(setup.unseen.iter().copied());
        assert_eq!(is_claimable(&flag, setup.sides.len(), setup.claimant, unseen), proof.claimable);
        assert_eq!(prove(&flag, setup.sides.len(), setup.claimant, unseen), proof);
    }
    proof
}

// R-CLAIM-1 example 1: A holds red 3-4-5; B holds red 6, green 6 → A may claim (B reaches at most Phalanx).
#[test]
fn r_claim_1_example_1_opponent_reaches_at_most_phalanx() {
    let proof = check(&setup(&["r3 r4 r5", "r6 g6"], ""));
    assert!(proof.claimable, "{}", proof.reason);
    assert_eq!(proof.claimant_strength, strength(FormationKind::Wedge, 12));
    let best = &proof.opponents[0];
    assert_eq!(best.strength, strength(FormationKind::Phalanx, 18));
    assert!(!best.beats_claimant && !best.complete);
    assert_eq!(best.added.len(), 1);
    assert_eq!(best.added[0].troop().unwrap().1, 6);
    assert!(proof
        .reason
        .starts_with("no opponent can beat your Wedge (sum 12): player 1 can at best complete r6 g6 with "));
    assert!(proof.reason.ends_with(" into a Phalanx (sum 18)"), "{}", proof.reason);
}

// R-CLAIM-1 example 2: A holds red 3-4-5; B holds blue 8; blue 7 and blue 10 lie on other flags → A may claim.
#[test]
fn r_claim_1_example_2_no_blue_wedge_through_eight_remains() {
    let proof = check(&setup(&["r3 r4 r5", "b8"], "b7 b10"));
    assert!(proof.claimable, "{}", proof.reason);
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Phalanx, 24));
}

// R-CLAIM-1 example 3: as example 2 but blue 7 and blue 9 are unseen → A may not claim.
#[test]
fn r_claim_1_example_3_blue_seven_and_nine_unseen() {
    let proof = check(&setup(&["r3 r4 r5", "b8"], "b10"));
    assert!(!proof.claimable);
    let best = &proof.opponents[0];
    assert!(best.beats_claimant);
    assert_eq!(best.added, cards("b9 b7"));
    assert_eq!(best.cards, cards("b8 b9 b7"));
    assert_eq!(best.strength, strength(FormationKind::Wedge, 24));
    assert_eq!(
        proof.reason,
        "player 1 can still complete b8 with b9 b7 into a Wedge (sum 24), which beats your Wedge (sum 12)"
    );
}

// R-CLAIM-1: a complete opponent that loses by R-FORM-3 lets the claim succeed; one that wins refuses it.
#[test]
fn r_claim_1_complete_opponent_compared_directly() {
    let proof = check(&setup(&["r3 r4 r5", "b2 b7 b4"], ""));
    assert!(proof.claimable);
    assert!(proof.opponents[0].complete && proof.opponents[0].added.is_empty());
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::BattalionOrder, 13));
    let proof = check(&setup(&["b2 b7 b4", "r3 r4 r5"], ""));
    assert!(!proof.claimable);
    assert_eq!(
        proof.reason,
        "player 1's complete side r3 r4 r5 is a Wedge (sum 12), which beats your Battalion Order (sum 13)"
    );
}

// R-CLAIM-1: an incomplete claimant side can never claim.
#[test]
fn r_claim_1_claimant_side_must_be_complete() {
    let proof = check(&setup(&["r9 r10", "b1"], ""));
    assert!(!proof.claimable && proof.claimant_strength.is_none() && proof.opponents.is_empty());
    assert_eq!(proof.reason, "your side is not complete: it holds 2 of the 3 cards it needs");
}

// R-CLAIM-2: what is face up elsewhere is known; cards in hands or the deck may still come.
#[test]
fn r_claim_2_only_face_up_cards_are_known() {
    // Green 9 is in a hand (unseen): player 1 can make green 8-9-10.
    assert!(!check(&setup(&["y5 y6 y7", "g10 g8"], "")).claimable);
    // Green 9 lies in a discard pile: no green Wedge; the best is a Battalion Order.
    let proof = check(&setup(&["y5 y6 y7", "g10 g8"], "g9"));
    assert!(proof.claimable);
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::BattalionOrder, 25));
    // Tactics cards not yet played are not considered, even when passed as unseen.
    let mut flag = Flag::default();
    flag.sides[0] = SideCards::from_cards(&cards("y5 y6 y7")).unwrap();
    flag.sides[1] = SideCards::from_cards(&cards("g10 g8")).unwrap();
    flag.completed[0] = Some(0);
    let unseen = CardSet::from_cards(cards("r1 alexander darius companion"));
    assert!(is_claimable(&flag, 2, 0, unseen));
    assert!(prove(&flag, 2, 0, unseen).claimable);
}

// R-CLAIM-2: morale tactics already on the opponent's side take their best value for the opponent.
#[test]
fn r_claim_2_opponent_wilds_take_best_values() {
    // Alexander and blue 9: with blue 10 unseen, Alexander becomes blue 8 → Wedge 27.
    let proof = check(&setup(&["r8 r9 r7", "alexander b9"], ""));
    assert!(!proof.claimable);
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Wedge, 27));
    assert_eq!(proof.opponents[0].added.len(), 1);
    // Shield Bearers and Companion Cavalry: at best an 8 and a 3 — with red 7..9 gone, at most a Host/Skirmish.
    let proof = check(&setup(&["r8 r9 r7", "shield companion"], ""));
    assert!(proof.claimable, "{}", proof.reason);
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::BattalionOrder, 21));
}

// R-CLAIM-3: if the opponent can at best tie in kind and sum, it would complete later and lose.
#[test]
fn r_claim_3_tie_goes_to_first_completer() {
    // Blue 3-4 can only become blue 3-4-5 (Wedge 12), a tie with red 3-4-5.
    let proof = check(&setup(&["r3 r4 r5", "b3 b4"], "b2 b6 g6"));
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Wedge, 12));
    assert!(proof.claimable, "{}", proof.reason);
    assert!(proof.reason.ends_with("into a Wedge (sum 12), only a tie, and would complete later"), "{}", proof.reason);
}

// R-CLAIM-1 example 4: a complete side whose opponent can at best tie → the claim succeeds.
#[test]
fn r_claim_1_example_4_best_tie_claim_succeeds() {
    // Red 8-9 and a Leader (red 10) make Wedge 27; blue 9 can reach blue 8-9-10 = 27 at best.
    let proof = check(&setup(&["r8 alexander r9", "b9"], ""));
    assert_eq!(proof.claimant_strength, strength(FormationKind::Wedge, 27));
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Wedge, 27));
    assert!(proof.claimable, "{}", proof.reason);
}

// R-CLAIM-4: a claimed flag is frozen and cannot be claimed again.
#[test]
fn r_claim_4_claimed_flag_is_not_claimable() {
    let mut flag = Flag::default();
    flag.sides[0] = SideCards::from_cards(&cards("r8 r9 r10")).unwrap();
    flag.completed[0] = Some(0);
    flag.claimed = Some(1);
    assert!(!is_claimable(&flag, 2, 0, CardSet::EMPTY));
    let proof = prove(&flag, 2, 0, CardSet::EMPTY);
    assert!(!proof.claimable);
    assert_eq!(proof.reason, "the flag is already claimed by player 1");
}

// R-CLAIM-5: a refused claim names one concrete set of cards and the formation it makes; an accepted one
// names the opponent's best reachable formation.
#[test]
fn r_claim_5_refused_claim_explains_with_counterexample() {
    let setup = setup(&["g1 g2 g3", ""], "");
    let proof = check(&setup);
    assert!(!proof.claimable);
    let best = &proof.opponents[0];
    assert_eq!(best.strength, strength(FormationKind::Wedge, 27));
    assert_eq!(best.added.len(), 3);
    assert!(best.added.iter().all(|c| setup.unseen.contains(c)));
    assert!(proof.reason.starts_with("player 1 can still fill their empty side with "), "{}", proof.reason);
    assert!(proof.reason.ends_with("into a Wedge (sum 27), which beats your Wedge (sum 6)"), "{}", proof.reason);
    let json = serde_json::to_value(&proof).unwrap();
    assert_eq!(json["claimantStrength"]["kind"], "wedge");
    assert_eq!(json["opponents"][0]["beatsClaimant"], true);
    assert_eq!(json["opponents"][0]["added"].as_array().unwrap().len(), 3);

    let proof = check(&self::setup(&["r10 o10 y10", "g9 b9"], ""));
    assert!(proof.claimable);
    assert!(
        proof
            .reason
            .starts_with("no opponent can beat your Phalanx (sum 30): player 1 can at best complete g9 b9 with "),
        "{}",
        proof.reason
    );
}

// R-FORM-4: complete against complete with equal kind and sum: the side completed first wins.
#[test]
fn r_form_4_complete_sides_tie_decided_by_completion_order() {
    let mut both = setup(&["r3 r4 r5", "b3 b4 b5"], "");
    both.first_complete = Some(0);
    assert!(both.prove().unwrap().claimable);
    both.first_complete = Some(1);
    let proof = both.prove().unwrap();
    assert!(!proof.claimable);
    assert_eq!(
        proof.reason,
        "player 1's complete side b3 b4 b5 is a Wedge (sum 12), which ties your Wedge (sum 12) and was completed first"
    );
    both.first_complete = None;
    both.completion_order = Some(vec![0, 1]);
    assert!(both.prove().unwrap().claimable);
    // No order given: the claimant counts as completing last.
    both.completion_order = None;
    assert!(!check(&both).claimable);
}

// R-ENV-1: under Fog only sums count.
#[test]
fn r_env_1_fog_decides_by_sum() {
    let mut fog = setup(&["r3 r4 r5", "g10"], "");
    fog.fog = true;
    let proof = check(&fog);
    assert!(!proof.claimable);
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Host, 30));
    assert!(proof.reason.ends_with("into a sum of 30, which beats your sum of 12"), "{}", proof.reason);
    // Three 10s make 30; with purple 10 on the other side, the best is 10 + 10 + 10 = a tie at most.
    let mut fog = setup(&["r10 b10 g10", "p10"], "");
    fog.fog = true;
    let proof = check(&fog);
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Host, 30));
    assert!(proof.claimable, "{}", proof.reason);
    // A Wedge is no better than its sum under Fog.
    let mut fog = setup(&["r1 r2 r3", "b5 y1"], "");
    fog.fog = true;
    assert!(!check(&fog).claimable);
}

// R-ENV-2, R-FORM-5: with Mud each side needs four cards.
#[test]
fn r_env_2_mud_needs_four_cards() {
    let mut mud = setup(&["r3 r4 r5", "b1"], "");
    mud.mud = true;
    let proof = check(&mud);
    assert!(!proof.claimable);
    assert_eq!(proof.reason, "your side is not complete: it holds 3 of the 4 cards it needs");
    let mut mud = setup(&["r3 r4 r5 r6", ""], "");
    mud.mud = true;
    let proof = check(&mud);
    assert!(!proof.claimable);
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Wedge, 34));
    assert_eq!(proof.opponents[0].added.len(), 4);
    // Four 10s are a Phalanx of 40, and any Wedge beats it: blue 1-2-3-4 is still possible.
    let mut mud = setup(&["r10 o10 y10 g10", "b1"], "");
    mud.mud = true;
    assert!(!check(&mud).claimable);
    let mut mud = setup(&["r10 o10 y10 g10", "b1 p9"], "");
    mud.mud = true;
    let proof = check(&mud);
    assert!(proof.claimable, "{}", proof.reason);
    assert!(mud.prove().unwrap().opponents[0].strength < proof.claimant_strength);
    // Setup validation: a side of 4 cards needs Mud.
    let mut no_mud = setup(&["r3 r4 r5 r6", ""], "");
    no_mud.mud = false;
    assert_eq!(no_mud.prove().unwrap_err().code, ErrorCode::BadInput);
}

// R-ENV-1 + R-ENV-2: Fog and Mud together: four cards, sum only.
#[test]
fn r_env_2_fog_and_mud_four_cards_sum_only() {
    let mut both = setup(&["r10 o10 y10 g10", "b5"], "");
    both.fog = true;
    both.mud = true;
    let proof = check(&both);
    assert!(proof.claimable, "{}", proof.reason);
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Host, 5 + 10 + 10 + 9));
    let mut both = setup(&["r1 r2 r3 r4", "b5"], "");
    both.fog = true;
    both.mud = true;
    let proof = check(&both);
    assert!(!proof.claimable);
    assert_eq!(proof.claimant_strength, strength(FormationKind::Host, 10));
}

// R-MORALE-1..3: wild cards on the claimant's side take their best values too.
#[test]
fn r_morale_wilds_on_claimant_side() {
    // Companion (8) + red 9 + red 10 = Wedge 27, the best possible: claimable against anything incomplete.
    let proof = check(&setup(&["companion r9 r10", ""], ""));
    assert_eq!(proof.claimant_strength, strength(FormationKind::Wedge, 27));
    assert!(proof.claimable, "{}", proof.reason);
    // Shield + red 2 + red 3 = red 1-2-3 (6); blue 1 with unseen blue 2 and 3 can only tie.
    let proof = check(&setup(&["shield r2 r3", "b1"], ""));
    assert_eq!(proof.claimant_strength, strength(FormationKind::Wedge, 6));
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Wedge, 6));
    assert!(proof.claimable, "{}", proof.reason);
    // Darius + Shield + yellow 5 = yellow 3-4-5 (12). Red 9 without red 8 and red 10 reaches at most a Phalanx.
    let proof = check(&setup(&["darius shield y5", "r9"], "r10 r8"));
    assert_eq!(proof.claimant_strength, strength(FormationKind::Wedge, 12));
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Phalanx, 27));
    assert!(proof.claimable, "{}", proof.reason);
    // With red 8 back in play, red 8-9-10 beats it.
    let proof = check(&setup(&["darius shield y5", "r9"], ""));
    assert!(!proof.claimable);
    assert_eq!(proof.opponents[0].added, cards("r10 r8"));
}

// R-3P: a claim must hold against both opponents, each judged on its own.
#[test]
fn r_3p_claim_must_beat_both_opponents() {
    let three = setup(&["r3 r4 r5", "g2 y2", "b8"], "b10");
    let proof = check(&three);
    assert!(!proof.claimable);
    assert_eq!(proof.opponents.len(), 2);
    assert_eq!(proof.opponents[0].player, 1);
    assert!(!proof.opponents[0].beats_claimant);
    assert_eq!(proof.opponents[0].strength, strength(FormationKind::Phalanx, 6));
    assert!(proof.opponents[1].beats_claimant);
    assert_eq!(proof.opponents[1].added, cards("b9 b7"));
    assert!(proof.reason.starts_with("player 2 can still complete b8 with b9 b7"), "{}", proof.reason);

    let three = setup(&["r3 r4 r5", "g2 y2", "b8"], "b10 b7");
    let proof = check(&three);
    assert!(proof.claimable, "{}", proof.reason);
    assert!(proof.reason.contains("; player 2 can at best complete b8 with "), "{}", proof.reason);
    // The claimant may sit in the middle.
    let mut middle = setup(&["b8", "r3 r4 r5", "g2 y2"], "b10 b7");
    middle.claimant = 1;
    let proof = check(&middle);
    assert!(proof.claimable);
    assert_eq!(proof.opponents.iter().map(|o| o.player).collect::<Vec<_>>(), [0, 2]);
}

// R-3P with complete sides and a completion order naming all three.
#[test]
fn r_3p_completion_order_decides_ties_pairwise() {
    let mut three = setup(&["r3 r4 r5", "b3 b4 b5", "g3 g4 g5"], "");
    three.completion_order = Some(vec![1, 0, 2]);
    let proof = three.prove().unwrap();
    assert!(!proof.claimable);
    assert!(proof.opponents[0].beats_claimant && !proof.opponents[1].beats_claimant);
    three.completion_order = Some(vec![0]);
    assert!(three.prove().unwrap().claimable, "the unnamed sides complete after the named one");
}

// Sides that cannot be completed from the unseen cards cannot beat anyone.
#[test]
fn r_claim_1_opponent_that_cannot_complete_cannot_win() {
    let mut short = setup(&["r1 o2 y4", ""], "");
    short.unseen = cards("b9 b10");
    let proof = check(&short);
    assert!(proof.claimable);
    assert_eq!(proof.opponents[0].strength, None);
    assert!(proof.opponents[0].added.is_empty() && proof.opponents[0].cards.is_empty());
    assert!(
        proof.reason.ends_with("player 1 cannot complete their side: it needs 3 more cards and only 2 may still come"),
        "{}",
        proof.reason
    );
}

#[test]
fn flag_setup_parses_the_documented_json() {
    let json = r#"{"sides": [["r3","r4","r5"],["b8"]], "fog": false, "mud": false, "claimant": 0,
                   "firstComplete": null, "unseen": ["b7","b9"]}"#;
    let setup: FlagSetup = serde_json::from_str(json).unwrap();
    let proof = setup.prove().unwrap();
    assert!(!proof.claimable);
    assert_eq!(proof.opponents[0].added, cards("b9 b7"));
    assert!(serde_json::from_str::<FlagSetup>(r#"{"sides": [[],[]], "claimant": 0, "unseen": [], "x": 1}"#).is_err());
    assert!(serde_json::from_str::<FlagSetup>(r#"{"sides": [["z1"],[]], "claimant": 0, "unseen": []}"#).is_err());
}

#[test]
fn flag_setup_validation_names_the_problem() {
    let bad = |sides: &[&str], unseen: &str, edit: &dyn Fn(&mut FlagSetup), words: &str| {
        let mut s = FlagSetup {
            sides: sides.iter().map(|s| cards(s)).collect(),
            fog: false,
            mud: false,
            claimant: 0,
            first_complete: None,
            completion_order: None,
            unseen: cards(unseen),
        };
        edit(&mut s);
        let err = s.prove().unwrap_err();
        assert_eq!(err.code, ErrorCode::BadInput);
        assert!(err.message.contains(words), "{:?} should mention {words:?}", err.message);
    };
    let none = &|_: &mut FlagSetup| {};
    bad(&["r1 r2 r3"], "", none, "2 or 3 sides");
    bad(&["r1", "r2", "r3", "r4"], "", none, "2 or 3 sides");
    bad(&["r1 r2 r3", "b1"], "", &|s| s.claimant = 2, "claimant 2");
    bad(&["r1 r2 r3 r4", "b1"], "", none, "at most 3");
    bad(&["r1 r2 r3 r4 r5", "b1"], "", &|s| s.mud = true, "at most 4");
    bad(&["r1 r2 fog", "b1"], "", none, "fog cannot stand on a side");
    bad(&["r1 r2 scout", "b1"], "", none, "scout");
    bad(&["r1 r2 r3", "r3"], "", none, "r3 appears twice");
    bad(&["r1 r2 r3", "b3"], "b3", none, "b3 appears twice");
    bad(&["r1 r2 r3", "b3"], "g3 g3", none, "g3 appears twice");
    bad(&["r1 r2 r3", "b3"], "mud", none, "only troop cards");
    bad(&["r1 r2 r3", "b3"], "companion", none, "only troop cards");
    bad(&["r1 r2 r3", "alexander darius"], "", none, "two Leaders");
    bad(&["r1 r2 r3", "b3"], "", &|s| s.first_complete = Some(1), "not complete");
    bad(&["r1 r2 r3", "b3 b4 b5"], "", &|s| s.first_complete = Some(2), "sides are 0..1");
    bad(&["r1 r2 r3", "b3 b4 b5"], "", &|s| s.completion_order = Some(vec![1, 1]), "twice");
    bad(
        &["r1 r2 r3", "b3 b4 b5"],
        "",
        &|s| {
            s.first_complete = Some(0);
            s.completion_order = Some(vec![0, 1]);
        },
        "not both",
    );
}

// No input ever panics: random setups, valid or not, give a proof or a BadInput error, and a valid
// one agrees with the fast path.
#[test]
fn flag_setup_never_panics_on_random_input() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let all: Vec<Card> = Card::all().collect();
    let (mut ok, mut errors) = (0, 0);
    for _ in 0..5000 {
        // Mostly plausible input, with every kind of mistake now and then.
        let odd = |rng: &mut ChaCha8Rng| rng.random_bool(0.04);
        let sides = if odd(&mut rng) { rng.random_range(0..5) } else { rng.random_range(2..=3) };
        let mut troops: Vec<Card> = Card::troops().collect();
        troops.shuffle(&mut rng);
        let mut morale =
            vec![Card::tactic(Tactic::Alexander), Card::tactic(Tactic::Companion), Card::tactic(Tactic::Shield)];
        let mut take = |n: usize, rng: &mut ChaCha8Rng| -> Vec<Card> {
            (0..n)
                .map(|_| {
                    if odd(rng) {
                        all[rng.random_range(0..70)]
                    } else if rng.random_bool(0.1) && !morale.is_empty() {
                        morale.pop().unwrap()
                    } else {
                        troops.pop().unwrap()
                    }
                })
                .collect()
        };
        let mud = rng.random_bool(0.3);
        let capacity = if mud { 4 } else { 3 };
        let side_cards: Vec<Vec<Card>> = (0..sides)
            .map(|_| {
                let len = if odd(&mut rng) { capacity + 1 } else { rng.random_range(0..=capacity) };
                take(len, &mut rng)
            })
            .collect();
        let unseen =
            take(rng.random_range(0..30), &mut rng).into_iter().filter(|c| c.is_troop() || odd(&mut rng)).collect();
        let setup = FlagSetup {
            sides: side_cards,
            fog: rng.random_bool(0.3),
            mud,
            claimant: if odd(&mut rng) { rng.random_range(0..5) } else { rng.random_range(0..sides.max(1)) },
            first_complete: rng.random_bool(0.1).then(|| rng.random_range(0..4)),
            completion_order: rng.random_bool(0.1).then(|| (0..rng.random_range(0..4)).map(|i| i % 3).collect()),
            unseen,
        };
        match setup.prove() {
            Ok(proof) => {
                ok += 1;
                assert_eq!(proof.claimant, setup.claimant);
            }
            Err(err) => {
                errors += 1;
                assert_eq!(err.code, ErrorCode::BadInput);
            }
        }
    }
    assert!(ok > 100 && errors > 100, "ok {ok}, errors {errors}");
    // The engine functions never panic on odd player counts or claimants either.
    let flag = Flag::default();
    for players in 0..6 {
        for claimant in 0..6 {
            assert!(!is_claimable(&flag, players, claimant, CardSet::ALL_TROOPS));
            assert!(!prove(&flag, players, claimant, CardSet::ALL_TROOPS).claimable);
        }
    }
}

// The hot path allocates nothing: Mud, an empty opposing side, wild cards, three players, Fog.
#[test]
fn is_claimable_does_not_allocate() {
    let mut flags = Vec::new();
    for (mine, theirs, fog) in [
        ("r7 r8 r9 r10", "", false),
        ("alexander r9 companion r10", "shield b2", true),
        ("r1 o5 y9 g2", "darius", false),
    ] {
        let mut flag = Flag { mud: Some(0), fog: fog.then_some(0), ..Flag::default() };
        flag.sides[0] = SideCards::from_cards(&cards(mine)).unwrap();
        flag.sides[1] = SideCards::from_cards(&cards(theirs)).unwrap();
        flag.sides[2] = SideCards::from_cards(&cards("b1 b3")).unwrap();
        flag.completed[0] = Some(0);
        flags.push(flag);
    }
    let before = ALLOCATIONS.with(|n| n.get());
    let mut verdicts = 0;
    for flag in &flags {
        for players in [2, 3] {
            verdicts += usize::from(is_claimable(flag, players, 0, CardSet::ALL_TROOPS));
        }
    }
    assert_eq!(ALLOCATIONS.with(|n| n.get()), before, "is_claimable allocated");
    assert_eq!(verdicts, 4, "the first two flags are claimable with two and three players");
    let _ = prove(&flags[0], 2, 0, CardSet::ALL_TROOPS);
    assert!(ALLOCATIONS.with(|n| n.get()) > before, "the counter works");
}
