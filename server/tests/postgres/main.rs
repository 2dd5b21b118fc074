//! The server on PostgreSQL, in one test program: two server processes on one database
//! (`BATTLELINE_TEST_POSTGRES`, a postgres:// URL; the test command starts one with
//! scripts/postgres.sh), and a damaged room quarantined on both. Without that variable the tests say
//! they skipped, and fail instead where the test command requires its services
//! (`BATTLELINE_REQUIRE_SERVICES=1`). Run it alone with `cargo test -p battleline-server --test
//! postgres`, one module with `cargo test -p battleline-server --test postgres postgres_quarantine::`
//! (tests/README.md).

#[path = "../common/mod.rs"]
mod common;

// Two processes on one database: moves through NOTIFY, one lobby, a killed server's player moves over.
mod postgres;
// A damaged room already loaded on both processes: quarantined, then the operator's commands.
mod postgres_quarantine;
