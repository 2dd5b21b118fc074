//! The stable words the server answers with: refusal codes (an `error` frame's `code`, the label of
//! `battleline_refusals_total`, the `code` of a `refused` log line) and a room's status. Clients and
//! operators match on these strings, so each is written once, here; docs/ONLINE.md lists them all (a
//! test below checks that it does).

/// Why the server refused something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// Not a message of the protocol (bad JSON, an unknown type or field, a binary frame).
    BadMessage,
    /// A message over `--max-message-bytes`.
    TooLarge,
    /// Messages over the connection's rate.
    RateLimited,
    /// No room has this id (or watch id).
    UnknownRoom,
    /// The token holds no seat of this room.
    BadToken,
    /// Every seat is taken.
    RoomFull,
    /// The room has `--max-spectators` spectators.
    SpectatorsFull,
    /// A room request from a connection in no room.
    NotInRoom,
    /// A player's request from a spectator.
    NotSeated,
    /// An action chosen for an older position (or stored meanwhile by another process).
    Stale,
    /// The game starts once every seat is taken.
    Waiting,
    /// The match is over.
    MatchOver,
    /// A rematch before the match is over.
    MatchNotOver,
    /// No draw is on offer.
    NoOffer,
    /// Options or clock settings the engine or the server refuses.
    BadOptions,
    /// The address (or connection) created as many rooms as it may for now.
    TooManyRooms,
    /// The server holds as many rooms or connections as it may, or everyone created as many rooms as
    /// everyone may for now.
    ServerFull,
    /// The store failed.
    Storage,
    /// The room's stored game no longer loads or replays: it is quarantined for the operator.
    RoomDamaged,
    /// The room was being unloaded: join again.
    Retry,
    /// The connection's send queue was full when it joined.
    Slow,
    /// A bug: the server could not do what it should.
    Internal,
    /// Too many connections from one address (HTTP 429 or a closed TCP connection; no frame).
    TooManyConnections,
    /// An `Origin` not in `--allowed-origins` (HTTP 403; no frame).
    BadOrigin,
    /// A connection closed because it read too slowly (a close frame; no error frame).
    SlowReader,
    /// The lobby lists no such game (taken, withdrawn, expired, or never listed).
    GameGone,
    /// The address has `--max-open-games-per-address` games listed already.
    TooManyGames,
    /// The address took `--take-burst` games at once, or more than `--takes-per-minute` a minute.
    TooManyTakes,
    /// The lobby lists `--max-open-games` games, or `--max-lobby-followers` connections follow it.
    LobbyFull,
    /// A poster's name that is empty, too long, or has characters other than letters, digits, spaces
    /// and `-_.'`.
    BadName,
    /// The engine's own refusal of an action (`not_your_turn`, `wrong_phase`, …).
    Engine(&'static str),
}

impl Code {
    /// Every code of the server's own (the engine's are the engine's `ErrorCode`s).
    #[cfg(test)]
    pub const ALL: [Code; 30] = [
        Code::BadMessage,
        Code::TooLarge,
        Code::RateLimited,
        Code::UnknownRoom,
        Code::BadToken,
        Code::RoomFull,
        Code::SpectatorsFull,
        Code::NotInRoom,
        Code::NotSeated,
        Code::Stale,
        Code::Waiting,
        Code::MatchOver,
        Code::MatchNotOver,
        Code::NoOffer,
        Code::BadOptions,
        Code::TooManyRooms,
        Code::ServerFull,
        Code::Storage,
        Code::RoomDamaged,
        Code::Retry,
        Code::Slow,
        Code::Internal,
        Code::TooManyConnections,
        Code::BadOrigin,
        Code::SlowReader,
        Code::GameGone,
        Code::TooManyGames,
        Code::TooManyTakes,
        Code::LobbyFull,
        Code::BadName,
    ];

    /// The code as clients, metrics and logs see it; never changes.
    pub fn code(self) -> &'static str {
        match self {
            Code::BadMessage => "bad_message",
            Code::TooLarge => "too_large",
            Code::RateLimited => "rate_limited",
            Code::UnknownRoom => "unknown_room",
            Code::BadToken => "bad_token",
            Code::RoomFull => "room_full",
            Code::SpectatorsFull => "spectators_full",
            Code::NotInRoom => "not_in_room",
            Code::NotSeated => "not_seated",
            Code::Stale => "stale",
            Code::Waiting => "waiting",
            Code::MatchOver => "match_over",
            Code::MatchNotOver => "match_not_over",
            Code::NoOffer => "no_offer",
            Code::BadOptions => "bad_options",
            Code::TooManyRooms => "too_many_rooms",
            Code::ServerFull => "server_full",
            Code::Storage => "storage",
            Code::RoomDamaged => "room_damaged",
            Code::Retry => "retry",
            Code::Slow => "slow",
            Code::Internal => "internal",
            Code::TooManyConnections => "too_many_connections",
            Code::BadOrigin => "bad_origin",
            Code::SlowReader => "slow_reader",
            Code::GameGone => "game_gone",
            Code::TooManyGames => "too_many_games",
            Code::TooManyTakes => "too_many_takes",
            Code::LobbyFull => "lobby_full",
            Code::BadName => "bad_name",
            Code::Engine(code) => code,
        }
    }
}

/// Where a room stands: `room.status` on the wire, written as its `code()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename_all = "lowercase"))]
pub enum RoomStatus {
    /// Seats are free: the game has not started.
    Waiting,
    /// Every seat is taken and the match goes on.
    Playing,
    /// The match has ended (finished, resigned, drawn, on time).
    Over,
}

impl RoomStatus {
    /// Every status.
    #[cfg(test)]
    pub const ALL: [RoomStatus; 3] = [RoomStatus::Waiting, RoomStatus::Playing, RoomStatus::Over];

    /// The status as clients see it (`room.status`); never changes.
    pub fn code(self) -> &'static str {
        match self {
            RoomStatus::Waiting => "waiting",
            RoomStatus::Playing => "playing",
            RoomStatus::Over => "over",
        }
    }
}

impl serde::Serialize for RoomStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_and_status_is_listed_in_the_online_docs_and_codes_are_distinct() {
        let docs = include_str!("../../docs/ONLINE.md");
        for code in Code::ALL.map(Code::code).into_iter().chain(RoomStatus::ALL.map(RoomStatus::code)) {
            assert!(docs.contains(&format!("`{code}`")), "docs/ONLINE.md lists `{code}`");
        }
        let mut codes: Vec<&str> = Code::ALL.map(Code::code).to_vec();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Code::ALL.len());
    }
}
