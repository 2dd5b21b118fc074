//! The PostgreSQL store: the tables of sqlite.rs, a few connections, and a listening connection. Each
//! committed change is notified (`NOTIFY battleline_rooms, '<room> <rev>'`, in batches after the commits:
//! notifier.rs), so every server process on the database hears of it and refreshes that room for its own
//! clients.
//!
//! The database may restart or drop a connection at any time: a lost connection is opened again on its
//! next use (with back-off between failed attempts; meanwhile calls fail with `storage`, and a client
//! sends its action again), and the listening connection subscribes again and asks for a full refresh of
//! every loaded room, since notifications sent while it was gone are lost. Tables are created in one
//! transaction under an advisory lock, so processes started together on a fresh database all start.
//!
//! TLS: with `sslmode=require` in the URL every connection uses TLS (rustls) and the server's
//! certificate is always verified, against `--db-ca-file` if given, else the system's roots; without it
//! the connections are plain, as before.

mod connection;
mod listen;
mod migrate;
mod notifier;
mod quarantine;

use std::time::{Duration, Instant};

use tokio::sync::{mpsc, MappedMutexGuard, Mutex, MutexGuard};
use tokio_postgres::Client;

use connection::{connect, describe, failed, Db, Slot, MOST_BACKOFF};

use super::statements::{Expiry, DELETE, EXPIRED, KEEP_SEED, PAST_ACTIONS, SWEEP_BATCH, TOUCH};
use super::{
    decode_action, decode_long_seed, decode_room, long_seed_text, redact, to_json, Change, Notice, PastMatch,
    StoreError,
};
use crate::log;
use crate::room::RoomRecord;

/// Connections for queries (a room always uses the same one, so its changes stay in order).
const CONNECTIONS: usize = 4;

pub struct PgStore {
    db: Db,
    slots: Vec<Mutex<Slot>>,
    /// Committed changes to notify (notifier.rs).
    notify: mpsc::UnboundedSender<String>,
}

/// SQLite's `?1` placeholders as PostgreSQL's `$1`.
fn pg(sql: &str) -> String {
    sql.replace('?', "$")
}

impl PgStore {
    pub async fn open(
        url: &str,
        ca_file: Option<&std::path::Path>,
        notices: mpsc::UnboundedSender<Notice>,
    ) -> Result<PgStore, String> {
        let db = Db::new(url, ca_file)?;
        let mut slots = Vec::with_capacity(CONNECTIONS);
        for _ in 0..CONNECTIONS {
            let client = Some(connect(&db).await?);
            slots.push(Mutex::new(Slot { client, backoff: Duration::from_millis(50), retry_at: Instant::now() }));
        }
        let store = PgStore { db: db.clone(), slots, notify: notifier::start(db.clone()) };
        {
            let mut client = store.lock(0).await.map_err(|e| e.to_string())?;
            // Two processes starting at once must not race to create or upgrade the tables: the lock is
            // held until the transaction that migrates them has committed (a session lock released
            // before the commit let the second process try to create them again and fail).
            let tx = client.transaction().await.map_err(|e| format!("creating the tables: {e}"))?;
            migrate::migrate(&tx, &redact(url)).await?;
            tx.commit().await.map_err(|e| format!("upgrading the schema: {e}"))?;
        }
        tokio::spawn(async move { listen::listen(db, notices).await });
        Ok(store)
    }

    fn slot_for(&self, room: &str) -> usize {
        let hash = room.bytes().fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b as usize));
        hash % self.slots.len()
    }

    /// Connection `i`, connected again if it was lost (not sooner than its back-off allows).
    async fn lock(&self, i: usize) -> Result<MappedMutexGuard<'_, Client>, StoreError> {
        let mut slot = self.slots[i % self.slots.len()].lock().await;
        if slot.client.as_ref().is_none_or(Client::is_closed) {
            slot.client = None;
            if Instant::now() < slot.retry_at {
                return Err(failed("the database is unreachable; trying again shortly"));
            }
            match connect(&self.db).await {
                Ok(client) => {
                    log::info("postgres_reconnected", &[("connection", &i)]);
                    slot.client = Some(client);
                    slot.backoff = Duration::from_millis(50);
                }
                Err(e) => {
                    slot.retry_at = Instant::now() + slot.backoff;
                    slot.backoff = (slot.backoff * 2).min(MOST_BACKOFF);
                    return Err(failed(e));
                }
            }
        }
        MutexGuard::try_map(slot, |slot| slot.client.as_mut()).map_err(|_| failed("no connection"))
    }

    pub async fn create(&self, room: &RoomRecord) -> Result<(), StoreError> {
        let mut client = self.lock(self.slot_for(&room.id)).await?;
        let tx = client.transaction().await.map_err(failed)?;
        let now = crate::hub::now_ms() as i64;
        tx.execute(
            "INSERT INTO rooms (id, options, generation, seed, long_seed, meta, rev, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, 0, $7)",
            &[
                &room.id,
                &to_json(&room.options),
                &(room.generation as i64),
                &(room.seed as i64),
                &long_seed_text(room.long_seed),
                &to_json(&room.meta),
                &now,
            ],
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
        let long_seed = long_seed_text(room.long_seed);
        tx.execute(&pg(KEEP_SEED), &[&room.id, &(room.generation as i64), &(room.seed as i64), &long_seed])
            .await
            .map_err(failed)?;
        let watch = crate::tokens::watch_id(&room.id);
        tx.execute("INSERT INTO watch_ids (watch, room) VALUES ($1, $2)", &[&watch, &room.id]).await.map_err(failed)?;
        tx.commit().await.map_err(failed)
    }

    pub async fn commit(&self, change: &Change) -> Result<(), StoreError> {
        let mut client = self.lock(self.slot_for(&change.room)).await?;
        let tx = client.transaction().await.map_err(failed)?;
        let updated = tx
            .execute(
                "UPDATE rooms SET rev = rev + 1, generation = $1, seed = $2, long_seed = $6, meta = $3 \
                 WHERE id = $4 AND rev = $5",
                &[
                    &(change.generation as i64),
                    &(change.seed as i64),
                    &to_json(&change.meta),
                    &change.room,
                    &change.from_rev,
                    &long_seed_text(change.long_seed),
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
            let long_seed = long_seed_text(change.long_seed);
            let seed = [
                &change.room as &(dyn tokio_postgres::types::ToSql + Sync),
                &(change.generation as i64),
                &(change.seed as i64),
                &long_seed,
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
        tx.commit().await.map_err(failed)?;
        // The other processes hear of it after the commit, in a batch (notifier.rs says why).
        let _ = self.notify.send(format!("{} {}", change.room, change.from_rev + 1));
        Ok(())
    }

    pub async fn load(&self, id: &str) -> Result<Option<RoomRecord>, StoreError> {
        let client = self.lock(self.slot_for(id)).await?;
        let Some(row) = client
            .query_opt("SELECT options, generation, seed, meta, rev, long_seed FROM rooms WHERE id = $1", &[&id])
            .await
            .map_err(failed)?
        else {
            return Ok(None);
        };
        let generation: i64 = row.get(1);
        let mut room =
            decode_room(id.to_string(), row.get(0), generation, row.get(2), row.get(5), row.get(3), row.get(4))?;
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
        let client = self.lock(0).await?;
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
        let client = self.lock(0).await?;
        let rows = client.query("SELECT id FROM rooms ORDER BY created_ms", &[]).await.map_err(failed)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    pub async fn ready(&self) -> Result<(), StoreError> {
        for i in 0..self.slots.len() {
            self.lock(i).await?.simple_query("SELECT 1").await.map_err(failed)?;
        }
        Ok(())
    }

    pub async fn delete_expired(&self, expiry: &Expiry) -> Result<u64, StoreError> {
        let mut client = self.lock(0).await?;
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
        let client = self.lock(self.slot_for(room)).await?;
        let mut seeds = std::collections::HashMap::new();
        for row in client
            .query("SELECT generation, seed, long_seed FROM match_seeds WHERE room = $1", &[&room])
            .await
            .map_err(failed)?
        {
            let long_seed = decode_long_seed(room, row.get(2))?;
            seeds.insert(row.get::<_, i64>(0) as u32, (row.get::<_, i64>(1) as u64, long_seed));
        }
        let mut matches: Vec<PastMatch> = Vec::new();
        for row in client.query(&pg(PAST_ACTIONS), &[&room, &i64::from(current)]).await.map_err(failed)? {
            let generation = row.get::<_, i64>(0) as u32;
            if matches.last().is_none_or(|m| m.generation != generation) {
                let (seed, long_seed) = seeds.get(&generation).copied().unzip();
                matches.push(PastMatch { generation, seed, long_seed: long_seed.flatten(), actions: Vec::new() });
            }
            if let Some(last) = matches.last_mut() {
                last.actions.push(decode_action(room, row.get(1), row.get(2), row.get(3))?);
            }
        }
        Ok(matches)
    }

    /// Notifies `battleline_lobby` (every process's listening connection hears it).
    pub async fn notify_lobby(&self, message: &str) -> Result<(), StoreError> {
        let client = self.lock(0).await?;
        client.execute("SELECT pg_notify('battleline_lobby', $1)", &[&message]).await.map(|_| ()).map_err(failed)
    }

    /// The revisions of these rooms now.
    pub async fn revisions(&self, ids: &[String]) -> Result<Vec<(String, i64)>, StoreError> {
        let client = self.lock(0).await?;
        let rows = client.query("SELECT id, rev FROM rooms WHERE id = ANY($1)", &[&ids]).await.map_err(failed)?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    pub async fn watch_room(&self, watch: &str) -> Result<Option<String>, StoreError> {
        let client = self.lock(self.slot_for(watch)).await?;
        let row = client.query_opt("SELECT room FROM watch_ids WHERE watch = $1", &[&watch]).await.map_err(failed)?;
        Ok(row.map(|r| r.get(0)))
    }

    pub async fn counts(&self) -> Result<(u64, u64), StoreError> {
        let client = self.lock(0).await?;
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
