//! Claim-proof latency: median and 99th percentile of `is_claimable` and `prove`, in ns per call, on
//! ~100,000 random hypothetical flags and on a constructed worst-case set (Mud, empty or wild-only
//! opposing sides, Leaders, Companion Cavalry, Shield Bearers, Fog, the largest unseen pools).
//!
//! Run with `cargo run --release --example proof_latency`. Each input is timed on its own, as a batch
//! of repeated calls between two `Instant::now()` (to get below the timer's resolution); the figure is
//! the batch time divided by the batch size, so it includes a share of the timer's own cost.

use std::hint::black_box;
use std::time::Instant;

use battleline::{is_claimable, prove, Card, CardSet, Flag, SideCards, Tactic};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Copy)]
struct Input {
    flag: Flag,
    players: usize,
    claimant: usize,
    unseen: CardSet,
}

/// A random flag: 2 or 3 players, Fog and Mud at times, morale cards at times, the claimant's side
/// complete, opposing sides of every length, 5..50 unseen troops.
fn random_input(rng: &mut ChaCha8Rng) -> Input {
    let players = if rng.random_bool(0.2) { 3 } else { 2 };
    let mut flag =
        Flag { fog: rng.random_bool(0.2).then_some(0), mud: rng.random_bool(0.3).then_some(0), ..Flag::default() };
    let capacity = flag.capacity();
    let claimant = rng.random_range(0..players);
    let mut wilds: Vec<Vec<Card>> = vec![Vec::new(); players];
    if rng.random_bool(0.4) {
        let leader = [Tactic::Alexander, Tactic::Darius][rng.random_range(0..2)];
        for tactic in [leader, Tactic::Companion, Tactic::Shield] {
            if rng.random_bool(0.5) {
                wilds[rng.random_range(0..players)].push(Card::tactic(tactic));
            }
        }
    }
    let mut deck: Vec<Card> = Card::troops().collect();
    deck.shuffle(rng);
    let mut order = 0;
    for (p, wild) in wilds.iter().enumerate() {
        let len = if p == claimant { capacity } else { rng.random_range(0..=capacity) };
        let mut side: Vec<Card> = wild.iter().copied().take(len).collect();
        while side.len() < len {
            side.push(deck.pop().unwrap());
        }
        side.shuffle(rng);
        flag.sides[p] = SideCards::from_cards(&side).unwrap();
        if len == capacity {
            flag.completed[p] = Some(order);
            order += 1;
        }
    }
    let size = rng.random_range(5..=50);
    let unseen = CardSet::from_cards(deck.into_iter().take(size));
    Input { flag, players, claimant, unseen }
}

/// Constructed worst cases: Mud, an empty or wild-only opposing side, every other troop unseen.
fn worst_inputs() -> Vec<Input> {
    let cards = |text: &str| -> Vec<Card> { text.split_whitespace().map(|t| t.parse().unwrap()).collect() };
    let mut inputs = Vec::new();
    let claimants = ["r7 r8 r9 r10", "r1 o5 y9 g2", "r10 o10 y10 g10", "alexander r9 companion r10", "shield r2 r3 r4"];
    let opponents = ["", "alexander", "darius companion shield", "companion shield", "b1 g5", "alexander shield b9"];
    for fog in [false, true] {
        for claimant in claimants {
            for opponent in opponents {
                for players in [2, 3] {
                    let mine = cards(claimant);
                    let theirs = cards(opponent);
                    if mine.iter().chain(&theirs).filter(|c| !c.is_troop()).count()
                        != CardSet::from_cards(mine.iter().chain(&theirs).copied()).tactics().len()
                    {
                        continue;
                    }
                    let mut flag = Flag { mud: Some(0), fog: fog.then_some(1), ..Flag::default() };
                    flag.sides[0] = SideCards::from_cards(&mine).unwrap();
                    flag.completed[0] = Some(0);
                    flag.sides[1] = SideCards::from_cards(&theirs).unwrap();
                    let on_flag = CardSet::from_cards(mine.iter().chain(&theirs).copied());
                    let unseen = CardSet::ALL_TROOPS.difference(on_flag);
                    inputs.push(Input { flag, players, claimant: 0, unseen });
                }
            }
        }
    }
    inputs
}

/// Median and 99th percentile of per-call ns, each input timed as a batch of `batch` calls.
fn measure(inputs: &[Input], batch: u32, call: impl Fn(&Input) -> bool) -> (f64, f64, f64) {
    let mut times: Vec<f64> = inputs
        .iter()
        .map(|input| {
            let start = Instant::now();
            for _ in 0..batch {
                black_box(call(black_box(input)));
            }
            start.elapsed().as_nanos() as f64 / f64::from(batch)
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99), times[times.len() - 1])
}

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let random: Vec<Input> = (0..100_000).map(|_| random_input(&mut rng)).collect();
    let worst_once = worst_inputs();
    let worst: Vec<Input> = worst_once.iter().copied().cycle().take(worst_once.len() * 50).collect();
    // Agreement first (and a warm-up).
    for input in random.iter().chain(&worst_once) {
        let fast = is_claimable(&input.flag, input.players, input.claimant, input.unseen);
        assert_eq!(fast, prove(&input.flag, input.players, input.claimant, input.unseen).claimable);
    }
    let claimable = random.iter().filter(|i| is_claimable(&i.flag, i.players, i.claimant, i.unseen)).count();
    println!(
        "{} random flags ({} claimable), {} worst cases ({} distinct), one thread",
        random.len(),
        claimable,
        worst.len(),
        worst_once.len()
    );
    println!("{:<28} {:>10} {:>10} {:>10}", "ns per call", "median", "p99", "max");
    for (name, inputs) in [("random", &random), ("worst", &worst)] {
        let fast = measure(inputs, 16, |i| is_claimable(&i.flag, i.players, i.claimant, i.unseen));
        let full = measure(inputs, 4, |i| prove(&i.flag, i.players, i.claimant, i.unseen).claimable);
        println!("{:<28} {:>10.0} {:>10.0} {:>10.0}", format!("is_claimable, {name}"), fast.0, fast.1, fast.2);
        println!("{:<28} {:>10.0} {:>10.0} {:>10.0}", format!("prove, {name}"), full.0, full.1, full.2);
    }
}
