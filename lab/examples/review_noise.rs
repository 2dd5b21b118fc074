//! How much of a review's judgement is the search's noise: reviews the same games' decisions under
//! several seeds at one level and reports, per decision, the spread of the loss (the share of the chance
//! to win a move gave up), how often the mark changes between seeds, and the time per decision. The
//! review's thresholds (5, 10 and 20 points) are set above the spread measured here.
//!
//! ```text
//! cargo run --release -p battleline-lab --example review_noise -- [--level medium] [--seeds 5] [--games 3] [--deal 13]
//! ```

use std::time::Instant;

use battleline::bot::{play_game, HeuristicBot, Level, Reviewer, SearchBot};
use battleline::Options;

fn main() {
    let mut level = Level::Medium;
    let (mut seeds, mut games, mut deal) = (5u64, 3u64, 13u64);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        match flag.as_str() {
            "--level" => level = value.parse().expect("easy, medium or hard"),
            "--seeds" => seeds = value.parse().expect("a number"),
            "--games" => games = value.parse().expect("a number"),
            "--deal" => deal = value.parse().expect("a number"),
            other => panic!("unknown argument {other}"),
        }
    }
    let (mut decisions, mut flips, mut spread_sum, mut spread_max, mut elapsed) =
        (0usize, 0usize, 0.0f32, 0.0f32, 0.0f64);
    for game in 0..games {
        // The reviewed player (seat 0) plays the heuristic; the opponent the search at easy.
        let (mut a, mut b) = (HeuristicBot::new(deal + game), SearchBot::new(Level::Easy.playouts(), deal + game));
        let record = play_game(Options::default(), deal + game, &mut [&mut a, &mut b]).unwrap().record();
        let mut runs = Vec::new();
        for seed in 0..seeds {
            let started = Instant::now();
            let review = Reviewer::new(&record, 0, level, seed).unwrap().finish().unwrap();
            elapsed += started.elapsed().as_secs_f64();
            runs.push(review.decisions);
        }
        for i in 0..runs[0].len() {
            let losses: Vec<f32> = runs.iter().map(|r| r[i].loss).collect();
            let (lo, hi) = losses.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &l| (lo.min(l), hi.max(l)));
            spread_sum += hi - lo;
            spread_max = spread_max.max(hi - lo);
            flips += usize::from(runs.iter().any(|r| r[i].judgement != runs[0][i].judgement));
            decisions += 1;
        }
    }
    println!("level {level}: {decisions} decisions of {games} games, each reviewed under {seeds} seeds");
    println!("loss spread between seeds: mean {:.3}, max {:.3}", spread_sum / decisions as f32, spread_max);
    println!("decisions whose mark changed with the seed: {flips} ({:.1}%)", 100.0 * flips as f64 / decisions as f64);
    println!("time per decision: {:.1} ms", 1000.0 * elapsed / (decisions as f64 * seeds as f64));
}
