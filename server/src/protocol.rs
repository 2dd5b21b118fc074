//! The messages of the online protocol (docs/ONLINE.md): JSON text frames over one WebSocket, from the
//! client (`ClientMessage`) and from the server (`ServerMessage`). Every refusal is an `error` frame with a
//! stable `code` and changes nothing.

use battleline::{Action, LogEntry, MatchScore, Options, PlayerView};
use serde::{Deserialize, Serialize};

use crate::codes::{Code, RoomStatus};

/// The version of this protocol, in `welcome`.
pub const PROTOCOL: u32 = 1;

/// The longest client action id, in bytes.
pub const MAX_ACTION_ID: usize = 64;

/// A clock for each player: `initialMs` for the whole match, plus `incrementMs` after each of their moves.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClockSetting {
    /// Each player's time for the match, in milliseconds.
    pub initial_ms: u64,
    /// Added to a player's time after each action of theirs that ends their turn, in milliseconds.
    #[serde(default)]
    pub increment_ms: u64,
}

/// What a client asks.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum ClientMessage {
    /// A new room with these options; the creator takes seat 0.
    Create {
        /// The game's options (as the engine reads them).
        #[serde(default)]
        #[cfg_attr(test, ts(type = "Record<string, unknown> | null", optional = nullable))]
        options: serde_json::Value,
        /// Optional clocks, enforced by the server.
        #[serde(default)]
        #[cfg_attr(test, ts(optional = nullable))]
        clock: Option<ClockSetting>,
        /// The coach (hints, unseen cards, win chances) for everyone in the room; off unless asked for.
        #[serde(default)]
        #[cfg_attr(test, ts(optional = nullable))]
        coach: bool,
    },
    /// Enter a room: with a seat's token (rejoin that seat), without one (take a free seat), or to watch.
    Join {
        /// The room's id (from the invite link).
        room: String,
        /// The seat's token kept by the client.
        #[serde(default)]
        #[cfg_attr(test, ts(optional = nullable))]
        token: Option<String>,
        /// Watch as a spectator instead of playing.
        #[serde(default)]
        #[cfg_attr(test, ts(optional = nullable))]
        watch: bool,
    },
    /// Play an action for the connection's seat. `id` makes a retry harmless (applied once); `n`, the
    /// number of actions the client has seen, refuses an action meant for an older position.
    Act {
        /// The client's id for this action (at most 64 bytes).
        id: String,
        /// The action, as the engine's legal actions list it.
        #[cfg_attr(test, ts(type = "Action"))]
        action: Action,
        /// The action count the client saw when choosing.
        #[serde(default)]
        #[cfg_attr(test, ts(optional = nullable))]
        n: Option<u32>,
    },
    /// Concede the match.
    Resign,
    /// Offer a draw (or accept the opponents' offer).
    OfferDraw,
    /// Decline the draw on offer.
    DeclineDraw,
    /// Ask for a new match with the same options and seats once this one is over (all seats must ask).
    Rematch,
    /// Keep the connection alive; answered with `pong`.
    Ping,
    /// Leave the room on purpose (a new game on this device): the others are told the seat's player left
    /// (`left` in its seat), and the seat stays theirs, so that joining again with its token brings them back.
    Leave,
    /// Follow the lobby's open games: the whole list now (`lobby`), then each change (`listed`,
    /// `unlisted`) until the connection enters a room or closes.
    Lobby,
    /// Create a room as `create` does (same options, same limits) and list it in the lobby under `name`
    /// until someone takes it, the poster leaves or withdraws it, or it has been listed for a while.
    Post {
        /// The name the poster is shown under (1–24 letters, digits, spaces or `-_.'`).
        name: String,
        /// The game's options (as the engine reads them).
        #[serde(default)]
        #[cfg_attr(test, ts(type = "Record<string, unknown> | null", optional = nullable))]
        options: serde_json::Value,
        /// Optional clocks, enforced by the server.
        #[serde(default)]
        #[cfg_attr(test, ts(optional = nullable))]
        clock: Option<ClockSetting>,
        /// The coach for everyone in the room.
        #[serde(default)]
        #[cfg_attr(test, ts(optional = nullable))]
        coach: bool,
    },
    /// Withdraw the game this connection posted (its room stays, unlisted).
    Unpost,
    /// Take a free seat of a listed game (answered as a `join` that takes a seat: `welcome`, `state`).
    Take {
        /// The listed game's id (from `lobby` or `listed`; never a room's or watch id).
        game: String,
    },
}

/// An open game as the lobby lists it: who posted it and what it is; never the room's id.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenGame {
    /// The listing's id (what `take` names): 32 hex digits of its own.
    pub id: String,
    /// The poster's name, as they wrote it (checked: letters, digits, spaces, `-_.'`).
    pub name: String,
    /// The options of the room's matches.
    #[cfg_attr(test, ts(type = "GameOptions"))]
    pub options: Options,
    /// The clocks, if the room has them.
    pub clock: Option<ClockSetting>,
    /// Whether the room has the coach.
    pub coach: bool,
    /// Seats still free (1 for a two-player game).
    pub free: usize,
}

/// Why a game left the lobby.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Unlisted {
    /// Its last free seat was taken (through the lobby or the invite link).
    Taken,
    /// The poster withdrew it, left its room or closed their connection.
    Withdrawn,
    /// It was listed for `--open-game-secs`.
    Expired,
}

/// How a match ended, beyond the engine's own results.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum EndReason {
    /// The engine's match is over (its games' results).
    Finished,
    /// A player resigned.
    Resigned,
    /// The players agreed to a draw.
    DrawAgreed,
    /// A player's clock ran out.
    Time,
}

/// The end of a match: why, who caused it (resign, time), and the winner (null: a draw or no single winner).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ended {
    /// Why the match ended.
    pub reason: EndReason,
    /// The seat that resigned or ran out of time.
    pub by: Option<usize>,
    /// The winning seat, if there is exactly one.
    pub winner: Option<usize>,
}

/// A seat as everybody sees it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SeatInfo {
    /// Someone holds the seat.
    pub taken: bool,
    /// Connections on that seat now (tabs, devices).
    pub connected: usize,
    /// The seat's player left the room on purpose (`leave`) and has not come back since.
    pub left: bool,
}

/// The clocks as of the message.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClockInfo {
    /// The setting.
    #[serde(flatten)]
    pub setting: ClockSetting,
    /// Each seat's time left, in milliseconds, when the message was made.
    pub remaining_ms: Vec<u64>,
    /// The seat whose clock runs, if any.
    pub running: Option<usize>,
}

/// The room around the game.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoomInfo {
    /// The room's id: for a seat, the invite's; for a spectator, the watch id (a spectator never learns
    /// the invite's id, which would let them take a free seat).
    pub id: String,
    /// The options of its matches.
    #[cfg_attr(test, ts(type = "GameOptions"))]
    pub options: Options,
    /// `waiting` (seats free), `playing` or `over`.
    pub status: RoomStatus,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// Spectators connected.
    pub spectators: usize,
    /// How the match ended, once it has.
    pub ended: Option<Ended>,
    /// Seats offering a draw now.
    pub draw_offers: Vec<usize>,
    /// Seats asking for a rematch.
    pub rematch: Vec<usize>,
    /// Which match of the room this is (0, then 1 after a rematch, …).
    pub generation: u32,
    /// The clocks, if the room has them.
    pub clock: Option<ClockInfo>,
    /// The coach (hints, unseen cards, win chances) is on for everyone in the room: chosen at its creation,
    /// kept for its rematches. The server only keeps and tells it; each page offers its coach or not.
    pub coach: bool,
}

/// What the server sends.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ServerMessage {
    /// The connection is in a room: as a seat (with its token, to keep) or as a spectator.
    Welcome {
        /// The protocol's version.
        protocol: u32,
        /// The room's id (for a spectator: the watch id, to join again with).
        room: String,
        /// The seat, or null for a spectator.
        seat: Option<usize>,
        /// The seat's token: keep it to rejoin the seat (never shown to anyone else).
        token: Option<String>,
        /// For a seat: the room's watch id, for a link that lets others watch and never take a seat
        /// (join with it as `room`). Null for a spectator.
        watch: Option<String>,
    },
    /// Who is in the room now (someone came or went; nothing else changed): as `room.seats` and
    /// `room.spectators` of a state message.
    Presence {
        /// The seats.
        seats: Vec<SeatInfo>,
        /// Spectators connected.
        spectators: usize,
    },
    /// The game as this connection may know it: sent on joining and after every change.
    State(Box<StateMessage>),
    /// An action was stored and applied (or had been: `duplicate`).
    Ack {
        /// The client's action id.
        id: String,
        /// The action count after it.
        n: u32,
        /// The id had been applied before; nothing changed now.
        duplicate: bool,
    },
    /// A refusal; nothing changed.
    Error {
        /// A stable code.
        code: &'static str,
        /// What was wrong, in words.
        message: String,
        /// The action id the refusal answers, if any.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        id: Option<String>,
    },
    /// The answer to `ping`.
    Pong,
    /// The lobby's open games now (the answer to `lobby`).
    Lobby {
        /// Every open game, oldest first.
        games: Vec<OpenGame>,
    },
    /// A game was posted, or its free seats changed (a three-player game with one seat taken).
    Listed {
        /// The game as listed now.
        game: OpenGame,
    },
    /// A game left the lobby (told to the lobby's followers and to its poster).
    Unlisted {
        /// The listing's id.
        game: String,
        /// Why.
        reason: Unlisted,
    },
    /// The poster's game is listed (after its `welcome` and `state`).
    Posted {
        /// The game as listed.
        game: OpenGame,
    },
}

/// The body of a `state` message.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StateMessage {
    /// The room.
    pub room: RoomInfo,
    /// The receiver's seat, or null for a spectator.
    pub seat: Option<usize>,
    /// Actions played in this match so far.
    pub n: u32,
    /// The receiver's view (the engine's `view(seat)`, or `spectatorView()`).
    #[cfg_attr(test, ts(type = "PlayerView"))]
    pub view: PlayerView,
    /// The receiver's legal actions (empty unless they may act now).
    #[cfg_attr(test, ts(type = "Action[]"))]
    pub legal: Vec<Action>,
    /// New log entries as the receiver may know them (the engine's `log(seat, logFrom)`).
    #[cfg_attr(test, ts(type = "LogEntry[]"))]
    pub log: Vec<LogEntry>,
    /// The index of the first entry in `log`.
    pub log_from: u32,
    /// The match's score (the engine's, as the wasm API's `matchScore()` gives it).
    #[serde(rename = "match")]
    #[cfg_attr(test, ts(type = "MatchScore"))]
    pub match_info: MatchScore,
    /// The whole record (options, seed, actions), only once the match is over (before, it would reveal
    /// every hidden card).
    #[cfg_attr(test, ts(type = "GameRecord | null"))]
    pub record: Option<battleline::Record>,
}

impl ServerMessage {
    /// An error frame.
    pub fn error(code: Code, message: impl Into<String>, id: Option<String>) -> ServerMessage {
        ServerMessage::Error { code: code.code(), message: message.into(), id }
    }

    /// The JSON text of the message.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!(r#"{{"type":"error","code":"internal","message":"the message could not be written: {e}"}}"#)
        })
    }
}

#[cfg(test)]
#[path = "protocol_ts.rs"]
mod protocol_ts;
