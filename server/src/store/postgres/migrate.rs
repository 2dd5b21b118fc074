//! Brings a PostgreSQL database's schema up to date at start (schema.rs), in the caller's transaction
//! under an advisory lock held until it commits: processes started together on one database take turns,
//! and the second finds the work done.

use super::super::schema::{self, Found, RECORD_VERSION, VERSION_TABLE};
use super::{describe, pg};
use crate::log;

/// Applies the migrations the database lacks (schema.rs) inside `tx`, under a lock held until it
/// commits; `Err` (with `schema_too_new`) for a newer schema.
pub(super) async fn migrate(tx: &tokio_postgres::Transaction<'_>, database: &str) -> Result<(), String> {
    let failed = |e: tokio_postgres::Error| format!("upgrading the schema: {}", describe(&e));
    tx.batch_execute("SELECT pg_advisory_xact_lock(4242)").await.map_err(failed)?;
    let row = tx
        .query_one(
            "SELECT to_regclass('schema_version') IS NOT NULL, to_regclass('rooms') IS NOT NULL, \
             EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() \
             AND table_name = 'rooms' AND column_name = 'long_seed')",
            &[],
        )
        .await
        .map_err(failed)?;
    let (versioned, rooms, long_seeds): (bool, bool, bool) = (row.get(0), row.get(1), row.get(2));
    let found = if versioned {
        let row = tx.query_one("SELECT MAX(version) FROM schema_version", &[]).await.map_err(failed)?;
        Found::Versioned(row.get::<_, Option<i64>>(0).unwrap_or(0))
    } else if rooms {
        Found::Unversioned { long_seeds }
    } else {
        Found::Empty
    };
    let pending = schema::pending(found, database)?;
    tx.batch_execute(VERSION_TABLE).await.map_err(failed)?;
    let now = crate::hub::now_ms() as i64;
    for (migration, run) in pending {
        if run {
            tx.batch_execute(migration.sql).await.map_err(failed)?;
        }
        tx.execute(&pg(RECORD_VERSION), &[&migration.version, &now]).await.map_err(failed)?;
        log::info("schema_migrated", &[("version", &migration.version), ("what", &migration.what)]);
    }
    Ok(())
}
