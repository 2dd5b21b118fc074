//! Quarantined rooms: a room whose stored rows no longer load or replay is marked (with why and when)
//! rather than retried on every join, so that it never takes the server or other rooms down; its
//! players are told `room_damaged`, `check-db` lists it, and an operator exports or deletes it
//! (`battleline-server export-room`, `delete-room`). The statements are the same for both stores.

/// A quarantined room as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quarantined {
    /// The room's id.
    pub room: String,
    /// What failed when it was quarantined.
    pub reason: String,
    /// When (Unix ms).
    pub since_ms: i64,
}

/// Marks room `?1` with reason `?2` at `?3` (the first reason stays).
pub(super) const MARK: &str =
    "INSERT INTO quarantine (room, reason, since_ms) VALUES (?1, ?2, ?3) ON CONFLICT (room) DO NOTHING";

/// Why room `?1` is quarantined, if it is.
pub(super) const REASON: &str = "SELECT reason FROM quarantine WHERE room = ?1";

/// Every quarantined room, oldest first.
pub(super) const LIST: &str = "SELECT room, reason, since_ms FROM quarantine ORDER BY since_ms, room";

/// Lifts the mark of room `?1` (once its rows are deleted).
pub(super) const UNMARK: &str = "DELETE FROM quarantine WHERE room = ?1";

/// Each table holding rows of a room, with the column naming the room: what an export copies.
pub(super) const TABLES: [(&str, &str); 7] = [
    ("rooms", "id"),
    ("seats", "room"),
    ("match_seeds", "room"),
    ("actions", "room"),
    ("watch_ids", "room"),
    ("activity", "room"),
    ("quarantine", "room"),
];

/// The refusal of a room that is not quarantined: `delete-room` deletes only those, so that a mistyped
/// id never deletes a game in progress.
pub(super) fn not_quarantined(room: &str) -> String {
    format!("room {room} is not quarantined: delete-room deletes only quarantined rooms (check-db lists them)")
}
