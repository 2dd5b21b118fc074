//! The rooms in memory: the registry of loaded rooms (each run by its task, room_task.rs), the commands
//! connections send them, and each connection's bounded send queue. A room with nobody in it for a while
//! is unloaded; the store keeps it, and the next join loads it again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use battleline::{Action, Options};
use tokio::sync::{mpsc, oneshot, Mutex};

use crate::clients::Clients;
use crate::codes::Code;
use crate::config::Limits;
use crate::log;
use crate::metrics::Metrics;
use crate::protocol::ClockSetting;
use crate::room::{Meta, Refusal, Room, RoomRecord};
use crate::room_task::RoomTask;
use crate::store::{Store, StoreError};
use crate::tokens;

// Where they lived first; the lobby and the rooms' tasks take them from outbox.rs.
pub(crate) use crate::outbox::{refusal, Out, Outbox};

/// A command for a room's task, from connection `conn`.
pub enum RoomCmd {
    /// Enter as a seat (with its token, or taking a free seat) or as a spectator; the reply says which seat.
    Join { conn: u64, token: Option<String>, watch: bool, out: Outbox, reply: oneshot::Sender<Result<(), Refusal>> },
    /// The connection left: closed, went to another room, or (`on_purpose`) said `leave`.
    Leave { conn: u64, on_purpose: bool },
    /// A seat's request (act, resign, draw, rematch).
    Request { conn: u64, request: Request },
    /// Another server process changed the room (PostgreSQL): reload it if it is behind `rev`. `heard`: when
    /// this process heard of it (None: found by the periodic check of revisions).
    Refresh { rev: i64, heard: Option<std::time::Instant> },
    /// Changes by other processes may have been missed (PostgreSQL): reload, and tell if it changed.
    Resync,
}

/// What a seated connection may ask.
#[derive(Debug)]
pub enum Request {
    /// Play an action.
    Act { id: String, action: Action, n: Option<u32> },
    /// Concede.
    Resign,
    /// Offer or accept a draw.
    OfferDraw,
    /// Decline a draw.
    DeclineDraw,
    /// Ask for a rematch.
    Rematch,
}

/// A room just created: its task, seat 0's token, its id and its options as the engine read them.
pub struct Created {
    pub tx: mpsc::Sender<RoomCmd>,
    pub token: String,
    pub room: String,
    pub options: Options,
}

/// Every room loaded in this process, the store, the per-client books and the figures.
pub struct Hub {
    pub store: Store,
    pub limits: Limits,
    /// The loaded rooms' tasks. A plain lock, never held across a wait: telling a room of another
    /// process's change (PostgreSQL) must not wait behind a store call that loads or creates another room.
    rooms: std::sync::Mutex<HashMap<String, mpsc::Sender<RoomCmd>>>,
    /// Held while a room is loaded from the store or created, and during a sweep: no room is loaded twice
    /// at once, and none is deleted while it is being loaded.
    loading: Mutex<()>,
    next_conn: AtomicUsize,
    /// Per-address limits.
    pub clients: Arc<Clients>,
    /// What /metrics shows.
    pub metrics: Metrics,
    /// The open games players posted (lobby.rs).
    pub lobby: crate::lobby::Lobby,
    /// Turns true on shutdown: every connection closes with a close frame.
    pub stopping: tokio::sync::watch::Receiver<bool>,
}

/// The server's time in milliseconds: the wall clock (Unix time) read once when the process starts, then
/// advanced by the monotonic clock. Game clocks run on it, so a jump of the wall clock (an NTP step, an
/// operator's `date`) never makes a player lose on time, nor gives anyone time.
pub fn now_ms() -> u64 {
    let (wall, at) = started();
    wall + at.elapsed().as_millis() as u64
}

/// When this process started: (Unix milliseconds then, the monotonic instant then).
fn started() -> (u64, std::time::Instant) {
    static START: std::sync::OnceLock<(u64, std::time::Instant)> = std::sync::OnceLock::new();
    *START.get_or_init(|| {
        let wall = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis());
        (wall as u64, std::time::Instant::now())
    })
}

/// Unix milliseconds when this process started (see `now_ms`).
pub fn started_ms() -> u64 {
    started().0
}

/// The refusal of a quarantined room. What failed goes to the log only: it may quote stored rows.
pub(crate) fn damaged() -> Refusal {
    refusal(
        Code::RoomDamaged,
        "this room's stored game can no longer be replayed, so the room is closed; the server's operator has been told",
    )
}

impl Hub {
    pub fn new(
        store: Store,
        limits: Limits,
        trusted_proxies: Vec<std::net::IpAddr>,
        stopping: tokio::sync::watch::Receiver<bool>,
    ) -> Arc<Hub> {
        let clients = Clients::new(trusted_proxies, limits.global_creates_per_minute);
        Arc::new(Hub {
            store,
            limits,
            rooms: std::sync::Mutex::new(HashMap::new()),
            loading: Mutex::new(()),
            next_conn: AtomicUsize::new(1),
            clients,
            metrics: Metrics::default(),
            lobby: crate::lobby::Lobby::default(),
            stopping,
        })
    }

    /// Counts and logs a refusal of a client (the code as the client gets it).
    pub fn refused(&self, code: Code, client: &dyn std::fmt::Display, why: &str) {
        self.metrics.refused(code.code());
        log::warn("refused", &[("code", &code.code()), ("client", client), ("why", &why)]);
    }

    /// Counts and logs a failed store call.
    pub fn storage_failed(&self, room: &str, what: &str, error: &dyn std::fmt::Display) {
        self.metrics.storage_errors.fetch_add(1, Ordering::Relaxed);
        log::error("storage_failed", &[("room", &room), ("during", &what), ("error", error)]);
    }

    /// A fresh connection id.
    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed) as u64
    }

    /// The registry of loaded rooms (a panic elsewhere while it was held leaves it usable).
    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, mpsc::Sender<RoomCmd>>> {
        self.rooms.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The task of room `id` if it is loaded and running.
    fn running(&self, id: &str) -> Option<mpsc::Sender<RoomCmd>> {
        self.rooms().get(id).filter(|tx| !tx.is_closed()).cloned()
    }

    /// Rooms loaded now.
    pub async fn loaded(&self) -> usize {
        self.rooms().len()
    }

    /// The task of room `id`, loading the room from the store if needed; None if there is no such room.
    pub async fn room(self: &Arc<Hub>, id: &str) -> Result<Option<mpsc::Sender<RoomCmd>>, Refusal> {
        if !tokens::is_room_id(id) {
            return Ok(None);
        }
        if let Some(tx) = self.running(id) {
            return Ok(Some(tx));
        }
        let _loading = self.loading.lock().await;
        // Loaded by another connection while this one waited.
        if let Some(tx) = self.running(id) {
            return Ok(Some(tx));
        }
        // No cap here: a room that exists is always loaded, whatever others have created. What bounds the
        // rooms in memory is the creation limits (per address and global) and the unloading of idle ones.
        if self
            .store
            .quarantined(id)
            .await
            .map_err(|e| {
                self.storage_failed(id, "quarantine lookup", &e);
                refusal(Code::Storage, e.to_string())
            })?
            .is_some()
        {
            return Err(damaged());
        }
        let record = match self.store.load(id).await {
            Ok(record) => record,
            Err(StoreError::Damaged(why)) => return Err(self.quarantine(id, &why).await),
            Err(e) => {
                self.storage_failed(id, "load", &e);
                return Err(refusal(Code::Storage, e.to_string()));
            }
        };
        let Some(record) = record else { return Ok(None) };
        let mut room = match Room::load(record) {
            Ok(room) => room,
            Err(why) => return Err(self.quarantine(id, &format!("its stored game no longer replays: {why}")).await),
        };
        room.resume_clock(started_ms(), now_ms());
        let tx = self.spawn(room);
        self.rooms().insert(id.to_string(), tx.clone());
        Ok(Some(tx))
    }

    /// Marks room `id` quarantined (its stored rows no longer load or replay), logs it, and returns the
    /// refusal its players get. Only this room is affected: it is never loaded again until an operator
    /// deletes it (`battleline-server delete-room`).
    pub async fn quarantine(&self, id: &str, why: &str) -> Refusal {
        self.metrics.storage_errors.fetch_add(1, Ordering::Relaxed);
        log::error("room_quarantined", &[("room", &id), ("reason", &why)]);
        if let Err(e) = self.store.quarantine(id, why).await {
            self.storage_failed(id, "quarantine", &e);
        }
        damaged()
    }

    /// The task of the room whose watch id is `watch`, loading it if needed; None if there is none.
    pub async fn watched(self: &Arc<Hub>, watch: &str) -> Result<Option<mpsc::Sender<RoomCmd>>, Refusal> {
        if !tokens::is_room_id(watch) {
            return Ok(None);
        }
        let room = self.store.watch_room(watch).await.map_err(|e| {
            self.storage_failed(watch, "watch lookup", &e);
            refusal(Code::Storage, e.to_string())
        })?;
        match room {
            Some(room) => self.room(&room).await,
            None => Ok(None),
        }
    }

    /// A new room of these options, stored with seat 0 held by the returned token; the task's sender too.
    pub async fn create(
        self: &Arc<Hub>,
        options: &serde_json::Value,
        clock: Option<ClockSetting>,
        coach: bool,
    ) -> Result<Created, Refusal> {
        let options: Options = if options.is_null() {
            Options::default()
        } else {
            serde_json::from_value(options.clone()).map_err(|e| refusal(Code::BadOptions, e.to_string()))?
        };
        if let Some(c) = clock {
            let max = self.limits.max_clock_ms;
            if c.initial_ms == 0 || c.initial_ms > max || c.increment_ms > max {
                return Err(refusal(Code::BadOptions, format!("clock times are 1 to {max} ms")));
            }
        }
        let _loading = self.loading.lock().await;
        if self.rooms().len() >= self.limits.max_rooms {
            return Err(refusal(Code::ServerFull, "the server holds as many rooms as it may; try again later"));
        }
        let token = tokens::token();
        let mut seats = vec![None; options.players];
        seats[0] = Some(tokens::hash(&token));
        let record = RoomRecord {
            id: tokens::room_id(),
            options,
            generation: 0,
            seed: 0,
            long_seed: Some(tokens::long_seed()),
            seats,
            meta: Meta {
                clock,
                remaining_ms: vec![clock.map_or(0, |c| c.initial_ms); options.players],
                coach,
                ..Meta::default()
            },
            actions: Vec::new(),
            rev: 0,
        };
        crate::room::new_game(record.options, record.seed, record.long_seed)
            .map_err(|e| refusal(Code::Engine(e.code.as_str()), e.message))?;
        self.store.create(&record).await.map_err(|e| {
            self.storage_failed(&record.id, "create", &e);
            refusal(Code::Storage, e.to_string())
        })?;
        self.metrics.rooms_created.fetch_add(1, Ordering::Relaxed);
        let id = record.id.clone();
        let room = Room::load(record).map_err(|e| refusal(Code::Storage, e))?;
        let tx = self.spawn(room);
        self.rooms().insert(id.clone(), tx.clone());
        Ok(Created { tx, token, room: id, options })
    }

    /// The notification channel was lost and is back: every loaded room reloads, and its clients hear
    /// of what changed meanwhile.
    pub async fn refresh_all(&self) {
        let all: Vec<mpsc::Sender<RoomCmd>> = self.rooms().values().cloned().collect();
        for tx in all {
            let _ = tx.send(RoomCmd::Resync).await;
        }
    }

    /// Tells a loaded room that another process changed it (heard of at `heard`, if notified).
    pub async fn refresh(&self, id: &str, rev: i64, heard: Option<std::time::Instant>) {
        let tx = self.rooms().get(id).cloned();
        if let Some(tx) = tx {
            let _ = tx.send(RoomCmd::Refresh { rev, heard }).await;
        }
    }

    /// Tells every loaded room that another process changed since it loaded it (PostgreSQL): a backstop
    /// for a notification lost in a way nobody noticed.
    pub async fn check_revisions(&self) {
        let ids: Vec<String> = self.rooms().keys().cloned().collect();
        if ids.is_empty() {
            return;
        }
        match self.store.revisions(&ids).await {
            Ok(revisions) => {
                for (id, rev) in revisions {
                    self.refresh(&id, rev, None).await;
                }
            }
            Err(e) => self.storage_failed("-", "revision check", &e),
        }
    }

    /// Deletes the rooms past their retention that are not loaded now; how many.
    pub async fn sweep(&self) -> Result<u64, crate::store::StoreError> {
        let now = now_ms();
        let touched_before = now.saturating_sub(self.limits.room_retention_secs.saturating_mul(1000));
        let waiting_before = now.saturating_sub(self.limits.waiting_room_secs.saturating_mul(1000));
        // No room can be loaded from the store while it is being deleted.
        let loading = self.loading.lock().await;
        let loaded: Vec<String> = self.rooms().keys().cloned().collect();
        let deleted = self.store.delete_expired(touched_before, waiting_before, loaded).await?;
        drop(loading);
        self.metrics.rooms_deleted.fetch_add(deleted, Ordering::Relaxed);
        Ok(deleted)
    }

    fn spawn(self: &Arc<Hub>, room: Room) -> mpsc::Sender<RoomCmd> {
        let (tx, rx) = mpsc::channel(256);
        tokio::spawn(RoomTask::new(self.clone(), room).run(rx));
        tx
    }

    /// Forgets room `id` if its task has closed its inbox (a newer task may have replaced it).
    pub(crate) async fn unload(&self, id: &str) {
        let mut rooms = self.rooms();
        if rooms.get(id).is_some_and(mpsc::Sender::is_closed) {
            rooms.remove(id);
        }
    }
}
