//! The database file's upkeep: private permissions, SQLite's own integrity check, the checkpoints that
//! copy the log into the file (in the background, and a truncating one at shutdown), and the online
//! backup.

use rusqlite::{params, Connection};

use super::super::StoreError;
use super::failed;

/// Copies the database `path` into the new file `to` with `VACUUM INTO`: one read transaction, so the
/// copy holds exactly the changes committed before it began, while the server goes on writing.
pub fn backup(path: &str, to: &str) -> Result<(), String> {
    if !std::path::Path::new(path).exists() {
        return Err(format!("{path}: no such database"));
    }
    if std::path::Path::new(to).exists() {
        return Err(format!("{to} exists already: a backup never overwrites a file"));
    }
    // An empty file of our own first: VACUUM INTO fills it, and it is private from the start.
    private_file(to).map_err(|e| format!("{to}: {e}"))?;
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE)
        .map_err(|e| format!("{path}: {e}"))?;
    conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(|e| e.to_string())?;
    conn.execute("VACUUM INTO ?1", params![to]).map_err(|e| {
        let _ = std::fs::remove_file(to);
        format!("copying {path} into {to}: {e}")
    })?;
    Ok(())
}

/// Creates the file readable and writable by its owner only, or makes an existing one so. SQLite gives
/// its `-wal` and `-shm` files the database file's permissions.
pub(super) fn private_file(path: &str) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        let file = std::fs::OpenOptions::new().create(true).append(true).mode(0o600).open(path)?;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// SQLite's integrity check: "ok", or its first findings (one row each) joined, so that a refusal says
/// what is wrong and where, not only that something is.
pub(super) fn integrity_check(conn: &Connection) -> rusqlite::Result<String> {
    let mut statement = conn.prepare("PRAGMA integrity_check(8)")?;
    let rows: Vec<String> = statement.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    Ok(rows.join("; "))
}

/// Copies the log into the database file every second without ever blocking the writer (PASSIVE); once a
/// checkpoint has caught up, the next commit starts the log from its beginning again, so it stays small.
pub(super) fn checkpointer(conn: Connection) {
    loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
        if let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get::<_, i64>(0)) {
            eprintln!("[battleline-server] checkpoint: {e}");
        }
    }
}

/// Copies the log into the file and empties it. The checkpoint thread's own passive checkpoint can hold
/// the checkpoint lock at that moment, and SQLite then answers "busy" (the first column, 1) rather than
/// waiting: so try again for up to two seconds before calling it failed.
pub(super) fn truncate_log(conn: &Connection) -> Result<(), StoreError> {
    for _ in 0..100 {
        let busy = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0)).map_err(failed)?;
        if busy == 0 {
            return Ok(());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Err(failed("the log stayed busy for 2 s"))
}
