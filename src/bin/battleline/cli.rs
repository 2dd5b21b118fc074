//! Arguments (clap derive), dispatch to the subcommands, and how failures become exit codes. The
//! subcommands know nothing of this module: what they share is in `failure.rs` and `timing.rs`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::failure::Failure;
use crate::{bench, match_cmd, prove, referee, replay, selfplay};

/// Battle Line (Reiner Knizia) rules engine: claim proofs, random self-play, record replay, benchmarks.
#[derive(Parser, Debug)]
#[command(name = "battleline", version, propagate_version = true)]
#[command(after_help = "Exit codes: 0 success, 1 failure (message on stderr), 2 bad arguments.")]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Prove claims of hypothetical flags: one JSON flag per input line, one JSON proof per output line.
    #[command(long_about = prove::LONG_ABOUT)]
    Prove(prove::Args),
    /// Play random legal games, claiming whenever provable, and summarise them.
    #[command(long_about = selfplay::LONG_ABOUT)]
    Selfplay(selfplay::Args),
    /// Replay a game record: name the first illegal action, or show the final board and result.
    #[command(long_about = replay::LONG_ABOUT)]
    Replay(replay::Args),
    /// Benchmark claim proofs (latency) and random games (games per second).
    #[command(long_about = bench::LONG_ABOUT)]
    Bench(bench::Args),
    /// Play two built-in bots against each other: wins, score rate, time per move, playouts per second.
    #[command(long_about = match_cmd::LONG_ABOUT)]
    Match(match_cmd::Args),
    /// Run two bot programs against each other over the bot protocol (JSON lines).
    #[command(long_about = referee::LONG_ABOUT)]
    Referee(referee::Args),
    /// Speak the bot protocol with a built-in bot (for `battleline referee`).
    #[command(long_about = referee::BOT_LONG_ABOUT)]
    Bot(referee::BotArgs),
}

/// Parses the arguments (clap prints help and usage errors itself, exit code 2) and runs the command.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Prove(args) => prove::run(&args),
        Command::Selfplay(args) => selfplay::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Match(args) => match_cmd::run(&args),
        Command::Referee(args) => referee::run(&args),
        Command::Bot(args) => referee::run_bot(&args),
    };
    match outcome {
        Ok(()) | Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => {
            eprintln!("battleline: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_argument_definitions_are_consistent() {
        Cli::command().debug_assert();
    }
}
