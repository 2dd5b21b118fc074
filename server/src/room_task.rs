//! One loaded room's task: it owns the `Room` and its subscribers (the connections in it), takes
//! commands one at a time, stores each change before acknowledging it, and sends every subscriber the
//! state as its seat may know it (each different text built once per change, then shared). Someone
//! coming or going changes no game: the newcomer gets the whole state, everyone else a small `presence`
//! message. It ends the match on time when a clock falls, and unloads the room when nobody has been in
//! it for a while.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot};

use crate::codes::{Code, RoomStatus};
use crate::hub::{now_ms, refusal, Hub, Out, Outbox, Request, RoomCmd};
use crate::protocol::{ServerMessage, PROTOCOL};
use crate::room::{ActCheck, Refusal, Room, StoredAction};
use crate::store::{Change, StoreError};
use crate::tokens;

mod send;

struct Subscriber {
    conn: u64,
    seat: Option<usize>,
    out: Outbox,
    /// Log entries of this match already sent.
    log_sent: u32,
    generation: u32,
}

pub(crate) struct RoomTask {
    hub: Arc<Hub>,
    room: Room,
    subscribers: Vec<Subscriber>,
    /// Seats whose player left on purpose (`leave`) and has not come back: shown as `left` to the others.
    /// Kept while the room is loaded; the seat itself stays theirs.
    left: Vec<usize>,
    /// Subscribers were removed because a send to them failed (their connection closed or its queue was
    /// full): the others have not been told yet. Their `Leave` comes later and finds them gone, so the
    /// departure is told here, once the command that found it is done.
    dropped: bool,
    /// The stored room no longer loads (quarantined): the task ends after the command that found it.
    damaged: bool,
}

/// The result of a command that changed the room: who to answer, and with what, once stored.
enum Outcome {
    /// Nothing to store or broadcast (the reply was sent).
    Done,
    /// Store this change, then acknowledge (optional) and broadcast.
    Store { seat: Option<(usize, String)>, action: Option<(u32, StoredAction)>, ack: Option<(u64, String)> },
}

impl RoomTask {
    pub(crate) fn new(hub: Arc<Hub>, room: Room) -> RoomTask {
        RoomTask { hub, room, subscribers: Vec::new(), left: Vec::new(), dropped: false, damaged: false }
    }

    pub(crate) async fn run(mut self, mut rx: mpsc::Receiver<RoomCmd>) {
        let idle = Duration::from_secs(self.hub.limits.idle_unload_secs);
        loop {
            let deadline = self.room.deadline();
            let wait = deadline.map(|d| Duration::from_millis(d.saturating_sub(now_ms())));
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => {
                        self.handle(cmd).await;
                        self.tell_dropped();
                        if self.damaged {
                            // Nobody joins a quarantined room: whoever waits is refused, and the room
                            // is unloaded, so the next join finds it quarantined in the store.
                            rx.close();
                            while let Some(cmd) = rx.recv().await {
                                if let RoomCmd::Join { reply, .. } = cmd {
                                    let _ = reply.send(Err(crate::hub::damaged()));
                                }
                            }
                            self.hub.unload(self.room.id()).await;
                            break;
                        }
                    }
                    None => break,
                },
                () = tokio::time::sleep(wait.unwrap_or(Duration::MAX)), if wait.is_some() => {
                    let before = self.room.clone();
                    if self.room.check_time(now_ms()) && !self.store_and_broadcast(before, None, None, None).await {
                        // The store is down: the fallen clock is tried again shortly, not in a busy loop.
                        tokio::time::sleep(Duration::from_millis(250)).await;
                    }
                    self.tell_dropped();
                }
                () = tokio::time::sleep(idle), if self.subscribers.is_empty() => {
                    // Unload: whoever holds our sender now finds it closed and loads the room afresh.
                    rx.close();
                    while let Some(cmd) = rx.recv().await {
                        if let RoomCmd::Join { reply, .. } = cmd {
                            let _ = reply.send(Err(refusal(Code::Retry, "the room was being unloaded; join again")));
                        }
                    }
                    self.hub.unload(self.room.id()).await;
                    break;
                }
            }
        }
    }

    async fn handle(&mut self, cmd: RoomCmd) {
        let now = now_ms();
        if self.room.deadline().is_some_and(|d| d <= now) {
            let before = self.room.clone();
            if self.room.check_time(now) {
                self.store_and_broadcast(before, None, None, None).await;
            }
        }
        match cmd {
            RoomCmd::Join { conn, token, watch, out, reply } => self.join(conn, token, watch, out, reply, now).await,
            RoomCmd::Leave { conn, on_purpose } => {
                let before = self.subscribers.len();
                let seat = self.subscribers.iter().find(|s| s.conn == conn).and_then(|s| s.seat);
                self.subscribers.retain(|s| s.conn != conn);
                // Left on purpose, from the seat's last connection: the others are told the player left.
                if let Some(seat) =
                    seat.filter(|&seat| on_purpose && !self.subscribers.iter().any(|s| s.seat == Some(seat)))
                {
                    if !self.left.contains(&seat) {
                        self.left.push(seat);
                    }
                }
                if self.subscribers.len() != before {
                    self.presence(None);
                }
            }
            RoomCmd::Resync => {
                let (rev, generation) = (self.room.record.rev, self.room.record.generation);
                self.reload().await;
                if (self.room.record.rev, self.room.record.generation) != (rev, generation) {
                    self.tell_lobby();
                    self.broadcast();
                }
            }
            RoomCmd::Refresh { rev, heard } => {
                if let Some(heard) = heard {
                    self.hub.metrics.refresh_wait.observe(heard.elapsed());
                }
                if rev > self.room.record.rev {
                    self.reload().await;
                    self.tell_lobby();
                    self.broadcast();
                }
            }
            RoomCmd::Request { conn, request } => {
                let Some(seat) = self.subscribers.iter().find(|s| s.conn == conn).and_then(|s| s.seat) else {
                    self.reply(conn, ServerMessage::error(Code::NotSeated, "only a seated player may do that", None));
                    return;
                };
                let before = self.room.clone();
                match self.request(conn, seat, request, now) {
                    Outcome::Done => {}
                    Outcome::Store { seat, action, ack } => {
                        self.store_and_broadcast(before, seat, action, ack).await;
                    }
                }
            }
        }
    }

    async fn join(
        &mut self,
        conn: u64,
        token: Option<String>,
        watch: bool,
        out: Outbox,
        reply: oneshot::Sender<Result<(), Refusal>>,
        now: u64,
    ) {
        let mut taken = false;
        let spectators = self.subscribers.iter().filter(|s| s.seat.is_none() && s.conn != conn).count();
        let (seat, token) = if watch {
            if spectators >= self.hub.limits.max_spectators {
                let most = self.hub.limits.max_spectators;
                let _ = reply.send(Err(refusal(Code::SpectatorsFull, format!("a room has at most {most} spectators"))));
                return;
            }
            (None, None)
        } else if let Some(token) = token {
            match self.room.seat_of(&tokens::hash(&token)) {
                Some(seat) => (Some(seat), Some(token)),
                None => {
                    let _ = reply.send(Err(refusal(Code::BadToken, "this token holds no seat of this room")));
                    return;
                }
            }
        } else {
            let Some(seat) = self.room.free_seat() else {
                let _ = reply.send(Err(refusal(Code::RoomFull, "every seat is taken; you may watch")));
                return;
            };
            let token = tokens::token();
            let hash = tokens::hash(&token);
            let before = self.room.clone();
            self.room.take_seat(seat, hash.clone(), now);
            if let Err(e) = self.store(&before, Some((seat, hash)), None).await {
                // Another process took the last seat first (the room is reloaded): the room is full.
                let full = matches!(e, StoreError::Conflict) && self.room.free_seat().is_none();
                let refused = if full {
                    refusal(Code::RoomFull, "every seat is taken; you may watch")
                } else {
                    refusal(Code::Storage, e.to_string())
                };
                let _ = reply.send(Err(refused));
                return;
            }
            taken = true;
            (Some(seat), Some(token))
        };
        let was_here = self.subscribers.iter().any(|s| s.conn == conn);
        self.subscribers.retain(|s| s.conn != conn);
        let id = self.room.id().to_string();
        // A seat gets the watch link to pass on; a spectator knows the room by its watch id only (the
        // invite's id would let them take a free seat), and joins again with it.
        let watch = tokens::watch_id(&id);
        let (room, watch) = if seat.is_some() { (id, Some(watch)) } else { (watch, None) };
        if let Some(seat) = seat {
            self.left.retain(|&s| s != seat);
        }
        let welcome = ServerMessage::Welcome { protocol: PROTOCOL, room, seat, token, watch };
        if !out.send(Out::Text(welcome.to_text())) {
            let _ = reply.send(Err(refusal(Code::Slow, "the connection's send queue is full")));
            return;
        }
        self.subscribers.push(Subscriber { conn, seat, out, log_sent: 0, generation: self.room.record.generation });
        let _ = reply.send(Ok(()));
        if taken {
            // The room changed (a seat taken, maybe the game started): everyone gets the state, and a
            // game listed in the lobby shows its seats left (or leaves the list when full).
            self.tell_lobby();
            self.broadcast();
        } else {
            self.send_state(conn);
            if !was_here {
                self.presence(Some(conn));
            }
        }
    }

    fn request(&mut self, conn: u64, seat: usize, request: Request, now: u64) -> Outcome {
        let result = match request {
            Request::Act { id, action, n } => match self.room.check_act(seat, &id, &action, n) {
                Ok(ActCheck::Duplicate(after)) => {
                    self.reply(conn, ServerMessage::Ack { id, n: after, duplicate: true });
                    return Outcome::Done;
                }
                Ok(ActCheck::Apply) => {
                    let idx = self.room.n();
                    match self.room.apply(seat, id.clone(), action, now) {
                        Ok(()) => {
                            let stored = StoredAction { seat, action, id: id.clone() };
                            return Outcome::Store { seat: None, action: Some((idx, stored)), ack: Some((conn, id)) };
                        }
                        Err(e) => Err((e, Some(id))),
                    }
                }
                Err(e) => Err((e, Some(id))),
            },
            // A three-player resign is an action of the match (the seat retires, the others play on).
            Request::Resign => match self.room.resign(seat, now) {
                Ok(Some(stored)) => {
                    let idx = self.room.n() - 1;
                    return Outcome::Store { seat: None, action: Some((idx, stored)), ack: None };
                }
                Ok(None) => Ok(()),
                Err(e) => Err((e, None)),
            },
            Request::OfferDraw => self.room.offer_draw(seat, now).map_err(|e| (e, None)),
            Request::DeclineDraw => self.room.decline_draw().map_err(|e| (e, None)),
            Request::Rematch => match self.room.ask_rematch(seat) {
                Ok(true) => {
                    let next = self.room.next_match(tokens::long_seed(), now);
                    match Room::load(next) {
                        Ok(room) => {
                            self.room = room;
                            Ok(())
                        }
                        Err(e) => Err((refusal(Code::Internal, e), None)),
                    }
                }
                Ok(false) => Ok(()),
                Err(e) => Err((e, None)),
            },
        };
        match result {
            Ok(()) => Outcome::Store { seat: None, action: None, ack: None },
            Err((e, id)) => {
                self.reply(conn, ServerMessage::error(e.code, e.message, id));
                Outcome::Done
            }
        }
    }

    /// Stores the change from `before` to the room now; on success answers and broadcasts, on failure
    /// puts the stored room back and tells the asker. Whether it was stored.
    async fn store_and_broadcast(
        &mut self,
        before: Room,
        seat: Option<(usize, String)>,
        action: Option<(u32, StoredAction)>,
        ack: Option<(u64, String)>,
    ) -> bool {
        match self.store(&before, seat, action).await {
            Ok(()) => {
                if let Some((conn, id)) = ack {
                    self.reply(conn, ServerMessage::Ack { id, n: self.room.n(), duplicate: false });
                }
                self.broadcast();
                true
            }
            Err(e) => {
                if let Some((conn, id)) = ack {
                    // A retry sent through two servers (PostgreSQL): the other one stored this very action
                    // first. The room as reloaded holds it, so the answer is the ack of a duplicate.
                    let seat = self.subscribers.iter().find(|s| s.conn == conn).and_then(|s| s.seat);
                    let applied = seat.and_then(|seat| self.room.applied(seat, &id));
                    let message = match applied {
                        Some(n) if matches!(e, StoreError::Conflict) => ServerMessage::Ack { id, n, duplicate: true },
                        _ => {
                            let code = if matches!(e, StoreError::Conflict) { Code::Stale } else { Code::Storage };
                            ServerMessage::error(code, format!("not stored: {e}"), Some(id))
                        }
                    };
                    self.reply(conn, message);
                }
                // After a conflict the room was reloaded with another process's change: everyone hears of
                // it. After a failed store nothing changed, and the asker was told (it sends again).
                if matches!(e, StoreError::Conflict) {
                    self.broadcast();
                }
                false
            }
        }
    }

    /// Commits the room's change since `before`; on failure the room is reloaded from the store (or put
    /// back as it was, if the store cannot be read either).
    async fn store(
        &mut self,
        before: &Room,
        seat: Option<(usize, String)>,
        action: Option<(u32, StoredAction)>,
    ) -> Result<(), StoreError> {
        let record = &self.room.record;
        let change = Change {
            room: record.id.clone(),
            from_rev: before.record.rev,
            generation: record.generation,
            seed: record.seed,
            long_seed: record.long_seed,
            meta: record.meta.clone(),
            seat,
            action,
            waiting: self.room.status() == RoomStatus::Waiting,
        };
        let is_action = change.action.is_some();
        let started = Instant::now();
        let committed = self.hub.store.commit(change).await;
        self.hub.metrics.commit_latency.observe(started.elapsed());
        match committed {
            Ok(()) => {
                self.room.record.rev = before.record.rev + 1;
                if is_action {
                    self.hub.metrics.actions.fetch_add(1, Ordering::Relaxed);
                }
                Ok(())
            }
            Err(e) => {
                if !matches!(e, StoreError::Conflict) {
                    self.hub.storage_failed(self.room.id(), "commit", &e);
                }
                self.room = before.clone();
                self.reload().await;
                Err(e)
            }
        }
    }

    /// The lobby lists the room's game (if it does) with the seats free now.
    fn tell_lobby(&self) {
        let free = self.room.record.seats.iter().filter(|s| s.is_none()).count();
        self.hub.lobby.seats_free(self.room.id(), free, &self.hub.metrics);
    }

    async fn reload(&mut self) {
        let started = Instant::now();
        let loaded = self.hub.store.load(self.room.id()).await;
        self.hub.metrics.reload_latency.observe(started.elapsed());
        match loaded {
            Ok(Some(record)) => {
                let generation = self.room.record.generation;
                match self.room.catch_up(record) {
                    Ok(()) if self.room.record.generation != generation => {
                        for s in &mut self.subscribers {
                            s.log_sent = 0;
                        }
                    }
                    Ok(()) => {}
                    Err(e) => self.quarantined(&format!("its stored game no longer replays: {e}")).await,
                }
            }
            Ok(None) => {}
            Err(StoreError::Damaged(why)) => self.quarantined(&why).await,
            Err(e) => self.hub.storage_failed(self.room.id(), "reload", &e),
        }
    }

    /// The stored room no longer loads: it is quarantined, and everyone in it is told so (`room_damaged`)
    /// and let go; the room is never loaded again (see `Hub::quarantine`).
    async fn quarantined(&mut self, why: &str) {
        self.damaged = true;
        let refusal = self.hub.quarantine(self.room.id(), why).await;
        let message = ServerMessage::error(refusal.code, refusal.message, None).to_text();
        for subscriber in self.subscribers.drain(..) {
            subscriber.out.send(Out::Text(message.clone()));
        }
    }
}
