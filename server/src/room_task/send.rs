//! What a room's task sends: replies, the small `presence` message, and the state to every subscriber
//! as its seat may know it (each different text built once per change, then shared).

use std::collections::HashMap;
use std::time::Instant;

use super::{RoomTask, Subscriber};
use crate::hub::{now_ms, Out};
use crate::protocol::ServerMessage;

impl RoomTask {
    pub(super) fn reply(&mut self, conn: u64, message: ServerMessage) {
        if let Some(i) = self.subscribers.iter().position(|s| s.conn == conn) {
            if !self.subscribers[i].out.send(Out::Text(message.to_text())) {
                self.subscribers.remove(i);
                self.dropped = true;
            }
        }
    }

    /// Tells everyone left who is here after sends that dropped subscribers (one message for all those
    /// found gone together; telling it may find more gone, and then it is told again).
    pub(super) fn tell_dropped(&mut self) {
        while std::mem::take(&mut self.dropped) {
            self.presence(None);
        }
    }

    /// Connections per seat, and spectators.
    fn presence_counts(&self) -> (Vec<usize>, usize) {
        let mut connected = vec![0; self.room.record.options.players];
        let mut spectators = 0;
        for s in &self.subscribers {
            match s.seat.and_then(|seat| connected.get_mut(seat)) {
                Some(n) => *n += 1,
                None => spectators += 1,
            }
        }
        (connected, spectators)
    }

    /// The room as everybody sees it now: who is connected, and which seats' players left on purpose.
    fn info(&self) -> crate::protocol::RoomInfo {
        let (connected, spectators) = self.presence_counts();
        let mut info = self.room.info(&connected, spectators, now_ms());
        for &seat in &self.left {
            if let Some(s) = info.seats.get_mut(seat) {
                s.left = s.connected == 0;
            }
        }
        info
    }

    /// Tells everyone (but `except`, who got the whole state) who is here now: one small message, the
    /// same text for all.
    pub(super) fn presence(&mut self, except: Option<u64>) {
        // This tells of every drop so far too.
        self.dropped = false;
        let info = self.info();
        let (seats, spectators) = (info.seats, info.spectators);
        let text = ServerMessage::Presence { seats, spectators }.to_text();
        // A presence not yet written to a connection is replaced there, not queued behind (outbox.rs).
        self.send_all(|s| (Some(s.conn) != except).then(|| s.out.send_presence(text.clone())));
    }

    /// Sends connection `conn` the whole state.
    pub(super) fn send_state(&mut self, conn: u64) {
        let info = self.info();
        let n = self.room.n();
        if let Some(i) = self.subscribers.iter().position(|s| s.conn == conn) {
            let s = &mut self.subscribers[i];
            s.generation = self.room.record.generation;
            let text = ServerMessage::State(Box::new(self.room.state_for(s.seat, 0, info))).to_text();
            if s.out.send(Out::Text(text)) {
                s.log_sent = n;
            } else {
                self.subscribers.remove(i);
                self.dropped = true;
            }
        }
    }

    /// Sends with `send(subscriber)` (None: nothing for this one) and drops those whose queue is full
    /// (their connection closes; the client reconnects and gets the whole state).
    fn send_all(&mut self, mut send: impl FnMut(&Subscriber) -> Option<bool>) {
        let before = self.subscribers.len();
        self.subscribers.retain(|s| send(s).unwrap_or(true));
        self.dropped |= self.subscribers.len() != before;
    }

    /// Sends every subscriber the state as its seat may know it. The text for a seat and a starting log
    /// entry is built once and shared by every connection that needs it (all spectators, a player's tabs).
    pub(super) fn broadcast(&mut self) {
        let started = Instant::now();
        let info = self.info();
        let generation = self.room.record.generation;
        let n = self.room.n();
        let mut texts: HashMap<(Option<usize>, u32), String> = HashMap::new();
        let before = self.subscribers.len();
        let room = &self.room;
        self.subscribers.retain_mut(|s| {
            if s.generation != generation || s.log_sent > n {
                s.generation = generation;
                s.log_sent = 0;
            }
            let text = texts
                .entry((s.seat, s.log_sent))
                .or_insert_with(|| {
                    ServerMessage::State(Box::new(room.state_for(s.seat, s.log_sent, info.clone()))).to_text()
                })
                .clone();
            let sent = s.out.send(Out::Text(text));
            if sent {
                s.log_sent = n;
            }
            sent
        });
        self.dropped |= self.subscribers.len() != before;
        self.hub.metrics.broadcast_latency.observe(started.elapsed());
    }
}
