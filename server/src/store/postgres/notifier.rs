//! Telling the other processes of committed changes (`NOTIFY battleline_rooms, '<room> <rev>'`), in
//! batches on a connection of its own. PostgreSQL holds one lock over the whole database from a notifying
//! transaction's commit until its log is on disk, so a NOTIFY inside each action's transaction made every
//! action of every room wait for the previous one's disk flush (about 200 actions a second on the
//! benchmark's machine, whatever the number of connections). Here the action's transaction commits without
//! it (commits of different rooms share their flushes), and this task then notifies every change committed
//! meanwhile in one statement. Its own commits do not wait for the disk at all (`synchronous_commit = off`
//! on this connection only): what it notifies is already durable, and a notification lost in a crash of
//! the database is lost with every listening connection anyway (they resubscribe and refresh every room).
//! The statement is prepared once per connection. The changes of one room are notified in order. A
//! batch that fails is sent again once the connection is back; had the process died first, the others'
//! check of every loaded room's revision (every 5 s) finds the change.

use std::time::Duration;

use tokio::sync::mpsc;
use tokio_postgres::{Client, Statement};

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
    let mut client: Option<(Client, Statement)> = None;
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
        if client.as_ref().is_none_or(|(c, _)| c.is_closed()) {
            match open(&db).await {
                Ok(c) => client = Some(c),
                Err(e) => {
                    log::error("postgres_notify_failed", &[("error", &e)]);
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MOST_BACKOFF);
                    continue;
                }
            }
        }
        let Some((c, notify)) = client.as_ref() else { continue };
        match c.execute(notify, &[&batch]).await {
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

/// The notifying connection, its commits not waiting for the disk, and its statement.
async fn open(db: &Db) -> Result<(Client, Statement), String> {
    let (client, _) = db.open().await?;
    client
        .batch_execute("SET application_name = 'battleline-notify'; SET synchronous_commit = off")
        .await
        .map_err(|e| describe(&e))?;
    let notify = client
        .prepare("SELECT pg_notify('battleline_rooms', payload) FROM unnest($1::text[]) AS payload")
        .await
        .map_err(|e| describe(&e))?;
    Ok((client, notify))
}
