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
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;

use connection::{connect, describe, failed, Conn, Db, Slot, MOST_BACKOFF};

use super::statements::{Expiry, DELETE, EXPIRED, KEEP_SEED, PAST_ACTIONS, SWEEP_BATCH, TOUCH};
use super::{
    decode_action, decode_long_seed, decode_room, long_seed_text, redact, to_json, Change, Notice, PastMatch,
    StoreError,
};
use crate::log;
use crate::room::RoomRecord;

/// Connections for queries. A room's changes stay in order whichever connection they take: its task
/// waits for each commit before the next.
const CONNECTIONS: usize = 8;

/// A room with the seats and the current match's actions, in one statement (one round trip, and one
/// snapshot: the actions are those of the revision read).
const LOAD: &str = "SELECT r.options, r.generation, r.seed, r.meta, r.rev, r.long_seed, \
  ARRAY(SELECT s.seat FROM seats s WHERE s.room = r.id ORDER BY s.seat), \
  ARRAY(SELECT s.token_hash FROM seats s WHERE s.room = r.id ORDER BY s.seat), \
  ARRAY(SELECT a.seat FROM actions a WHERE a.room = r.id AND a.generation = r.generation ORDER BY a.idx), \
  ARRAY(SELECT a.action FROM actions a WHERE a.room = r.id AND a.generation = r.generation ORDER BY a.idx), \
  ARRAY(SELECT a.action_id FROM actions a WHERE a.room = r.id AND a.generation = r.generation ORDER BY a.idx) \
  FROM rooms r WHERE r.id = $1";

/// A change of a room, stored only if the room is still at the revision the change was made from (`$5`):
/// the room's row, its activity (statements.rs' `TOUCH`), a new match's seed (`KEEP_SEED`, when `$9`), a
/// seat taken (`$10`, `$11`) and an action played (`$12`…`$15`), each written only if the room's row was.
/// One statement is one transaction, and a unique key broken (a seat or an action's place taken by
/// another process meanwhile) undoes all of it. Answers 1 if stored, 0 if the room had moved on.
const COMMIT: &str = "WITH up AS ( \
  UPDATE rooms SET rev = rev + 1, generation = $1, seed = $2, long_seed = $6, meta = $3 \
  WHERE id = $4 AND rev = $5 RETURNING id), \
touched AS ( \
  INSERT INTO activity (room, touched_ms, waiting) SELECT id, $7::bigint, $8::bigint FROM up \
  ON CONFLICT (room) DO UPDATE SET touched_ms = excluded.touched_ms, waiting = excluded.waiting), \
seeded AS ( \
  INSERT INTO match_seeds (room, generation, seed, long_seed) \
  SELECT id, $1::bigint, $2::bigint, $6::text FROM up WHERE $9::boolean \
  ON CONFLICT (room, generation) DO NOTHING), \
seated AS ( \
  INSERT INTO seats (room, seat, token_hash) SELECT id, $10::bigint, $11::text FROM up \
  WHERE $10::bigint IS NOT NULL), \
acted AS ( \
  INSERT INTO actions (room, generation, idx, seat, action, action_id) \
  SELECT id, $1::bigint, $12::bigint, $13::bigint, $14::text, $15::text FROM up WHERE $12::bigint IS NOT NULL) \
SELECT COUNT(*) FROM up";

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
            let conn = Some(Conn::new(connect(&db).await?));
            slots.push(Mutex::new(Slot { conn, backoff: Duration::from_millis(50), retry_at: Instant::now() }));
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

    /// A connection for room `room`'s calls: the first one free, from the room's own on (rooms hashed
    /// apart); the room's own if all are busy.
    async fn lock_for(&self, room: &str) -> Result<MappedMutexGuard<'_, Conn>, StoreError> {
        let first = self.slot_for(room);
        for k in 0..self.slots.len() {
            let i = (first + k) % self.slots.len();
            if let Ok(slot) = self.slots[i].try_lock() {
                return self.ready_slot(slot, i).await;
            }
        }
        self.lock(first).await
    }

    /// Connection `i`, connected again if it was lost (not sooner than its back-off allows).
    async fn lock(&self, i: usize) -> Result<MappedMutexGuard<'_, Conn>, StoreError> {
        let slot = self.slots[i % self.slots.len()].lock().await;
        self.ready_slot(slot, i).await
    }

    async fn ready_slot<'a>(
        &self,
        mut slot: MutexGuard<'a, Slot>,
        i: usize,
    ) -> Result<MappedMutexGuard<'a, Conn>, StoreError> {
        if slot.conn.as_ref().is_none_or(|c| c.is_closed()) {
            slot.conn = None;
            if Instant::now() < slot.retry_at {
                return Err(failed("the database is unreachable; trying again shortly"));
            }
            match connect(&self.db).await {
                Ok(client) => {
                    log::info("postgres_reconnected", &[("connection", &i)]);
                    slot.conn = Some(Conn::new(client));
                    slot.backoff = Duration::from_millis(50);
                }
                Err(e) => {
                    slot.retry_at = Instant::now() + slot.backoff;
                    slot.backoff = (slot.backoff * 2).min(MOST_BACKOFF);
                    return Err(failed(e));
                }
            }
        }
        MutexGuard::try_map(slot, |slot| slot.conn.as_mut()).map_err(|_| failed("no connection"))
    }

    pub async fn create(&self, room: &RoomRecord) -> Result<(), StoreError> {
        let mut client = self.lock_for(&room.id).await?;
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

    /// Stores a change in one statement: one round trip, and no BEGIN or COMMIT of its own to wait for.
    pub async fn commit(&self, change: &Change) -> Result<(), StoreError> {
        let mut conn = self.lock_for(&change.room).await?;
        let commit = conn.statement(COMMIT).await.map_err(failed)?;
        let (generation, seed, meta) = (change.generation as i64, change.seed as i64, to_json(&change.meta));
        let long_seed = long_seed_text(change.long_seed);
        let (now, waiting) = (crate::hub::now_ms() as i64, i64::from(change.waiting));
        // A new match's seed is kept with its first change (one of no action).
        let keep_seed = change.action.is_none();
        let (seat, token_hash) = change.seat.as_ref().map(|(seat, hash)| (*seat as i64, hash)).unzip();
        let (idx, action) = change.action.as_ref().map(|(idx, a)| (*idx as i64, a)).unzip();
        let (action_seat, action_json, action_id) =
            (action.map(|a| a.seat as i64), action.map(|a| to_json(&a.action)), action.map(|a| &a.id));
        let params: [&(dyn ToSql + Sync); 15] = [
            &generation,
            &seed,
            &meta,
            &change.room,
            &change.from_rev,
            &long_seed,
            &now,
            &waiting,
            &keep_seed,
            &seat,
            &token_hash,
            &idx,
            &action_seat,
            &action_json,
            &action_id,
        ];
        let updated: i64 = match conn.query_one(&commit, &params).await {
            Ok(row) => row.get(0),
            // The seat or the action's place was taken by another process's change.
            Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => return Err(StoreError::Conflict),
            Err(e) => return Err(failed(e)),
        };
        if updated != 1 {
            return Err(StoreError::Conflict);
        }
        // The other processes hear of it after the commit, in a batch (notifier.rs says why), with the time
        // of the commit, so that they can tell how long the news took (`battleline_notify_delivery_seconds`).
        let _ = self.notify.send(format!("{} {} {}", change.room, change.from_rev + 1, crate::metrics::unix_us()));
        Ok(())
    }

    pub async fn load(&self, id: &str) -> Result<Option<RoomRecord>, StoreError> {
        let mut conn = self.lock_for(id).await?;
        let load = conn.statement(LOAD).await.map_err(failed)?;
        let Some(row) = conn.query_opt(&load, &[&id]).await.map_err(failed)? else {
            return Ok(None);
        };
        let mut room =
            decode_room(id.to_string(), row.get(0), row.get(1), row.get(2), row.get(5), row.get(3), row.get(4))?;
        let (seats, hashes): (Vec<i64>, Vec<String>) = (row.get(6), row.get(7));
        for (seat, hash) in seats.into_iter().zip(hashes) {
            if let Some(slot) = room.seats.get_mut(seat as usize) {
                *slot = Some(hash);
            }
        }
        let (seats, actions, ids): (Vec<i64>, Vec<String>, Vec<String>) = (row.get(8), row.get(9), row.get(10));
        for ((seat, action), action_id) in seats.into_iter().zip(actions).zip(ids) {
            room.actions.push(decode_action(id, seat, &action, action_id)?);
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
