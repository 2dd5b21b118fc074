//! The store's schema as numbered migrations, the same text for SQLite and PostgreSQL. A database keeps
//! the versions applied to it in `schema_version`; a start applies the missing ones in order, each in
//! the transaction that records it, and refuses a database whose version is newer than this binary
//! knows (`schema_too_new`): a newer server wrote it, and an older one would misread what it stored.

/// One step of the schema.
pub(super) struct Migration {
    /// Its number: the versions are 1, 2, 3, … in order.
    pub(super) version: i64,
    /// What it adds, for the log.
    pub(super) what: &'static str,
    /// Its statements.
    pub(super) sql: &'static str,
}

/// The table of applied versions (created before any migration runs).
pub(super) const VERSION_TABLE: &str =
    "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL)";

/// Records one applied version (`?1`, `?2`: version, Unix ms).
pub(super) const RECORD_VERSION: &str = "INSERT INTO schema_version (version, applied_ms) VALUES (?1, ?2)";

/// The stable code of the refusal to start on a newer schema.
pub(super) const SCHEMA_TOO_NEW: &str = "schema_too_new";

/// Every migration, in order. Append only: a released migration is never edited, since databases out
/// there have already applied it.
pub(super) const MIGRATIONS: [Migration; 3] = [
    Migration {
        version: 1,
        what: "rooms, seats, actions, match seeds, activity, watch ids, the readiness probe",
        // `IF NOT EXISTS`: a store of an earlier build, made before versions were kept, may hold some
        // of these tables already (see `pending`).
        sql: "
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY,
  options TEXT NOT NULL,
  generation BIGINT NOT NULL,
  seed BIGINT NOT NULL,
  meta TEXT NOT NULL,
  rev BIGINT NOT NULL,
  created_ms BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
  room TEXT NOT NULL,
  seat BIGINT NOT NULL,
  token_hash TEXT NOT NULL,
  PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS activity (
  room TEXT PRIMARY KEY,
  touched_ms BIGINT NOT NULL,
  waiting BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS watch_ids (
  watch TEXT PRIMARY KEY,
  room TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS match_seeds (
  room TEXT NOT NULL,
  generation BIGINT NOT NULL,
  seed BIGINT NOT NULL,
  PRIMARY KEY (room, generation)
);
CREATE TABLE IF NOT EXISTS probe (
  k BIGINT PRIMARY KEY,
  ms BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
  room TEXT NOT NULL,
  generation BIGINT NOT NULL,
  idx BIGINT NOT NULL,
  seat BIGINT NOT NULL,
  action TEXT NOT NULL,
  action_id TEXT NOT NULL,
  PRIMARY KEY (room, generation, idx)
);
",
    },
    Migration {
        version: 2,
        what: "long seeds (a match's 256-bit deal secret, 64 hex digits; older rooms keep their u64 seed)",
        sql: "ALTER TABLE rooms ADD COLUMN long_seed TEXT; ALTER TABLE match_seeds ADD COLUMN long_seed TEXT;",
    },
    Migration {
        version: 3,
        what: "quarantined rooms (stored rows that no longer load or replay)",
        sql: "CREATE TABLE quarantine (room TEXT PRIMARY KEY, reason TEXT NOT NULL, since_ms BIGINT NOT NULL);",
    },
];

/// The newest version this binary knows.
pub(super) fn latest() -> i64 {
    MIGRATIONS[MIGRATIONS.len() - 1].version
}

/// What a database held before this start touched it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// No tables: a new database.
    Empty,
    /// Tables of a build from before versions were kept (no `schema_version`); `long_seeds`: its
    /// `rooms` has the `long_seed` column already.
    Unversioned { long_seeds: bool },
    /// The highest version recorded.
    Versioned(i64),
}

/// The migrations to record, each with whether its statements must run (`false`: an unversioned store
/// holds what it adds already). `Err`: a schema newer than this binary knows, with the stable code.
pub(super) fn pending(found: Found, database: &str) -> Result<Vec<(&'static Migration, bool)>, String> {
    match found {
        Found::Versioned(version) if version > latest() => Err(format!(
            "{SCHEMA_TOO_NEW}: {database} has schema version {version}, and this battleline-server knows \
             versions up to {}: run the newer server that upgraded it, or restore the backup taken before \
             that upgrade (docs/DEPLOY.md, Upgrades)",
            latest()
        )),
        Found::Versioned(version) => Ok(MIGRATIONS.iter().filter(|m| m.version > version).map(|m| (m, true)).collect()),
        Found::Empty => Ok(MIGRATIONS.iter().map(|m| (m, true)).collect()),
        // Version 1 runs (its tables `IF NOT EXISTS`): a store of any earlier build gets what it lacks.
        Found::Unversioned { long_seeds } => {
            Ok(MIGRATIONS.iter().map(|m| (m, !(m.version == 2 && long_seeds))).collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn versions(found: Found) -> Vec<(i64, bool)> {
        pending(found, "db").unwrap().into_iter().map(|(m, run)| (m.version, run)).collect()
    }

    #[test]
    fn the_versions_are_consecutive_from_one() {
        for (i, migration) in MIGRATIONS.iter().enumerate() {
            assert_eq!(migration.version, i as i64 + 1);
        }
    }

    #[test]
    fn each_store_gets_the_migrations_it_lacks() {
        assert_eq!(versions(Found::Empty), [(1, true), (2, true), (3, true)]);
        assert_eq!(versions(Found::Versioned(1)), [(2, true), (3, true)]);
        assert_eq!(versions(Found::Versioned(latest())), []);
        assert_eq!(versions(Found::Unversioned { long_seeds: false }), [(1, true), (2, true), (3, true)]);
        assert_eq!(versions(Found::Unversioned { long_seeds: true }), [(1, true), (2, false), (3, true)]);
    }

    #[test]
    fn a_newer_schema_is_refused_with_its_code() {
        let Err(why) = pending(Found::Versioned(latest() + 1), "x.db") else { panic!("a newer schema was accepted") };
        assert!(why.starts_with("schema_too_new: x.db has schema version"), "{why}");
    }
}
