//! The writer thread: it owns the connection and commits every job waiting at that moment in one
//! transaction (group commit), each write in a savepoint of its own so that a refused change never takes
//! the others down; replies go out only once the transaction has committed.

use std::sync::mpsc as std_mpsc;

use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::oneshot;

use super::super::{PastMatch, StoreError};
use super::file::{integrity_check, truncate_log};
use super::rooms::{commit, create, expire, ids, load, past_matches};
use super::{failed, savepoint, Op, BATCH};
use crate::room::RoomRecord;

/// A reply held until the transaction it belongs to has committed.
pub(super) enum Reply {
    Unit(oneshot::Sender<Result<(), StoreError>>, Result<(), StoreError>),
    Room(oneshot::Sender<Result<Option<RoomRecord>, StoreError>>, Box<Result<Option<RoomRecord>, StoreError>>),
    Text(oneshot::Sender<Result<String, StoreError>>, Result<String, StoreError>),
    Counts(oneshot::Sender<Result<(u64, u64), StoreError>>, Result<(u64, u64), StoreError>),
    Ids(oneshot::Sender<Result<Vec<String>, StoreError>>, Result<Vec<String>, StoreError>),
    Count(oneshot::Sender<Result<u64, StoreError>>, Result<u64, StoreError>),
    Watch(oneshot::Sender<Result<Option<String>, StoreError>>, Result<Option<String>, StoreError>),
    Past(oneshot::Sender<Result<Vec<PastMatch>, StoreError>>, Result<Vec<PastMatch>, StoreError>),
    /// A job's own sending, given why the transaction did not commit (if it did not).
    Later(SendLater),
}

/// How a job sends its result, given why the transaction did not commit (if it did not).
pub(super) type SendLater = Box<dyn FnOnce(Option<&str>) + Send>;

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
            Reply::Later(send) => send(why),
        }
    }
}

pub(super) fn writer(mut conn: Connection, queue: std_mpsc::Receiver<Op>) {
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
        Op::Job(job) => job(None).send(Some(why)),
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
        Op::Job(job) => job(Some(tx)),
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
