//! The `battleline` command-line program, run as a user would, in one test program: its subcommands,
//! bot matches and the referee, hostile input, and the referee's fair play against a cheating bot. Run
//! one module with `cargo test --test cli hostile::` (tests/README.md).

#[path = "../cli_common/mod.rs"]
mod cli_common;
#[path = "../shared/mod.rs"]
mod shared;

mod bots;
mod commands;
mod hostile;
mod referee_fair_play;
