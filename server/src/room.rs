//! One room: the authoritative `Game`, its seats, and what surrounds the engine's rules online (resign,
//! draw offers, rematch, clocks). Pure state and decisions, no input or output: the room's task
//! (`hub.rs`) stores every change before it is acknowledged. Every view and log entry a client gets is
//! the engine's own (`Game::view`, `Game::spectator_view`, `Game::log`); nothing here knows a rule.

use std::collections::HashMap;

use battleline::{Action, Game, LongSeed, Options};
use serde::{Deserialize, Serialize};

use crate::codes::{Code, RoomStatus};
use crate::protocol::{ClockInfo, ClockSetting, EndReason, Ended, RoomInfo, SeatInfo, StateMessage, MAX_ACTION_ID};
use crate::tokens;

/// The room's state beyond the game and its seats, stored as JSON beside them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Meta {
    /// How the match ended, once it has.
    pub ended: Option<Ended>,
    /// Seats offering a draw.
    pub draw_offers: Vec<usize>,
    /// Seats asking for a rematch.
    pub rematch: Vec<usize>,
    /// The clocks' setting, if any.
    pub clock: Option<ClockSetting>,
    /// Each seat's time left when `since_ms` was taken.
    pub remaining_ms: Vec<u64>,
    /// When the running clock last started, on the server's clock (`hub::now_ms`: Unix milliseconds at the
    /// process's start advanced by the monotonic clock); null while no clock runs.
    pub since_ms: Option<u64>,
    /// The coach is on for everyone in the room (chosen at creation; absent in rooms stored before: off).
    #[serde(default)]
    pub coach: bool,
}

/// An action as stored: who played it and the client's id for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAction {
    /// The seat.
    pub seat: usize,
    /// The action.
    pub action: Action,
    /// The client's action id.
    pub id: String,
}

/// A room as the store holds it.
#[derive(Clone, Debug)]
pub struct RoomRecord {
    /// The room's id.
    pub id: String,
    /// The options.
    pub options: Options,
    /// Which match of the room is in progress.
    pub generation: u32,
    /// The deal's u64 seed of that match: 0 when it has a long seed, as every match created since
    /// (a room stored before long seeds keeps dealing from its u64 seed).
    pub seed: u64,
    /// The deal's 256-bit secret of that match (never sent to a client before the match is over).
    pub long_seed: Option<LongSeed>,
    /// Each seat's token hash, if taken.
    pub seats: Vec<Option<String>>,
    /// The surroundings.
    pub meta: Meta,
    /// The match's actions in order.
    pub actions: Vec<StoredAction>,
    /// Bumped by every stored change (optimistic concurrency between server processes).
    pub rev: i64,
}

/// The action id of a stored action the server made rather than a client (a three-player resign):
/// empty, which no client's id can be (ids have 1 to `MAX_ACTION_ID` bytes).
pub const SERVER_ACTION_ID: &str = "";

/// A refusal: a stable code and words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The code.
    pub code: Code,
    /// The words.
    pub message: String,
}

fn refuse(code: Code, message: impl Into<String>) -> Refusal {
    Refusal { code, message: message.into() }
}

/// What an `act` will do.
#[derive(Debug, PartialEq, Eq)]
pub enum ActCheck {
    /// Apply it.
    Apply,
    /// The id was applied before: acknowledge with this action count, change nothing.
    Duplicate(u32),
}

/// A loaded room.
/// A match's first game, dealt from its long seed, or from its u64 seed when it has none.
pub fn new_game(options: Options, seed: u64, long_seed: Option<LongSeed>) -> Result<Game, battleline::Error> {
    match long_seed {
        Some(long_seed) => Game::with_long_seed(options, long_seed),
        None => Game::new(options, seed),
    }
}

#[derive(Clone, Debug)]
pub struct Room {
    /// The stored form, kept current (actions appended as they are accepted).
    pub record: RoomRecord,
    /// The game, replayed from the record.
    pub game: Game,
    /// Per seat: action id → the action count after it.
    ids: Vec<HashMap<String, u32>>,
}

impl Room {
    /// Rebuilds the room from its stored form (`Err`: a record the engine refuses).
    pub fn load(record: RoomRecord) -> Result<Room, String> {
        let mut game = new_game(record.options, record.seed, record.long_seed).map_err(|e| e.to_string())?;
        let mut ids = vec![HashMap::new(); record.options.players];
        for (i, stored) in record.actions.iter().enumerate() {
            game.apply_as(stored.seat, &stored.action).map_err(|e| format!("stored action {i}: {e}"))?;
            if let Some(map) = ids.get_mut(stored.seat) {
                map.insert(stored.id.clone(), i as u32 + 1);
            }
        }
        Ok(Room { record, game, ids })
    }

    /// The room brought up to `record`, a later state stored by another server process: when it is the
    /// same match and its actions extend this room's, only the new ones are played (a reload per action
    /// of the other process would otherwise replay the whole match each time); else the whole record is
    /// replayed. On failure the room is unchanged.
    pub fn catch_up(&mut self, record: RoomRecord) -> Result<(), String> {
        let n = self.record.actions.len();
        let extends =
            record.generation == self.record.generation && record.actions.get(..n) == Some(&self.record.actions[..]);
        if !extends {
            *self = Room::load(record)?;
            return Ok(());
        }
        let (mut game, mut ids) = (self.game.clone(), self.ids.clone());
        for (i, stored) in record.actions.iter().enumerate().skip(n) {
            game.apply_as(stored.seat, &stored.action).map_err(|e| format!("stored action {i}: {e}"))?;
            if let Some(map) = ids.get_mut(stored.seat) {
                map.insert(stored.id.clone(), i as u32 + 1);
            }
        }
        *self = Room { record, game, ids };
        Ok(())
    }

    /// The room's id.
    pub fn id(&self) -> &str {
        &self.record.id
    }

    /// Actions played in this match.
    pub fn n(&self) -> u32 {
        self.game.actions().len() as u32
    }

    /// Where the room stands.
    pub fn status(&self) -> RoomStatus {
        if self.record.meta.ended.is_some() {
            RoomStatus::Over
        } else if self.record.seats.iter().any(Option::is_none) {
            RoomStatus::Waiting
        } else {
            RoomStatus::Playing
        }
    }

    /// The seat whose clock runs now, if any.
    pub fn running_clock(&self) -> Option<usize> {
        let running =
            self.record.meta.clock.is_some() && self.status() == RoomStatus::Playing && !self.game.position().is_over();
        running.then(|| self.game.position().current())
    }

    /// Each seat's time left at `now`.
    pub fn remaining_at(&self, now: u64) -> Vec<u64> {
        let mut remaining = self.record.meta.remaining_ms.clone();
        if let (Some(seat), Some(since)) = (self.running_clock(), self.record.meta.since_ms) {
            if let Some(r) = remaining.get_mut(seat) {
                *r = r.saturating_sub(now.saturating_sub(since));
            }
        }
        remaining
    }

    /// When the running clock falls (Unix milliseconds), if one runs.
    pub fn deadline(&self) -> Option<u64> {
        let seat = self.running_clock()?;
        let since = self.record.meta.since_ms?;
        Some(since + self.record.meta.remaining_ms.get(seat).copied().unwrap_or(0))
    }

    /// Resumes the running clock of a room loaded from the store: its stored remaining time is what the
    /// player has; time before this process started (`start`: the server was down) or after `now` (a
    /// start time from a wall clock that was ahead) is charged to nobody.
    pub fn resume_clock(&mut self, start: u64, now: u64) {
        if let Some(since) = self.record.meta.since_ms {
            self.record.meta.since_ms = Some(since.clamp(start, now.max(start)));
        }
    }

    /// Ends the match on time if the running clock has fallen by `now`; true if it did.
    pub fn check_time(&mut self, now: u64) -> bool {
        let Some(seat) = self.running_clock() else { return false };
        if self.deadline().is_none_or(|d| d > now) {
            return false;
        }
        self.record.meta.remaining_ms = self.remaining_at(now);
        self.record.meta.since_ms = None;
        let winner = self.sole_other(seat);
        self.record.meta.ended = Some(Ended { reason: EndReason::Time, by: Some(seat), winner });
        true
    }

    /// The one player still in the game besides `seat`, if there is exactly one: the other seat of a
    /// two-player game, or of a three-player game where a seat has resigned (R-3P-RESIGN).
    fn sole_other(&self, seat: usize) -> Option<usize> {
        let retired = self.game.position().retired();
        let mut others = (0..self.record.options.players).filter(|&p| p != seat && Some(p) != retired);
        match (others.next(), others.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    }

    /// The seat whose token hashes to `hash`.
    pub fn seat_of(&self, hash: &str) -> Option<usize> {
        self.record.seats.iter().position(|s| s.as_deref() == Some(hash))
    }

    /// The first free seat.
    pub fn free_seat(&self) -> Option<usize> {
        self.record.seats.iter().position(Option::is_none)
    }

    /// Gives `seat` to the holder of the token hashing to `hash`; the clocks start once every seat is taken.
    pub fn take_seat(&mut self, seat: usize, hash: String, now: u64) {
        self.record.seats[seat] = Some(hash);
        if self.status() == RoomStatus::Playing && self.record.meta.since_ms.is_none() {
            self.record.meta.since_ms = Some(now);
        }
    }

    /// The action count after the action `seat` sent with `id` in this match, if it was applied.
    pub fn applied(&self, seat: usize, id: &str) -> Option<u32> {
        self.ids.get(seat).and_then(|m| m.get(id)).copied()
    }

    /// Whether `seat` may play `action` now, given its id and the action count the client saw.
    pub fn check_act(&self, seat: usize, id: &str, action: &Action, n: Option<u32>) -> Result<ActCheck, Refusal> {
        if id.is_empty() || id.len() > MAX_ACTION_ID {
            return Err(refuse(Code::BadMessage, format!("an action id has 1 to {MAX_ACTION_ID} bytes")));
        }
        if let Some(after) = self.applied(seat, id) {
            return Ok(ActCheck::Duplicate(after));
        }
        match self.status() {
            RoomStatus::Waiting => return Err(refuse(Code::Waiting, "the game starts once every seat is taken")),
            RoomStatus::Over => return Err(refuse(Code::MatchOver, "the match is over")),
            _ => {}
        }
        if matches!(action, Action::Resign { .. }) {
            return Err(refuse(Code::BadMessage, "a seat resigns with the resign message"));
        }
        if let Some(n) = n {
            if n != self.n() {
                return Err(refuse(
                    Code::Stale,
                    format!("the action was chosen after {n} actions, but {} have been played", self.n()),
                ));
            }
        }
        self.game.check(seat, action).map_err(|e| refuse(Code::Engine(e.code.as_str()), e.message))?;
        // The engine lets anyone start the next game (R-MATCH); online, only a seat whose turn it is
        // may play anything else.
        if *action != Action::NextGame && self.game.position().current() != seat {
            return Err(refuse(
                Code::Engine(battleline::ErrorCode::NotYourTurn.as_str()),
                format!("it is seat {}'s turn", self.game.position().current()),
            ));
        }
        Ok(ActCheck::Apply)
    }

    /// Applies an action that `check_act` allowed, with the clocks and the match's end.
    pub fn apply(&mut self, seat: usize, id: String, action: Action, now: u64) -> Result<(), Refusal> {
        let before_current = self.game.position().current();
        let running = self.running_clock();
        self.game.apply_as(seat, &action).map_err(|e| refuse(Code::Engine(e.code.as_str()), e.message))?;
        let meta = &mut self.record.meta;
        if let Some(clock) = meta.clock {
            if let Some(running) = running {
                let elapsed = now.saturating_sub(meta.since_ms.unwrap_or(now));
                let turn_ended = self.game.position().current() != before_current || self.game.position().is_over();
                let r = &mut meta.remaining_ms[running];
                *r = r.saturating_sub(elapsed) + if turn_ended { clock.increment_ms } else { 0 };
            }
            meta.since_ms = Some(now);
        }
        meta.draw_offers.clear();
        if self.game.is_match_over() {
            let scores = self.game.scores();
            let best = scores.iter().copied().max().unwrap_or(0);
            let leaders: Vec<usize> = (0..scores.len()).filter(|&p| scores[p] == best).collect();
            let winner = (leaders.len() == 1).then(|| leaders[0]);
            meta.ended = Some(Ended { reason: EndReason::Finished, by: None, winner });
            meta.since_ms = None;
        }
        let n = self.n();
        self.ids[seat].insert(id.clone(), n);
        self.record.actions.push(StoredAction { seat, action, id });
        Ok(())
    }

    /// `seat` resigns. In a three-player game with every seat still in, the engine retires the seat and
    /// the two others play on (R-3P-RESIGN): the resignation is an action of the match, returned to be
    /// stored (with [`SERVER_ACTION_ID`]). Otherwise (two players, or two left) the match ends, won by
    /// the one who stays. Between two games of a match a seat cannot resign (`game_over`): the next
    /// game must start first.
    pub fn resign(&mut self, seat: usize, now: u64) -> Result<Option<StoredAction>, Refusal> {
        self.playing()?;
        let action = Action::Resign { player: seat };
        match self.game.check(seat, &action) {
            Ok(()) => {
                self.apply(seat, SERVER_ACTION_ID.to_string(), action, now)?;
                return Ok(Some(StoredAction { seat, action, id: SERVER_ACTION_ID.to_string() }));
            }
            Err(e) if e.code != battleline::ErrorCode::CannotResign => {
                return Err(refuse(Code::Engine(e.code.as_str()), e.message));
            }
            Err(_) => {}
        }
        if self.game.position().retired() == Some(seat) {
            return Err(refuse(
                Code::Engine(battleline::ErrorCode::CannotResign.as_str()),
                "you have resigned already",
            ));
        }
        self.stop_clock(now);
        let winner = self.sole_other(seat);
        self.record.meta.ended = Some(Ended { reason: EndReason::Resigned, by: Some(seat), winner });
        Ok(None)
    }

    /// `seat` offers a draw; once every seat has, the match is drawn.
    pub fn offer_draw(&mut self, seat: usize, now: u64) -> Result<(), Refusal> {
        self.playing()?;
        if self.game.position().retired() == Some(seat) {
            return Err(refuse(Code::Engine(battleline::ErrorCode::BadPlayer.as_str()), "you have resigned"));
        }
        let in_game = self.record.options.players - usize::from(self.game.position().retired().is_some());
        let offers = &mut self.record.meta.draw_offers;
        if !offers.contains(&seat) {
            offers.push(seat);
            offers.sort_unstable();
        }
        if offers.len() == in_game {
            self.stop_clock(now);
            self.record.meta.ended = Some(Ended { reason: EndReason::DrawAgreed, by: None, winner: None });
        }
        Ok(())
    }

    /// Declines the draw on offer.
    pub fn decline_draw(&mut self) -> Result<(), Refusal> {
        self.playing()?;
        if self.record.meta.draw_offers.is_empty() {
            return Err(refuse(Code::NoOffer, "no draw is on offer"));
        }
        self.record.meta.draw_offers.clear();
        Ok(())
    }

    /// `seat` asks for a rematch; true once every seat has (the caller then starts the next match).
    pub fn ask_rematch(&mut self, seat: usize) -> Result<bool, Refusal> {
        if self.status() != RoomStatus::Over {
            return Err(refuse(Code::MatchNotOver, "a rematch is possible once the match is over"));
        }
        let asks = &mut self.record.meta.rematch;
        if !asks.contains(&seat) {
            asks.push(seat);
            asks.sort_unstable();
        }
        Ok(asks.len() == self.record.options.players)
    }

    /// The next match of the room: same options, seats and clocks, a fresh deal.
    pub fn next_match(&self, long_seed: LongSeed, now: u64) -> RoomRecord {
        let clock = self.record.meta.clock;
        RoomRecord {
            generation: self.record.generation + 1,
            seed: 0,
            long_seed: Some(long_seed),
            meta: Meta {
                clock,
                remaining_ms: vec![clock.map_or(0, |c| c.initial_ms); self.record.options.players],
                since_ms: clock.map(|_| now),
                coach: self.record.meta.coach,
                ..Meta::default()
            },
            actions: Vec::new(),
            ..self.record.clone()
        }
    }

    fn playing(&self) -> Result<(), Refusal> {
        match self.status() {
            RoomStatus::Over => Err(refuse(Code::MatchOver, "the match is over")),
            RoomStatus::Waiting => Err(refuse(Code::Waiting, "the game starts once every seat is taken")),
            _ => Ok(()),
        }
    }

    fn stop_clock(&mut self, now: u64) {
        if self.running_clock().is_some() {
            self.record.meta.remaining_ms = self.remaining_at(now);
        }
        self.record.meta.since_ms = None;
    }

    /// The room as everybody sees it; `connected[seat]` connections per seat and `spectators`.
    pub fn info(&self, connected: &[usize], spectators: usize, now: u64) -> RoomInfo {
        let meta = &self.record.meta;
        RoomInfo {
            id: self.record.id.clone(),
            options: self.record.options,
            status: self.status(),
            seats: self
                .record
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo {
                    taken: s.is_some(),
                    connected: connected.get(i).copied().unwrap_or(0),
                    left: false,
                })
                .collect(),
            spectators,
            ended: meta.ended,
            draw_offers: meta.draw_offers.clone(),
            rematch: meta.rematch.clone(),
            generation: self.record.generation,
            clock: meta.clock.map(|setting| ClockInfo {
                setting,
                remaining_ms: self.remaining_at(now),
                running: self.running_clock(),
            }),
            coach: meta.coach,
        }
    }

    /// The state message for `seat` (None: a spectator), with the log from entry `log_from`.
    pub fn state_for(&self, seat: Option<usize>, log_from: u32, mut info: RoomInfo) -> StateMessage {
        if seat.is_none() {
            // A spectator knows the room by its watch id only: the invite's id would let them take a seat.
            info.id = tokens::watch_id(&info.id);
        }
        let game = &self.game;
        let view = match seat.and_then(|s| game.view(s)) {
            Some(view) => view,
            None => game.spectator_view(),
        };
        // A seat that resigned only watches (R-3P-RESIGN).
        let may_act = self.status() == RoomStatus::Playing && seat.is_some() && seat != game.position().retired();
        let legal = match seat {
            Some(s) if may_act && game.position().current() == s => game.legal_actions(),
            Some(_) if may_act && game.position().is_over() && !game.is_match_over() => vec![Action::NextGame],
            _ => Vec::new(),
        };
        StateMessage {
            room: info,
            seat,
            n: self.n(),
            view,
            legal,
            log: game.log(seat, log_from as usize),
            log_from,
            match_info: game.match_score(),
            record: (self.status() == RoomStatus::Over).then(|| game.record()),
        }
    }
}

#[cfg(test)]
mod catch_up_tests;
