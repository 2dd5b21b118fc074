//! The page's copy of the online protocol, www/src/online/protocol.ts, derived from the types of
//! protocol.rs with ts-rs (the derives are on the types themselves, test builds only) and laid out by
//! the engine's own layout code (src/ts_layout.rs), as the engine's declarations are
//! (src/declarations.rs). `BLESS=1 cargo test -p battleline-server --bin battleline-server protocol_ts`
//! writes the file anew; the drift test below fails when the committed file is not what the types give.
//! Every type the two messages reach is declared, so a new message or field is in the page's types
//! once it is in protocol.rs (with `#[cfg_attr(test, derive(ts_rs::TS))]` on a new type). The engine's
//! own types inside a message (view, legal actions, log, record, options, score) are named with
//! `#[ts(type = "…")]` and imported from the engine's generated declarations (src/wasm/declarations.d.ts).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use ts_rs::{Config, TypeVisitor, TS};

use super::{
    ClientMessage, ClockInfo, ClockSetting, EndReason, Ended, OpenGame, RoomInfo, SeatInfo, ServerMessage, Unlisted,
};
use crate::codes::RoomStatus;

#[path = "../../src/ts_layout.rs"]
mod ts_layout;

/// The committed file, relative to the server crate.
const FILE: &str = "../www/src/online/protocol.ts";

/// The command that writes the file anew.
const BLESS: &str = "BLESS=1 cargo test -p battleline-server --bin battleline-server protocol_ts";

/// TypeScript's own generic types, used in `#[ts(type = "…")]`.
const BUILTINS: [&str; 3] = ["Array", "Record", "Partial"];

/// Declarations of every type reached from the messages, each once, by name (ts-rs visits a type's
/// dependencies in no fixed order, so the file is sorted to be the same on every build).
struct Declarations {
    config: Config,
    by_name: BTreeMap<String, String>,
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Only the types that have a declaration of their own (ts-rs gives them an output path); wrappers
        // such as `Box<T>` and `Option<T>` are seen through.
        if T::output_path().is_none() {
            T::visit_dependencies(self);
            return;
        }
        let name = T::ident(&self.config);
        if self.by_name.contains_key(&name) {
            return;
        }
        self.by_name.insert(name, ts_layout::declaration::<T>(&self.config));
        T::visit_dependencies(self);
    }
}

/// The names a TypeScript text uses as types (capitalised words outside comments and string literals).
fn type_names(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("//") || code.starts_with('*') || code.starts_with("/*") {
            continue;
        }
        let mut in_string = None;
        let mut word = String::new();
        for c in code.chars().chain([' ']) {
            match in_string {
                Some(quote) if c == quote => in_string = None,
                Some(_) => {}
                None if c == '"' || c == '\'' => in_string = Some(c),
                None if c.is_alphanumeric() || c == '_' => word.push(c),
                None => {
                    if word.starts_with(|f: char| f.is_ascii_uppercase()) {
                        names.insert(word.clone());
                    }
                    word.clear();
                }
            }
        }
    }
    names
}

/// The whole file.
fn protocol_ts() -> String {
    let mut all = Declarations { config: Config::new().with_large_int("number"), by_name: BTreeMap::new() };
    all.visit::<ServerMessage>();
    all.visit::<ClientMessage>();
    // The two messages first, then the types they use, alphabetically.
    let roots = [ServerMessage::ident(&all.config), ClientMessage::ident(&all.config)];
    let order = roots.iter().chain(all.by_name.keys().filter(|name| !roots.contains(name)));
    let body: String = order.map(|name| format!("\n{}", all.by_name[name])).collect();
    let engine: Vec<String> = type_names(&body)
        .into_iter()
        .filter(|name| !all.by_name.contains_key(name) && !BUILTINS.contains(&name.as_str()))
        .collect();
    format!(
        "// Derived from the Rust types of server/src/protocol.rs by server/src/protocol_ts.rs (ts-rs); do not\n\
         // edit: run `{BLESS}` after changing a type.\n\
         //\n\
         // The online protocol's messages (docs/ONLINE.md). The view, legal actions and log entries are the\n\
         // engine's own types: the server sends each seat exactly what the wasm API's `view(seat)` and\n\
         // `log(seat)` give (a spectator: `spectatorView()` and `log(null)`).\n\
         import type {{ {} }} from '../../../pkg/full.js';\n{body}",
        engine.join(", ")
    )
}

#[test]
fn the_pages_protocol_is_derived_from_the_rust_types() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../www/src/online/protocol.ts");
    let derived = protocol_ts();
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(path, &derived).expect("www/src/online/protocol.ts is writable");
    }
    let kept = std::fs::read_to_string(path).unwrap_or_default();
    assert!(kept == derived, "{FILE} is not what the Rust types give; run `{BLESS}` and review the difference");
}

#[test]
fn the_engine_types_the_protocol_imports_are_the_engines_declarations() {
    let engine = include_str!("../../src/wasm/declarations.d.ts");
    let page = protocol_ts();
    let import = page.lines().find(|l| l.starts_with("import type")).expect("the file imports the engine's types");
    let names: Vec<&str> = import
        .split(['{', '}'])
        .nth(1)
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    assert!(names.contains(&"PlayerView") && names.contains(&"MatchScore"), "{import}");
    for name in names {
        assert!(engine.contains(&format!("export type {name} ")), "{name} is not a type of the engine's declarations");
    }
}

#[test]
fn a_rooms_status_is_written_as_its_code_and_declared_as_the_codes() {
    let declared = RoomStatus::inline(&Config::new());
    for status in RoomStatus::ALL {
        assert_eq!(serde_json::to_value(status).unwrap(), Value::from(status.code()));
        assert!(declared.contains(&format!("\"{}\"", status.code())), "{declared} names {}", status.code());
    }
    assert_eq!(declared.matches('|').count() + 1, RoomStatus::ALL.len(), "{declared}");
}

/// Every object key in `value`, recursively, except inside `options` (the engine's own `GameOptions`,
/// declared by the engine's generated declarations).
fn keys(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.insert(k.clone());
                if k != "options" {
                    keys(v, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

/// Whether `page` declares `name`: a message type as a string literal (`"presence"`), a field as a
/// property (`left:`, `left?:` or `"type":`, not merely the word in a comment).
fn declared(page: &str, name: &str) -> bool {
    if name.starts_with('"') || page.contains(&format!("\"{name}\":")) {
        return page.contains(name);
    }
    page.match_indices(name).any(|(at, _)| {
        let before = page[..at].chars().next_back().is_none_or(|c| !c.is_alphanumeric() && c != '_');
        let after = &page[at + name.len()..];
        before && (after.starts_with(':') || after.starts_with("?:"))
    })
}

fn room() -> RoomInfo {
    let setting = ClockSetting { initial_ms: 1, increment_ms: 0 };
    RoomInfo {
        id: "r".into(),
        options: battleline::Options::default(),
        status: RoomStatus::Playing,
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

/// A listed game, with clocks (so that every key is written).
fn open_game() -> OpenGame {
    let clock = Some(ClockSetting { initial_ms: 1, increment_ms: 0 });
    OpenGame { id: "g".into(), name: "n".into(), options: battleline::Options::default(), clock, coach: false, free: 1 }
}

/// ts-rs reads the serde attributes of the derived types, not hand-written `Serialize` impls nor
/// `to_text`: the keys and message types the server actually writes must be declared too.
#[test]
fn every_field_the_server_writes_is_declared_in_the_pages_protocol() {
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
        named.insert(format!("\"{}\"", value["type"].as_str().unwrap()));
        keys(&value, &mut named);
    }
    // The room inside a state (its options are the engine's).
    let mut room = serde_json::to_value(room()).unwrap();
    room.as_object_mut().unwrap().remove("options");
    keys(&room, &mut named);
    named.insert("\"state\"".into());
    let page = protocol_ts();
    let missing: Vec<&String> = named.iter().filter(|name| !declared(&page, name)).collect();
    assert!(missing.is_empty(), "the derived protocol does not declare {missing:?}, which the server writes");
}
