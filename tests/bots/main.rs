//! The computer players, in one test program: legal and fair play of every bot and pinned moves under a
//! seed. Run one module with `cargo test --test bots players::` (tests/README.md). The coach is not the
//! library's public API (the wasm layer is its caller): its tests are the engine's unit tests
//! (`cargo test --lib bot::coach`). The lab's measuring opponents and the learned
//! model's pins are tested in the lab crate (lab/tests/), which enables the engine's `lab-hooks`.
// Native only: `wasm-pack test` builds every test program for wasm32, and these spawn processes,
// use 64-bit sizes and run for minutes; the browser has its own (tests/wasm_api.rs, wasm_hostile.rs).
#![cfg(not(target_arch = "wasm32"))]

#[path = "../shared/mod.rs"]
mod shared;

mod pinned_moves;
mod players;
mod resigned_seat;
