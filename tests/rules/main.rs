//! The engine's rules and records, one module per family, in one test program (one build and one link
//! instead of one per file): every rule of docs/RULES.md, the claim oracle, setups, the game log, the
//! pinned move counts, views and digests, hostile input and the fuzz corpus. Run one family with
//! `cargo test --test rules turn::` (tests/README.md).
// Native only: `wasm-pack test` builds every test program for wasm32, and these spawn processes,
// use 64-bit sizes and run for minutes; the browser has its own (tests/wasm_api.rs, wasm_hostile.rs).
#![cfg(not(target_arch = "wasm32"))]

#[path = "../fuzz_checks/mod.rs"]
mod fuzz_checks;
#[path = "../rules_common/mod.rs"]
mod rules_common;
#[path = "../shared/mod.rs"]
mod shared;
// The brute-force claim oracle (tests/oracle), loaded once: the fuzz checks load it too.
use fuzz_checks::oracle;

mod claim_examples;
mod claim_oracle;
mod claims;
mod coverage;
mod env;
mod exhaustion;
mod fair_play;
mod fuzz_corpus;
mod game_from_setup;
mod game_log;
mod guile;
mod hostile_input;
#[cfg(feature = "long-seeds")]
mod long_seed;
mod matches;
mod move_counts;
mod native_digest;
mod random_games;
mod resign;
mod setup;
mod setup_reachable;
mod tactics;
mod three_players;
mod turn;
