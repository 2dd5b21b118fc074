//! The native half of `bench/wasm-bench.mjs`: the same workloads as the wasm exports, timed here and
//! printed as one JSON line. Run: `cargo run --release --example throughput`.

use std::time::Instant;

use battleline::bot::{suggest, Level};
use battleline::random_play::{play_random_games, prove_all, sample_claim_situations};
use battleline::{Game, Options};

/// Seconds taken by `work`.
fn time<R>(work: impl FnOnce() -> R) -> (f64, R) {
    let start = Instant::now();
    let result = std::hint::black_box(work());
    (start.elapsed().as_secs_f64(), result)
}

fn main() {
    let situations = sample_claim_situations(20_000);
    let (proof_seconds, _) = time(|| prove_all(&situations, 10));
    let (tactics_seconds, _) = time(|| play_random_games(Options::default(), 2_000, 0));
    let basic = Options { tactics: false, ..Options::default() };
    let (basic_seconds, _) = time(|| play_random_games(basic, 2_000, 0));
    let views = bench_views();
    let mut suggest_ms = Vec::new();
    for (level, count) in [(Level::Easy, views.len()), (Level::Medium, views.len()), (Level::Hard, 3)] {
        let (seconds, _) = time(|| views[..count].iter().map(|v| suggest(v, level, 1).is_ok() as u32).sum::<u32>());
        suggest_ms.push(format!("\"{level}\": {:.1}", seconds * 1000.0 / count as f64));
    }
    println!(
        "{{\"proofsPerSecond\": {:.0}, \"gamesPerSecondTactics\": {:.0}, \"gamesPerSecondBasic\": {:.0}, \"suggestMs\": {{{}}}}}",
        200_000.0 / proof_seconds,
        2_000.0 / tactics_seconds,
        2_000.0 / basic_seconds,
        suggest_ms.join(", ")
    );
}

/// The views the bots are timed on: the current player's view at ply 20 of seeds 0..6 (first legal
/// actions), identical to those `bench/wasm-bench.mjs` builds.
fn bench_views() -> Vec<battleline::PlayerView> {
    (0..6)
        .map(|seed| {
            let mut game = Game::new(Options::default(), seed).expect("valid options");
            for _ in 0..20 {
                let action = game.legal_actions()[0];
                game.apply(&action).expect("a legal action");
            }
            game.view(game.position().current()).expect("a seated player")
        })
        .collect()
}
