//! The command line: `battleline-server [serve options]`, `battleline-server bot …` (a bot-protocol
//! program in a room), `battleline-server check-db …` and `battleline-server backup …`; every option
//! has a `--help` line and most an environment variable.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Battle Line online: a game server on the battleline engine (rooms, seats, spectators over WebSockets).
#[derive(Parser, Debug)]
#[command(name = "battleline-server", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// PEM certificates to trust for PostgreSQL's TLS (a URL with `sslmode=require`); without it, the
    /// system's. The database's certificate is always verified.
    #[arg(long, global = true, env = "BATTLELINE_DB_CA_FILE")]
    pub db_ca_file: Option<PathBuf>,
    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Seat a bot-protocol program (docs/BOT_PROTOCOL.md) in a room: `battleline-server bot --join
    /// 'http://127.0.0.1:8080/#room=…' -- battleline bot search:hard`.
    Bot(crate::bridge::BridgeArgs),
    /// Check a database's integrity (SQLite's integrity_check and every room replayed by the engine); a
    /// room that no longer replays is quarantined, and every quarantined room is listed (exit status 1).
    CheckDb {
        /// The database: an SQLite file or a postgres:// URL.
        #[arg(long, env = "BATTLELINE_DB", default_value = "battleline.db")]
        db: String,
    },
    /// Write every stored row of a room (a quarantined one, say) as JSON, to keep or study it.
    ExportRoom {
        /// The database: an SQLite file or a postgres:// URL.
        #[arg(long, env = "BATTLELINE_DB", default_value = "battleline.db")]
        db: String,
        /// The room's id (32 hex digits, as `check-db` lists it).
        room: String,
    },
    /// Delete every stored row of a quarantined room (refused for a room that is not quarantined).
    DeleteRoom {
        /// The database: an SQLite file or a postgres:// URL.
        #[arg(long, env = "BATTLELINE_DB", default_value = "battleline.db")]
        db: String,
        /// The room's id (32 hex digits, as `check-db` lists it).
        room: String,
    },
    /// Copy an SQLite database while the server runs (a consistent snapshot with every change committed
    /// before it began: SQLite's `VACUUM INTO`), then check the copy. For PostgreSQL, use pg_dump.
    Backup {
        /// The database file.
        #[arg(long, env = "BATTLELINE_DB", default_value = "battleline.db")]
        db: String,
        /// The new file to write (it must not exist yet); readable by its owner only.
        #[arg(long)]
        to: String,
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
    /// Serve this folder's files (the built page, www/dist) on the same port (symbolic links that lead
    /// outside the folder are not followed).
    #[arg(long, env = "BATTLELINE_STATIC_DIR")]
    pub static_dir: Option<PathBuf>,
    /// Addresses of reverse proxies whose `X-Forwarded-For` is believed (comma-separated IPs). Behind one,
    /// the per-client limits count the address the proxy saw; from anyone else the header is ignored.
    #[arg(long, env = "BATTLELINE_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Origins allowed to open the game's WebSocket (comma-separated, e.g. `https://play.example.org`);
    /// empty: any origin. A browser always sends `Origin`; other clients may leave it out.
    #[arg(long, env = "BATTLELINE_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,
    #[command(flatten)]
    pub limits: Limits,
}

/// Limits that keep one client from hurting the others. Every refusal is logged and counted (/metrics).
#[derive(Args, Debug, Clone)]
pub struct Limits {
    /// Rooms held in memory at once beyond which new rooms are refused with `server_full` (idle rooms are
    /// unloaded). Joining a room that exists is never refused for this.
    #[arg(long, env = "BATTLELINE_MAX_ROOMS", default_value_t = 20_000)]
    pub max_rooms: usize,
    /// Open WebSocket connections at once.
    #[arg(long, env = "BATTLELINE_MAX_CONNECTIONS", default_value_t = 50_000)]
    pub max_connections: usize,
    /// Open connections (TCP, and WebSockets) from one client address at once.
    #[arg(long, env = "BATTLELINE_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = 64)]
    pub max_connections_per_address: usize,
    /// Rooms one client address may create per minute, on average (a token bucket that reconnecting
    /// does not refill).
    #[arg(long, env = "BATTLELINE_CREATES_PER_MINUTE", default_value_t = 6)]
    pub creates_per_minute: u32,
    /// Rooms one client address may create in a burst.
    #[arg(long, env = "BATTLELINE_CREATE_BURST", default_value_t = 20)]
    pub create_burst: u32,
    /// Rooms all clients together may create per minute (a burst of the same size).
    #[arg(long, env = "BATTLELINE_GLOBAL_CREATES_PER_MINUTE", default_value_t = 600)]
    pub global_creates_per_minute: u32,
    /// Seconds after its last change that a room is deleted (an abandoned or long finished game); the
    /// default is 30 days.
    #[arg(long, env = "BATTLELINE_ROOM_RETENTION_SECS", default_value_t = 30 * 24 * 3600)]
    pub room_retention_secs: u64,
    /// Seconds after its last change that a room still waiting for players is deleted (default: a day).
    #[arg(long, env = "BATTLELINE_WAITING_ROOM_SECS", default_value_t = 24 * 3600)]
    pub waiting_room_secs: u64,
    /// Seconds between two sweeps for rooms past their retention.
    #[arg(long, default_value_t = 600)]
    pub sweep_secs: u64,
    /// Seconds a client has to send a whole HTTP request head (a connection that sends nothing, or half
    /// a request, is closed after this).
    #[arg(long, env = "BATTLELINE_HEADER_TIMEOUT_SECS", default_value_t = 10)]
    pub header_timeout_secs: u64,
    /// Seconds between the server's pings on a WebSocket (the answer's delay is measured).
    #[arg(long, env = "BATTLELINE_PING_SECS", default_value_t = 10)]
    pub ping_secs: u64,
    /// Seconds of silence (no message, no answer to a ping) after which a WebSocket is closed.
    #[arg(long, env = "BATTLELINE_IDLE_TIMEOUT_SECS", default_value_t = 30)]
    pub idle_timeout_secs: u64,
    /// Spectators one room may have at once.
    #[arg(long, env = "BATTLELINE_MAX_SPECTATORS", default_value_t = 200)]
    pub max_spectators: usize,
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
    /// Games the lobby lists at once (more posts: `lobby_full`).
    #[arg(long, env = "BATTLELINE_MAX_OPEN_GAMES", default_value_t = 500)]
    pub max_open_games: usize,
    /// Games one client address may have listed in the lobby at once (more: `too_many_games`).
    #[arg(long, env = "BATTLELINE_MAX_OPEN_GAMES_PER_ADDRESS", default_value_t = 2)]
    pub max_open_games_per_address: usize,
    /// Connections following the lobby's list at once (each hears of every post and take; more:
    /// `lobby_full`).
    #[arg(long, env = "BATTLELINE_MAX_LOBBY_FOLLOWERS", default_value_t = 2000)]
    pub max_lobby_followers: usize,
    /// Seconds a posted game stays listed before it is withdrawn (its room stays, for its invite link).
    #[arg(long, env = "BATTLELINE_OPEN_GAME_SECS", default_value_t = 900)]
    pub open_game_secs: u64,
    /// Open games one client address may take per minute, on average (a token bucket per address).
    #[arg(long, env = "BATTLELINE_TAKES_PER_MINUTE", default_value_t = 6)]
    pub takes_per_minute: u32,
    /// Open games one client address may take in a burst.
    #[arg(long, env = "BATTLELINE_TAKE_BURST", default_value_t = 6)]
    pub take_burst: u32,
    /// The longest clock a room may set, in milliseconds.
    #[arg(long, default_value_t = 24 * 3600 * 1000)]
    pub max_clock_ms: u64,
}
