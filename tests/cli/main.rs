//! The `battleline` command-line program, run as a user would, in one test program: its subcommands,
//! bot matches and the referee, hostile input, and the referee's fair play against a cheating bot. Run
//! one module with `cargo test --test cli hostile::` (tests/README.md).
// Native only: `wasm-pack test` builds every test program for wasm32, and these spawn processes,
// use 64-bit sizes and run for minutes; the browser has its own (tests/wasm_api.rs, wasm_hostile.rs).
#![cfg(not(target_arch = "wasm32"))]

#[path = "../cli_common/mod.rs"]
mod cli_common;
#[path = "../shared/mod.rs"]
mod shared;

mod bots;
mod commands;
mod hostile;
mod referee_fair_play;
