//! `battleline match`: two bots play a series of games; wins, losses, draws, the score rate with its
//! standard error, the time per move and the playouts per second of search bots.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use battleline::bot::{Bot, BotKind, SearchStats};
use battleline::{Action, Error, Game, Options, PlayerView, MAX_SEED};

use crate::failure::Failure;
use crate::sprt::{Bounds, Decision, Pairs};
use crate::timing::Timing;

pub const LONG_ABOUT: &str = "\
Play two bots against each other and report how A fares against B.

Bots: random (uniformly random legal actions), heuristic (rule-of-thumb), search:easy, search:medium,
search:hard (Information-Set MCTS with 30 / 300 / 12,000 playouts a decision; hard 10,000 with three
players), search:N (N playouts, with any number of players) or search:NxT (T independent trees of N
playouts whose root visits are added up).

Game i (0-based) is dealt from seed S+i; A sits in seat i mod 2 (the first player is drawn from the seed), and
the bots of game i are seeded from S+i, so a run is reproducible whatever the number of threads. Each bot sees
only its own player's view.

Prints A's wins, losses and draws, A's score rate (a win 1, a draw 1/2) with its standard error, the average
time per move of each bot (all its moves, and the moves where it had a choice) and, for search bots, the
playouts per second. With --verbose, one line per game as it ends.

With --sprt S0,S1 the match is a sequential test on paired seeds: pair j is dealt from seed S+j twice, A in
seat 0 then in seat 1 (games 2j and 2j+1), and the pair's score is A's mean over the two. After every pair
(in order, whatever the threads) the log-likelihood ratio of H1 (A scores S1) against H0 (A scores S0) is
compared with Wald's bounds for --alpha and --beta (0.05 each by default), the variance of a pair's score
taken as at least 0.04; from the 30th pair on, the match stops as soon as one is crossed, or undecided after
--games games. It prints the pairs and games used, the score with its standard
error (over pairs), the 95% interval and the decision.";

/// Arguments of `battleline match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Bot A: random, heuristic, search:easy|medium|hard, search:N or search:NxT.
    #[arg(long, value_name = "BOT", value_parser = parse_bot)]
    pub a: BotKind,
    /// Bot B, as for A.
    #[arg(long, value_name = "BOT", value_parser = parse_bot)]
    pub b: BotKind,
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: u64,
    /// Seed of the first game; game i uses seed S+i (at most 2^53 - 1).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Games played at once, one per thread.
    #[arg(long, value_name = "T", default_value_t = 1)]
    pub threads: usize,
    /// Play without the tactics deck (the basic game, R-VAR-2).
    #[arg(long)]
    pub no_tactics: bool,
    /// Players: 2, or 3 (R-3P: no tactics; A in seat i mod 3 against two B bots; par is a third).
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=3))]
    pub players: u8,
    /// When the claim step comes in a turn (R-VAR-1).
    #[arg(long, value_enum, default_value = "afterPlay")]
    pub timing: Timing,
    /// Print one line per game as it ends.
    #[arg(long)]
    pub verbose: bool,
    /// A sequential test on paired seeds: H0 "A scores S0" against H1 "A scores S1" (e.g. 0.5,0.55);
    /// --games is then the most games played.
    #[arg(long, value_name = "S0,S1")]
    pub sprt: Option<String>,
    /// The SPRT's chance of accepting H1 when H0 holds.
    #[arg(long, value_name = "A", default_value_t = 0.05)]
    pub alpha: f64,
    /// The SPRT's chance of accepting H0 when H1 holds.
    #[arg(long, value_name = "B", default_value_t = 0.05)]
    pub beta: f64,
}

fn parse_bot(text: &str) -> Result<BotKind, String> {
    text.parse().map_err(|e: Error| e.message)
}

/// One bot's time and work over a game or a match.
#[derive(Clone, Copy, Debug, Default)]
pub struct Usage {
    /// Moves made.
    pub moves: u64,
    /// Time spent choosing them.
    pub time: Duration,
    /// Moves where more than one action was legal.
    pub decisions: u64,
    /// Time spent on those.
    pub decision_time: Duration,
    /// Playouts run (search bots).
    pub playouts: u64,
    /// Time spent in moves that ran playouts.
    pub search_time: Duration,
}

impl Usage {
    fn add(&mut self, other: &Usage) {
        self.moves += other.moves;
        self.time += other.time;
        self.decisions += other.decisions;
        self.decision_time += other.decision_time;
        self.playouts += other.playouts;
        self.search_time += other.search_time;
    }
}

/// A bot that records how long it takes.
pub struct Timed {
    bot: Box<dyn Bot + Send>,
    /// The time and work so far.
    pub usage: Usage,
}

impl Timed {
    /// Times `bot`.
    pub fn new(bot: Box<dyn Bot + Send>) -> Timed {
        Timed { bot, usage: Usage::default() }
    }
}

impl Bot for Timed {
    fn choose(&mut self, view: &PlayerView) -> Result<Action, Error> {
        let before = self.bot.stats().unwrap_or_default();
        let legal = battleline::bot::legal_actions(view).map_or(0, |l| l.len());
        let start = Instant::now();
        let action = self.bot.choose(view);
        let spent = start.elapsed();
        let playouts = self.bot.stats().unwrap_or_default().playouts - before.playouts;
        let usage = &mut self.usage;
        usage.moves += 1;
        usage.time += spent;
        if legal > 1 {
            usage.decisions += 1;
            usage.decision_time += spent;
        }
        if playouts > 0 {
            usage.playouts += playouts;
            usage.search_time += spent;
        }
        action
    }

    fn stats(&self) -> Option<SearchStats> {
        self.bot.stats()
    }
}

/// The seeds of the bots of the game dealt from `seed`: A's and B's.
pub fn bot_seeds(seed: u64) -> (u64, u64) {
    (seed.wrapping_mul(2).wrapping_add(1), seed.wrapping_mul(2).wrapping_add(2))
}

/// A's result in one game: 1 win, 0 loss, a draw shared among the players (½, or ⅓ with three).
pub fn score_of(game: &Game, seat: usize) -> f64 {
    match game.position().result().and_then(|r| r.winner) {
        Some(w) if w == seat => 1.0,
        Some(_) => 0.0,
        None => 1.0 / game.options().players as f64,
    }
}

/// Wins, losses and draws of A, the score rate and its standard error.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// Sum of the scores and of their squares (a draw scores ½ with two players, ⅓ with three).
    sum: f64,
    squares: f64,
}

impl Tally {
    pub fn add(&mut self, score: f64) {
        self.sum += score;
        self.squares += score * score;
        if score == 1.0 {
            self.wins += 1;
        } else if score == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// The mean score and its standard error (from the spread of the per-game scores).
    pub fn rate(&self) -> (f64, f64) {
        let n = self.games() as f64;
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let mean = self.sum / n;
        let square = self.squares / n;
        let variance = (square - mean * mean).max(0.0);
        let se = if n > 1.0 { (variance / (n - 1.0)).sqrt() } else { 0.0 };
        (mean, se)
    }

    /// `A (search:hard): 812 wins, 180 losses, 8 draws; score rate 0.816 ± 0.012 (standard error)`
    pub fn line(&self, name: &str) -> String {
        let (mean, se) = self.rate();
        format!(
            "{name}: {} wins, {} losses, {} draws; score rate {mean:.3} ± {se:.3} (standard error)",
            self.wins, self.losses, self.draws
        )
    }
}

fn ms(time: Duration, count: u64) -> f64 {
    if count == 0 {
        0.0
    } else {
        time.as_secs_f64() * 1000.0 / count as f64
    }
}

/// `time per move: 523.1 ms over 34,512 moves (1,021.3 ms over 17,000 moves with a choice)`
pub fn usage_line(name: &str, usage: &Usage) -> String {
    let mut line = format!(
        "{name}: {:.3} ms per move over {} moves; {:.3} ms per move with a choice ({} moves)",
        ms(usage.time, usage.moves),
        usage.moves,
        ms(usage.decision_time, usage.decisions),
        usage.decisions
    );
    if usage.playouts > 0 {
        let seconds = usage.search_time.as_secs_f64();
        let rate = if seconds > 0.0 { usage.playouts as f64 / seconds } else { 0.0 };
        line.push_str(&format!("; {rate:.0} playouts/s ({} playouts in {seconds:.1} s)", usage.playouts));
    }
    line
}

/// The options of a series of `games` games dealt from seeds `seed..` (shared by `match` and
/// `referee`), or why the series cannot be played.
pub fn series_options(no_tactics: bool, timing: Timing, games: u64, seed: u64) -> Result<Options, Failure> {
    if games == 0 {
        return Err(Failure::new("--games must be at least 1"));
    }
    if seed.checked_add(games - 1).is_none_or(|last| last > MAX_SEED) {
        return Err(Failure::new(format!(
            "{games} games from seed {seed} need seeds past the largest seed {MAX_SEED}"
        )));
    }
    Ok(Options { tactics: !no_tactics, claim_timing: timing.into(), ..Options::default() })
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let mut options = series_options(args.no_tactics, args.timing, args.games, args.seed)?;
    if args.players == 3 {
        if args.sprt.is_some() {
            return Err(Failure::new(
                "--sprt pairs seats for two players; with --players 3 play a fixed number of games",
            ));
        }
        options = Options { players: 3, tactics: false, ..options };
    }
    let sprt = match &args.sprt {
        None => None,
        Some(text) => {
            if args.games < 2 {
                return Err(Failure::new("--sprt needs --games of at least 2 (one pair)"));
            }
            Some(Bounds::parse(text, args.alpha, args.beta).map_err(Failure::new)?)
        }
    };
    let threads = args.threads.clamp(1, 256);
    let mut out = io::stdout().lock();
    let tactics = if options.tactics { "with tactics" } else { "without tactics" };
    let thread_word = if threads == 1 { "" } else { "s" };
    match &sprt {
        None => writeln!(
            out,
            "match: A = {}, B = {}{}; {} games from seed {} (game i: seed S+i, A in seat i mod {}); {}, {}; {} thread{}",
            args.a,
            args.b,
            if args.players == 3 { " (two of them, three players)" } else { "" },
            args.games,
            args.seed,
            args.players,
            tactics,
            timing_name(args.timing),
            threads,
            thread_word
        )?,
        Some(b) => writeln!(
            out,
            "match: A = {}, B = {}; SPRT H0 score {} against H1 score {}, alpha {}, beta {} (LLR bounds {:.3}, {:.3}); \
             at most {} pairs ({} games) from seed {} (pair j: seed S+j, A in seat 0 then 1); {}, {}; {} thread{}",
            args.a,
            args.b,
            b.s0,
            b.s1,
            b.alpha,
            b.beta,
            b.lower(),
            b.upper(),
            args.games / 2,
            args.games / 2 * 2,
            args.seed,
            tactics,
            timing_name(args.timing),
            threads,
            thread_word
        )?,
    }
    out.flush()?;
    drop(out);

    let games = if sprt.is_some() { args.games / 2 * 2 } else { args.games };
    let next = AtomicU64::new(0);
    let shared = Mutex::new(Shared { sprt, ..Shared::default() });
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| worker(args, options, games, &next, &shared));
        }
    });
    let shared = shared.into_inner().map_err(|_| Failure::new("a match thread panicked"))?;
    if let Some(failure) = shared.failure {
        return Err(Failure::new(failure));
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", shared.tally.line(&format!("A ({})", args.a)))?;
    if let Some(bounds) = &shared.sprt {
        let pairs = &shared.pairs;
        let (lo, hi) = pairs.interval();
        writeln!(
            out,
            "sprt: {} pairs ({} games); score {:.3} ± {:.3} (standard error over pairs); 95% interval {:.3} to {:.3}; \
             LLR {:.3}",
            pairs.len(),
            2 * pairs.len(),
            pairs.mean(),
            pairs.standard_error(),
            lo,
            hi,
            pairs.llr(bounds)
        )?;
        let decision = match pairs.decision(bounds) {
            Decision::H1 => format!("H1 accepted: A scores at least {} against B", bounds.s1),
            Decision::H0 => format!("H0 accepted: A scores at most {} against B", bounds.s0),
            Decision::Undecided => format!("undecided after the cap of {} games", games),
        };
        writeln!(out, "sprt decision: {decision}")?;
    }
    writeln!(out, "time per move:")?;
    writeln!(out, "  {}", usage_line(&format!("A ({})", args.a), &shared.usage[0]))?;
    writeln!(out, "  {}", usage_line(&format!("B ({})", args.b), &shared.usage[1]))?;
    writeln!(out, "wall time {:.1} s", started.elapsed().as_secs_f64())?;
    out.flush()?;
    Ok(())
}

#[derive(Default)]
struct Shared {
    tally: Tally,
    usage: [Usage; 2],
    failure: Option<String>,
    /// The sequential test, if any, and its pairs counted so far (in order).
    sprt: Option<Bounds>,
    pairs: Pairs,
    /// Finished games not yet counted (the SPRT counts pairs in order): index, A's score, usage.
    pending: BTreeMap<u64, (f64, Usage, Usage)>,
    decided: bool,
}

impl Shared {
    fn count(&mut self, score: f64, a: &Usage, b: &Usage) {
        self.tally.add(score);
        self.usage[0].add(a);
        self.usage[1].add(b);
    }

    /// Counts the pairs that are complete, in order, and whether the test has decided.
    fn count_pairs(&mut self) -> bool {
        let Some(bounds) = self.sprt else { return false };
        while !self.decided {
            let first = 2 * self.pairs.len();
            if !(self.pending.contains_key(&first) && self.pending.contains_key(&(first + 1))) {
                break;
            }
            let (s0, a0, b0) = self.pending.remove(&first).expect("present");
            let (s1, a1, b1) = self.pending.remove(&(first + 1)).expect("present");
            self.count(s0, &a0, &b0);
            self.count(s1, &a1, &b1);
            self.pairs.add((s0 + s1) / 2.0);
            self.decided = self.pairs.decision(&bounds) != Decision::Undecided;
        }
        self.decided
    }
}

/// The deal's seed and A's seat of game `index`.
fn deal(args: &Args, index: u64) -> (u64, usize) {
    if args.sprt.is_some() {
        (args.seed + index / 2, (index % 2) as usize)
    } else {
        (args.seed + index, (index % u64::from(args.players)) as usize)
    }
}

fn worker(args: &Args, options: Options, games: u64, next: &AtomicU64, shared: &Mutex<Shared>) {
    loop {
        let index = next.fetch_add(1, Ordering::SeqCst);
        if index >= games {
            return;
        }
        let (seed, seat_a) = deal(args, index);
        let (seed_a, seed_b) = bot_seeds(args.seed + index);
        let mut a = Timed::new(args.a.build(seed_a));
        let mut b = Timed::new(args.b.build(seed_b));
        // With three players the second B bot has its own seed (far from every other game's).
        let mut b2 = Timed::new(args.b.build(seed_b ^ (1 << 52)));
        let played = match (args.players, seat_a) {
            (2, 0) => battleline::bot::play_game(options, seed, &mut [&mut a, &mut b]),
            (2, _) => battleline::bot::play_game(options, seed, &mut [&mut b, &mut a]),
            (_, 0) => battleline::bot::play_game(options, seed, &mut [&mut a, &mut b, &mut b2]),
            (_, 1) => battleline::bot::play_game(options, seed, &mut [&mut b, &mut a, &mut b2]),
            _ => battleline::bot::play_game(options, seed, &mut [&mut b, &mut b2, &mut a]),
        };
        b.usage.add(&b2.usage);
        let Ok(mut shared) = shared.lock() else { return };
        match played {
            Ok(game) => {
                let score = score_of(&game, seat_a);
                if shared.sprt.is_some() {
                    shared.pending.insert(index, (score, a.usage, b.usage));
                    if shared.count_pairs() {
                        next.store(games, Ordering::SeqCst);
                    }
                } else {
                    shared.count(score, &a.usage, &b.usage);
                }
                if args.verbose {
                    let outcome = match score {
                        1.0 => "A wins",
                        0.0 => "B wins",
                        _ => "draw",
                    };
                    let flags = game.position().result().map_or([0; 3], |r| r.flags);
                    let others: Vec<String> =
                        (0..options.players).filter(|&p| p != seat_a).map(|p| flags[p].to_string()).collect();
                    println!(
                        "game {index} (seed {seed}): {outcome} (A in seat {seat_a}), flags A-B {}-{}, {} actions",
                        flags[seat_a],
                        others.join("-"),
                        game.actions().len()
                    );
                }
            }
            Err(e) => {
                shared.failure.get_or_insert(format!("game {index} (seed {seed}): {e}"));
                next.store(games, Ordering::SeqCst);
                return;
            }
        }
    }
}

fn timing_name(timing: Timing) -> &'static str {
    match timing {
        Timing::AfterPlay => "afterPlay",
        Timing::StartOfTurn => "startOfTurn",
        Timing::EndOfTurn => "endOfTurn",
    }
}
