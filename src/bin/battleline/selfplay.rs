//! `battleline selfplay`: random legal games (game `i` uses seed `S + i`), claiming whenever provable;
//! a summary line per game and totals, and with `--dump` the full state after every action.

use std::io::{self, BufWriter, Write};

use battleline::{Action, FlagId, Game, GameResult, Options, Setup, Victory, MAX_SEED};
use serde::Serialize;

use crate::failure::Failure;
use crate::timing::Timing;
use battleline::random_play::{choose, chooser};

pub const LONG_ABOUT: &str = "\
Play random legal games and summarise them.

Game i (0-based) is dealt from seed S+i. Each step the current player takes a uniformly random legal action,
except in the claim step, where they claim whenever some flag is provably theirs (a random one of them).
The player's choices come from a ChaCha8 generator seeded with S+i on its own stream: a run is reproducible.

Prints one summary line per game (winner, how, flags, actions) and totals.

With --dump, standard output is JSON Lines only: after every action one line
  {\"game\": i, \"ply\": n, \"action\": {...}, \"state\": {Setup}, \"claimable\": [[flags of player 0], [..player 1]]}
(`ply` counts the game's actions from 1; `state` is the full position: hands, decks, board, discards; flags are
numbered 1..9), and the summaries go to standard error.";

/// Arguments of `battleline selfplay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Seed of the first game; game i uses seed S+i (at most 2^53 - 1).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub games: u64,
    /// Play without the tactics deck (the basic game, R-VAR-2).
    #[arg(long)]
    pub no_tactics: bool,
    /// When the claim step comes in a turn (R-VAR-1).
    #[arg(long, value_enum, default_value = "afterPlay")]
    pub timing: Timing,
    /// After every action, print the action, the full state and the claimable flags as one JSON line.
    #[arg(long)]
    pub dump: bool,
}

/// A game that has not ended after this many actions is an engine bug (R-TURN-6 guarantees an end).
const MAX_ACTIONS: usize = 100_000;

/// One line of `--dump`.
#[derive(Serialize)]
struct DumpLine<'a> {
    game: u64,
    ply: usize,
    action: &'a Action,
    state: &'a Setup,
    claimable: &'a [Vec<FlagId>],
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let options = Options { tactics: !args.no_tactics, claim_timing: args.timing.into(), ..Options::default() };
    let last_seed = args.seed.checked_add(args.games.saturating_sub(1));
    if last_seed.is_none_or(|s| s > MAX_SEED) {
        return Err(Failure::new(format!(
            "{} games from seed {} need seeds past the largest seed {MAX_SEED}",
            args.games, args.seed
        )));
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let stderr = io::stderr();
    let mut err = stderr.lock();
    let mut totals = Totals::default();
    for i in 0..args.games {
        let seed = args.seed + i;
        let (result, actions) = play_one(options, i, seed, args.dump.then_some(&mut out as &mut dyn Write))?;
        totals.add(&result, actions);
        let line = summary(i, seed, &result, actions, options.players);
        if args.dump {
            out.flush()?;
            writeln!(err, "{line}")?;
        } else {
            writeln!(out, "{line}")?;
            out.flush()?;
        }
    }
    let line = totals.line(options.players);
    if args.dump {
        writeln!(err, "{line}")?;
    } else {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

/// Plays game `index` from `seed`, dumping every step to `dump`; returns the result and the number of actions.
fn play_one(
    options: Options,
    index: u64,
    seed: u64,
    mut dump: Option<&mut dyn Write>,
) -> Result<(GameResult, usize), Failure> {
    let mut game = Game::new(options, seed)?;
    let mut rng = chooser(seed);
    let mut legal = Vec::with_capacity(128);
    while let Some(action) = choose(game.position(), &mut legal, &mut rng) {
        game.apply(&action).map_err(|e| {
            Failure::new(format!("game {index} (seed {seed}): the engine refused its own legal action {action}: {e}"))
        })?;
        let ply = game.actions().len();
        if let Some(out) = dump.as_deref_mut() {
            let position = game.position();
            let claimable: Vec<Vec<FlagId>> =
                (0..position.players()).map(|p| position.claimable_flags(p).collect()).collect();
            let line =
                DumpLine { game: index, ply, action: &action, state: &position.to_setup(), claimable: &claimable };
            serde_json::to_writer(&mut *out, &line).map_err(io::Error::from)?;
            out.write_all(b"\n")?;
        }
        if ply >= MAX_ACTIONS {
            return Err(Failure::new(format!("game {index} (seed {seed}) did not end after {MAX_ACTIONS} actions")));
        }
    }
    let result = game.position().result().ok_or_else(|| {
        Failure::new(format!("game {index} (seed {seed}): no legal action but no result (an engine bug)"))
    })?;
    Ok((result, game.actions().len()))
}

fn victory_name(victory: Victory) -> &'static str {
    match victory {
        Victory::Breakthrough => "breakthrough",
        Victory::Envelopment => "envelopment",
        Victory::Exhaustion => "exhaustion",
    }
}

fn flags_text(result: &GameResult, players: usize) -> String {
    result.flags[..players].iter().map(u8::to_string).collect::<Vec<_>>().join("-")
}

/// `game 3 (seed 45): player 1 wins by breakthrough, flags 2-3, 97 actions`
fn summary(index: u64, seed: u64, result: &GameResult, actions: usize, players: usize) -> String {
    let how = victory_name(result.victory);
    let outcome = match result.winner {
        Some(p) => format!("player {p} wins by {how}"),
        None => format!("draw by {how}"),
    };
    format!("game {index} (seed {seed}): {outcome}, flags {}, {actions} actions", flags_text(result, players))
}

#[derive(Default)]
struct Totals {
    games: u64,
    wins: [u64; 3],
    draws: u64,
    by: [u64; 3],
    actions: u64,
}

impl Totals {
    fn add(&mut self, result: &GameResult, actions: usize) {
        self.games += 1;
        match result.winner {
            Some(p) => self.wins[p] += 1,
            None => self.draws += 1,
        }
        self.by[result.victory as usize] += 1;
        self.actions += actions as u64;
    }

    /// `totals: 10 games; wins: player 0 4, player 1 5, draws 1; breakthrough 6, envelopment 3, exhaustion 1; 95.3 actions per game`
    fn line(&self, players: usize) -> String {
        let wins: Vec<String> = (0..players).map(|p| format!("player {p} {}", self.wins[p])).collect();
        let mean = if self.games == 0 { 0.0 } else { self.actions as f64 / self.games as f64 };
        format!(
            "totals: {} games; wins: {}, draws {}; breakthrough {}, envelopment {}, exhaustion {}; {mean:.1} actions per game",
            self.games,
            wins.join(", "),
            self.draws,
            self.by[Victory::Breakthrough as usize],
            self.by[Victory::Envelopment as usize],
            self.by[Victory::Exhaustion as usize],
        )
    }
}
