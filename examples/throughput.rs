//! The native half of `bench/wasm-bench.mjs`: the same workloads as the wasm exports, timed here and
//! printed as one JSON line. Run: `cargo run --release --example throughput`.

use std::time::Instant;

use battleline::bot::{suggest, Level};
use battleline::random_play::{play_random_games, prove_all, sample_claim_situations};
use battleline::{Action, Game, Options};

/// Seconds taken by `work`.
fn time<R>(work: impl FnOnce() -> R) -> (f64, R) {
    let start = Instant::now();
    let result = std::hint::black_box(work());
    (start.elapsed().as_secs_f64(), result)
}

fn main() {
    let situations = sample_claim_situations(20_000).expect("a valid count");
    let (proof_seconds, _) = time(|| prove_all(&situations, 10).expect("a valid budget"));
    let (tactics_seconds, _) = time(|| play_random_games(Options::default(), 2_000, 0).expect("valid games"));
    let basic = Options { tactics: false, ..Options::default() };
    let (basic_seconds, _) = time(|| play_random_games(basic, 2_000, 0).expect("valid games"));
    let views = bench_views();
    let (mut suggest_ms, mut playouts) = (Vec::new(), Vec::new());
    for (level, count) in [(Level::Easy, views.len()), (Level::Medium, views.len()), (Level::Hard, 3)] {
        let (seconds, _) = time(|| views[..count].iter().map(|v| suggest(v, level, 1).is_ok() as u32).sum::<u32>());
        suggest_ms.push(format!("\"{level}\": {:.1}", seconds * 1000.0 / count as f64));
        playouts.push(format!("\"{level}\": {}", level.playouts()));
    }
    println!(
        "{{\"proofsPerSecond\": {:.0}, \"gamesPerSecondTactics\": {:.0}, \"gamesPerSecondBasic\": {:.0}, \"suggestMs\": {{{}}}, \"playouts\": {{{}}}}}",
        200_000.0 / proof_seconds,
        2_000.0 / tactics_seconds,
        2_000.0 / basic_seconds,
        suggest_ms.join(", "),
        playouts.join(", ")
    );
}

/// The views the bots are timed on: seeds 0..6 played with first legal actions for 20 plies and on to
/// the next play step with a choice (so that every timed move is a full search), the current player's
/// view; identical to those `bench/wasm-bench.mjs` builds.
fn bench_views() -> Vec<battleline::PlayerView> {
    (0..6)
        .map(|seed| {
            let mut game = Game::new(Options::default(), seed).expect("valid options");
            let mut ply = 0;
            loop {
                let legal = game.legal_actions();
                if ply >= 20 && legal.len() > 1 && matches!(legal[0], Action::Play { .. }) {
                    break;
                }
                game.apply(&legal[0]).expect("a legal action");
                ply += 1;
            }
            game.view(game.position().current()).expect("a seated player")
        })
        .collect()
}
