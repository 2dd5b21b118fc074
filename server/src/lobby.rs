//! The lobby: games a player posted for anyone to take. No accounts: the poster gives a name, the room is
//! created as any other (the poster holds seat 0's token), and whoever takes the game gets the next free
//! seat's token. The list lives in memory (a restart empties it; the rooms stay).
//!
//! Everything here happens under one lock that is never held across an await, so that two takers of one
//! game are put in order: the first gets the seat, the second `game_gone`. Followers hear each change as
//! one small message (`listed`, `unlisted`), never the whole list again. With PostgreSQL and several
//! processes, each process's list also holds the games posted on the others (share.rs).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::clients::{key, Bucket};
use crate::codes::Code;
use crate::config::Limits;
use crate::log;
use crate::metrics::Metrics;
use crate::outbox::{refusal, Out, Outbox};
use crate::protocol::{OpenGame, ServerMessage, Unlisted};
use crate::room::Refusal;
use crate::tokens;

/// The longest poster's name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

mod share;

/// A listed game and what only the server knows of it.
struct Entry {
    game: OpenGame,
    /// The room (never shown in the list: the listing's id is all a taker needs).
    room: String,
    /// The poster, when the game was posted on this process (None: on another process).
    poster: Option<Poster>,
    /// When it leaves the list (a game of another process: that process may be gone).
    until: Instant,
}

/// The poster of a game posted on this process.
struct Poster {
    /// Its connection and its queue (told when the game leaves the list).
    conn: u64,
    out: Outbox,
    address: IpAddr,
}

#[derive(Default)]
struct Inner {
    /// Oldest first.
    games: Vec<Entry>,
    /// Connections following the list.
    followers: HashMap<u64, Outbox>,
    /// Games listed or about to be (reserved before their room is created), per address.
    per_address: HashMap<IpAddr, usize>,
    /// Games listed or reserved on this process, in all.
    held: usize,
    /// Each address's bucket for taking games.
    takes: HashMap<IpAddr, Bucket>,
    /// Games that left the list, until their time would have been up: another process's late word of
    /// one (an answer to a `hello` that crossed a take) never lists it again. Ids are never reused.
    gone: HashMap<String, Instant>,
}

/// The lobby of this process.
#[derive(Default)]
pub struct Lobby {
    inner: Mutex<Inner>,
    /// The other processes (PostgreSQL), once shared.
    link: OnceLock<share::Link>,
}

/// A place in the lobby held for a game whose room is being created: given back unless listed.
pub struct Reservation {
    address: IpAddr,
    listed: bool,
}

/// Checks a poster's name: trimmed, 1–24 characters, each a letter or digit (any script), a space, or
/// one of `-_.'`. Nothing that HTML, a terminal or a bidirectional override could read as markup.
pub fn check_name(name: &str) -> Result<String, Refusal> {
    let name = name.trim();
    let count = name.chars().count();
    let fine = |c: char| c.is_alphanumeric() || c == ' ' || "-_.'".contains(c);
    if count == 0 || count > MAX_NAME_CHARS || !name.chars().all(fine) {
        return Err(refusal(
            Code::BadName,
            format!("a name has 1 to {MAX_NAME_CHARS} letters, digits, spaces or -_.' characters"),
        ));
    }
    Ok(name.to_string())
}

impl Inner {
    fn tell_all(&mut self, message: &ServerMessage, metrics: &Metrics) {
        let text = message.to_text();
        // A follower whose queue is full is a slow reader (its connection closes); it leaves the list.
        self.followers.retain(|_, out| out.send(Out::Text(text.clone())));
        metrics.lobby_followers.store(self.followers.len(), Ordering::Relaxed);
    }

    fn release(&mut self, address: IpAddr) {
        self.held = self.held.saturating_sub(1);
        if let Some(n) = self.per_address.get_mut(&address) {
            *n -= 1;
            if *n == 0 {
                self.per_address.remove(&address);
            }
        }
    }

    /// Takes game `at` off the list, telling its followers and its poster why.
    fn remove(&mut self, at: usize, reason: Unlisted, metrics: &Metrics) -> Entry {
        let entry = self.games.remove(at);
        self.gone.insert(entry.game.id.clone(), entry.until);
        let message = ServerMessage::Unlisted { game: entry.game.id.clone(), reason };
        if let Some(poster) = &entry.poster {
            self.release(poster.address);
            if !self.followers.contains_key(&poster.conn) {
                poster.out.send(Out::Text(message.to_text()));
            }
        }
        self.tell_all(&message, metrics);
        metrics.lobby_games.store(self.games.len(), Ordering::Relaxed);
        let why = match reason {
            Unlisted::Taken => "taken",
            Unlisted::Withdrawn => "withdrawn",
            Unlisted::Expired => "expired",
        };
        match reason {
            Unlisted::Taken => {}
            Unlisted::Withdrawn => {
                metrics.lobby_withdrawn.fetch_add(1, Ordering::Relaxed);
            }
            Unlisted::Expired => {
                metrics.lobby_expired.fetch_add(1, Ordering::Relaxed);
            }
        }
        log::info("lobby_unlisted", &[("game", &entry.game.id), ("room", &entry.room), ("reason", &why)]);
        entry
    }

    /// Takes the games of other processes that are past their time off the list.
    fn prune(&mut self, metrics: &Metrics) {
        let now = Instant::now();
        while let Some(at) = self.games.iter().position(|e| share::stale(e, now)) {
            self.remove(at, Unlisted::Expired, metrics);
        }
        self.gone.retain(|_, until| *until > now);
    }

    /// Games of other processes on the list.
    fn others(&self) -> usize {
        self.games.iter().filter(|e| e.poster.is_none()).count()
    }
}

impl Lobby {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock left plain data behind: the list is still usable.
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Connection `conn` follows the list from now on; it gets the whole list first. At most `most`
    /// connections follow at once: each post and take is a message to every one of them.
    pub fn follow(&self, conn: u64, out: &Outbox, most: usize, metrics: &Metrics) -> Result<(), Refusal> {
        let mut inner = self.lock();
        inner.prune(metrics);
        if inner.followers.len() >= most && !inner.followers.contains_key(&conn) {
            return Err(refusal(Code::LobbyFull, format!("{most} connections follow the lobby; try again later")));
        }
        let games = inner.games.iter().map(|e| e.game.clone()).collect();
        if out.send(Out::Text(ServerMessage::Lobby { games }.to_text())) {
            inner.followers.insert(conn, out.clone());
        }
        metrics.lobby_followers.store(inner.followers.len(), Ordering::Relaxed);
        Ok(())
    }

    /// Connection `conn` no longer follows the list.
    pub fn unfollow(&self, conn: u64, metrics: &Metrics) {
        let mut inner = self.lock();
        if inner.followers.remove(&conn).is_some() {
            metrics.lobby_followers.store(inner.followers.len(), Ordering::Relaxed);
        }
    }

    /// Holds a place for a game from `address`, within the lobby's caps.
    pub fn reserve(&self, address: IpAddr, limits: &Limits) -> Result<Reservation, Refusal> {
        let address = key(address);
        let mut inner = self.lock();
        if inner.held + inner.others() >= limits.max_open_games {
            let most = limits.max_open_games;
            return Err(refusal(Code::LobbyFull, format!("the lobby lists {most} games; try again later")));
        }
        let mine = inner.per_address.entry(address).or_default();
        if *mine >= limits.max_open_games_per_address {
            let most = limits.max_open_games_per_address;
            return Err(refusal(Code::TooManyGames, format!("an address may have {most} games listed at once")));
        }
        *mine += 1;
        inner.held += 1;
        Ok(Reservation { address, listed: false })
    }

    /// Gives back a place that was not used (the room could not be created).
    pub fn release(&self, mut reservation: Reservation) {
        reservation.listed = true;
        self.lock().release(reservation.address);
    }

    /// Lists the game of `room` posted by connection `poster` for `secs` seconds; its followers (and
    /// the other processes) hear of it. The listing.
    #[allow(clippy::too_many_arguments)]
    pub fn list(
        &self,
        mut reservation: Reservation,
        room: &str,
        poster: u64,
        out: &Outbox,
        mut game: OpenGame,
        secs: u64,
        metrics: &Metrics,
    ) -> OpenGame {
        reservation.listed = true;
        game.id = tokens::room_id();
        let mut inner = self.lock();
        let entry = Entry {
            game: game.clone(),
            room: room.to_string(),
            poster: Some(Poster { conn: poster, out: out.clone(), address: reservation.address }),
            until: Instant::now() + Duration::from_secs(secs),
        };
        inner.games.push(entry);
        metrics.lobby_games.store(inner.games.len(), Ordering::Relaxed);
        metrics.lobby_posts.fetch_add(1, Ordering::Relaxed);
        inner.tell_all(&ServerMessage::Listed { game: game.clone() }, metrics);
        log::info("lobby_posted", &[("game", &game.id), ("room", &room), ("client", &reservation.address)]);
        let (listed, room) = (game.clone(), room.to_string());
        self.tell_others(|from| share::Shared::Listed { from, game: listed, room, secs });
        game
    }

    /// Takes a seat of game `id` for a client at `address`: the room to join. The last free seat takes
    /// the game off the list at once, so a second taker gets `game_gone`, never a seat.
    pub fn take(&self, id: &str, address: IpAddr, limits: &Limits, metrics: &Metrics) -> Result<String, Refusal> {
        let mut inner = self.lock();
        inner.prune(metrics);
        let Some(at) = inner.games.iter().position(|e| e.game.id == id) else {
            return Err(refusal(Code::GameGone, "that game is no longer open (taken, withdrawn or expired)"));
        };
        let (per_minute, burst) = (limits.takes_per_minute, limits.take_burst);
        if inner.takes.len() > 10_000 {
            inner.takes.retain(|_, b| !b.is_full(per_minute, burst));
        }
        let bucket = inner.takes.entry(key(address)).or_insert_with(|| Bucket::full(burst));
        if !bucket.take(per_minute, burst) {
            let words = format!("an address may take {burst} games at once and {per_minute} a minute");
            return Err(refusal(Code::TooManyTakes, words));
        }
        metrics.lobby_takes.fetch_add(1, Ordering::Relaxed);
        let room = inner.games[at].room.clone();
        log::info("lobby_taken", &[("game", &id), ("room", &room), ("client", &address)]);
        let free = inner.games[at].game.free.saturating_sub(1);
        self.set_free(&mut inner, at, free, metrics);
        Ok(room)
    }

    /// Game `at` has `free` seats left: a full game leaves the list, another is listed again with its
    /// seats; the followers and the other processes hear of it.
    fn set_free(&self, inner: &mut Inner, at: usize, free: usize, metrics: &Metrics) {
        if free == 0 {
            let entry = inner.remove(at, Unlisted::Taken, metrics);
            let game = entry.game.id;
            self.tell_others(|from| share::Shared::Unlisted { from, game, reason: Unlisted::Taken });
        } else if free < inner.games[at].game.free {
            inner.games[at].game.free = free;
            let entry = &inner.games[at];
            let (game, room) = (entry.game.clone(), entry.room.clone());
            let secs = entry.until.saturating_duration_since(Instant::now()).as_secs();
            inner.tell_all(&ServerMessage::Listed { game: game.clone() }, metrics);
            self.tell_others(|from| share::Shared::Listed { from, game, room, secs });
        }
    }

    /// The room of `room` has `free` seats free now (a seat was taken, maybe through the invite link):
    /// the list follows, and a full room leaves it.
    pub fn seats_free(&self, room: &str, free: usize, metrics: &Metrics) {
        let mut inner = self.lock();
        let Some(at) = inner.games.iter().position(|e| e.room == room) else { return };
        self.set_free(&mut inner, at, free, metrics);
    }

    /// Withdraws game `id` (its poster left or asked, or its time is up), if it is still listed and was
    /// posted by `poster` (any poster: None). Whether it was.
    pub fn withdraw(&self, id: &str, poster: Option<u64>, reason: Unlisted, metrics: &Metrics) -> bool {
        let mut inner = self.lock();
        let mine = |e: &Entry| e.poster.as_ref().is_some_and(|p| poster.is_none_or(|conn| conn == p.conn));
        let Some(at) = inner.games.iter().position(|e| e.game.id == id && mine(e)) else { return false };
        inner.remove(at, reason, metrics);
        let game = id.to_string();
        self.tell_others(|from| share::Shared::Unlisted { from, game, reason });
        true
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        // A reservation is always consumed by `list` or `release`; one dropped otherwise (a bug) would
        // hold a place forever, so it is logged.
        if !self.listed {
            log::error("lobby_reservation_lost", &[("client", &self.address)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check_name;

    #[test]
    fn names_take_letters_of_any_script_and_refuse_markup_controls_and_length() {
        assert_eq!(check_name("  Ada L. ").unwrap(), "Ada L.");
        assert_eq!(check_name("小明").unwrap(), "小明");
        assert_eq!(check_name("O'Neil-2_x").unwrap(), "O'Neil-2_x");
        for bad in ["", "   ", "<b>x</b>", "a&b", "tab\there", "line\nbreak", "\u{202e}evil", "x\"y", &"a".repeat(25)] {
            assert!(check_name(bad).is_err(), "{bad:?} refused");
        }
        assert!(check_name(&"é".repeat(24)).is_ok(), "24 characters, not bytes");
    }
}
