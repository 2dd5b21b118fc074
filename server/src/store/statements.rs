//! The statements SQLite and PostgreSQL share (written with SQLite's `?1`; postgres.rs turns them into
//! `$1`): what a sweep deletes, a room's activity, a match's seed, the actions of finished matches.

/// Which rooms a sweep deletes: untouched since `touched_before`, or still waiting for players since
/// `waiting_before`; never one of `loaded`.
pub struct Expiry {
    pub touched_before: i64,
    pub waiting_before: i64,
    pub loaded: Vec<String>,
}

/// The most rooms one sweep deletes (the next sweep takes the rest), so that a sweep never holds the
/// writer for long.
pub(super) const SWEEP_BATCH: i64 = 500;

/// Rooms past their retention (same text for PostgreSQL with `$1`, `$2`, `$3`).
pub(super) const EXPIRED: &str = "SELECT r.id FROM rooms r LEFT JOIN activity a ON a.room = r.id \
WHERE COALESCE(a.touched_ms, r.created_ms) < ?1 OR (a.waiting = 1 AND a.touched_ms < ?2) LIMIT ?3";

/// What deleting room `?1` takes, table by table.
pub(super) const DELETE: [&str; 7] = [
    "DELETE FROM quarantine WHERE room = ?1",
    "DELETE FROM actions WHERE room = ?1",
    "DELETE FROM match_seeds WHERE room = ?1",
    "DELETE FROM seats WHERE room = ?1",
    "DELETE FROM watch_ids WHERE room = ?1",
    "DELETE FROM activity WHERE room = ?1",
    "DELETE FROM rooms WHERE id = ?1",
];

/// A room's last change (same text for PostgreSQL).
pub(super) const TOUCH: &str = "INSERT INTO activity (room, touched_ms, waiting) VALUES (?1, ?2, ?3) \
ON CONFLICT (room) DO UPDATE SET touched_ms = excluded.touched_ms, waiting = excluded.waiting";

/// Each match's seed, kept so that finished matches replay too (same text for PostgreSQL).
pub(super) const KEEP_SEED: &str =
    "INSERT INTO match_seeds (room, generation, seed, long_seed) VALUES (?1, ?2, ?3, ?4) \
ON CONFLICT (room, generation) DO NOTHING";

/// The actions of a room's matches before `?2`, in order (same text for PostgreSQL).
pub(super) const PAST_ACTIONS: &str = "SELECT generation, seat, action, action_id FROM actions \
WHERE room = ?1 AND generation < ?2 ORDER BY generation, idx";
