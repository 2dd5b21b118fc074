//! The page's copy of the protocol (www/src/online/protocol.ts, written by hand) against these types:
//! every message type and every field the server sends about the room, and every message the server
//! accepts, must be named there, so that a field added here (a `watch` id, a `presence` message, a seat's
//! `left`, the room's `coach`) cannot go unseen by the page. The engine's own types inside a state (view,
//! legal actions, log, record) are the engine's generated declarations and are checked by its drift test.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{
    ClientMessage, ClockInfo, ClockSetting, EndReason, Ended, OpenGame, RoomInfo, SeatInfo, ServerMessage, Unlisted,
};

const PAGE: &str = include_str!("../../www/src/online/protocol.ts");

/// Every object key in `value`, recursively.
fn keys(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.insert(k.clone());
                keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

/// Whether the page declares `name`: a message type as a string literal (`'presence'`), a field as a
/// property (`left:` or `left?:`, not merely the word in a comment).
fn declared(name: &str) -> bool {
    if name.starts_with('\'') {
        return PAGE.contains(name);
    }
    PAGE.match_indices(name).any(|(at, _)| {
        let before = PAGE[..at].chars().next_back().is_none_or(|c| !c.is_alphanumeric() && c != '_');
        let after = &PAGE[at + name.len()..];
        before && (after.starts_with(':') || after.starts_with("?:"))
    })
}

fn room() -> RoomInfo {
    let setting = ClockSetting { initial_ms: 1, increment_ms: 0 };
    RoomInfo {
        id: "r".into(),
        options: battleline::Options::default(),
        status: "playing",
        seats: vec![SeatInfo { taken: true, connected: 1, left: false }],
        spectators: 0,
        ended: Some(Ended { reason: EndReason::Resigned, by: Some(0), winner: Some(1) }),
        draw_offers: vec![],
        rematch: vec![],
        generation: 0,
        clock: Some(ClockInfo { setting, remaining_ms: vec![1], running: None }),
        coach: false,
    }
}

fn open_game() -> OpenGame {
    let clock = Some(ClockSetting { initial_ms: 1, increment_ms: 0 });
    OpenGame { id: "g".into(), name: "n".into(), options: battleline::Options::default(), clock, coach: false, free: 1 }
}

/// The type names of the client's messages: a match, so that a new variant does not compile until it is
/// named here (and then in the page).
fn client_type(m: &ClientMessage) -> &'static str {
    match m {
        ClientMessage::Create { .. } => "create",
        ClientMessage::Join { .. } => "join",
        ClientMessage::Act { .. } => "act",
        ClientMessage::Resign => "resign",
        ClientMessage::OfferDraw => "offerDraw",
        ClientMessage::DeclineDraw => "declineDraw",
        ClientMessage::Rematch => "rematch",
        ClientMessage::Ping => "ping",
        ClientMessage::Leave => "leave",
        ClientMessage::Lobby => "lobby",
        ClientMessage::Post { .. } => "post",
        ClientMessage::Unpost => "unpost",
        ClientMessage::Take { .. } => "take",
    }
}

#[test]
fn the_pages_protocol_names_every_message_and_room_field_the_server_has() {
    let mut named = BTreeSet::new();
    let server_messages = [
        ServerMessage::Welcome {
            protocol: 1,
            room: "r".into(),
            seat: Some(0),
            token: Some("t".into()),
            watch: Some("w".into()),
        },
        ServerMessage::Presence { seats: room().seats, spectators: 0 },
        ServerMessage::Ack { id: "a".into(), n: 1, duplicate: false },
        ServerMessage::error(crate::codes::Code::BadMessage, "words", Some("a".into())),
        ServerMessage::Pong,
        ServerMessage::Lobby { games: vec![open_game()] },
        ServerMessage::Listed { game: open_game() },
        ServerMessage::Unlisted { game: "g".into(), reason: Unlisted::Taken },
        ServerMessage::Posted { game: open_game() },
    ];
    for m in &server_messages {
        let value: Value = serde_json::from_str(&m.to_text()).unwrap();
        named.insert(format!("'{}'", value["type"].as_str().unwrap()));
        keys(&value, &mut named);
    }
    // The room inside a state (its options are the engine's).
    let mut room = serde_json::to_value(room()).unwrap();
    room.as_object_mut().unwrap().remove("options");
    keys(&room, &mut named);
    named.insert("'state'".into());
    for text in [
        r#"{"type":"create"}"#,
        r#"{"type":"join","room":"r"}"#,
        r#"{"type":"act","id":"a","action":{"type":"pass"}}"#,
        r#"{"type":"resign"}"#,
        r#"{"type":"offerDraw"}"#,
        r#"{"type":"declineDraw"}"#,
        r#"{"type":"rematch"}"#,
        r#"{"type":"ping"}"#,
        r#"{"type":"leave"}"#,
        r#"{"type":"lobby"}"#,
        r#"{"type":"post","name":"a"}"#,
        r#"{"type":"unpost"}"#,
        r#"{"type":"take","game":"g"}"#,
    ] {
        let m: ClientMessage = serde_json::from_str(text).unwrap();
        named.insert(format!("'{}'", client_type(&m)));
    }
    // The client's fields the server reads.
    named.extend(
        ["options", "clock", "coach", "room", "token", "watch", "id", "action", "n", "name", "game"].map(String::from),
    );
    // Why a game left the lobby: every reason, as a string literal.
    for reason in [Unlisted::Taken, Unlisted::Withdrawn, Unlisted::Expired] {
        named.insert(format!("'{}'", serde_json::to_value(reason).unwrap().as_str().unwrap()));
    }
    let missing: Vec<&String> = named.iter().filter(|name| !declared(name)).collect();
    assert!(
        missing.is_empty(),
        "www/src/online/protocol.ts does not name {missing:?}: keep it in step with protocol.rs"
    );
}
