//! The listening connection: every committed change of a room is notified on `battleline_rooms`, and every
//! change of a process's lobby on `battleline_lobby`; this connection passes each notification on to the
//! process. A lost connection is opened again (with back-off) and subscribes again, then asks for a full
//! refresh, since what was notified meanwhile is lost.

use std::time::Duration;

use tokio::sync::mpsc;

use super::super::Notice;
use super::connection::{Db, MOST_BACKOFF};
use crate::log;

/// How often the listening connection checks that it is still connected.
const LISTEN_CHECK: Duration = Duration::from_secs(2);

/// The listening connection, for as long as the process runs: subscribes, passes every notification on,
/// checks every few seconds that it is still connected, and when it was lost connects and subscribes
/// again (with back-off), then asks for a full refresh of every loaded room.
pub(super) async fn listen(db: Db, notices: mpsc::UnboundedSender<Notice>) {
    let mut backoff = Duration::from_millis(50);
    let mut first = true;
    loop {
        match listen_once(&db, &notices, first).await {
            Ok(()) => backoff = Duration::from_millis(50),
            Err(e) => log::error("postgres_listen_failed", &[("error", &e)]),
        }
        first = false;
        if notices.is_closed() {
            return;
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(MOST_BACKOFF);
    }
}

/// One listening connection until it is lost (Ok once it had subscribed).
async fn listen_once(db: &Db, notices: &mpsc::UnboundedSender<Notice>, first: bool) -> Result<(), String> {
    let (client, (mut rx, reader)) = db.open().await?;
    // Named, so that an operator (or a test) can tell it apart in pg_stat_activity.
    client
        .batch_execute("SET application_name = 'battleline-listen'; LISTEN battleline_rooms; LISTEN battleline_lobby")
        .await
        .map_err(|e| format!("LISTEN: {e}"))?;
    if !first {
        log::info("postgres_listen_resubscribed", &[]);
    }
    // Whatever was notified while the channel was down is lost: every loaded room reloads, and the lobby
    // asks the other processes for their games.
    let _ = notices.send(Notice::Subscribed { again: !first });
    let mut check = tokio::time::interval(LISTEN_CHECK);
    loop {
        tokio::select! {
            notification = rx.recv() => {
                let Some((channel, payload)) = notification else { break };
                if channel == "battleline_lobby" {
                    let _ = notices.send(Notice::Lobby(payload));
                    continue;
                }
                let heard = std::time::Instant::now();
                // `<room> <rev> <commit time>`; a process of an older version sends no time.
                let mut parts = payload.split(' ');
                if let (Some(room), Some(Ok(rev))) = (parts.next(), parts.next().map(str::parse::<i64>)) {
                    let committed_us = parts.next().and_then(|t| t.parse().ok());
                    let _ = notices.send(Notice::Room { room: room.to_string(), rev, committed_us, heard });
                }
            }
            _ = check.tick() => {
                if client.is_closed() || client.simple_query("SELECT 1").await.is_err() {
                    break;
                }
            }
        }
    }
    reader.abort();
    let why = if client.is_closed() { "the connection was closed" } else { "the connection stopped answering" };
    log::error("postgres_listen_lost", &[("why", &why)]);
    Ok(())
}
