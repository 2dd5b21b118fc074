//! The SQLite store: one file (created on first start) in WAL mode with `synchronous=FULL`, so a
//! committed change survives `kill -9` and a power cut. One thread owns the connection and commits every
//! change waiting at that moment in one transaction (writer.rs); callers hear back only after the
//! commit. Checkpoints (the log copied into the file) run on a thread of their own, never in a commit: a
//! checkpoint in the writer held every room's next action for a tenth of a second and more (file.rs).
//! A room's rows are in rooms.rs, the schema's migrations in migrate.rs.

mod file;
mod migrate;
mod quarantine;
mod rooms;
mod writer;

use std::sync::mpsc as std_mpsc;

use rusqlite::Connection;
use tokio::sync::oneshot;

use super::statements::Expiry;
use super::{Change, PastMatch, Quarantined, StoreError};
use crate::room::RoomRecord;
use file::{checkpointer, integrity_check, private_file};
use writer::writer;

pub use file::backup;

/// The most changes committed in one transaction.
const BATCH: usize = 512;

/// A job for the writer thread, with where its answer goes.
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
    /// Any other job: given the batch's transaction (None: it could not begin), it does its work and
    /// returns the reply to send once the commit is known.
    Job(Job),
}

/// A job's work in the batch's transaction (None: it could not begin), returning its reply.
type Job = Box<dyn FnOnce(Option<&rusqlite::Transaction<'_>>) -> writer::Reply + Send>;

/// The most the log may keep on disk between checkpoints (SQLite truncates it to this after one).
const JOURNAL_SIZE_LIMIT: i64 = 64 * 1024 * 1024;

/// The store's handle: jobs go to its thread.
pub struct SqliteStore {
    jobs: std_mpsc::Sender<Op>,
}

pub(super) fn failed(e: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(e.to_string())
}

impl SqliteStore {
    /// Opens or creates the file (readable by its owner only: it holds unfinished games' seeds), checks
    /// its integrity, brings its schema up to date (refusing a newer one), and starts the writer thread.
    pub fn open(path: &str) -> Result<SqliteStore, String> {
        private_file(path).map_err(|e| format!("{path}: {e}"))?;
        let mut conn = Connection::open(path).map_err(|e| format!("{path}: {e}"))?;
        conn.pragma_update(None, "journal_mode", "WAL").map_err(|e| format!("{path}: {e}"))?;
        conn.pragma_update(None, "synchronous", "FULL").map_err(|e| format!("{path}: {e}"))?;
        conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(|e| e.to_string())?;
        let check = integrity_check(&conn).map_err(|e| format!("{path}: {e}"))?;
        if check != "ok" {
            return Err(format!("{path} failed its integrity check: {check}"));
        }
        migrate::migrate(&mut conn, path)?;
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

    /// Runs `work` in a savepoint of the writer's next transaction; its result once that has committed.
    async fn job<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        self.ask(|reply| {
            Op::Job(Box::new(move |tx| {
                let result = match tx {
                    Some(tx) => savepoint(tx, work),
                    None => Err(failed("the database is unavailable")),
                };
                writer::Reply::Later(Box::new(move |why| {
                    let _ = reply.send(match why {
                        Some(why) if result.is_ok() => Err(failed(why)),
                        _ => result,
                    });
                }))
            }))
        })
        .await
    }

    pub async fn quarantine(&self, room: String, reason: String) -> Result<(), StoreError> {
        self.job(move |conn| quarantine::mark(conn, &room, &reason)).await
    }

    pub async fn quarantined(&self, room: String) -> Result<Option<String>, StoreError> {
        self.job(move |conn| quarantine::reason(conn, &room)).await
    }

    pub async fn quarantined_rooms(&self) -> Result<Vec<Quarantined>, StoreError> {
        self.job(quarantine::list).await
    }

    pub async fn export_room(&self, room: String) -> Result<Option<serde_json::Value>, StoreError> {
        self.job(move |conn| quarantine::export(conn, &room)).await
    }

    pub async fn delete_room(&self, room: String) -> Result<(), StoreError> {
        self.job(move |conn| quarantine::delete(conn, &room)).await
    }

    /// Copies the whole log into the file and empties it (after every change queued before).
    pub async fn close(&self) -> Result<(), StoreError> {
        self.ask(Op::Close).await
    }
}

/// `work` in a savepoint of its own: undone alone if it fails, the batch's other jobs kept.
pub(super) fn savepoint<T>(
    tx: &rusqlite::Transaction<'_>,
    work: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    tx.execute_batch("SAVEPOINT change").map_err(failed)?;
    let result = work(tx);
    let end = if result.is_ok() { "RELEASE change" } else { "ROLLBACK TO change; RELEASE change" };
    tx.execute_batch(end).map_err(failed)?;
    result
}
