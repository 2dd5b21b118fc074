//! Pinned legal-action counts, as chess engines pin perft numbers: along seeded games (random legal
//! choices from `battleline::random_play`, so the games themselves are fixed by the seed), the number
//! of legal actions at every ply, and at a few plies the number of three-action sequences (perft 3).
//! Any change to move generation or to the rules it follows changes a number here; a change that is
//! meant must update the pins and say why in its commit.
//!
//! To print the current numbers: `cargo test --test rules move_counts:: -- --nocapture`.

use battleline::random_play::{choose, chooser, deal};
use battleline::{Action, ClaimTiming, Options, Position};

/// A game of the pins: its options and seed.
struct Pinned {
    name: &'static str,
    options: Options,
    seed: u64,
    /// Legal actions at each ply, in order, until the game ends.
    counts: &'static str,
    /// Ply → sequences of three legal actions from there (perft 3).
    perft3: &'static [(usize, usize)],
}

/// The legal-action count at each ply of the game, and the positions at the given plies.
fn walk(options: Options, seed: u64, keep: &[usize]) -> (Vec<usize>, Vec<(usize, Position)>) {
    let mut position = deal(options, seed);
    let (mut legal, mut rng) = (Vec::new(), chooser(seed));
    let (mut counts, mut kept) = (Vec::new(), Vec::new());
    loop {
        let listed = position.legal_actions();
        if keep.contains(&counts.len()) {
            kept.push((counts.len(), position));
        }
        counts.push(listed.len());
        let Some(action) = choose(&position, &mut legal, &mut rng) else { break };
        assert!(listed.contains(&action), "{action} was chosen but not listed");
        position.apply(&action).unwrap();
    }
    (counts, kept)
}

/// The number of sequences of `depth` legal actions from `position` (perft): every legal action, then
/// every legal action after it, and so on. Depth 3 from a play step spans the play, the claim or draw
/// after it, and what follows (often the next player's play step).
fn perft(position: &Position, depth: u32) -> usize {
    let legal = position.legal_actions();
    if depth <= 1 {
        return legal.len();
    }
    legal
        .iter()
        .map(|action: &Action| {
            let mut next = *position;
            next.apply(action).unwrap();
            perft(&next, depth - 1)
        })
        .sum()
}

fn pinned() -> Vec<Pinned> {
    let basic = Options { tactics: false, ..Options::default() };
    let three = Options { players: 3, tactics: false, ..Options::default() };
    let start_of_turn = Options { claim_timing: ClaimTiming::StartOfTurn, ..Options::default() };
    vec![
        Pinned {
            name: "tactics, seed 1",
            options: Options::default(),
            seed: 1,
            counts: TACTICS_1,
            perft3: &[(0, 7938), (30, 6844), (60, 1288)],
        },
        Pinned {
            name: "tactics, seed 2",
            options: Options::default(),
            seed: 2,
            counts: TACTICS_2,
            perft3: &[(0, 7938), (30, 3024), (60, 2463)],
        },
        Pinned {
            name: "no tactics, seed 3",
            options: basic,
            seed: 3,
            counts: BASIC_3,
            perft3: &[(0, 3969), (30, 3969), (60, 84)],
        },
        Pinned {
            name: "three players, seed 4",
            options: three,
            seed: 4,
            counts: THREE_4,
            perft3: &[(0, 3969), (30, 3969), (60, 3087)],
        },
        Pinned {
            name: "claims first, seed 5",
            options: start_of_turn,
            seed: 5,
            counts: START_5,
            perft3: &[(0, 7938), (30, 7056), (60, 1642)],
        },
    ]
}

#[test]
fn legal_action_counts_along_seeded_games_are_pinned() {
    let mut failures = Vec::new();
    for pin in pinned() {
        let plies: Vec<usize> = pin.perft3.iter().map(|&(ply, _)| ply).collect();
        let (counts, kept) = walk(pin.options, pin.seed, &plies);
        let text = counts.iter().map(usize::to_string).collect::<Vec<_>>().join(" ");
        println!("{}: {} plies\n{text}", pin.name, counts.len());
        if text != pin.counts {
            let at = counts.iter().zip(pin.counts.split(' ')).position(|(c, p)| c.to_string() != p);
            failures.push(format!("{}: counts differ (first at ply {at:?})", pin.name));
        }
        for ((ply, position), &(_, expected)) in kept.iter().zip(pin.perft3) {
            let found = perft(position, 3);
            println!("{}: perft 3 at ply {ply}: {found}", pin.name);
            if found != expected {
                failures.push(format!("{}: perft 3 at ply {ply} is {found}, pinned {expected}", pin.name));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

const TACTICS_1: &str = concat!(
    "63 2 63 2 63 2 63 2 72 2 63 2 45 2 63 2 36 2 63 2 27 2 63 2 27 2 63 2 16 2 63 2 105 1 55 1 21 1 ",
    "55 1 53 1 46 1 28 1 46 1 28 1 46 1 28 1 46 1 28 1 46 1 28 1 46 1 28 1 41 1 28 1 41 1 28 1 36 1 ",
    "24 1 36 1 24 1 31 1 24 1 31 1 20 1 31 2 1 16 2 1 31 1 12 1 26 1 8 1 26 2 1 4 1 26 3 2 1 1 21 1 1 ",
    "2 16 1 7 6 4 2 1 8 1 1 2 0",
);
const TACTICS_2: &str = concat!(
    "63 2 63 2 63 2 72 2 63 2 73 2 63 2 45 2 63 2 45 2 63 2 45 2 63 2 36 2 63 2 24 2 63 2 50 2 117 2 ",
    "50 1 63 1 50 1 45 1 50 1 63 1 49 1 63 1 48 1 63 1 43 1 63 1 43 1 63 2 1 37 1 56 1 37 2 1 49 1 31 ",
    "1 49 2 1 31 1 42 1 31 2 1 35 1 25 1 35 1 25 1 28 2 1 19 1 21 1 19 1 21 1 19 1 14 2 1 13 1 14 2 0",
);
const BASIC_3: &str = concat!(
    "63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 ",
    "63 1 63 1 63 1 56 1 56 1 49 1 56 1 49 2 1 56 1 42 1 56 1 42 2 1 49 1 42 1 42 1 35 1 42 1 35 1 42 ",
    "1 35 2 1 42 1 28 1 35 1 28 1 35 1 28 3 2 0",
);
const THREE_4: &str = concat!(
    "63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 63 1 56 1 63 1 63 1 56 1 63 1 ",
    "63 1 56 1 63 1 63 1 56 1 63 1 56 1 56 1 63 1 49 1 56 1 63 1 49 2 1 49 1 49 1 49 1 42 1 49 1 49 1 ",
    "42 2 1 42 42 2 35 30 36 30 25 30 25 20 2 20 16 12 15 12 8 2 8 6 4 3 2 3 2 1 2 1 1 1 0",
);
const START_5: &str = concat!(
    "63 2 63 2 63 2 56 2 63 2 57 2 63 2 63 2 63 2 63 2 63 2 63 2 63 2 63 2 56 2 63 2 56 2 117 2 56 2 ",
    "45 2 57 2 198 2 49 1 36 1 49 1 133 1 48 1 40 1 42 1 40 1 42 1 40 1 42 1 40 1 2 42 1 35 1 42 1 35 ",
    "1 36 1 2 35 1 30 1 2 30 1 18 1 30 1 18 1 30 1 18 1 2 25 1 2 18 1 20 1 2 18 1 15 1 2 12 1 10 1 12 ",
    "1 10 1 6 2 5 2 0",
);
