//! A room's rows in SQLite: created, changed by one committed change, loaded with its current match,
//! its finished matches read back for `check-db`, and deleted once expired.

use rusqlite::{params, Connection, OptionalExtension};

use super::super::statements::{Expiry, DELETE, EXPIRED, KEEP_SEED, PAST_ACTIONS, SWEEP_BATCH, TOUCH};
use super::super::{
    decode_action, decode_long_seed, decode_room, long_seed_text, to_json, Change, PastMatch, StoreError,
};
use super::{failed, savepoint};
use crate::room::RoomRecord;

pub(super) fn expire(tx: &rusqlite::Transaction<'_>, expiry: &Expiry) -> Result<u64, StoreError> {
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

pub(super) fn create(conn: &Connection, room: &RoomRecord) -> Result<(), StoreError> {
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

pub(super) fn commit(conn: &Connection, change: &Change) -> Result<(), StoreError> {
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

pub(super) fn load(conn: &Connection, id: &str) -> Result<Option<RoomRecord>, StoreError> {
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

pub(super) fn past_matches(conn: &Connection, room: &str, current: u32) -> Result<Vec<PastMatch>, StoreError> {
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

pub(super) fn ids(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let mut query = conn.prepare("SELECT id FROM rooms ORDER BY created_ms").map_err(failed)?;
    let rows = query.query_map([], |r| r.get::<_, String>(0)).map_err(failed)?;
    rows.collect::<Result<Vec<_>, _>>().map_err(failed)
}
