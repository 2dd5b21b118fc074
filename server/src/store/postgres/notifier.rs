//! Telling the other processes of committed changes (`NOTIFY battleline_rooms, '<room> <rev>'`), in
//! batches on a connection of its own. PostgreSQL holds one lock over the whole database from a notifying
//! transaction's commit until its log is on disk, so a NOTIFY inside each action's transaction made every
//! action of every room wait for the previous one's disk flush (about 200 actions a second on the
//! benchmark's machine, whatever the number of connections). Here the action's transaction commits without
//! it (commits of different rooms share their flushes), and this task then notifies every change committed
//! meanwhile in one statement: one flush for a batch. The changes of one room are notified in order. A
//! batch that fails is sent again once the connection is back; had the process died first, the others'
//! check of every loaded room's revision (every 5 s) finds the change.

use std::time::Duration;

use tokio::sync::mpsc;
use tokio_postgres::Client;

use super::connection::{describe, Db, MOST_BACKOFF};
use crate::log;

/// The most changes notified in one statement.
const BATCH: usize = 1000;

/// Starts the task; the sender takes each committed change's payload (`<room> <rev>`).
pub(super) fn start(db: Db) -> mpsc::UnboundedSender<String> {
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(run(db, rx));
    tx
}

async fn run(db: Db, mut rx: mpsc::UnboundedReceiver<String>) {
    let mut client: Option<Client> = None;
    let mut backoff = Duration::from_millis(50);
    let mut batch: Vec<String> = Vec::new();
    loop {
        if batch.is_empty() {
            let Some(first) = rx.recv().await else { return };
            batch.push(first);
        }
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(payload) => batch.push(payload),
                Err(_) => break,
            }
        }
        if client.as_ref().is_none_or(Client::is_closed) {
            match db.open().await {
                Ok((c, _)) => client = Some(c),
                Err(e) => {
                    log::error("postgres_notify_failed", &[("error", &e)]);
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MOST_BACKOFF);
                    continue;
                }
            }
        }
        let Some(c) = client.as_ref() else { continue };
        let sql = "SELECT pg_notify('battleline_rooms', payload) FROM unnest($1::text[]) AS payload";
        match c.execute(sql, &[&batch]).await {
            Ok(_) => {
                batch.clear();
                backoff = Duration::from_millis(50);
            }
            Err(e) => {
                log::error("postgres_notify_failed", &[("error", &describe(&e))]);
                client = None;
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MOST_BACKOFF);
            }
        }
    }
}
