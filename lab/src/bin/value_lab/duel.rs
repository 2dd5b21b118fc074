//! `value_lab duel`: the search with model A against the search with model B at the same budget (or
//! against the rule-based bot: `--b heuristic`), in the claim timing of `--timing`, by
//! the sequential test of `battleline match --sprt` on paired seeds (the same test, its code shared):
//! pair j is dealt from seed + j and played twice, A in seat 0 then in seat 1, each bot seeded from
//! seed + the game's index; pairs are counted in order whatever the threads. `--a-set` and `--b-set`
//! change a side's search parameters (`exploration=0.3,widen_c=2`, see `search_config`); `--policy` and
//! `--b-policy` guide a side's search with a learned policy (`FILE@WEIGHT`, see `policy_config`). `--seconds S`
//! starts no pair after S seconds (the test then reports what it has, undecided if no bound was crossed).
//! `--verbose` prints each pair's score as it ends (`pair J (seed S): A scores X`), so that two duels on
//! the same seeds can be compared pair by pair (`python3 tools/pair.py B.log A.log`).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use battleline::bot::{play_game, Bot, HeuristicBot};
use battleline::Options;

#[path = "../../../../src/bin/battleline/sprt.rs"]
#[allow(dead_code)]
mod sprt;

use super::{claim_timing, fail, leaf, policy_config, search_config, search_with, Args};
use sprt::{Bounds, Decision, Pairs};

pub(crate) fn run(args: &Args) {
    let name = |key: &str| args.get(key).unwrap_or_else(|| fail(&format!("duel needs {key} MODEL")));
    let (a_name, b_name) = (name("--a"), name("--b"));
    // B may be the rule-based `heuristic` bot instead of a search.
    let b_heuristic = b_name == "heuristic";
    let (a, b) = (leaf(a_name), leaf(if b_heuristic { "handmade" } else { b_name }));
    let playouts: u32 = args.num("--playouts", 1000);
    let playouts_b: u32 = args.num("--playouts-b", playouts);
    let max_games: u64 = args.num("--games", 1000);
    let seed: u64 = args.num("--seed", 50_000_000);
    let threads: usize = args.num("--threads", 2);
    let bounds = Bounds::parse(args.get("--sprt").unwrap_or("0.5,0.55"), 0.05, 0.05).unwrap_or_else(|e| fail(&e));
    let claim_timing = claim_timing(args.get("--timing").unwrap_or("afterPlay"));
    let options = Options { tactics: !args.flag("--no-tactics"), claim_timing, ..Options::default() };
    let max_pairs = max_games / 2;
    let seconds: f64 = args.num("--seconds", 1e7);
    let verbose = args.flag("--verbose");
    let (config_a, config_b) = (
        policy_config(search_config(args.get("--a-set")), args.get("--policy")),
        policy_config(search_config(args.get("--b-set")), args.get("--b-policy")),
    );
    let deadline = Instant::now() + std::time::Duration::from_secs_f64(seconds.min(1e7));
    // Each pair's score once played; the test reads them in order.
    let scores = Mutex::new(vec![None::<f64>; max_pairs as usize]);
    let (next, stop) = (AtomicU64::new(0), AtomicBool::new(false));
    let verdict = Mutex::new((Pairs::default(), Decision::Undecided));
    // Per side: nanoseconds spent choosing, and searched decisions.
    let time = Mutex::new([(0u64, 0u64); 2]);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let j = next.fetch_add(1, Ordering::Relaxed);
                if j >= max_pairs || stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                    break;
                }
                let mut pair = 0.0;
                for seat in 0..2u64 {
                    let game_seed = seed + 2 * j + seat;
                    let mut bot_a =
                        Timed { bot: Box::new(search_with(playouts, game_seed, &a, config_a)), nanos: 0, moves: 0 };
                    let b_seed = game_seed.wrapping_add(1 << 32);
                    let bot_b: Box<dyn Bot> = match b_heuristic {
                        true => Box::new(HeuristicBot::new(b_seed)),
                        false => Box::new(search_with(playouts_b, b_seed, &b, config_b)),
                    };
                    let mut bot_b = Timed { bot: bot_b, nanos: 0, moves: 0 };
                    let bots: [&mut dyn Bot; 2] =
                        if seat == 0 { [&mut bot_a, &mut bot_b] } else { [&mut bot_b, &mut bot_a] };
                    let [x, y] = bots;
                    let game = play_game(options, seed + j, &mut [x, y]).expect("the searches play legally");
                    for (side, bot) in [&bot_a, &bot_b].into_iter().enumerate() {
                        let mut time = time.lock().unwrap();
                        time[side].0 += bot.nanos;
                        // A search's searched decisions; every move of the rule-based bot.
                        time[side].1 += bot.bot.stats().map_or(bot.moves, |s| s.decisions);
                    }
                    pair += match game.position().result().and_then(|r| r.winner) {
                        Some(w) if w as u64 == seat => 0.5,
                        Some(_) => 0.0,
                        None => 0.25,
                    };
                }
                if verbose {
                    // One line a pair as it ends, for pairing two duels on the same seeds (tools/pair.py).
                    println!("pair {j} (seed {}): A scores {pair}", seed + j);
                }
                let mut scores = scores.lock().unwrap();
                scores[j as usize] = Some(pair);
                let mut verdict = verdict.lock().unwrap();
                while verdict.1 == Decision::Undecided {
                    let counted = verdict.0.len() as usize;
                    let Some(Some(score)) = scores.get(counted) else { break };
                    verdict.0.add(*score);
                    verdict.1 = verdict.0.decision(&bounds);
                }
                if verdict.1 != Decision::Undecided {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        }
    });
    let (pairs, decision) = verdict.into_inner().unwrap();
    let spent = time.into_inner().unwrap();
    let (low, high) = pairs.interval();
    println!(
        "duel: A = {a_name} (search:{playouts}, policy {}), B = {b_name} (search:{playouts_b}, policy {}), tactics {}, timing {claim_timing:?}; \
         {} pairs ({} games); \
         A scores {:.3} ± {:.3} (standard error over pairs), 95% interval {low:.3} to {high:.3}; LLR {:.3} \
         (bounds {:.3}, {:.3}); {}; {:.0} s; a searched decision (a move of heuristic) took A {:.1} ms, B {:.1} ms on average",
        args.get("--policy").unwrap_or("none"),
        args.get("--b-policy").unwrap_or("none"),
        options.tactics,
        pairs.len(),
        2 * pairs.len(),
        pairs.mean(),
        pairs.standard_error(),
        pairs.llr(&bounds),
        bounds.lower(),
        bounds.upper(),
        match decision {
            Decision::H1 => format!("H1 accepted (A scores at least {})", bounds.s1),
            Decision::H0 => format!("H0 accepted (A scores at most {})", bounds.s0),
            Decision::Undecided => "undecided".to_string(),
        },
        started.elapsed().as_secs_f64(),
        per_decision(spent[0]),
        per_decision(spent[1]),
    );
}

/// Milliseconds a searched decision (all of a side's choosing time, forced answers included, over its
/// searched decisions).
fn per_decision((nanos, decisions): (u64, u64)) -> f64 {
    nanos as f64 / 1e6 / decisions.max(1) as f64
}

/// A bot whose choosing time is counted.
struct Timed {
    bot: Box<dyn Bot>,
    nanos: u64,
    moves: u64,
}

impl Bot for Timed {
    fn choose(&mut self, view: &battleline::PlayerView) -> Result<battleline::Action, battleline::Error> {
        let started = Instant::now();
        let action = self.bot.choose(view);
        self.nanos += started.elapsed().as_nanos() as u64;
        self.moves += 1;
        action
    }
}
