//! `battleline referee`: runs two bot programs against each other over the bot protocol (JSON lines on
//! standard input and output, docs/BOT_PROTOCOL.md), and `battleline bot`, which speaks that protocol
//! for the built-in bots.

use std::io::{self, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use battleline::bot::{Bot, BotKind};
use battleline::{rng_from_seed, Action, Game, GameResult, Options, PlayerView, MAX_SEED};
use rand::Rng;
use serde::Serialize;
use serde_json::Value;

use crate::bot_group::{self, BotGroup};
use crate::failure::Failure;
use crate::lines::{self, Line, MAX_ANSWER_BYTES, MAX_MESSAGE_BYTES};
use crate::match_cmd::{bot_seeds, series_options, Tally};
use crate::timing::Timing;

/// The protocol's version, sent in every `start` message. Version 2 no longer sends the deal's seed
/// (from which a bot could compute every hidden card), but a `botSeed` independent of the deal.
pub const PROTOCOL_VERSION: u32 = 2;

pub const LONG_ABOUT: &str = "\
Run two bot programs against each other, so that bots can be written in any language.

Each CMD is run with the shell (sh -c CMD) and speaks the bot protocol of docs/BOT_PROTOCOL.md: the referee
writes one JSON object per line to the bot's standard input and the bot answers each `turn` message with one
line holding a JSON action:
  {\"type\":\"start\",\"protocol\":2,\"game\":0,\"player\":1,\"botSeed\":N,\"options\":{...}}   (no answer)
  {\"type\":\"turn\",\"view\":{PlayerView},\"legal\":[actions]}                     (answer: one action)
  {\"type\":\"end\",\"result\":{...},\"view\":{PlayerView}}                           (no answer)
The bot's standard error passes through. When the match is over the referee closes the bot's standard input.
Answer lines may be at most 65,536 bytes long; the referee's messages are at most 1 MiB a line.

Game i (0-based) is dealt from seed S+i with A in seat i mod 2. Bots are never told the deal's seed: without
--seed it is drawn at random (and printed here, for the operator), so that no bot can guess it; a seed you
choose must be one the bots cannot guess either. Each bot gets a botSeed for its own randomness, drawn from
--bot-seed, which is independent of the deal. A bot that answers something that is not a legal action,
writes a longer line, exits, or takes longer than --move-timeout forfeits the game (it counts as a loss) and is
restarted for the next game. Prints one line per game and A's wins, losses, draws and score rate.";

/// Arguments of `battleline referee`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The command that runs bot A (through `sh -c`).
    #[arg(long, value_name = "CMD")]
    pub a: String,
    /// The command that runs bot B.
    #[arg(long, value_name = "CMD")]
    pub b: String,
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub games: u64,
    /// Seed of the first game; game i uses seed S+i (at most 2^53 - 1). Default: drawn at random, so
    /// that bots cannot guess the deal; the referee prints it.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Where the bots' `botSeed`s come from (independent of the deal). Default: drawn at random.
    #[arg(long, value_name = "B")]
    pub bot_seed: Option<u64>,
    /// Play without the tactics deck (the basic game, R-VAR-2).
    #[arg(long)]
    pub no_tactics: bool,
    /// When the claim step comes in a turn (R-VAR-1).
    #[arg(long, value_enum, default_value = "afterPlay")]
    pub timing: Timing,
    /// Seconds a bot may take for one move before it forfeits the game.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub move_timeout: f64,
}

/// Arguments of `battleline bot`.
#[derive(clap::Args, Debug)]
pub struct BotArgs {
    /// The built-in bot: random, heuristic, search:easy|medium|hard, search:N or search:NxT.
    #[arg(value_name = "BOT", value_parser = parse_bot)]
    pub kind: BotKind,
    /// Seed of the bot's choices (game g of the match uses S+g, mixed with the start message's botSeed).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
}

pub const BOT_LONG_ABOUT: &str = "\
Speak the bot protocol (docs/BOT_PROTOCOL.md) on standard input and output with a built-in bot, so that it can
play against any program under `battleline referee`, e.g.
  battleline referee --a 'battleline bot search:easy' --b 'python3 examples/bots/first_legal.py'
The bot answers each `turn` message with its action and ignores the other messages; it stops at the end of
its input. It sees only the view in each message.";

fn parse_bot(text: &str) -> Result<BotKind, String> {
    text.parse().map_err(|e: battleline::Error| e.message)
}

/// Messages from the referee to a bot.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
enum Message<'a> {
    #[serde(rename_all = "camelCase")]
    Start {
        protocol: u32,
        game: u64,
        player: usize,
        bot_seed: u64,
        options: Options,
    },
    Turn {
        view: &'a PlayerView,
        legal: &'a [Action],
    },
    End {
        result: GameResult,
        view: &'a PlayerView,
    },
}

/// A running bot program: the shell running its command and everything it starts, in a process group
/// of their own (`bot_group.rs`), which ends with the program.
struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<io::Result<String>>,
    group: BotGroup,
}

impl Program {
    fn start(command: &str) -> Result<Program, String> {
        let (shell, flag) = if cfg!(windows) { ("cmd", "/C") } else { ("sh", "-c") };
        let mut command_line = Command::new(shell);
        command_line.arg(flag).arg(command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        let (mut child, group) =
            bot_group::spawn(&mut command_line).map_err(|e| format!("cannot run {command:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no standard input")?;
        let stdout = child.stdout.take().ok_or("no standard output")?;
        // A small bounded channel: a bot that floods short lines blocks on its full pipe instead of
        // filling the referee's memory, and a line longer than the limit ends the reading (it forfeits).
        let (send, lines) = mpsc::sync_channel(4);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let line = match lines::read_line(&mut reader, MAX_ANSWER_BYTES) {
                    Ok(Line::Text(bytes)) => String::from_utf8(bytes)
                        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "a line that is not UTF-8 text")),
                    Ok(Line::TooLong) => Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("a line longer than {MAX_ANSWER_BYTES} bytes"),
                    )),
                    Ok(Line::End) => return,
                    Err(e) => Err(e),
                };
                let stop = line.is_err();
                if send.send(line).is_err() || stop {
                    return;
                }
            }
        });
        Ok(Program { child, stdin: Some(stdin), lines, group })
    }

    fn send(&mut self, message: &Message) -> Result<(), String> {
        let mut line = serde_json::to_string(message).map_err(|e| e.to_string())?;
        line.push('\n');
        let Some(stdin) = self.stdin.as_mut() else { return Err("the bot was stopped".into()) };
        stdin.write_all(line.as_bytes()).and_then(|()| stdin.flush()).map_err(|e| {
            // A bot whose output was refused (an overlong line) is stopped from writing and may have
            // exited: its offence, not the closed pipe, is the reason to give.
            match std::iter::from_fn(|| self.lines.try_recv().ok()).find_map(Result::err) {
                Some(offence) => format!("cannot read from the bot: {offence}"),
                None => format!("cannot write to the bot: {e}"),
            }
        })
    }

    /// The next non-empty line, within `timeout` in all (blank lines do not restart the clock).
    fn receive(&mut self, timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(Ok(line)) if line.trim().is_empty() => continue,
                Ok(Ok(line)) => return Ok(line),
                Ok(Err(e)) => return Err(format!("cannot read from the bot: {e}")),
                Err(RecvTimeoutError::Timeout) => return Err(format!("no answer within {} s", timeout.as_secs_f64())),
                Err(RecvTimeoutError::Disconnected) => return Err("the bot closed its output (exited?)".into()),
            }
        }
    }

    /// Ends the bot: its input closes, a well-behaved bot exits within a moment, and then whatever is
    /// left of its process group (a looping bot, what it started) is ended, by force if it must be.
    fn stop(mut self) {
        self.end();
    }

    fn end(&mut self) {
        if self.stdin.take().is_none() {
            return;
        }
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.group.end(&mut self.child);
    }
}

impl Drop for Program {
    /// The referee leaving early (an error, a panic) ends the bot too: no bot outlives the referee.
    fn drop(&mut self) {
        self.end();
    }
}

/// Why a game ended early.
struct Forfeit {
    seat: usize,
    reason: String,
}

/// A seed from the operating system, at most `largest`: nobody can guess it.
fn random_seed(largest: u64) -> Result<u64, Failure> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| Failure::new(format!("no random seed available: {e}")))?;
    let random = u64::from_le_bytes(bytes);
    Ok(largest.checked_add(1).map_or(random, |n| random % n))
}

/// The `botSeed` of the bot in `seat` in game `game`: from the referee's bot seed alone, so it tells
/// nothing about the deal.
fn bot_seed(base: u64, game: u64, seat: usize) -> u64 {
    let mix = base.wrapping_add(game.wrapping_mul(3)).wrapping_add(seat as u64);
    rng_from_seed(mix).random::<u64>() & MAX_SEED
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let first_seed = match args.seed {
        Some(seed) => seed,
        None => random_seed(MAX_SEED.saturating_sub(args.games.max(1) - 1))?,
    };
    let bots_base = match args.bot_seed {
        Some(seed) => seed,
        None => random_seed(u64::MAX)?,
    };
    let options = series_options(args.no_tactics, args.timing, args.games, first_seed)?;
    if !(args.move_timeout.is_finite() && args.move_timeout > 0.0) {
        return Err(Failure::new("--move-timeout must be a positive number of seconds"));
    }
    let timeout = Duration::from_secs_f64(args.move_timeout.min(1e6));
    let commands = [args.a.as_str(), args.b.as_str()];
    let mut programs: [Option<Program>; 2] = [None, None];
    let mut tally = Tally::default();
    let mut out = io::stdout().lock();
    writeln!(out, "referee: A = {:?}, B = {:?}; {} games from seed {first_seed}", args.a, args.b, args.games)?;
    for index in 0..args.games {
        let seed = first_seed + index;
        let seat_a = (index % 2) as usize;
        // bots[seat] is 0 for A, 1 for B.
        let who = if seat_a == 0 { [0, 1] } else { [1, 0] };
        let mut game = Game::new(options, seed)?;
        let bot_seeds = [bot_seed(bots_base, index, 0), bot_seed(bots_base, index, 1)];
        let outcome = play(&mut game, index, bot_seeds, &who, &commands, &mut programs, timeout);
        let name = |seat: usize| if who[seat] == 0 { "A" } else { "B" };
        let score = match &outcome {
            Ok(()) => {
                let result = game.position().result();
                let score = match result.and_then(|r| r.winner) {
                    Some(w) if w == seat_a => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                let flags = result.map_or([0; 3], |r| r.flags);
                let text = match result.and_then(|r| r.winner) {
                    Some(w) => format!("{} wins", name(w)),
                    None => "draw".to_string(),
                };
                writeln!(
                    out,
                    "game {index} (seed {seed}): {text}, flags A-B {}-{} (A in seat {seat_a})",
                    flags[seat_a],
                    flags[1 - seat_a]
                )?;
                score
            }
            Err(Forfeit { seat, reason }) => {
                writeln!(out, "game {index} (seed {seed}): {} forfeits: {reason}", name(*seat))?;
                if let Some(program) = programs[who[*seat]].take() {
                    program.stop();
                }
                if *seat == seat_a {
                    0.0
                } else {
                    1.0
                }
            }
        };
        tally.add(score);
        out.flush()?;
    }
    for program in programs.into_iter().flatten() {
        program.stop();
    }
    writeln!(out, "{}", tally.line("A"))?;
    out.flush()?;
    Ok(())
}

/// Plays one game; `who[seat]` is the program (0 = A, 1 = B) in that seat.
fn play(
    game: &mut Game,
    index: u64,
    bot_seeds: [u64; 2],
    who: &[usize; 2],
    commands: &[&str; 2],
    programs: &mut [Option<Program>; 2],
    timeout: Duration,
) -> Result<(), Forfeit> {
    // Programs start on first use and after a forfeit; one that cannot start forfeits.
    for seat in 0..2 {
        let program = match &mut programs[who[seat]] {
            Some(program) => program,
            slot => slot.insert(Program::start(commands[who[seat]]).map_err(|reason| Forfeit { seat, reason })?),
        };
        // Nothing here depends on the deal: the bots must not be able to compute a hidden card.
        let bot_seed = bot_seeds[seat];
        let start =
            Message::Start { protocol: PROTOCOL_VERSION, game: index, player: seat, bot_seed, options: game.options() };
        program.send(&start).map_err(|reason| Forfeit { seat, reason })?;
    }
    while !game.is_match_over() {
        let seat = game.position().current();
        let view = game.view(seat).ok_or_else(|| Forfeit { seat, reason: "no view".into() })?;
        let legal = game.legal_actions();
        let Some(program) = programs[who[seat]].as_mut() else {
            return Err(Forfeit { seat, reason: "the bot is not running".into() });
        };
        let fail = |reason: String| Forfeit { seat, reason };
        program.send(&Message::Turn { view: &view, legal: &legal }).map_err(fail)?;
        let line = program.receive(timeout).map_err(fail)?;
        let action = parse_action(&line).map_err(fail)?;
        game.apply_as(seat, &action).map_err(|e| fail(format!("{action} is illegal: {e}")))?;
    }
    let result = game.position().result();
    for seat in 0..2 {
        if let (Some(program), Some(result), Some(view)) = (programs[who[seat]].as_mut(), result, game.view(seat)) {
            // A bot that has already exited loses nothing here: the game is over.
            let _ = program.send(&Message::End { result, view: &view });
        }
    }
    Ok(())
}

/// An action line: the action object itself, or `{"action": {...}}`.
fn parse_action(line: &str) -> Result<Action, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("the answer {line:?} is not JSON: {e}"))?;
    let value = match value {
        Value::Object(mut map) if map.contains_key("action") && !map.contains_key("type") => {
            map.remove("action").unwrap_or(Value::Null)
        }
        other => other,
    };
    serde_json::from_value(value).map_err(|e| format!("the answer {line:?} is not an action: {e}"))
}

/// `battleline bot KIND`: answers the referee's `turn` messages with a built-in bot.
pub fn run_bot(args: &BotArgs) -> Result<(), Failure> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    let mut bot: Box<dyn Bot + Send> = args.kind.build(args.seed);
    loop {
        let line = match lines::read_line(&mut input, MAX_MESSAGE_BYTES)? {
            Line::Text(bytes) => String::from_utf8(bytes).map_err(|_| Failure::new("a line that is not UTF-8 text"))?,
            Line::TooLong => return Err(Failure::new(format!("a line longer than {MAX_MESSAGE_BYTES} bytes"))),
            Line::End => break,
        };
        if line.trim().is_empty() {
            continue;
        }
        let message: Value =
            serde_json::from_str(&line).map_err(|e| Failure::new(format!("a line that is not JSON: {e}")))?;
        match message.get("type").and_then(Value::as_str) {
            Some("start") => {
                let game = message.get("game").and_then(Value::as_u64).unwrap_or(0);
                let given = message.get("botSeed").and_then(Value::as_u64).unwrap_or(0);
                bot = args.kind.build(bot_seeds(args.seed.wrapping_add(game)).0 ^ given);
            }
            Some("turn") => {
                let view: PlayerView = serde_json::from_value(message.get("view").cloned().unwrap_or(Value::Null))
                    .map_err(|e| Failure::new(format!("a turn without a valid view: {e}")))?;
                let action = bot.choose(&view)?;
                serde_json::to_writer(&mut out, &action).map_err(io::Error::from)?;
                out.write_all(b"\n")?;
                out.flush()?;
            }
            _ => {}
        }
    }
    Ok(())
}
