//! The server as players, bots and operators meet it, in one test program (one build and one link
//! instead of one per file): rooms, the lobby, resigning and leaving, fair play against the server's own
//! messages, hostile input, bots online, the coach setting, the command line, schema upgrades, the
//! systemd unit and the nginx example in front of the server. Each module starts its own servers (on
//! free ports, with their own temporary databases), so the modules run side by side. Run one module
//! with `cargo test -p battleline-server --test play fair_play::` (tests/README.md).

#[path = "../common/mod.rs"]
mod common;

// Bots seated in a room through `battleline-server bot`: they are told exactly their seat's view.
mod bots;
// The command line: `--help`, and a database file that is not sound is refused at start.
mod cli;
// The coach as a room setting: off unless asked for, told to everyone, kept for the rematch.
mod coach_setting;
// The systemd unit of deploy/, verified and run as the unit runs the server.
mod deploy;
// Whole games through the server, every `state` checked against the engine's view of its receiver.
mod fair_play;
// Bad input from a careless or hostile client: a clear error, nothing changed.
mod hostile;
// A player who leaves on purpose: the others are told, the seat stays theirs.
mod leaving;
// The lobby: posting, racing for a seat, withdrawing, and one address cannot fill it.
mod lobby;
// The nginx example of deploy/ in front of the server.
mod proxy;
// Resigning in two- and three-player rooms.
mod resign;
// Schema upgrades of an old database, and a newer schema refused.
mod upgrade;
