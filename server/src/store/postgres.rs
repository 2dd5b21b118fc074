//! The PostgreSQL store: the tables of sqlite.rs, a few connections, and a listening connection. Each
//! committed change sends `NOTIFY battleline_rooms, '<room> <rev>'` in its transaction, so every server
//! process on the database hears of it after the commit and refreshes that room for its own clients.

use futures_util::StreamExt;
use tokio::sync::{mpsc, Mutex};
use tokio_postgres::{AsyncMessage, Client, NoTls};

use super::sqlite::{Expiry, DELETE, EXPIRED, KEEP_SEED, PAST_ACTIONS, SCHEMA, SWEEP_BATCH, TOUCH};
use super::{decode_action, decode_room, redact, to_json, Change, Notice, PastMatch, StoreError};
use crate::room::RoomRecord;

/// Connections for queries (a room always uses the same one, so its changes stay in order).
const CONNECTIONS: usize = 4;

pub struct PgStore {
    clients: Vec<Mutex<Client>>,
}

fn failed(e: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(e.to_string())
}

async fn connect(url: &str) -> Result<Client, String> {
    let (client, connection) =
        tokio_postgres::connect(url, NoTls).await.map_err(|e| format!("{}: {e}", redact(url)))?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            crate::log::error("postgres_connection_ended", &[("error", &e)]);
        }
    });
    Ok(client)
}

/// SQLite's `?1` placeholders as PostgreSQL's `$1`.
fn pg(sql: &str) -> String {
    sql.replace('?', "$")
}

impl PgStore {
    pub async fn open(url: &str, notices: mpsc::UnboundedSender<Notice>) -> Result<PgStore, String> {
        let mut clients = Vec::with_capacity(CONNECTIONS);
        for _ in 0..CONNECTIONS {
            clients.push(Mutex::new(connect(url).await?));
        }
        {
            let first = clients[0].lock().await;
            // Two processes starting at once must not race to create the tables.
            first
                .batch_execute(&format!("SELECT pg_advisory_lock(4242); {SCHEMA} SELECT pg_advisory_unlock(4242);"))
                .await
                .map_err(|e| format!("creating the tables: {e}"))?;
        }
        listen(url, notices).await?;
        Ok(PgStore { clients })
    }

    fn client_for(&self, room: &str) -> &Mutex<Client> {
        let hash = room.bytes().fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b as usize));
        &self.clients[hash % self.clients.len()]
    }

    pub async fn create(&self, room: &RoomRecord) -> Result<(), StoreError> {
        let mut client = self.client_for(&room.id).lock().await;
        let tx = client.transaction().await.map_err(failed)?;
        let now = crate::hub::now_ms() as i64;
        tx.execute(
            "INSERT INTO rooms (id, options, generation, seed, meta, rev, created_ms) VALUES ($1, $2, $3, $4, $5, 0, $6)",
            &[&room.id, &to_json(&room.options), &(room.generation as i64), &(room.seed as i64), &to_json(&room.meta), &now],
        )
        .await
        .map_err(failed)?;
        for (seat, hash) in room.seats.iter().enumerate() {
            if let Some(hash) = hash {
                tx.execute(
                    "INSERT INTO seats (room, seat, token_hash) VALUES ($1, $2, $3)",
                    &[&room.id, &(seat as i64), hash],
                )
                .await
                .map_err(failed)?;
            }
        }
        tx.execute(&pg(TOUCH), &[&room.id, &now, &1i64]).await.map_err(failed)?;
        tx.execute(&pg(KEEP_SEED), &[&room.id, &(room.generation as i64), &(room.seed as i64)])
            .await
            .map_err(failed)?;
        let watch = crate::tokens::watch_id(&room.id);
        tx.execute("INSERT INTO watch_ids (watch, room) VALUES ($1, $2)", &[&watch, &room.id]).await.map_err(failed)?;
        tx.commit().await.map_err(failed)
    }

    pub async fn commit(&self, change: &Change) -> Result<(), StoreError> {
        let mut client = self.client_for(&change.room).lock().await;
        let tx = client.transaction().await.map_err(failed)?;
        let updated = tx
            .execute(
                "UPDATE rooms SET rev = rev + 1, generation = $1, seed = $2, meta = $3 WHERE id = $4 AND rev = $5",
                &[
                    &(change.generation as i64),
                    &(change.seed as i64),
                    &to_json(&change.meta),
                    &change.room,
                    &change.from_rev,
                ],
            )
            .await
            .map_err(failed)?;
        if updated != 1 {
            return Err(StoreError::Conflict);
        }
        let now = crate::hub::now_ms() as i64;
        tx.execute(&pg(TOUCH), &[&change.room, &now, &i64::from(change.waiting)]).await.map_err(failed)?;
        if change.action.is_none() {
            let seed = [
                &change.room as &(dyn tokio_postgres::types::ToSql + Sync),
                &(change.generation as i64),
                &(change.seed as i64),
            ];
            tx.execute(&pg(KEEP_SEED), &seed).await.map_err(failed)?;
        }
        if let Some((seat, hash)) = &change.seat {
            tx.execute(
                "INSERT INTO seats (room, seat, token_hash) VALUES ($1, $2, $3)",
                &[&change.room, &(*seat as i64), hash],
            )
            .await
            .map_err(|_| StoreError::Conflict)?;
        }
        if let Some((idx, action)) = &change.action {
            tx.execute(
                "INSERT INTO actions (room, generation, idx, seat, action, action_id) VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &change.room,
                    &(change.generation as i64),
                    &(*idx as i64),
                    &(action.seat as i64),
                    &to_json(&action.action),
                    &action.id,
                ],
            )
            .await
            .map_err(|_| StoreError::Conflict)?;
        }
        let notice = format!("{} {}", change.room, change.from_rev + 1);
        tx.execute("SELECT pg_notify('battleline_rooms', $1)", &[&notice]).await.map_err(failed)?;
        tx.commit().await.map_err(failed)
    }

    pub async fn load(&self, id: &str) -> Result<Option<RoomRecord>, StoreError> {
        let client = self.client_for(id).lock().await;
        let Some(row) = client
            .query_opt("SELECT options, generation, seed, meta, rev FROM rooms WHERE id = $1", &[&id])
            .await
            .map_err(failed)?
        else {
            return Ok(None);
        };
        let generation: i64 = row.get(1);
        let mut room = decode_room(id.to_string(), row.get(0), generation, row.get(2), row.get(3), row.get(4))?;
        for row in client.query("SELECT seat, token_hash FROM seats WHERE room = $1", &[&id]).await.map_err(failed)? {
            let seat: i64 = row.get(0);
            if let Some(slot) = room.seats.get_mut(seat as usize) {
                *slot = Some(row.get(1));
            }
        }
        let rows = client
            .query(
                "SELECT seat, action, action_id FROM actions WHERE room = $1 AND generation = $2 ORDER BY idx",
                &[&id, &generation],
            )
            .await
            .map_err(failed)?;
        for row in rows {
            room.actions.push(decode_action(id, row.get(0), row.get(1), row.get(2))?);
        }
        Ok(Some(room))
    }

    pub async fn integrity(&self) -> Result<String, StoreError> {
        // PostgreSQL checks its own pages; what can go wrong here is a room whose actions have gaps.
        let client = self.clients[0].lock().await;
        let row = client
            .query_one(
                "SELECT COUNT(*) FROM (SELECT room, generation FROM actions GROUP BY room, generation \
                 HAVING COUNT(*) <> MAX(idx) + 1) AS gaps",
                &[],
            )
            .await
            .map_err(failed)?;
        let gaps: i64 = row.get(0);
        Ok(if gaps == 0 { "ok".into() } else { format!("{gaps} matches have gaps in their actions") })
    }

    pub async fn ids(&self) -> Result<Vec<String>, StoreError> {
        let client = self.clients[0].lock().await;
        let rows = client.query("SELECT id FROM rooms ORDER BY created_ms", &[]).await.map_err(failed)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    pub async fn ready(&self) -> Result<(), StoreError> {
        for client in &self.clients {
            client.lock().await.simple_query("SELECT 1").await.map_err(failed)?;
        }
        Ok(())
    }

    pub async fn delete_expired(&self, expiry: &Expiry) -> Result<u64, StoreError> {
        let mut client = self.clients[0].lock().await;
        let tx = client.transaction().await.map_err(failed)?;
        let rows = tx
            .query(&pg(EXPIRED), &[&expiry.touched_before, &expiry.waiting_before, &SWEEP_BATCH])
            .await
            .map_err(failed)?;
        let mut deleted = 0;
        for row in rows {
            let id: String = row.get(0);
            if expiry.loaded.contains(&id) {
                continue;
            }
            for statement in DELETE {
                tx.execute(&pg(statement), &[&id]).await.map_err(failed)?;
            }
            deleted += 1;
        }
        tx.commit().await.map_err(failed)?;
        Ok(deleted)
    }

    pub async fn past_matches(&self, room: &str, current: u32) -> Result<Vec<PastMatch>, StoreError> {
        let client = self.client_for(room).lock().await;
        let mut seeds = std::collections::HashMap::new();
        for row in
            client.query("SELECT generation, seed FROM match_seeds WHERE room = $1", &[&room]).await.map_err(failed)?
        {
            seeds.insert(row.get::<_, i64>(0) as u32, row.get::<_, i64>(1) as u64);
        }
        let mut matches: Vec<PastMatch> = Vec::new();
        for row in client.query(&pg(PAST_ACTIONS), &[&room, &i64::from(current)]).await.map_err(failed)? {
            let generation = row.get::<_, i64>(0) as u32;
            if matches.last().is_none_or(|m| m.generation != generation) {
                matches.push(PastMatch { generation, seed: seeds.get(&generation).copied(), actions: Vec::new() });
            }
            if let Some(last) = matches.last_mut() {
                last.actions.push(decode_action(room, row.get(1), row.get(2), row.get(3))?);
            }
        }
        Ok(matches)
    }

    pub async fn watch_room(&self, watch: &str) -> Result<Option<String>, StoreError> {
        let client = self.client_for(watch).lock().await;
        let row = client.query_opt("SELECT room FROM watch_ids WHERE watch = $1", &[&watch]).await.map_err(failed)?;
        Ok(row.map(|r| r.get(0)))
    }

    pub async fn counts(&self) -> Result<(u64, u64), StoreError> {
        let client = self.clients[0].lock().await;
        let row = client
            .query_one(
                "SELECT COUNT(*), COALESCE(SUM(CASE WHEN meta LIKE '%\"ended\":null%' THEN 1 ELSE 0 END), 0) FROM rooms",
                &[],
            )
            .await
            .map_err(failed)?;
        let (all, open): (i64, i64) = (row.get(0), row.get(1));
        Ok((all as u64, open as u64))
    }
}

/// A connection that listens for other processes' changes and passes them on.
async fn listen(url: &str, notices: mpsc::UnboundedSender<Notice>) -> Result<(), String> {
    let (client, mut connection) =
        tokio_postgres::connect(url, NoTls).await.map_err(|e| format!("{}: {e}", redact(url)))?;
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
    tokio::spawn(async move {
        while let Some(message) = messages.next().await {
            match message {
                Ok(AsyncMessage::Notification(n)) => {
                    let _ = tx.send(n.payload().to_string());
                }
                Ok(_) => {}
                Err(e) => {
                    crate::log::error("postgres_listen_ended", &[("error", &e)]);
                    break;
                }
            }
        }
    });
    client.batch_execute("LISTEN battleline_rooms").await.map_err(|e| format!("LISTEN: {e}"))?;
    tokio::spawn(async move {
        let _client = client; // kept open while listening
        while let Some(payload) = rx.recv().await {
            let mut parts = payload.split(' ');
            if let (Some(room), Some(Ok(rev))) = (parts.next(), parts.next().map(str::parse::<i64>)) {
                let _ = notices.send((room.to_string(), rev));
            }
        }
    });
    Ok(())
}
