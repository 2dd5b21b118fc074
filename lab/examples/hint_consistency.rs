//! Whole games that follow every hint: seat 0 plays each hint (given the previous one) against the search
//! at the same level, and every hint that takes back (Redeploys) the card the previous hint placed is
//! counted as justified only when something seen since may change the plan, checked here from the game
//! and not from the hint: an opponent's card arrived at that flag after it, or a card drawn since that
//! the player's best formation after the move uses (at the flag the card leaves or the one it goes to,
//! by the engine's `explain` of the view after the move). Target: 0 take-backs without news, and each one
//! with news says so first (a `replans` reason).
//!
//! ```text
//! cargo run --release -p battleline-lab --example hint_consistency -- [--games 100] [--level easy] [--deal 1000]
//! ```

use battleline::bot::{explain, Level, Reason};
use battleline::{Action, Card, FlagId};
use battleline_lab::follow::{follow_hints, Decision};
use std::time::Instant;

fn main() {
    let (mut games, mut level, mut deal) = (100u64, Level::Easy, 1000u64);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        match flag.as_str() {
            "--games" => games = value.parse().expect("a number"),
            "--level" => level = value.parse().expect("easy, medium or hard"),
            "--deal" => deal = value.parse().expect("a number"),
            other => panic!("unknown argument {other}"),
        }
    }
    let started = Instant::now();
    let mut tally = Tally::default();
    for g in 0..games {
        play(level, deal + g, &mut tally);
    }
    println!(
        "{{\"games\": {games}, \"level\": \"{level}\", \"hints\": {}, \"takeBacks\": {}, \"takeBacksWithoutNews\": {}, \"takeBacksWithNewsUnsaid\": {}, \"seconds\": {:.0}}}",
        tally.hints,
        tally.take_backs,
        tally.without_news,
        tally.unsaid,
        started.elapsed().as_secs_f64()
    );
    for line in &tally.cases {
        eprintln!("{line}");
    }
}

#[derive(Default)]
struct Tally {
    hints: usize,
    take_backs: usize,
    without_news: usize,
    unsaid: usize,
    cases: Vec<String>,
}

fn play(level: Level, seed: u64, tally: &mut Tally) {
    follow_hints(level, seed, |Decision { game, view, hint, placed }| {
        tally.hints += 1;
        let (Action::Redeploy { card, to }, Some(p)) = (hint.action, placed) else { return };
        if card != p.card {
            return;
        }
        tally.take_backs += 1;
        let flag = FlagId::all().find(|&f| game.position().flag(f).sides[0].contains(card)).unwrap();
        let arrived = game.position().flag(flag).sides[1].arrivals().any(|at| at > p.stamp);
        let drawn: Vec<Card> = view.hand.iter().copied().filter(|c| !p.previous.hand.contains(c)).collect();
        let mut after = game.clone();
        after.apply(&hint.action).unwrap();
        let outlook = explain(&after.view(0).unwrap()).unwrap();
        let used = outlook
            .flags
            .iter()
            .filter(|f| f.flag == flag || Some(f.flag) == to)
            .filter_map(|f| f.sides[0].best.as_ref())
            .any(|best| best.held.iter().any(|c| drawn.contains(c)));
        let said = matches!(hint.reasons.first(), Some(Reason::Replans { .. }));
        if !(arrived || used) {
            tally.without_news += 1;
            tally.cases.push(format!("seed {seed}: {} takes back {card} without news", hint.action));
        } else if !said {
            tally.unsaid += 1;
            tally.cases.push(format!("seed {seed}: {} takes back {card}, news unsaid", hint.action));
        }
    });
}
