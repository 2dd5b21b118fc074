//! `value_lab calibrate`: how well the chance to win, estimated from a player's view alone, matches
//! what happened, on games not used in training (self-play of the search with the shipped model,
//! dealt from other seeds). Every position where a player is to play a card is read from both views,
//! by the model (`bot::evaluate` at `--level`, its mean over samples of the hidden cards; or another
//! model's mean over as many samples) and by the hand-made mapping the search used before it (the
//! logistic of the expected flags and its chance per flag, over as many samples).
//! Prints each one's log-loss and Brier score over the positions and a reliability table in tenths
//! (predicted against observed), and the same log-loss for the flags decided by the end.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use battleline::bot::{estimate_view, evaluate, Bot, Level, SearchBot, ValueModel};
use battleline::{Game, Options, Phase};

use super::{estimator, fail, Args};

/// How a chance is estimated from a view.
#[derive(Clone, Copy)]
enum Estimator {
    /// The mean over samples of the hidden cards of a model (the hand-made evaluation where `None`).
    Mean(Option<&'static ValueModel>),
    /// `bot::evaluate` at the level asked for.
    Evaluate,
}

/// One reading: the chance to win by each estimator, the outcome, and per flag (chance, outcome) for
/// the flags decided by the end.
type Reading = (Vec<f32>, f32, Vec<(Vec<f32>, f32)>);

pub(crate) fn run(args: &Args) {
    let games: u64 = args.num("--games", 40);
    let seed: u64 = args.num("--seed", 90_000_000);
    let playouts: u32 = args.num("--playouts", 300);
    let level: Level =
        args.get("--level").unwrap_or("easy").parse().unwrap_or_else(|e: battleline::Error| fail(&e.message));
    // As many samples as `evaluate` at that level takes, for the hand-made mapping too.
    let samples: u32 = args.num("--samples", [64, 256, 1024][Level::ALL.iter().position(|&l| l == level).unwrap()]);
    let shipped = args.get("--model").is_none_or(|m| m == "embedded");
    let threads: usize = args.num("--threads", 2);
    let every: usize = args.num("--every", 1);
    let learned = estimator(args.get("--model").unwrap_or("embedded"));
    // The hand-made mapping, the model's plain mean over samples, and (for the shipped model) what
    // the coach gets: `evaluate` itself, the mean passed through its calibration.
    let mut estimators: Vec<(&str, Estimator)> =
        vec![("hand-made", Estimator::Mean(None)), ("model mean", Estimator::Mean(learned))];
    if shipped {
        estimators.push(("evaluate", Estimator::Evaluate));
    }
    let readings = Mutex::new(Vec::<Reading>::new());
    let next = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let options = Options { tactics: g % 4 != 3, ..Options::default() };
                let mut game = Game::new(options, seed + g).unwrap();
                let mut bots = [0, 1].map(|p| SearchBot::new(playouts, (seed + g) * 2 + p));
                let mut views = Vec::new();
                while !game.is_match_over() {
                    let player = game.position().current();
                    if game.position().phase() == Phase::Play {
                        views.push([game.view(0).unwrap(), game.view(1).unwrap()]);
                    }
                    let action = bots[player].choose(&game.view(player).unwrap()).unwrap();
                    game.apply(&action).unwrap();
                }
                let last = *game.position();
                let winner = last.result().and_then(|r| r.winner);
                let mut mine = Vec::new();
                for (i, pair) in views.iter().enumerate().filter(|(i, _)| i % every.max(1) == 0) {
                    for (me, view) in pair.iter().enumerate() {
                        let outcome = winner.map_or(0.5, |w| if w == me { 1.0 } else { 0.0 });
                        let estimates: Vec<_> = estimators
                            .iter()
                            .map(|(_, estimator)| {
                                let seed = seed ^ (g << 20) ^ i as u64;
                                match estimator {
                                    Estimator::Evaluate => {
                                        let found = evaluate(view, level, seed).unwrap();
                                        (found.win, found.flags)
                                    }
                                    Estimator::Mean(model) => estimate_view(view, *model, samples, seed).unwrap(),
                                }
                            })
                            .collect();
                        let flags = (0..9)
                            .filter(|&f| view.flags[f].claimed_by.is_none())
                            .filter_map(|f| last.flags()[f].claimed.map(|p| (f, if p == me { 1.0 } else { 0.0 })))
                            .map(|(f, won)| (estimates.iter().map(|e| e.1[f]).collect(), won))
                            .collect();
                        mine.push((estimates.iter().map(|e| e.0).collect(), outcome, flags));
                    }
                }
                readings.lock().unwrap().extend(mine);
            });
        }
    });
    let readings = readings.into_inner().unwrap();
    if let Some(path) = args.get("--dump") {
        // One line a reading: what, then each estimator's chance, then the outcome (for fitting a
        // calibration, tools/fit_calibration.py).
        let mut text = format!("what\t{}\toutcome\n", estimators.iter().map(|e| e.0).collect::<Vec<_>>().join("\t"));
        for (wins, outcome, flags) in &readings {
            let join = |v: &[f32]| v.iter().map(|p| format!("{p}")).collect::<Vec<_>>().join("\t");
            text += &format!("win\t{}\t{outcome}\n", join(wins));
            for (chances, won) in flags {
                text += &format!("flag\t{}\t{won}\n", join(chances));
            }
        }
        std::fs::write(path, text).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    }
    let flag_count: usize = readings.iter().map(|r| r.2.len()).sum();
    println!(
        "calibrate: {games} games from seed {seed} (search:{playouts} self-play, one in four without tactics), \
         {} readings (both views of every position where a card is to be played{}), {samples} samples each; \
         {flag_count} flag readings (flags open then, decided by the end)",
        readings.len(),
        if every > 1 { format!(", one position in {every}") } else { String::new() }
    );
    for (e, (name, _)) in estimators.iter().enumerate() {
        let pairs: Vec<(f32, f32)> = readings.iter().map(|r| (r.0[e], r.1)).collect();
        let flags: Vec<(f32, f32)> = readings.iter().flat_map(|r| r.2.iter().map(|(p, y)| (p[e], *y))).collect();
        println!(
            "{name}: game log-loss {:.4}, Brier {:.4}; flag log-loss {:.4}, Brier {:.4}",
            log_loss(&pairs),
            brier(&pairs),
            log_loss(&flags),
            brier(&flags)
        );
        println!("{name}: reliability (predicted tenth: positions, mean predicted, observed)");
        for tenth in 0..10 {
            let bin: Vec<&(f32, f32)> =
                pairs.iter().filter(|(p, _)| ((p * 10.0).floor() as usize).min(9) == tenth).collect();
            if bin.is_empty() {
                continue;
            }
            let n = bin.len() as f64;
            let predicted = bin.iter().map(|(p, _)| f64::from(*p)).sum::<f64>() / n;
            let observed = bin.iter().map(|(_, y)| f64::from(*y)).sum::<f64>() / n;
            println!(
                "  {:.1}-{:.1}: {:6} {predicted:.3} {observed:.3}",
                tenth as f64 / 10.0,
                (tenth + 1) as f64 / 10.0,
                bin.len()
            );
        }
    }
}

fn log_loss(pairs: &[(f32, f32)]) -> f64 {
    let sum: f64 = pairs
        .iter()
        .map(|&(p, y)| {
            let p = f64::from(p).clamp(1e-6, 1.0 - 1e-6);
            let y = f64::from(y);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    sum / pairs.len().max(1) as f64
}

fn brier(pairs: &[(f32, f32)]) -> f64 {
    pairs.iter().map(|&(p, y)| f64::from(p - y).powi(2)).sum::<f64>() / pairs.len().max(1) as f64
}
