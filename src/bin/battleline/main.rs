//! `battleline`: the command-line face of the engine.
//!
//! - `battleline prove`: claim proofs of hypothetical flags, JSON lines in and out;
//! - `battleline selfplay`: random legal games, claiming whenever provable, with an optional full dump;
//! - `battleline replay FILE`: checks a game record and shows the final board, result and scores;
//! - `battleline bench`: claim-proof latency and random games per second;
//! - `battleline match`: two built-in bots play a series of games;
//! - `battleline referee`: two bot programs play over the bot protocol; `battleline bot` speaks it.
//!
//! Native only: on wasm32 the binary is an empty `main` (the WebAssembly build is the library).

#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
mod bench;
#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod failure;
#[cfg(not(target_arch = "wasm32"))]
mod lines;
#[cfg(not(target_arch = "wasm32"))]
mod match_cmd;
#[cfg(not(target_arch = "wasm32"))]
mod prove;
#[cfg(not(target_arch = "wasm32"))]
mod referee;
#[cfg(not(target_arch = "wasm32"))]
mod replay;
#[cfg(not(target_arch = "wasm32"))]
mod selfplay;
#[cfg(not(target_arch = "wasm32"))]
mod sprt;
#[cfg(not(target_arch = "wasm32"))]
mod timing;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::run()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
