//! The lobby across server processes on one PostgreSQL database: each process keeps the list, and tells
//! the others of every change it makes through the database (`NOTIFY battleline_lobby`, a small JSON
//! message): a game posted here (`listed`, with its room, which only servers see), a seat taken or a
//! game gone (`listed` with its seats left, `unlisted`). A process that (re)subscribes says `hello`, and
//! every process answers with the games posted on it, so that a process started later (or one whose
//! notifications were lost) lists them too. A game from another process is taken as any other: its room
//! is joined through the database, where a seat is taken once; a taker that loses the race gets
//! `game_gone`. A game listed by a process that died without withdrawing it leaves the list when its
//! time is up.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::{Entry, Lobby};
use crate::log;
use crate::metrics::Metrics;
use crate::protocol::{OpenGame, ServerMessage, Unlisted};

/// What one process tells the others of its lobby.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub(super) enum Shared {
    /// A game is listed, or its free seats changed; `secs` it stays listed.
    Listed { from: String, game: OpenGame, room: String, secs: u64 },
    /// A game left the list.
    Unlisted { from: String, game: String, reason: Unlisted },
    /// A process (re)subscribed: the others list their own games again.
    Hello { from: String },
}

/// The link to the other processes: this process's id, and the queue of messages to notify.
pub(super) struct Link {
    pub(super) origin: String,
    pub(super) tx: mpsc::UnboundedSender<String>,
}

impl Lobby {
    /// From now on every change of the list is told to the other processes through `tx` (the caller
    /// notifies each message on the database).
    pub fn share(&self, tx: mpsc::UnboundedSender<String>) {
        let _ = self.link.set(Link { origin: crate::tokens::room_id(), tx });
    }

    /// Tells the other processes (if shared).
    pub(super) fn tell_others(&self, message: impl FnOnce(String) -> Shared) {
        if let Some(link) = self.link.get() {
            let text = serde_json::to_string(&message(link.origin.clone())).unwrap_or_default();
            let _ = link.tx.send(text);
        }
    }

    /// This process (re)subscribed: the others are asked for their games.
    pub fn hello(&self) {
        self.tell_others(|from| Shared::Hello { from });
    }

    /// A message from another process (its own are ignored, as is anything unreadable).
    pub fn heard(&self, text: &str, open_game_secs: u64, metrics: &Metrics) {
        let Some(link) = self.link.get() else { return };
        let message: Shared = match serde_json::from_str(text) {
            Ok(message) => message,
            Err(e) => {
                log::error("lobby_notice_unreadable", &[("error", &e)]);
                return;
            }
        };
        match message {
            Shared::Listed { from, .. } | Shared::Unlisted { from, .. } | Shared::Hello { from }
                if from == link.origin => {}
            Shared::Hello { .. } => {
                // Our own games, told again (each with the time it has left).
                let mine: Vec<(OpenGame, String, u64)> = {
                    let inner = self.lock();
                    let now = Instant::now();
                    let own = inner.games.iter().filter(|e| e.poster.is_some());
                    own.map(|e| (e.game.clone(), e.room.clone(), e.until.saturating_duration_since(now).as_secs()))
                        .collect()
                };
                for (game, room, secs) in mine {
                    self.tell_others(|from| Shared::Listed { from, game, room, secs });
                }
            }
            Shared::Listed { game, room, secs, .. } => {
                let mut inner = self.lock();
                if inner.gone.contains_key(&game.id) {
                    return;
                }
                let until = Instant::now() + Duration::from_secs(secs.min(open_game_secs));
                match inner.games.iter().position(|e| e.game.id == game.id) {
                    Some(at) if inner.games[at].game.free == game.free => return,
                    Some(at) => inner.games[at].game.free = game.free,
                    None => {
                        inner.games.push(Entry { game: game.clone(), room, poster: None, until });
                        metrics.lobby_games.store(inner.games.len(), Ordering::Relaxed);
                    }
                }
                inner.tell_all(&ServerMessage::Listed { game }, metrics);
            }
            Shared::Unlisted { game, reason, .. } => {
                let mut inner = self.lock();
                if let Some(at) = inner.games.iter().position(|e| e.game.id == game) {
                    inner.remove(at, reason, metrics);
                }
            }
        }
    }
}

/// Whether a game from another process is past its time (its process may have died).
pub(super) fn stale(entry: &Entry, now: Instant) -> bool {
    entry.poster.is_none() && entry.until <= now
}
