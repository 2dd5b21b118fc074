//! A paired screen of a change to the search's parameters, the harness behind the tuning rows of
//! `docs/BOT_EXPERIMENTS.md`. Every deal is played from every seat twice against `heuristic` bots: once
//! by the search with the base parameters and once with the changed ones, the same deal and the same
//! bot seeds, so the difference per deal has a much smaller error than either score.
//!
//! ```text
//! cargo run --release -p battleline-lab --example tune -- [--playouts 3000] [--deals 300] [--seed 1000000] [--players 2]
//!     [--no-tactics] [--threads 2] [--base key=value,...] key=value[,key=value...] ...
//! ```
//!
//! Each argument `key=value,...` is one changed search, screened against the same base games (played
//! once).
//! Keys: exploration, widen_c, widen_alpha, eval_scale, foresight (draws; `none` turns it off),
//! missing_own, missing_opponent, temperature, temperature_fog, breakthrough, win_weight (0..1: the
//! leaf reward's share taken from the chance to win the game, two players), infer_temperature (0 off),
//! infer_pool and infer_depth (inference about the opponent's hand from their recent plays, two players), guard (true/false),
//! playout_actions (fast-policy actions after the tree), endgame_rollout (troop deck size at or below
//! which playouts go to the end; `none`), flag_model (a file of weights from
//! `train_flags`: the learned chance per flag, two players), max_n (three players: 1 values every seat by its own chance to
//! win, 2 the same scaled to sum to 1; 0 the levels' paranoid reading), hand_made (true: the hand-made leaf
//! evaluation instead of the learned value model, two players; the lab's other leaf switches imply it).
//! `oracle=true` (two players) shows the search the opponent's true hand at each decision: what perfect
//! inference about it would give. `oracle=deal` shows it the whole true position (both hands, both
//! decks in order): what perfect information would give, the ceiling of play against the heuristic. `--base` changes the baseline too (to screen a second change on top of a first).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use battleline::bot::{play_game, Bot, HeuristicBot};
use battleline::{Game, Options};
use battleline_lab::flag_model::FEATURES;
use battleline_lab::oracle::{choose_shown, Oracle};
use battleline_lab::LabConfig;

struct Args {
    playouts: u32,
    deals: u64,
    seed: u64,
    players: usize,
    tactics: bool,
    threads: usize,
    base: LabConfig,
    /// Each changed search, what it is shown of the hidden cards, and how it was written.
    variants: Vec<(LabConfig, Oracle, String)>,
}

fn set(lab: &mut LabConfig, pair: &str) -> Result<(), String> {
    let config = &mut lab.search;
    let (key, value) = pair.split_once('=').ok_or_else(|| format!("expected key=value, got {pair:?}"))?;
    let number = || value.parse::<f32>().map_err(|e| format!("{key}: {e}"));
    match key {
        "exploration" => config.exploration = number()?,
        "widen_c" => config.widen_c = number()?,
        "widen_alpha" => config.widen_alpha = number()?,
        "eval_scale" => config.eval_scale = number()?,
        "foresight" if value == "none" => config.leaf_foresight = None,
        "foresight" => config.leaf_foresight = Some(value.parse().map_err(|e| format!("{key}: {e}"))?),
        "missing_own" => config.eval.missing_own = number()?,
        "missing_opponent" => config.eval.missing_opponent = number()?,
        "temperature" => config.eval.temperature = number()?,
        "temperature_fog" => config.eval.temperature_fog = number()?,
        "breakthrough" => config.eval.breakthrough = number()?,
        "playout_actions" => lab.playout_actions = value.parse().map_err(|e| format!("{key}: {e}"))?,
        "endgame_rollout" if value == "none" => lab.endgame_rollout = None,
        "endgame_rollout" => lab.endgame_rollout = Some(value.parse().map_err(|e| format!("{key}: {e}"))?),
        "flag_model" => {
            let text = std::fs::read_to_string(value).map_err(|e| format!("{key}: {value}: {e}"))?;
            let weights: Vec<f32> =
                text.split_whitespace().map(str::parse).collect::<Result<_, _>>().map_err(|e| format!("{key}: {e}"))?;
            lab.flag_model = Some(
                weights.try_into().map_err(|w: Vec<f32>| format!("{key}: {} weights, expected {FEATURES}", w.len()))?,
            );
        }
        "win_weight" => lab.win_weight = number()?,
        "hand_made" => lab.hand_made = value.parse().map_err(|e| format!("{key}: {e}"))?,
        "infer_temperature" => lab.infer_temperature = number()?,
        "infer_pool" => lab.infer_pool = value.parse().map_err(|e| format!("{key}: {e}"))?,
        "infer_depth" => lab.infer_depth = value.parse().map_err(|e| format!("{key}: {e}"))?,
        "max_n" => lab.max_n = value.parse().map_err(|e| format!("{key}: {e}"))?,
        "guard" => config.guard_tactics = value.parse().map_err(|e| format!("{key}: {e}"))?,
        _ => return Err(format!("unknown key {key:?}")),
    }
    Ok(())
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        playouts: 3000,
        deals: 300,
        seed: 1_000_000,
        players: 2,
        tactics: true,
        threads: 2,
        base: LabConfig::default(),
        variants: Vec::new(),
    };
    let mut changes = Vec::new();
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or_else(|| format!("{word} needs a value"));
        match word.as_str() {
            "--playouts" => args.playouts = value()?.parse().map_err(|e| format!("--playouts: {e}"))?,
            "--deals" => args.deals = value()?.parse().map_err(|e| format!("--deals: {e}"))?,
            "--seed" => args.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--players" => args.players = value()?.parse().map_err(|e| format!("--players: {e}"))?,
            "--threads" => args.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--no-tactics" => args.tactics = false,
            "--base" => {
                for pair in value()?.split(',') {
                    set(&mut args.base, pair)?;
                }
            }
            pair => changes.push(pair.to_string()),
        }
    }
    if !(2..=3).contains(&args.players) || args.threads == 0 || args.deals == 0 || changes.is_empty() {
        return Err("--players is 2 or 3; --threads and --deals at least 1; at least one change".into());
    }
    for change in changes {
        let mut config = args.base;
        let mut oracle = Oracle::Nothing;
        for pair in change.split(',') {
            match pair {
                "oracle=true" if args.players == 2 => oracle = Oracle::Hand,
                "oracle=deal" if args.players == 2 => oracle = Oracle::Deal,
                _ => set(&mut config, pair)?,
            }
        }
        args.variants.push((config, oracle, change));
    }
    Ok(args)
}

/// The search's mean score over every seat of one deal, with `config`: a win 1, a draw shared. With
/// `oracle`, the search is shown the opponent's true hand or the whole position at each of its decisions.
fn deal_score(args: &Args, deal: u64, config: LabConfig, oracle: Oracle) -> f64 {
    let options = Options { players: args.players, tactics: args.tactics, ..Options::default() };
    let seed = args.seed + deal;
    let mut total = 0.0;
    for seat in 0..args.players {
        let mut bots: Vec<Box<dyn Bot>> = (0..args.players)
            .map(|p| -> Box<dyn Bot> {
                let bot_seed = seed.wrapping_mul(8).wrapping_add(p as u64);
                if p == seat {
                    Box::new(config.bot(args.playouts, bot_seed))
                } else {
                    Box::new(HeuristicBot::new(bot_seed))
                }
            })
            .collect();
        let game = if oracle != Oracle::Nothing {
            oracle_game(
                options,
                seed,
                seat,
                oracle,
                config.bot(args.playouts, seed.wrapping_mul(8).wrapping_add(seat as u64)),
            )
        } else {
            let mut refs: Vec<&mut dyn Bot> = bots.iter_mut().map(|b| b.as_mut() as &mut dyn Bot).collect();
            play_game(options, seed, &mut refs).expect("bots play legal games")
        };
        total += match game.position().result().and_then(|r| r.winner) {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 1.0 / args.players as f64,
        };
    }
    total / args.players as f64
}

/// A two-player game of `search` in `seat` against the heuristic, the search shown the opponent's
/// hand or the whole position (`oracle`) before each of its decisions (the bots' seeds as in
/// `deal_score`).
fn oracle_game(
    options: Options,
    seed: u64,
    seat: usize,
    oracle: Oracle,
    mut bot: battleline_lab::config::LabBot,
) -> Game {
    let opponent = 1 - seat;
    let mut heuristic = HeuristicBot::new(seed.wrapping_mul(8).wrapping_add(opponent as u64));
    let mut game = Game::new(options, seed).expect("valid options");
    while !game.is_match_over() {
        let player = game.position().current();
        let view = game.view(player).expect("the player exists");
        let action =
            if player == seat { choose_shown(&mut bot.search, &game, oracle) } else { heuristic.choose(&view) };
        game.apply(&action.expect("the bots choose")).expect("the bots play legal actions");
    }
    game
}

fn mean_and_error(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (variance / n).sqrt())
}

fn main() {
    let args = match parse() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("tune: {message}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| loop {
                let deal = next.fetch_add(1, Ordering::Relaxed);
                if deal >= args.deals {
                    break;
                }
                let base = deal_score(&args, deal, args.base, Oracle::Nothing);
                let changed: Vec<f64> =
                    args.variants.iter().map(|&(config, oracle, _)| deal_score(&args, deal, config, oracle)).collect();
                results.lock().unwrap().push((deal, base, changed));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let base: Vec<f64> = results.iter().map(|r| r.1).collect();
    let (b, be) = mean_and_error(&base);
    println!(
        "search:{} vs heuristic, {} players, tactics {}, {} deals from seed {} ({} games a search), {:.0} s",
        args.playouts,
        args.players,
        if args.tactics { "on" } else { "off" },
        args.deals,
        args.seed,
        args.deals * args.players as u64,
        start.elapsed().as_secs_f64(),
    );
    println!("base{}: {b:.3} ± {be:.3}", if args.base == LabConfig::default() { "" } else { " (changed by --base)" });
    for (i, (_, _, described)) in args.variants.iter().enumerate() {
        let changed: Vec<f64> = results.iter().map(|r| r.2[i]).collect();
        let diff: Vec<f64> = results.iter().map(|r| r.2[i] - r.1).collect();
        let ((v, ve), (d, de)) = (mean_and_error(&changed), mean_and_error(&diff));
        let differ = diff.iter().filter(|d| **d != 0.0).count();
        println!("{described}: {v:.3} ± {ve:.3}, paired {d:+.3} ± {de:.3} ({differ} deals differ)");
    }
}
