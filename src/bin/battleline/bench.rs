//! `battleline bench`: (1) claim-proof latency of `is_claimable` and `prove` on claim situations sampled
//! from random games and on a constructed worst-case set; (2) random games per second, one thread.

use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use battleline::{is_claimable, prove, Card, CardSet, Colour, Flag, Options, Position, SideCards, Tactic};
use rand::seq::SliceRandom;
use rand::Rng;

use crate::failure::Failure;
use battleline::random_play::{sample_claim_situations, ClaimSituation};

use battleline::random_play::{choose, chooser, deal};

pub const LONG_ABOUT: &str = "\
Benchmark the engine and print a small table.

(1) Claim-proof latency, in ns per call (median, p99, max, mean) of battleline::is_claimable (the allocation-free
check) and battleline::prove (the explained verdict), on two sets: 200,000 distinct claim situations sampled from
random games with tactics (every unclaimed flag with a complete side, after every action, with the position's
unseen troops), and 20,000 constructed worst cases (Mud, an empty or wild-card-only opposing side, Alexander,
Darius, Companion Cavalry and Shield Bearers on either side, Fog, the largest pools of unseen cards; one in eight
is a three-player flag with two empty opposing sides). Each input is timed on its own, in batches of repeated
calls to get below the timer's resolution; the least of three batches counts, so that a preemption by the
operating system does not become an input's figure. Targets: median <= 1,000 ns and p99 <= 10,000 ns.

(2) Random games per second on one thread: random legal actions, claiming whenever provable, with and without
tactics, each played with Position::apply_unchecked (the playouts' path; the actions are legal by
construction). Target: >= 20,000 games/s with tactics. The table shows the share of the time the thread was on
a CPU and the header the load average: on a busy machine the figures are low (--json also writes them per
CPU-second).

--quick runs a version about ten times smaller (for tests and smoke checks).";

/// Arguments of `battleline bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Run about ten times less (for tests).
    #[arg(long)]
    pub quick: bool,
    /// Also write the figures as JSON to this file (for `node scripts/figures.mjs --record bench FILE`,
    /// which puts them in the README).
    #[arg(long, value_name = "FILE")]
    pub json: Option<std::path::PathBuf>,
}

/// Targets of the brief.
const TARGET_MEDIAN_NS: f64 = 1_000.0;
const TARGET_P99_NS: f64 = 10_000.0;
const TARGET_GAMES_PER_SECOND: f64 = 20_000.0;

/// Calls per timed batch: `is_claimable` takes a few hundred ns, `prove` (which allocates) more.
const BATCH_IS_CLAIMABLE: u32 = 16;
const BATCH_PROVE: u32 = 4;
/// Timed batches per input; the least counts.
const ROUNDS: u32 = 3;

type Situation = ClaimSituation;

struct Scale {
    name: &'static str,
    sampled: usize,
    worst: usize,
    game_time: Duration,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let scale = if args.quick {
        Scale { name: "quick", sampled: 20_000, worst: 2_000, game_time: Duration::from_millis(300) }
    } else {
        Scale { name: "full", sampled: 200_000, worst: 20_000, game_time: Duration::from_secs(3) }
    };
    let mut out = io::stdout().lock();
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let build =
        if cfg!(debug_assertions) { "build with debug assertions (figures are pessimistic)" } else { "release build" };
    let load = load_average().map_or_else(String::new, |load| format!(", load average {load}"));
    writeln!(out, "battleline bench ({}): {cores} cores available{load}, one thread used, {build}", scale.name)?;
    writeln!(out, "timer: about {:.0} ns per Instant::now() pair, included in each batch", timer_overhead_ns())?;
    out.flush()?;

    let sampled = sample_claim_situations(scale.sampled)?;
    let worst = worst_cases(scale.worst);
    writeln!(out)?;
    writeln!(
        out,
        "claim proofs, ns per call (each input timed alone, the least of {ROUNDS} batches of {BATCH_IS_CLAIMABLE} calls for is_claimable, of {BATCH_PROVE} for prove)"
    )?;
    writeln!(
        out,
        "  {:<20} {:>7}  {:<12} {:>8} {:>8} {:>9} {:>8}  target",
        "set", "inputs", "function", "median", "p99", "max", "mean"
    )?;
    let mut all_met = true;
    let mut figures = serde_json::Map::new();
    for (set_name, set) in [("sampled from games", &sampled), ("worst cases", &worst)] {
        let claimable = set.iter().filter(|s| is_claimable(&s.flag, s.players, s.claimant, s.unseen)).count();
        let mut slowest = Vec::new();
        for function in ["is_claimable", "prove"] {
            let times = match function {
                "is_claimable" => time_each(set, BATCH_IS_CLAIMABLE, |s| {
                    is_claimable(&s.flag, s.players, s.claimant, s.unseen) as usize
                }),
                _ => time_each(set, BATCH_PROVE, |s| prove(&s.flag, s.players, s.claimant, s.unseen).opponents.len()),
            };
            let worst_at = (0..times.len()).max_by(|&a, &b| times[a].total_cmp(&times[b])).unwrap_or(0);
            slowest.push(format!("  slowest {function} input: {}", describe(&set[worst_at])));
            let stats = Stats::of(times);
            let key = format!("{function} {}", if set_name.starts_with("worst") { "worst" } else { "sampled" });
            figures.insert(format!("{key} median ns"), stats.median.round().into());
            figures.insert(format!("{key} p99 ns"), stats.p99.round().into());
            let met = stats.median <= TARGET_MEDIAN_NS && stats.p99 <= TARGET_P99_NS;
            all_met &= met;
            writeln!(
                out,
                "  {:<20} {:>7}  {:<12} {:>8.0} {:>8.0} {:>9.0} {:>8.0}  {}",
                set_name,
                set.len(),
                function,
                stats.median,
                stats.p99,
                stats.max,
                stats.mean,
                if met { "met" } else { "MISSED" }
            )?;
            out.flush()?;
        }
        writeln!(out, "  ({set_name}: {claimable} of {} claimable)", set.len())?;
        for line in slowest {
            writeln!(out, "{line}")?;
        }
    }

    writeln!(out)?;
    writeln!(out, "random games, one thread: random legal actions, claiming whenever provable")?;
    writeln!(
        out,
        "  {:<16} {:>7} {:>8} {:>9} {:>10} {:>12} {:>7}  target",
        "variant", "games", "seconds", "games/s", "actions/s", "actions/game", "on CPU"
    )?;
    for (name, tactics) in [("with tactics", true), ("without tactics", false)] {
        let options = Options { tactics, ..Options::default() };
        let run = play_games(options, scale.game_time)?;
        let per_second = run.games as f64 / run.seconds;
        let variant = if tactics { "tactics" } else { "basic" };
        figures.insert(format!("games per second {variant}"), per_second.round().into());
        if let Some(share) = run.on_cpu.filter(|&share| share > 0.0) {
            // What the thread did while it ran: comparable on a busy machine, unlike the wall-clock rate.
            figures.insert(format!("games per cpu second {variant}"), (per_second / share).round().into());
        }
        let target = if tactics {
            let met = per_second >= TARGET_GAMES_PER_SECOND;
            all_met &= met;
            if met {
                "met"
            } else {
                "MISSED"
            }
        } else {
            "-"
        };
        writeln!(
            out,
            "  {:<16} {:>7} {:>8.2} {:>9.0} {:>10.0} {:>12.1} {:>7}  {target}",
            name,
            run.games,
            run.seconds,
            per_second,
            run.actions as f64 / run.seconds,
            run.actions as f64 / run.games as f64,
            run.on_cpu.map_or_else(|| "?".to_string(), |share| format!("{:.0}%", 100.0 * share))
        )?;
        out.flush()?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "targets (proof median <= {TARGET_MEDIAN_NS:.0} ns, p99 <= {TARGET_P99_NS:.0} ns; >= {TARGET_GAMES_PER_SECOND:.0} games/s with tactics): {}",
        if all_met { "all met" } else { "some MISSED" }
    )?;
    out.flush()?;
    if let Some(path) = &args.json {
        figures.insert("scale".into(), scale.name.into());
        let text = serde_json::to_string_pretty(&figures).map_err(|e| Failure::new(e.to_string()))?;
        std::fs::write(path, text + "\n").map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    }
    Ok(())
}

/// A claim situation in one line: `mud, fog: [r3 r4 r5 alexander] vs [darius]; 52 unseen`.
fn describe(situation: &Situation) -> String {
    let flag = &situation.flag;
    let env: Vec<&str> = [("mud", flag.mud.is_some()), ("fog", flag.fog.is_some())]
        .into_iter()
        .filter_map(|(name, on)| on.then_some(name))
        .collect();
    let sides: Vec<String> = (0..situation.players)
        .map(|p| {
            let cards: Vec<String> = flag.sides[p].iter().map(|c| c.to_string()).collect();
            let who = if p == situation.claimant { "claimant " } else { "" };
            format!("{who}[{}]", cards.join(" "))
        })
        .collect();
    let env = if env.is_empty() { String::new() } else { format!("{}: ", env.join(", ")) };
    format!("{env}{}; {} unseen", sides.join(" vs "), situation.unseen.len())
}

/// The median cost of an empty timed batch.
fn timer_overhead_ns() -> f64 {
    let mut samples: Vec<f64> = (0..10_001)
        .map(|_| {
            let start = Instant::now();
            black_box(());
            start.elapsed().as_nanos() as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Nanoseconds per call for each input: the least of [`ROUNDS`] timed batches of `batch` calls (the
/// rounds sweep the whole set in turn, so a preemption or a cold cache spoils one round, not the figure).
fn time_each<R>(set: &[Situation], batch: u32, f: impl Fn(&Situation) -> R) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; set.len()];
    for _ in 0..ROUNDS {
        for (situation, best) in set.iter().zip(best.iter_mut()) {
            let start = Instant::now();
            for _ in 0..batch {
                black_box(f(black_box(situation)));
            }
            *best = best.min(start.elapsed().as_nanos() as f64 / f64::from(batch));
        }
    }
    best
}

struct Stats {
    median: f64,
    p99: f64,
    max: f64,
    mean: f64,
}

impl Stats {
    fn of(mut times: Vec<f64>) -> Stats {
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        Stats { median: at(0.5), p99: at(0.99), max: at(1.0), mean }
    }
}

/// Constructed hard cases: mostly Mud (four cards, up to four to find), an opposing side that is empty
/// or holds only wild cards, wild cards on the claimant's side, sometimes Fog, and every troop not on
/// the flag unseen (or a large random part of them); one in eight is a three-player flag (no tactics,
/// R-3P) where both opponents' sides are empty. Deterministic.
fn worst_cases(count: usize) -> Vec<Situation> {
    let mut rng = chooser(0xBA77_1E00);
    let leader_a = Card::tactic(Tactic::Alexander);
    let leader_d = Card::tactic(Tactic::Darius);
    let companion = Card::tactic(Tactic::Companion);
    let shield = Card::tactic(Tactic::Shield);
    (0..count)
        .map(|i| {
            if i % 8 == 7 {
                return three_player_case(&mut rng);
            }
            let mud = i % 4 != 3;
            let fog = i % 5 == 0;
            let capacity = if mud { 4 } else { 3 };
            // Wild cards: the claimant takes 0..=2 of Alexander, Companion, Shield (shuffled); the
            // opponent 0..=2 of Darius and those the claimant did not take.
            let mut mine_wild = vec![leader_a, companion, shield];
            mine_wild.shuffle(&mut rng);
            let theirs_wild_pool: Vec<Card> =
                [leader_d].into_iter().chain(mine_wild[i % 3..].iter().copied().filter(|&c| c != leader_a)).collect();
            mine_wild.truncate(i % 3);
            let theirs_wild: Vec<Card> = theirs_wild_pool.into_iter().take((i / 3) % 3).collect();
            let troops_needed = capacity - mine_wild.len();
            let mut mine: Vec<Card> = mine_wild.clone();
            mine.extend(strong_troops(&mut rng, troops_needed));
            mine.shuffle(&mut rng);
            let mut flag = Flag { mud: mud.then_some(0), fog: fog.then_some(1), ..Flag::default() };
            flag.sides[0] = SideCards::from_cards(&mine).expect("at most 4 cards");
            flag.completed[0] = Some(0);
            flag.sides[1] = SideCards::from_cards(&theirs_wild).expect("at most 2 cards");
            let mut unseen = CardSet::ALL_TROOPS;
            for card in mine.iter().chain(&theirs_wild) {
                unseen.remove(*card);
            }
            if i % 2 == 1 {
                // A large random part: as in the middle of a game, a fifth of the troops seen elsewhere.
                for card in unseen.iter().collect::<Vec<_>>() {
                    if rng.random_bool(0.2) {
                        unseen.remove(card);
                    }
                }
            }
            Situation { flag, players: 2, claimant: 0, unseen }
        })
        .collect()
}

/// A three-player flag: the claimant's three troops against two empty sides, most troops unseen.
fn three_player_case(rng: &mut impl Rng) -> Situation {
    let mine = strong_troops(rng, 3);
    let mut flag = Flag::default();
    flag.sides[0] = SideCards::from_cards(&mine).expect("3 cards");
    flag.completed[0] = Some(0);
    let mut unseen = CardSet::ALL_TROOPS;
    for card in &mine {
        unseen.remove(*card);
    }
    Situation { flag, players: 3, claimant: 0, unseen }
}

/// `n` troops that often make a strong formation (a Wedge or a Phalanx), otherwise random.
fn strong_troops(rng: &mut impl Rng, n: usize) -> Vec<Card> {
    let colour = Colour::ALL[rng.random_range(0..6)];
    match rng.random_range(0..3) {
        0 => {
            let start = rng.random_range(1..=(11 - n as u8));
            (0..n as u8).map(|k| Card::new_troop(colour, start + k).expect("1..=10")).collect()
        }
        1 => {
            let value = rng.random_range(1..=10);
            let mut colours = Colour::ALL;
            colours.shuffle(rng);
            colours[..n].iter().map(|&c| Card::new_troop(c, value).expect("1..=10")).collect()
        }
        _ => {
            let mut troops: Vec<Card> = Card::troops().collect();
            troops.shuffle(rng);
            troops.truncate(n);
            troops
        }
    }
}

struct GamesRun {
    games: u64,
    actions: u64,
    seconds: f64,
    /// Share of the wall-clock time this thread spent on a CPU, when Linux tells it.
    on_cpu: Option<f64>,
}

/// Nanoseconds this thread has run on a CPU (Linux: the first field of `/proc/thread-self/schedstat`).
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// The 1-minute load average (Linux), to tell a busy machine from a slow engine.
fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next().map(String::from)
}

/// Plays random games (seeds 0, 1, …) until `time` has passed; at least one game.
fn play_games(options: Options, time: Duration) -> Result<GamesRun, Failure> {
    let mut legal = Vec::with_capacity(128);
    let (mut games, mut actions) = (0u64, 0u64);
    let cpu_start = thread_cpu_ns();
    let start = Instant::now();
    loop {
        let seed = games;
        let mut position: Position = deal(options, seed);
        let mut rng = chooser(seed);
        while let Some(action) = choose(&position, &mut legal, &mut rng) {
            // Legal by construction: the playouts' unchecked path (the checked one is Position::apply).
            position.apply_unchecked(&action);
            actions += 1;
        }
        games += 1;
        let elapsed = start.elapsed();
        if elapsed >= time {
            let on_cpu = cpu_start.zip(thread_cpu_ns()).map(|(a, b)| (b - a) as f64 / elapsed.as_nanos() as f64);
            return Ok(GamesRun { games, actions, seconds: elapsed.as_secs_f64(), on_cpu });
        }
    }
}
