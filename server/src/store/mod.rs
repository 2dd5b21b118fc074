//! Where rooms live between actions: SQLite (a file, the default) or PostgreSQL (`postgres://…`, for
//! several server processes). Every change of a room is one `Change`, committed in one transaction that
//! also bumps the room's revision only if it is still the one the change was made from: two server
//! processes on one database never both apply an action at the same place (the loser reloads).

mod postgres;
mod quarantine;
mod schema;
mod sqlite;
mod statements;

use battleline::{Action, LongSeed, Options};

use crate::room::{Meta, RoomRecord, StoredAction};

/// Why a store call failed.
#[derive(Debug)]
pub enum StoreError {
    /// The room changed since it was loaded (another process): reload it.
    Conflict,
    /// The room's stored rows cannot be read (a row the server cannot decode): quarantine it.
    Damaged(String),
    /// Anything else, in words.
    Failed(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict => write!(f, "the room changed meanwhile"),
            StoreError::Damaged(why) | StoreError::Failed(why) => write!(f, "{why}"),
        }
    }
}

/// One stored change of a room, made from revision `from_rev`.
#[derive(Clone, Debug)]
pub struct Change {
    /// The room.
    pub room: String,
    /// The revision the change was made from.
    pub from_rev: i64,
    /// The room's match and seed after the change (a rematch changes them).
    pub generation: u32,
    /// The u64 seed of that match (0 with a long seed).
    pub seed: u64,
    /// The long seed of that match.
    pub long_seed: Option<LongSeed>,
    /// The room's surroundings after the change.
    pub meta: Meta,
    /// A seat taken: (seat, token hash).
    pub seat: Option<(usize, String)>,
    /// An action appended: (its index in the match, the action).
    pub action: Option<(u32, StoredAction)>,
    /// Whether the room still waits for players after the change (such rooms expire sooner).
    pub waiting: bool,
}

/// A finished match of a room (before its current one), as stored.
#[derive(Clone, Debug)]
pub struct PastMatch {
    /// Which match of the room.
    pub generation: u32,
    /// Its seed; None for a match stored before the seeds of finished matches were kept.
    pub seed: Option<u64>,
    /// Its long seed, if it had one.
    pub long_seed: Option<LongSeed>,
    /// Its actions in order.
    pub actions: Vec<StoredAction>,
}

/// A room store.
pub enum Store {
    /// An SQLite file, written by one thread that commits waiting changes together.
    Sqlite(sqlite::SqliteStore),
    /// A PostgreSQL database shared by server processes, which tell each other of changes (NOTIFY).
    Postgres(postgres::PgStore),
}

/// What the other server processes on the database said (PostgreSQL's notifications).
#[derive(Debug)]
pub enum Notice {
    /// Another process changed this room.
    Room {
        room: String,
        /// Its revision now.
        rev: i64,
        /// When the other process committed it (its wall clock, Unix microseconds), if it said.
        committed_us: Option<u64>,
        /// When this process heard of it.
        heard: std::time::Instant,
    },
    /// The notification channel is (again) subscribed; `again`: it had been lost, and what was notified
    /// meanwhile with it, so every loaded room reloads.
    Subscribed { again: bool },
    /// A change of another process's lobby (lobby/share.rs).
    Lobby(String),
}

impl Store {
    /// Opens (creating on first use) the store named by `database`: a `postgres://` URL, else a file path.
    /// Changes by other processes are sent to `notices` (PostgreSQL only).
    /// `ca_file`: the certificates to trust for PostgreSQL's TLS (`sslmode=require`), else the system's.
    pub async fn open(
        database: &str,
        ca_file: Option<&std::path::Path>,
        notices: tokio::sync::mpsc::UnboundedSender<Notice>,
    ) -> Result<Store, String> {
        if database.starts_with("postgres://") || database.starts_with("postgresql://") {
            Ok(Store::Postgres(postgres::PgStore::open(database, ca_file, notices).await?))
        } else {
            Ok(Store::Sqlite(sqlite::SqliteStore::open(database)?))
        }
    }

    /// Stores a new room (revision 0).
    pub async fn create(&self, room: &RoomRecord) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.create(room.clone()).await,
            Store::Postgres(s) => s.create(room).await,
        }
    }

    /// Loads a room with its current match's actions; None if there is no such room.
    pub async fn load(&self, id: &str) -> Result<Option<RoomRecord>, StoreError> {
        match self {
            Store::Sqlite(s) => s.load(id.to_string()).await,
            Store::Postgres(s) => s.load(id).await,
        }
    }

    /// Commits a change; `Conflict` if the room is no longer at `from_rev`. Once this returns `Ok`, the
    /// change is durable (SQLite: synchronous=FULL; PostgreSQL: a committed transaction).
    pub async fn commit(&self, change: Change) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.commit(change).await,
            Store::Postgres(s) => s.commit(&change).await,
        }
    }

    /// The database's own check of itself ("ok" when sound).
    pub async fn integrity(&self) -> Result<String, StoreError> {
        match self {
            Store::Sqlite(s) => s.integrity().await,
            Store::Postgres(s) => s.integrity().await,
        }
    }

    /// Every room's id.
    pub async fn ids(&self) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(s) => s.ids().await,
            Store::Postgres(s) => s.ids().await,
        }
    }

    /// Whether the store takes a write now (readiness).
    pub async fn ready(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.ready().await,
            Store::Postgres(s) => s.ready().await,
        }
    }

    /// Deletes rooms untouched since `touched_before` (Unix ms), or waiting for players since
    /// `waiting_before`, except the `loaded` ones; how many.
    pub async fn delete_expired(
        &self,
        touched_before: u64,
        waiting_before: u64,
        loaded: Vec<String>,
    ) -> Result<u64, StoreError> {
        let expiry =
            statements::Expiry { touched_before: touched_before as i64, waiting_before: waiting_before as i64, loaded };
        match self {
            Store::Sqlite(s) => s.delete_expired(expiry).await,
            Store::Postgres(s) => s.delete_expired(&expiry).await,
        }
    }

    /// The matches of `room` before match `current`, with their actions (for `check-db`).
    pub async fn past_matches(&self, room: &str, current: u32) -> Result<Vec<PastMatch>, StoreError> {
        match self {
            Store::Sqlite(s) => s.past_matches(room.to_string(), current).await,
            Store::Postgres(s) => s.past_matches(room, current).await,
        }
    }

    /// PostgreSQL: the revisions of these rooms now (a check that no other process's change was missed);
    /// SQLite: nothing (one process owns the file).
    pub async fn revisions(&self, ids: &[String]) -> Result<Vec<(String, i64)>, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(Vec::new()),
            Store::Postgres(s) => s.revisions(ids).await,
        }
    }

    /// The room whose watch id is `watch`, if any.
    pub async fn watch_room(&self, watch: &str) -> Result<Option<String>, StoreError> {
        match self {
            Store::Sqlite(s) => s.watch_room(watch.to_string()).await,
            Store::Postgres(s) => s.watch_room(watch).await,
        }
    }

    /// Before the process ends: SQLite copies its log into the file (a clean file to back up or move).
    pub async fn close(&self) {
        if let Store::Sqlite(s) = self {
            if let Err(e) = s.close().await {
                crate::log::error("checkpoint_failed", &[("error", &e)]);
            }
        }
    }

    /// Marks `room` quarantined for `reason` (a first reason stays).
    pub async fn quarantine(&self, room: &str, reason: &str) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.quarantine(room.to_string(), reason.to_string()).await,
            Store::Postgres(s) => s.quarantine(room, reason).await,
        }
    }

    /// Why `room` is quarantined, if it is.
    pub async fn quarantined(&self, room: &str) -> Result<Option<String>, StoreError> {
        match self {
            Store::Sqlite(s) => s.quarantined(room.to_string()).await,
            Store::Postgres(s) => s.quarantined(room).await,
        }
    }

    /// Every quarantined room.
    pub async fn quarantined_rooms(&self) -> Result<Vec<Quarantined>, StoreError> {
        match self {
            Store::Sqlite(s) => s.quarantined_rooms().await,
            Store::Postgres(s) => s.quarantined_rooms().await,
        }
    }

    /// Every stored row of `room`, table by table, as JSON (for an operator to keep or study); None if
    /// no table holds a row of it.
    pub async fn export_room(&self, room: &str) -> Result<Option<serde_json::Value>, StoreError> {
        match self {
            Store::Sqlite(s) => s.export_room(room.to_string()).await,
            Store::Postgres(s) => s.export_room(room).await,
        }
    }

    /// Deletes every row of the quarantined `room` (refused for a room that is not quarantined).
    pub async fn delete_room(&self, room: &str) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.delete_room(room.to_string()).await,
            Store::Postgres(s) => s.delete_room(room).await,
        }
    }

    /// Tells the other processes on the database of a change of the lobby (PostgreSQL; SQLite has no
    /// other process).
    pub async fn notify_lobby(&self, message: &str) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(_) => Ok(()),
            Store::Postgres(s) => s.notify_lobby(message).await,
        }
    }

    /// Rooms stored, and of them unfinished.
    pub async fn counts(&self) -> Result<(u64, u64), StoreError> {
        match self {
            Store::Sqlite(s) => s.counts().await,
            Store::Postgres(s) => s.counts().await,
        }
    }
}

pub use quarantine::Quarantined;
pub use sqlite::backup as sqlite_backup;

/// The database's name as it may be shown: a URL's password replaced by `***`.
pub fn redact(database: &str) -> String {
    let Some(scheme_end) = database.find("://") else { return redact_keywords(database) };
    let rest = &database[scheme_end + 3..];
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let Some(at) = authority.rfind('@') else { return redact_keywords(database) };
    let user = &authority[..at];
    let user = match user.find(':') {
        Some(colon) => format!("{}:***", &user[..colon]),
        None => user.to_string(),
    };
    redact_keywords(&format!("{}{user}{}{}", &database[..scheme_end + 3], &authority[at..], &rest[authority_end..]))
}

/// A `password=…` in a query string or a key/value string, replaced.
fn redact_keywords(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("password=") {
        out.push_str(&rest[..i + "password=".len()]);
        out.push_str("***");
        rest = &rest[i + "password=".len()..];
        let end = rest.find(['&', ' ']).unwrap_or(rest.len());
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The columns of a room row, decoded.
fn decode_room(
    id: String,
    options: &str,
    generation: i64,
    seed: i64,
    long_seed: Option<String>,
    meta: &str,
    rev: i64,
) -> Result<RoomRecord, StoreError> {
    let long_seed = decode_long_seed(&id, long_seed)?;
    let options: Options = serde_json::from_str(options).map_err(|e| bad_row(&id, "options", e))?;
    let meta: Meta = serde_json::from_str(meta).map_err(|e| bad_row(&id, "meta", e))?;
    Ok(RoomRecord {
        seats: vec![None; options.players],
        id,
        options,
        generation: generation as u32,
        seed: seed as u64,
        long_seed,
        meta,
        actions: Vec::new(),
        rev,
    })
}

/// A stored long seed (64 hex digits), if any.
fn decode_long_seed(room: &str, text: Option<String>) -> Result<Option<LongSeed>, StoreError> {
    text.map(|text| LongSeed::from_hex(&text).map_err(|e| bad_row(room, "long seed", e.message))).transpose()
}

/// A long seed as stored.
fn long_seed_text(long_seed: Option<LongSeed>) -> Option<String> {
    long_seed.map(|seed| seed.to_hex())
}

fn decode_action(room: &str, seat: i64, action: &str, id: String) -> Result<StoredAction, StoreError> {
    let action: Action = serde_json::from_str(action).map_err(|e| bad_row(room, "action", e))?;
    Ok(StoredAction { seat: seat as usize, action, id })
}

fn bad_row(room: &str, what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Damaged(format!("room {room}: its stored {what} cannot be read: {e}"))
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_database_url_is_shown_without_its_password() {
        assert_eq!(super::redact("postgres://u:s3cret@db:5432/x"), "postgres://u:***@db:5432/x");
        assert_eq!(
            super::redact("postgresql://u@db/x?password=s3cret&sslmode=require"),
            "postgresql://u@db/x?password=***&sslmode=require"
        );
        assert_eq!(super::redact("host=db password=s3cret user=u"), "host=db password=*** user=u");
        assert_eq!(super::redact("/var/lib/battleline.db"), "/var/lib/battleline.db");
        assert!(!super::redact("postgres://u:p@ss@db/x").contains("p@ss"));
    }
}
