//! Where rooms live between actions: SQLite (a file, the default) or PostgreSQL (`postgres://…`, for
//! several server processes). Every change of a room is one `Change`, committed in one transaction that
//! also bumps the room's revision only if it is still the one the change was made from: two server
//! processes on one database never both apply an action at the same place (the loser reloads).

mod postgres;
mod sqlite;

use battleline::{Action, Options};

use crate::room::{Meta, RoomRecord, StoredAction};

/// Why a store call failed.
#[derive(Debug)]
pub enum StoreError {
    /// The room changed since it was loaded (another process): reload it.
    Conflict,
    /// Anything else, in words.
    Failed(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict => write!(f, "the room changed meanwhile"),
            StoreError::Failed(why) => write!(f, "{why}"),
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
    /// The seed of that match.
    pub seed: u64,
    /// The room's surroundings after the change.
    pub meta: Meta,
    /// A seat taken: (seat, token hash).
    pub seat: Option<(usize, String)>,
    /// An action appended: (its index in the match, the action).
    pub action: Option<(u32, StoredAction)>,
}

/// A room store.
pub enum Store {
    /// An SQLite file, written by one thread that commits waiting changes together.
    Sqlite(sqlite::SqliteStore),
    /// A PostgreSQL database shared by server processes, which tell each other of changes (NOTIFY).
    Postgres(postgres::PgStore),
}

/// A change made by another server process: (room, its revision now).
pub type Notice = (String, i64);

impl Store {
    /// Opens (creating on first use) the store named by `database`: a `postgres://` URL, else a file path.
    /// Changes by other processes are sent to `notices` (PostgreSQL only).
    pub async fn open(database: &str, notices: tokio::sync::mpsc::UnboundedSender<Notice>) -> Result<Store, String> {
        if database.starts_with("postgres://") || database.starts_with("postgresql://") {
            Ok(Store::Postgres(postgres::PgStore::open(database, notices).await?))
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

    /// Rooms stored, and of them unfinished.
    pub async fn counts(&self) -> Result<(u64, u64), StoreError> {
        match self {
            Store::Sqlite(s) => s.counts().await,
            Store::Postgres(s) => s.counts().await,
        }
    }
}

/// The columns of a room row, decoded.
fn decode_room(
    id: String,
    options: &str,
    generation: i64,
    seed: i64,
    meta: &str,
    rev: i64,
) -> Result<RoomRecord, StoreError> {
    let options: Options = serde_json::from_str(options).map_err(|e| bad_row(&id, "options", e))?;
    let meta: Meta = serde_json::from_str(meta).map_err(|e| bad_row(&id, "meta", e))?;
    Ok(RoomRecord {
        seats: vec![None; options.players],
        id,
        options,
        generation: generation as u32,
        seed: seed as u64,
        meta,
        actions: Vec::new(),
        rev,
    })
}

fn decode_action(room: &str, seat: i64, action: &str, id: String) -> Result<StoredAction, StoreError> {
    let action: Action = serde_json::from_str(action).map_err(|e| bad_row(room, "action", e))?;
    Ok(StoredAction { seat: seat as usize, action, id })
}

fn bad_row(room: &str, what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(format!("room {room}: its stored {what} cannot be read: {e}"))
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}
