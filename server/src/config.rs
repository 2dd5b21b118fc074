//! The command line: `battleline-server [serve options]`, `battleline-server bot …` (a bot-protocol
//! program in a room) and `battleline-server check-db …`; every option has a `--help` line.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Battle Line online: a game server on the battleline engine (rooms, seats, spectators over WebSockets).
#[derive(Parser, Debug)]
#[command(name = "battleline-server", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Seat a bot-protocol program (docs/BOT_PROTOCOL.md) in a room: `battleline-server bot --join
    /// 'http://127.0.0.1:8080/#room=…' -- battleline bot search:hard`.
    Bot(crate::bridge::BridgeArgs),
    /// Check a database file's integrity (SQLite's integrity_check and every room replayed by the engine).
    CheckDb {
        /// The database: an SQLite file or a postgres:// URL.
        #[arg(long, default_value = "battleline.db")]
        db: String,
    },
}

/// How the server serves.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port (0 picks a free one; the address is printed once listening).
    #[arg(long, env = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// The database: an SQLite file (created on first start) or a postgres:// URL.
    #[arg(long, env = "BATTLELINE_DB", default_value = "battleline.db")]
    pub db: String,
    /// Serve this folder's files (the built page, www/dist) on the same port.
    #[arg(long)]
    pub static_dir: Option<PathBuf>,
    #[command(flatten)]
    pub limits: Limits,
}

/// Limits that keep one client from hurting the others.
#[derive(Args, Debug, Clone)]
pub struct Limits {
    /// Rooms held in memory at once (more are refused with `server_full`; idle rooms are unloaded).
    #[arg(long, default_value_t = 20_000)]
    pub max_rooms: usize,
    /// Open WebSocket connections at once.
    #[arg(long, default_value_t = 50_000)]
    pub max_connections: usize,
    /// The longest message a client may send, in bytes (longer: an error frame; far longer: closed).
    #[arg(long, default_value_t = 4096)]
    pub max_message_bytes: usize,
    /// Rooms one connection may create (a flood of rooms would only fill the database).
    #[arg(long, default_value_t = 10)]
    pub max_creates_per_connection: u32,
    /// Messages a connection may send per second, on average.
    #[arg(long, default_value_t = 20)]
    pub rate_per_second: u32,
    /// Messages a connection may send in a burst.
    #[arg(long, default_value_t = 60)]
    pub rate_burst: u32,
    /// Refused messages after which a flooding connection is closed.
    #[arg(long, default_value_t = 200)]
    pub flood_close_after: u32,
    /// Frames queued for a connection before it counts as a slow reader and is closed.
    #[arg(long, default_value_t = 64)]
    pub send_queue: usize,
    /// The kernel's send buffer of each connection, in bytes (with the send queue, what a slow reader may hold).
    #[arg(long, default_value_t = 64 * 1024)]
    pub socket_send_buffer: usize,
    /// Seconds a room stays in memory with nobody in it.
    #[arg(long, default_value_t = 300)]
    pub idle_unload_secs: u64,
    /// The longest clock a room may set, in milliseconds.
    #[arg(long, default_value_t = 24 * 3600 * 1000)]
    pub max_clock_ms: u64,
}
