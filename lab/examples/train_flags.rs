//! Fits the lab's learned chance per flag (`lab/src/flag_model.rs`), the harness behind the fit's
//! figures in `docs/BOT_EXPERIMENTS.md`.
//!
//! ```text
//! cargo run --release -p battleline-lab --example train_flags -- [--games 3000] [--seed 2000000] [--playouts 300]
//!     [--threads 2] [--out weights.txt] [--only bias,diff,...]
//! ```
//!
//! It plays search games (the search against itself and against `heuristic`, alternately, with
//! tactics), and after every card played reads each open flag from both players' side as the search's
//! leaf would ([`battleline::bot::StaticLeaf::duels`]). Each reading is labelled with the flag's owner at the
//! end of the game; a flag still open then is labelled with the evaluation's chance in the final
//! position. A logistic regression over the duel's features is fitted by Newton's method (a small L2
//! penalty) on four games in five and scored on the fifth, against the hand-set chance the search uses
//! now. It prints the weights as Rust, and writes them one per line to `--out` for
//! `examples/tune.rs` (`flag_model=FILE`). `--only` fits the named features and leaves the others at 0.

// The least-squares algebra below reads as the textbook writes it, with indices.
#![allow(clippy::needless_range_loop)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use battleline::bot::{Bot, HeuristicBot, SearchBot, SearchConfig, StaticLeaf};
use battleline::{Game, Options, Phase, FLAG_COUNT};
use battleline_lab::flag_model::{features, FEATURES, FEATURE_NAMES};

/// One reading: the features, the label, the hand-set chance, and whether it is held out.
struct Row {
    features: [f32; FEATURES],
    label: f32,
    current: f32,
    holdout: bool,
}

struct Args {
    games: u64,
    seed: u64,
    playouts: u32,
    threads: usize,
    out: Option<String>,
    /// The features fitted; the others keep a weight of 0.
    only: [bool; FEATURES],
}

fn parse() -> Result<Args, String> {
    let mut args = Args { games: 3000, seed: 2_000_000, playouts: 300, threads: 2, out: None, only: [true; FEATURES] };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => args.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => args.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--playouts" => args.playouts = value()?.parse().map_err(|e| format!("--playouts: {e}"))?,
            "--threads" => args.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--out" => args.out = Some(value()?),
            "--only" => {
                let names = value()?;
                args.only = [false; FEATURES];
                for name in names.split(',') {
                    let i =
                        FEATURE_NAMES.iter().position(|n| *n == name).ok_or_else(|| format!("no feature {name:?}"))?;
                    args.only[i] = true;
                }
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(args)
}

/// The readings of one game, labelled.
fn play(index: u64, args: &Args) -> Vec<Row> {
    let seed = args.seed + index;
    let mut game = Game::new(Options::default(), seed).expect("a valid deal");
    let mut search = SearchBot::new(args.playouts, seed.wrapping_mul(3) + 1);
    let mut other: Box<dyn Bot> = if index % 2 == 0 {
        Box::new(SearchBot::new(args.playouts, seed.wrapping_mul(3) + 2))
    } else {
        Box::new(HeuristicBot::new(seed))
    };
    let search_seat = (index / 2 % 2) as usize;
    let leaf = StaticLeaf::new(&SearchConfig::default());
    // (flag, reader) per pending reading, labelled when the game ends.
    let mut pending: Vec<(usize, usize, [f32; FEATURES], f32)> = Vec::new();
    while !game.position().is_over() {
        let player = game.position().current();
        let view = game.view(player).expect("a seated player");
        let bot: &mut dyn Bot = if player == search_seat { &mut search } else { other.as_mut() };
        let action = bot.choose(&view).expect("the bot answers");
        let playing = game.position().phase() == Phase::Play;
        game.apply(&action).expect("a legal action");
        if playing {
            for me in 0..2 {
                for (id, duel, current) in leaf.duels(game.position(), me, 1 - me) {
                    pending.push((id.index(), me, features(&duel), current));
                }
            }
        }
    }
    let end = game.position();
    // A flag open at the end: the evaluation's chance there, from each side.
    let mut open = [[0.5f32; 2]; FLAG_COUNT];
    for me in 0..2 {
        for (id, _, current) in leaf.duels(end, me, 1 - me) {
            open[id.index()][me] = current;
        }
    }
    let owner = |flag: usize| end.flag(battleline::FlagId::all().nth(flag).expect("a flag")).claimed;
    pending
        .into_iter()
        .map(|(flag, me, features, current)| Row {
            features,
            label: match owner(flag) {
                Some(p) if p == me => 1.0,
                Some(_) => 0.0,
                None => open[flag][me],
            },
            current,
            holdout: index % 5 == 4,
        })
        .collect()
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn log_loss(p: f64, y: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).expect("rows");
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..FEATURES {
            let factor = a[row][col] / a[col][col];
            for k in col..FEATURES {
                a[row][k] -= factor * a[col][k];
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let rest: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    x
}

/// Logistic regression with soft labels by Newton's method, penalty `lambda` per row on the weights
/// (not the constant).
fn fit(rows: &[&Row], lambda: f64, only: &[bool; FEATURES]) -> [f64; FEATURES] {
    let mut w = [0.0f64; FEATURES];
    let n = rows.len() as f64;
    for _ in 0..25 {
        let mut grad = [0.0f64; FEATURES];
        let mut hess = [[0.0f64; FEATURES]; FEATURES];
        for row in rows {
            let x = row.features.map(f64::from);
            let p = logistic(x.iter().zip(&w).map(|(a, b)| a * b).sum());
            let r = p - f64::from(row.label);
            let s = p * (1.0 - p);
            for i in 0..FEATURES {
                grad[i] += r * x[i];
                for j in 0..FEATURES {
                    hess[i][j] += s * x[i] * x[j];
                }
            }
        }
        for i in 1..FEATURES {
            grad[i] += lambda * n * w[i];
            hess[i][i] += lambda * n;
        }
        // A feature left out keeps its weight of 0: its row and column drop out of the system.
        for i in (0..FEATURES).filter(|&i| !only[i]) {
            grad[i] = 0.0;
            for j in 0..FEATURES {
                hess[i][j] = 0.0;
                hess[j][i] = 0.0;
            }
            hess[i][i] = 1.0;
        }
        let step = solve(hess, grad);
        let mut largest = 0.0f64;
        for i in 0..FEATURES {
            w[i] -= step[i];
            largest = largest.max(step[i].abs());
        }
        if largest < 1e-7 {
            break;
        }
    }
    w
}

fn main() {
    let args = match parse() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("train_flags: {message}");
            std::process::exit(2);
        }
    };
    let next = AtomicU64::new(0);
    let rows = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= args.games {
                    break;
                }
                let played = play(index, &args);
                rows.lock().expect("no panic while held").extend(played);
            });
        }
    });
    let rows = rows.into_inner().expect("no panic while held");
    let (train, test): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|row| !row.holdout);
    println!(
        "{} games from seed {} (search:{} against itself and heuristic): {} readings, {} to fit, {} held out",
        args.games,
        args.seed,
        args.playouts,
        rows.len(),
        train.len(),
        test.len()
    );
    let w = fit(&train, 1e-4, &args.only);
    let mean = |f: &dyn Fn(&Row) -> f64| test.iter().map(|row| f(row)).sum::<f64>() / test.len() as f64;
    let base_rate = train.iter().map(|row| f64::from(row.label)).sum::<f64>() / train.len() as f64;
    let weights32 = w.map(|v| v as f32);
    let fitted = |row: &Row| {
        let x: f32 = row.features.iter().zip(&weights32).map(|(a, b)| a * b).sum();
        f64::from(1.0 / (1.0 + (-x).exp()))
    };
    // The labels' own entropy is the floor a perfect model would reach.
    let floor = mean(&|row| log_loss(f64::from(row.label), f64::from(row.label)));
    println!("held-out log-loss (lower is better; {floor:.4} is the labels' own entropy):");
    println!("  constant {base_rate:.3}: {:.4}", mean(&|row| log_loss(base_rate, f64::from(row.label))));
    println!(
        "  hand-set chance (the search now): {:.4}",
        mean(&|row| log_loss(f64::from(row.current), f64::from(row.label)))
    );
    println!("  fitted: {:.4}", mean(&|row| log_loss(fitted(row), f64::from(row.label))));
    println!("weights:");
    for (name, value) in FEATURE_NAMES.iter().zip(&weights32) {
        println!("  {name:>15} {value:>9.4}");
    }
    let listed: Vec<String> = weights32.iter().map(|v| format!("{v:.4}")).collect();
    println!("pub(crate) const WEIGHTS: [f32; FEATURES] = [{}];", listed.join(", "));
    if let Some(path) = args.out {
        let text: String = weights32.iter().map(|v| format!("{v}\n")).collect();
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
        println!("written to {path}");
    }
}
