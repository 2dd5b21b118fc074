//! The SQLite store: one file (created on first start) in WAL mode with `synchronous=FULL`, so a
//! committed change survives `kill -9` and a power cut. One thread owns the connection and commits every
//! change waiting at that moment in one transaction (group commit), each in its own savepoint so that a
//! refused change never takes the others down; callers hear back only after the commit. Checkpoints (the
//! log copied into the file) run on a thread of their own, never in a commit: a checkpoint in the writer
//! held every room's next action for a tenth of a second and more.

use std::sync::mpsc as std_mpsc;

use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::oneshot;

use super::{decode_action, decode_long_seed, decode_room, long_seed_text, to_json, Change, PastMatch, StoreError};
use crate::room::RoomRecord;

/// The tables (the same in PostgreSQL, see postgres.rs).
pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY,
  options TEXT NOT NULL,
  generation BIGINT NOT NULL,
  seed BIGINT NOT NULL,
  meta TEXT NOT NULL,
  rev BIGINT NOT NULL,
  created_ms BIGINT NOT NULL,
  long_seed TEXT
);
CREATE TABLE IF NOT EXISTS seats (
  room TEXT NOT NULL,
  seat BIGINT NOT NULL,
  token_hash TEXT NOT NULL,
  PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS activity (
  room TEXT PRIMARY KEY,
  touched_ms BIGINT NOT NULL,
  waiting BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS watch_ids (
  watch TEXT PRIMARY KEY,
  room TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS match_seeds (
  room TEXT NOT NULL,
  generation BIGINT NOT NULL,
  seed BIGINT NOT NULL,
  long_seed TEXT,
  PRIMARY KEY (room, generation)
);
CREATE TABLE IF NOT EXISTS probe (
  k BIGINT PRIMARY KEY,
  ms BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
  room TEXT NOT NULL,
  generation BIGINT NOT NULL,
  idx BIGINT NOT NULL,
  seat BIGINT NOT NULL,
  action TEXT NOT NULL,
  action_id TEXT NOT NULL,
  PRIMARY KEY (room, generation, idx)
);
";

/// The tables that gained a `long_seed` column (a match's 256-bit secret, 64 hex digits) after they were
/// first created: a store made before then gets the column at start-up, its rooms keep their u64 seeds.
pub(super) const LONG_SEED_TABLES: [&str; 2] = ["rooms", "match_seeds"];

/// The most changes committed in one transaction.
const BATCH: usize = 512;

enum Op {
    Create(Box<RoomRecord>, oneshot::Sender<Result<(), StoreError>>),
    Load(String, oneshot::Sender<Result<Option<RoomRecord>, StoreError>>),
    Commit(Box<Change>, oneshot::Sender<Result<(), StoreError>>),
    Integrity(oneshot::Sender<Result<String, StoreError>>),
    Counts(oneshot::Sender<Result<(u64, u64), StoreError>>),
    Ids(oneshot::Sender<Result<Vec<String>, StoreError>>),
    Ready(oneshot::Sender<Result<(), StoreError>>),
    Expire(Box<Expiry>, oneshot::Sender<Result<u64, StoreError>>),
    Watch(String, oneshot::Sender<Result<Option<String>, StoreError>>),
    Past(String, u32, oneshot::Sender<Result<Vec<PastMatch>, StoreError>>),
    Close(oneshot::Sender<Result<(), StoreError>>),
}

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
pub(super) const DELETE: [&str; 6] = [
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

/// The most the log may keep on disk between checkpoints (SQLite truncates it to this after one).
const JOURNAL_SIZE_LIMIT: i64 = 64 * 1024 * 1024;

/// The store's handle: jobs go to its thread.
pub struct SqliteStore {
    jobs: std_mpsc::Sender<Op>,
}

fn failed(e: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(e.to_string())
}

impl SqliteStore {
    /// Opens or creates the file (readable by its owner only: it holds unfinished games' seeds), checks
    /// its integrity, and starts the writer thread.
    pub fn open(path: &str) -> Result<SqliteStore, String> {
        private_file(path).map_err(|e| format!("{path}: {e}"))?;
        let conn = Connection::open(path).map_err(|e| format!("{path}: {e}"))?;
        conn.pragma_update(None, "journal_mode", "WAL").map_err(|e| format!("{path}: {e}"))?;
        conn.pragma_update(None, "synchronous", "FULL").map_err(|e| format!("{path}: {e}"))?;
        conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(|e| e.to_string())?;
        let check = integrity_check(&conn).map_err(|e| format!("{path}: {e}"))?;
        if check != "ok" {
            return Err(format!("{path} failed its integrity check: {check}"));
        }
        conn.execute_batch(SCHEMA).map_err(|e| format!("{path}: {e}"))?;
        add_long_seed_columns(&conn).map_err(|e| format!("{path}: {e}"))?;
        conn.pragma_update(None, "wal_autocheckpoint", 0).map_err(|e| format!("{path}: {e}"))?;
        conn.pragma_update(None, "journal_size_limit", JOURNAL_SIZE_LIMIT).map_err(|e| format!("{path}: {e}"))?;
        let checkpoints = Connection::open(path).map_err(|e| format!("{path}: {e}"))?;
        checkpoints.busy_timeout(std::time::Duration::from_secs(10)).map_err(|e| e.to_string())?;
        checkpoints
            .pragma_update(None, "journal_size_limit", JOURNAL_SIZE_LIMIT)
            .map_err(|e| format!("{path}: {e}"))?;
        std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || checkpointer(checkpoints))
            .map_err(|e| e.to_string())?;
        let (jobs, queue) = std_mpsc::channel();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || writer(conn, queue))
            .map_err(|e| e.to_string())?;
        Ok(SqliteStore { jobs })
    }

    async fn ask<T>(&self, op: impl FnOnce(oneshot::Sender<Result<T, StoreError>>) -> Op) -> Result<T, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.jobs.send(op(tx)).map_err(|_| failed("the store's thread has stopped"))?;
        rx.await.map_err(|_| failed("the store's thread has stopped"))?
    }

    pub async fn create(&self, room: RoomRecord) -> Result<(), StoreError> {
        self.ask(|tx| Op::Create(Box::new(room), tx)).await
    }

    pub async fn load(&self, id: String) -> Result<Option<RoomRecord>, StoreError> {
        self.ask(|tx| Op::Load(id, tx)).await
    }

    pub async fn commit(&self, change: Change) -> Result<(), StoreError> {
        self.ask(|tx| Op::Commit(Box::new(change), tx)).await
    }

    pub async fn integrity(&self) -> Result<String, StoreError> {
        self.ask(Op::Integrity).await
    }

    pub async fn ids(&self) -> Result<Vec<String>, StoreError> {
        self.ask(Op::Ids).await
    }

    pub async fn counts(&self) -> Result<(u64, u64), StoreError> {
        self.ask(Op::Counts).await
    }

    pub async fn ready(&self) -> Result<(), StoreError> {
        self.ask(Op::Ready).await
    }

    pub async fn delete_expired(&self, expiry: Expiry) -> Result<u64, StoreError> {
        self.ask(|tx| Op::Expire(Box::new(expiry), tx)).await
    }

    pub async fn past_matches(&self, room: String, current: u32) -> Result<Vec<PastMatch>, StoreError> {
        self.ask(|tx| Op::Past(room, current, tx)).await
    }

    pub async fn watch_room(&self, watch: String) -> Result<Option<String>, StoreError> {
        self.ask(|tx| Op::Watch(watch, tx)).await
    }

    /// Copies the whole log into the file and empties it (after every change queued before).
    pub async fn close(&self) -> Result<(), StoreError> {
        self.ask(Op::Close).await
    }
}

/// Copies the database `path` into the new file `to` with `VACUUM INTO`: one read transaction, so the
/// copy holds exactly the changes committed before it began, while the server goes on writing.
pub fn backup(path: &str, to: &str) -> Result<(), String> {
    if !std::path::Path::new(path).exists() {
        return Err(format!("{path}: no such database"));
    }
    if std::path::Path::new(to).exists() {
        return Err(format!("{to} exists already: a backup never overwrites a file"));
    }
    // An empty file of our own first: VACUUM INTO fills it, and it is private from the start.
    private_file(to).map_err(|e| format!("{to}: {e}"))?;
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE)
        .map_err(|e| format!("{path}: {e}"))?;
    conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(|e| e.to_string())?;
    conn.execute("VACUUM INTO ?1", params![to]).map_err(|e| {
        let _ = std::fs::remove_file(to);
        format!("copying {path} into {to}: {e}")
    })?;
    Ok(())
}

/// Creates the file readable and writable by its owner only, or makes an existing one so. SQLite gives
/// its `-wal` and `-shm` files the database file's permissions.
fn private_file(path: &str) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        let file = std::fs::OpenOptions::new().create(true).append(true).mode(0o600).open(path)?;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// A reply held until the transaction it belongs to has committed.
enum Reply {
    Unit(oneshot::Sender<Result<(), StoreError>>, Result<(), StoreError>),
    Room(oneshot::Sender<Result<Option<RoomRecord>, StoreError>>, Box<Result<Option<RoomRecord>, StoreError>>),
    Text(oneshot::Sender<Result<String, StoreError>>, Result<String, StoreError>),
    Counts(oneshot::Sender<Result<(u64, u64), StoreError>>, Result<(u64, u64), StoreError>),
    Ids(oneshot::Sender<Result<Vec<String>, StoreError>>, Result<Vec<String>, StoreError>),
    Count(oneshot::Sender<Result<u64, StoreError>>, Result<u64, StoreError>),
    Watch(oneshot::Sender<Result<Option<String>, StoreError>>, Result<Option<String>, StoreError>),
    Past(oneshot::Sender<Result<Vec<PastMatch>, StoreError>>, Result<Vec<PastMatch>, StoreError>),
}

impl Reply {
    /// Sends the result, or `why` instead of a success when the transaction did not commit.
    fn send(self, why: Option<&str>) {
        let fail = |ok: bool| -> Option<StoreError> { why.filter(|_| ok).map(failed) };
        match self {
            Reply::Unit(tx, r) => {
                let _ = tx.send(fail(r.is_ok()).map_or(r, Err));
            }
            Reply::Room(tx, r) => {
                let _ = tx.send(*r);
            }
            Reply::Text(tx, r) => {
                let _ = tx.send(r);
            }
            Reply::Counts(tx, r) => {
                let _ = tx.send(r);
            }
            Reply::Ids(tx, r) => {
                let _ = tx.send(r);
            }
            Reply::Count(tx, r) => {
                let _ = tx.send(fail(r.is_ok()).map_or(r, Err));
            }
            Reply::Watch(tx, r) => {
                let _ = tx.send(r);
            }
            Reply::Past(tx, r) => {
                let _ = tx.send(r);
            }
        }
    }
}

/// SQLite's integrity check: "ok", or its first findings (one row each) joined, so that a refusal says
/// what is wrong and where, not only that something is.
fn integrity_check(conn: &Connection) -> rusqlite::Result<String> {
    let mut statement = conn.prepare("PRAGMA integrity_check(8)")?;
    let rows: Vec<String> = statement.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    Ok(rows.join("; "))
}

/// Copies the log into the database file every second without ever blocking the writer (PASSIVE); once a
/// checkpoint has caught up, the next commit starts the log from its beginning again, so it stays small.
fn checkpointer(conn: Connection) {
    loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
        if let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get::<_, i64>(0)) {
            eprintln!("[battleline-server] checkpoint: {e}");
        }
    }
}

/// Copies the log into the file and empties it. The checkpoint thread's own passive checkpoint can hold
/// the checkpoint lock at that moment, and SQLite then answers "busy" (the first column, 1) rather than
/// waiting: so try again for up to two seconds before calling it failed.
fn truncate_log(conn: &Connection) -> Result<(), StoreError> {
    for _ in 0..100 {
        let busy = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0)).map_err(failed)?;
        if busy == 0 {
            return Ok(());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Err(failed("the log stayed busy for 2 s"))
}

fn writer(mut conn: Connection, queue: std_mpsc::Receiver<Op>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match queue.try_recv() {
                Ok(op) => batch.push(op),
                Err(_) => break,
            }
        }
        let tx = match conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate) {
            Ok(tx) => tx,
            Err(e) => {
                let why = format!("the database is unavailable: {e}");
                for op in batch {
                    run_failed(op, &why);
                }
                continue;
            }
        };
        let (closes, batch): (Vec<Op>, Vec<Op>) = batch.into_iter().partition(|op| matches!(op, Op::Close(_)));
        let replies: Vec<Reply> = batch.into_iter().map(|op| run(&tx, op)).collect();
        let committed = tx.commit().map_err(|e| format!("the commit failed: {e}"));
        for reply in replies {
            reply.send(committed.as_ref().err().map(String::as_str));
        }
        for close in closes {
            if let Op::Close(reply) = close {
                // Every change queued before has been committed: copy the log into the file, empty it.
                let _ = reply.send(truncate_log(&conn));
            }
        }
    }
}

fn run_failed(op: Op, why: &str) {
    match op {
        Op::Create(_, tx) | Op::Commit(_, tx) => drop(tx.send(Err(failed(why)))),
        Op::Load(_, tx) => drop(tx.send(Err(failed(why)))),
        Op::Integrity(tx) => drop(tx.send(Err(failed(why)))),
        Op::Counts(tx) => drop(tx.send(Err(failed(why)))),
        Op::Ids(tx) => drop(tx.send(Err(failed(why)))),
        Op::Ready(tx) | Op::Close(tx) => drop(tx.send(Err(failed(why)))),
        Op::Expire(_, tx) => drop(tx.send(Err(failed(why)))),
        Op::Watch(_, tx) => drop(tx.send(Err(failed(why)))),
        Op::Past(_, _, tx) => drop(tx.send(Err(failed(why)))),
    }
}

/// Runs one job inside the batch's transaction, writes in a savepoint of their own.
fn run(tx: &rusqlite::Transaction<'_>, op: Op) -> Reply {
    match op {
        Op::Create(room, reply) => Reply::Unit(reply, savepoint(tx, |sp| create(sp, &room))),
        Op::Commit(change, reply) => Reply::Unit(reply, savepoint(tx, |sp| commit(sp, &change))),
        Op::Load(id, reply) => Reply::Room(reply, Box::new(load(tx, &id))),
        Op::Integrity(reply) => {
            Reply::Text(reply, integrity_check(tx).map_err(failed))
        }
        Op::Ids(reply) => Reply::Ids(reply, ids(tx)),
        // A write: a full disk or a read-only file shows here, and in the commit.
        Op::Ready(reply) => Reply::Unit(
            reply,
            savepoint(tx, |sp| {
                sp.execute("INSERT OR REPLACE INTO probe (k, ms) VALUES (1, ?1)", params![crate::hub::now_ms() as i64])
                    .map(|_| ())
                    .map_err(failed)
            }),
        ),
        Op::Expire(expiry, reply) => Reply::Count(reply, expire(tx, &expiry)),
        Op::Past(room, current, reply) => Reply::Past(reply, past_matches(tx, &room, current)),
        Op::Watch(watch, reply) => Reply::Watch(
            reply,
            tx.query_row("SELECT room FROM watch_ids WHERE watch = ?1", params![watch], |r| r.get(0))
                .optional()
                .map_err(failed),
        ),
        // Taken out of the batch by the writer, which checkpoints after the commit.
        Op::Close(reply) => Reply::Unit(reply, Ok(())),
        Op::Counts(reply) => Reply::Counts(
            reply,
            tx.query_row(
                "SELECT COUNT(*), COALESCE(SUM(CASE WHEN meta LIKE '%\"ended\":null%' THEN 1 ELSE 0 END), 0) FROM rooms",
                [],
                |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64)),
            )
            .map_err(failed),
        ),
    }
}

fn savepoint(
    tx: &rusqlite::Transaction<'_>,
    work: impl FnOnce(&Connection) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    tx.execute_batch("SAVEPOINT change").map_err(failed)?;
    let result = work(tx);
    let end = if result.is_ok() { "RELEASE change" } else { "ROLLBACK TO change; RELEASE change" };
    tx.execute_batch(end).map_err(failed)?;
    result
}

fn expire(tx: &rusqlite::Transaction<'_>, expiry: &Expiry) -> Result<u64, StoreError> {
    let mut query = tx.prepare_cached(EXPIRED).map_err(failed)?;
    let rows = query
        .query_map(params![expiry.touched_before, expiry.waiting_before, SWEEP_BATCH], |r| r.get::<_, String>(0))
        .map_err(failed)?;
    let ids: Vec<String> = rows.collect::<Result<_, _>>().map_err(failed)?;
    let mut deleted = 0;
    for id in ids.iter().filter(|id| !expiry.loaded.contains(id)) {
        savepoint(tx, |sp| {
            for statement in DELETE {
                sp.execute(statement, params![id]).map_err(failed)?;
            }
            Ok(())
        })?;
        deleted += 1;
    }
    Ok(deleted)
}

/// Adds the `long_seed` columns to a store created before them (SQLite has no `ADD COLUMN IF NOT EXISTS`).
fn add_long_seed_columns(conn: &Connection) -> rusqlite::Result<()> {
    for table in LONG_SEED_TABLES {
        let has: i64 = conn.query_row(
            "SELECT COUNT(*) FROM pragma_table_info(?1) WHERE name = 'long_seed'",
            params![table],
            |r| r.get(0),
        )?;
        if has == 0 {
            conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN long_seed TEXT"))?;
        }
    }
    Ok(())
}

fn create(conn: &Connection, room: &RoomRecord) -> Result<(), StoreError> {
    let now = crate::hub::now_ms() as i64;
    conn.execute(
        "INSERT INTO rooms (id, options, generation, seed, long_seed, meta, rev, created_ms) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7)",
        params![
            room.id,
            to_json(&room.options),
            room.generation,
            room.seed as i64,
            long_seed_text(room.long_seed),
            to_json(&room.meta),
            now
        ],
    )
    .map_err(failed)?;
    conn.execute(TOUCH, params![room.id, now, 1]).map_err(failed)?;
    conn.execute(KEEP_SEED, params![room.id, room.generation, room.seed as i64, long_seed_text(room.long_seed)])
        .map_err(failed)?;
    let watch = crate::tokens::watch_id(&room.id);
    conn.execute("INSERT INTO watch_ids (watch, room) VALUES (?1, ?2)", params![watch, room.id]).map_err(failed)?;
    for (seat, hash) in room.seats.iter().enumerate() {
        if let Some(hash) = hash {
            conn.execute(
                "INSERT INTO seats (room, seat, token_hash) VALUES (?1, ?2, ?3)",
                params![room.id, seat, hash],
            )
            .map_err(failed)?;
        }
    }
    Ok(())
}

fn commit(conn: &Connection, change: &Change) -> Result<(), StoreError> {
    let updated = conn
        .execute(
            "UPDATE rooms SET rev = rev + 1, generation = ?1, seed = ?2, long_seed = ?3, meta = ?4 \
             WHERE id = ?5 AND rev = ?6",
            params![
                change.generation,
                change.seed as i64,
                long_seed_text(change.long_seed),
                to_json(&change.meta),
                change.room,
                change.from_rev
            ],
        )
        .map_err(failed)?;
    if updated != 1 {
        return Err(StoreError::Conflict);
    }
    conn.execute(TOUCH, params![change.room, crate::hub::now_ms() as i64, i64::from(change.waiting)])
        .map_err(failed)?;
    if let Some((seat, hash)) = &change.seat {
        conn.execute(
            "INSERT INTO seats (room, seat, token_hash) VALUES (?1, ?2, ?3)",
            params![change.room, seat, hash],
        )
        .map_err(|_| StoreError::Conflict)?;
    }
    if let Some((idx, action)) = &change.action {
        conn.execute(
            "INSERT INTO actions (room, generation, idx, seat, action, action_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![change.room, change.generation, idx, action.seat, to_json(&action.action), action.id],
        )
        .map_err(|_| StoreError::Conflict)?;
    }
    Ok(())
}

fn load(conn: &Connection, id: &str) -> Result<Option<RoomRecord>, StoreError> {
    let row = conn
        .query_row(
            "SELECT options, generation, seed, long_seed, meta, rev FROM rooms WHERE id = ?1",
            params![id],
            |r| {
                let (options, generation, seed) = (r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?);
                Ok((options, generation, seed, r.get::<_, Option<String>>(3)?, r.get::<_, String>(4)?, r.get(5)?))
            },
        )
        .optional()
        .map_err(failed)?;
    let Some((options, generation, seed, long_seed, meta, rev)) = row else { return Ok(None) };
    let mut room = decode_room(id.to_string(), &options, generation, seed, long_seed, &meta, rev)?;
    let mut seats = conn.prepare_cached("SELECT seat, token_hash FROM seats WHERE room = ?1").map_err(failed)?;
    let rows = seats.query_map(params![id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))).map_err(failed)?;
    for row in rows {
        let (seat, hash) = row.map_err(failed)?;
        if let Some(slot) = room.seats.get_mut(seat as usize) {
            *slot = Some(hash);
        }
    }
    let mut actions = conn
        .prepare_cached("SELECT seat, action, action_id FROM actions WHERE room = ?1 AND generation = ?2 ORDER BY idx")
        .map_err(failed)?;
    let rows = actions
        .query_map(params![id, generation], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?))
        })
        .map_err(failed)?;
    for row in rows {
        let (seat, action, action_id) = row.map_err(failed)?;
        room.actions.push(decode_action(id, seat, &action, action_id)?);
    }
    Ok(Some(room))
}

fn past_matches(conn: &Connection, room: &str, current: u32) -> Result<Vec<PastMatch>, StoreError> {
    let mut seeds = std::collections::HashMap::new();
    let mut query =
        conn.prepare_cached("SELECT generation, seed, long_seed FROM match_seeds WHERE room = ?1").map_err(failed)?;
    let rows = query
        .query_map(params![room], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, Option<String>>(2)?)))
        .map_err(failed)?;
    for row in rows {
        let (generation, seed, long_seed) = row.map_err(failed)?;
        seeds.insert(generation as u32, (seed as u64, decode_long_seed(room, long_seed)?));
    }
    let mut matches: Vec<PastMatch> = Vec::new();
    let mut query = conn.prepare_cached(PAST_ACTIONS).map_err(failed)?;
    let rows = query
        .query_map(params![room, current], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?, r.get::<_, String>(3)?))
        })
        .map_err(failed)?;
    for row in rows {
        let (generation, seat, action, id) = row.map_err(failed)?;
        let generation = generation as u32;
        if matches.last().is_none_or(|m| m.generation != generation) {
            let (seed, long_seed) = seeds.get(&generation).copied().unzip();
            matches.push(PastMatch { generation, seed, long_seed: long_seed.flatten(), actions: Vec::new() });
        }
        if let Some(last) = matches.last_mut() {
            last.actions.push(decode_action(room, seat, &action, id)?);
        }
    }
    Ok(matches)
}

fn ids(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let mut query = conn.prepare("SELECT id FROM rooms ORDER BY created_ms").map_err(failed)?;
    let rows = query.query_map([], |r| r.get::<_, String>(0)).map_err(failed)?;
    rows.collect::<Result<Vec<_>, _>>().map_err(failed)
}
