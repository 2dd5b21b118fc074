//! The claim proof (R-CLAIM-1..3, R-FORM, R-MORALE, R-ENV, R-3P) checked against an independent
//! brute-force oracle on random positions.
//!
//! The oracle (tests/oracle) does not use the engine's formation code: it enumerates every set of `need`
//! distinct unseen cards that could complete each incomplete opponent side, every colour and value
//! each wild card could take (Leader 6 × 1..10, Companion 6 × 8, Shield 6 × 1..3), classifies each
//! resulting side plainly (sorted values; same colour; consecutive; same value) and keeps the best.

use std::time::Instant;

use battleline::{Card, CardSet, Flag, SideCards, Tactic};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::oracle;
use oracle::{check, cost, wild_options, Position, Stats, Wild, BUDGET};

// ---------------------------------------------------------------------------------------------
// Random positions.
// ---------------------------------------------------------------------------------------------

fn random_position(rng: &mut ChaCha8Rng) -> Position {
    let players = if rng.random_bool(0.2) { 3 } else { 2 };
    let mut flag = Flag::default();
    if rng.random_bool(0.3) {
        flag.fog = Some(rng.random_range(0..players));
    }
    if rng.random_bool(0.35) {
        flag.mud = Some(rng.random_range(0..players));
    }
    let capacity = flag.capacity();
    let claimant = rng.random_range(0..players);

    // Morale cards: each goes to a random side or stays out; the two Leaders never share a side (R-TAC-2).
    let mut wilds_for: Vec<Vec<Card>> = vec![Vec::new(); players];
    if rng.random_bool(0.45) {
        let mut leader_side = None;
        for tactic in [Tactic::Alexander, Tactic::Darius, Tactic::Companion, Tactic::Shield] {
            if !rng.random_bool(0.45) {
                continue;
            }
            let side = rng.random_range(0..players);
            if tactic.is_leader() {
                if leader_side == Some(side) {
                    continue;
                }
                leader_side = Some(side);
            }
            wilds_for[side].push(Card::tactic(tactic));
        }
    }

    let mut deck: Vec<Card> = Card::troops().collect();
    deck.shuffle(rng);
    let mut lengths = vec![0usize; players];
    for (p, len) in lengths.iter_mut().enumerate() {
        *len = if p == claimant {
            if rng.random_bool(0.04) {
                rng.random_range(0..capacity)
            } else {
                capacity
            }
        } else if rng.random_bool(0.25) {
            capacity
        } else if rng.random_bool(0.12) {
            0
        } else {
            rng.random_range(1..capacity)
        };
    }
    for p in 0..players {
        let mut side: Vec<Card> = wilds_for[p].iter().copied().take(lengths[p]).collect();
        while side.len() < lengths[p] {
            side.push(deck.pop().expect("enough troops"));
        }
        side.shuffle(rng);
        flag.sides[p] = SideCards::from_cards(&side).expect("at most 4 cards");
    }
    // Completion times of the complete sides: a random order (R-FORM-4).
    let mut order: Vec<usize> = (0..players).filter(|&p| flag.sides[p].len() >= capacity).collect();
    order.shuffle(rng);
    for (seq, p) in order.into_iter().enumerate() {
        flag.completed[p] = Some(seq as u32 * 3 + 1);
    }
    if rng.random_bool(0.005) {
        flag.claimed = Some(rng.random_range(0..players));
    }

    // Unseen: a random part of the other troops (the rest lies on other flags or in discards).
    let size = if rng.random_bool(0.05) { rng.random_range(0..5) } else { rng.random_range(5..=50) };
    let mut unseen_cards: Vec<Card> = deck.into_iter().take(size).collect();
    // A resigned seat in some three-player positions (R-3P-RESIGN-2): usually an opponent, sometimes the
    // claimant. Its side keeps its random cards, which must count for nothing (play empties it at
    // unclaimed flags, but the proof must not depend on that).
    let mut retire = ChaCha8Rng::seed_from_u64(rng.random());
    let retired = (players == 3 && retire.random_bool(0.3)).then(|| retire.random_range(0..players));
    let mut position = Position { flag, players, claimant, unseen: CardSet::EMPTY, retired };
    loop {
        position.unseen = CardSet::from_cards(unseen_cards.iter().copied());
        if cost(&position) <= BUDGET {
            return position;
        }
        unseen_cards.pop();
    }
}

// ---------------------------------------------------------------------------------------------
// The comparison.
// ---------------------------------------------------------------------------------------------

fn run(seed: u64, count: u64) -> Stats {
    let options = [wild_options(Wild::Leader), wild_options(Wild::Companion), wild_options(Wild::Shield)];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stats = Stats::default();
    for _ in 0..count {
        let position = random_position(&mut rng);
        check(&position, &options, &mut stats);
    }
    stats
}

// R-CLAIM-1, R-CLAIM-2, R-CLAIM-3, R-FORM-2..5, R-MORALE-1..3, R-ENV-1, R-ENV-2, R-3P, R-3P-RESIGN-2
#[test]
fn r_claim_proof_agrees_with_brute_force_oracle_r_3p_resign_2() {
    const PER_THREAD: u64 = 50_500;
    let start = Instant::now();
    let workers: Vec<_> =
        [0xB477_1E01, 0xB477_1E02].into_iter().map(|seed| std::thread::spawn(move || run(seed, PER_THREAD))).collect();
    let mut stats = Stats::default();
    for worker in workers {
        stats.merge(worker.join().expect("oracle thread"));
    }
    println!("claim oracle: {} positions checked in {:.1?} on 2 threads", stats.positions, start.elapsed());
    println!("  claimable {}, not claimable {}", stats.claimable, stats.positions - stats.claimable);
    println!("  opponent sides by cards needed: {:?}", stats.by_need);
    println!(
        "  fog {}, mud {}, fog+mud {}, wild cards {}, three players {}, a seat resigned {}",
        stats.fog, stats.mud, stats.fog_and_mud, stats.wilds, stats.three_players, stats.retired
    );
    println!(
        "  empty opposing sides {}, complete-vs-complete {}, cannot complete {}, counterexamples checked {}",
        stats.empty_opponent, stats.complete_vs_complete, stats.cannot_complete, stats.counterexamples
    );
    assert!(stats.positions >= 100_000);
    for need in 0..=4 {
        assert!(stats.by_need.get(&need).copied().unwrap_or(0) > 100, "too few sides needing {need}");
    }
    assert!(stats.fog_and_mud > 1000 && stats.wilds > 10_000 && stats.three_players > 10_000);
    assert!(stats.retired > 3_000, "too few positions with a resigned seat: {}", stats.retired);
    assert!(stats.complete_vs_complete > 1000 && stats.empty_opponent > 1000 && stats.cannot_complete > 100);
}
