//! The server when things go wrong around it, in one test program (one build and one link instead of
//! one per file): killed while games are played, a store that cannot write and file descriptors run
//! out, damaged rooms quarantined, what an operator relies on (headers, health, metrics, shutdown), and
//! the benchmark's load generator against a real server. Each module starts its own servers (on free
//! ports, with their own temporary databases), so the modules run side by side. Run one module with
//! `cargo test -p battleline-server --test faults quarantine::` (tests/README.md).

#[path = "../common/mod.rs"]
mod common;

// Running out: a store that cannot write, and no file descriptors left.
mod exhaustion;
// The server killed with SIGKILL twice under 40 games: nothing acknowledged is lost.
mod faults;
// The independent load generator of scripts/bench-server.sh, small, against a real server.
mod load_generator;
// What an operator relies on: headers, origins, static files, liveness and readiness, metrics, SIGTERM.
mod operations;
// Damaged rooms in a SQLite file: quarantined, listed, exported and deleted by the operator's commands.
mod quarantine;
