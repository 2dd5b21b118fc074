//! The checks of the fuzz suite, shared by the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`, which
//! include this directory) and by `tests/rules/fuzz_corpus.rs`, which replays every committed corpus input
//! and regression case as an ordinary test. Each check takes arbitrary bytes and panics exactly when it
//! finds a defect: a panic inside the engine, a refused action that changed the state, a claim proof
//! that disagrees with brute force, a bot answering an action its view does not allow.

#![allow(dead_code)]

pub mod actions;
pub mod bots;
mod input;
#[path = "../oracle/mod.rs"]
pub mod oracle;
pub mod proofs;
pub mod records;
pub mod setups;

/// A target's check: panics exactly when the input reveals a defect.
pub type Check = fn(&[u8]);

/// The fuzz targets by name, with their checks (the corpus directory of each is `fuzz/corpus/NAME`).
pub const TARGETS: [(&str, Check); 5] = [
    ("actions", actions::check),
    ("records", records::check),
    ("setups", setups::check),
    ("proofs", proofs::check),
    ("bots", bots::check),
];
