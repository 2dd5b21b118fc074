//! Target `proofs`: a flag built from the bytes (two or three sides of troops and morale cards, Fog,
//! Mud, completion order, a claimant, the unseen troops), judged by `prove` and `is_claimable` and by
//! the brute-force oracle (`tests/oracle`); they must agree on the verdict, every opponent's best
//! formation and the counterexample's cards. The same flag also goes through `FlagSetup` (the
//! `prove` command's input), which must accept it or refuse it with `bad_input`, never panic.

use battleline::{Card, CardSet, ErrorCode, Flag, FlagSetup, SideCards, Tactic};

use super::input::Input;
use super::oracle::{check as judge, cost, wild_options, Position, Stats, Wild, BUDGET};

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let Some(position) = flag_from(&mut input) else { return };
    let options = [wild_options(Wild::Leader), wild_options(Wild::Companion), wild_options(Wild::Shield)];
    judge(&position, &options, &mut Stats::default());
    through_flag_setup(&position);
}

/// A flag from the bytes, with no card twice; `None` if the bytes describe none.
fn flag_from(input: &mut Input) -> Option<Position> {
    let header = input.byte();
    let players = if header & 1 == 0 { 2 } else { 3 };
    let mut flag = Flag::default();
    if header & 2 != 0 {
        flag.fog = Some(0);
    }
    if header & 4 != 0 {
        flag.mud = Some(0);
    }
    let claimant = usize::from(header >> 3) % players;
    let capacity = flag.capacity();
    let mut used = CardSet::EMPTY;
    let mut leader_on = None;
    for p in 0..players {
        let len = input.below(capacity + 1);
        let mut side = Vec::new();
        for _ in 0..len {
            let byte = input.byte();
            // One byte in eight a morale card; otherwise a troop.
            let card = if byte % 8 == 7 {
                let tactic =
                    [Tactic::Alexander, Tactic::Darius, Tactic::Companion, Tactic::Shield][usize::from(byte >> 3) % 4];
                if tactic.is_leader() && leader_on.is_some_and(|side| side == p) {
                    continue;
                }
                if tactic.is_leader() {
                    leader_on = Some(p);
                }
                Card::tactic(tactic)
            } else {
                Card::troops().nth(usize::from(byte) % 60).expect("60 troops")
            };
            if !used.contains(card) {
                used.insert(card);
                side.push(card);
            }
        }
        flag.sides[p] = SideCards::from_cards(&side).ok()?;
    }
    // Completion times: the complete sides in an order taken from the bytes.
    let mut complete: Vec<usize> = (0..players).filter(|&p| flag.is_complete(p)).collect();
    let mut stamp = 0;
    while !complete.is_empty() {
        let p = complete.remove(input.below(complete.len()));
        flag.completed[p] = Some(stamp);
        stamp += 1 + u32::from(input.byte() % 3);
    }
    // Unseen: troops not on the flag, each kept by one bit, then trimmed to the oracle's budget.
    let mut unseen: Vec<Card> = Card::troops().filter(|c| !used.contains(*c) && input.byte() % 4 != 0).collect();
    loop {
        let set = CardSet::from_cards(unseen.iter().copied());
        let position = Position { flag, players, claimant, unseen: set, retired: None };
        if cost(&position) <= BUDGET {
            return Some(position);
        }
        unseen.pop()?;
    }
}

/// The same flag as the `prove` command's input: accepted or `bad_input`, and the same verdict.
fn through_flag_setup(position: &Position) {
    let Position { flag, players, claimant, unseen, .. } = position;
    let mut order: Vec<usize> = (0..*players).filter(|&p| flag.completed[p].is_some()).collect();
    order.sort_by_key(|&p| flag.completed[p]);
    let setup = FlagSetup {
        sides: (0..*players).map(|p| flag.sides[p].iter().collect()).collect(),
        fog: flag.fog.is_some(),
        mud: flag.mud.is_some(),
        claimant: *claimant,
        first_complete: None,
        completion_order: Some(order),
        unseen: unseen.iter().collect(),
    };
    match setup.prove() {
        Ok(proof) => {
            let direct = battleline::prove(flag, *players, *claimant, *unseen);
            assert_eq!(proof.claimable, direct.claimable, "FlagSetup disagrees with prove");
        }
        Err(error) => assert_eq!(error.code, ErrorCode::BadInput, "{error}"),
    }
}
