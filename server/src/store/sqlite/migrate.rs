//! Brings an SQLite file's schema up to date at start (schema.rs): what the file holds, then each
//! missing migration with its version row, all in one immediate transaction, so that a second process
//! opening the file at the same moment waits and then finds it done.

use rusqlite::{params, Connection, TransactionBehavior};

use super::super::schema::{self, Found, RECORD_VERSION, VERSION_TABLE};

/// Applies the migrations `path` lacks; `Err` (with `schema_too_new`) for a newer schema.
pub(super) fn migrate(conn: &mut Connection, path: &str) -> Result<(), String> {
    let failed = |e: rusqlite::Error| format!("{path}: upgrading the schema: {e}");
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(failed)?;
    let found = found(&tx).map_err(failed)?;
    let pending = schema::pending(found, path)?;
    tx.execute_batch(VERSION_TABLE).map_err(failed)?;
    let now = crate::hub::now_ms() as i64;
    for (migration, run) in pending {
        if run {
            tx.execute_batch(migration.sql).map_err(failed)?;
        }
        tx.execute(RECORD_VERSION, params![migration.version, now]).map_err(failed)?;
        crate::log::info(
            "schema_migrated",
            &[("database", &path), ("version", &migration.version), ("what", &migration.what)],
        );
    }
    tx.commit().map_err(failed)
}

/// What the file holds: no tables, tables from before versions were kept, or a version.
fn found(conn: &Connection) -> rusqlite::Result<Found> {
    let table = |name: &str| -> rusqlite::Result<bool> {
        conn.query_row("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?1", params![name], |r| {
            r.get::<_, i64>(0)
        })
        .map(|n| n > 0)
    };
    if table("schema_version")? {
        let version: Option<i64> = conn.query_row("SELECT MAX(version) FROM schema_version", [], |r| r.get(0))?;
        return Ok(Found::Versioned(version.unwrap_or(0)));
    }
    if !table("rooms")? {
        return Ok(Found::Empty);
    }
    let long_seeds: i64 =
        conn.query_row("SELECT COUNT(*) FROM pragma_table_info('rooms') WHERE name = 'long_seed'", [], |r| r.get(0))?;
    Ok(Found::Unversioned { long_seeds: long_seeds > 0 })
}
