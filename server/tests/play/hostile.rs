//! Bad input against a running server, as a careless or hostile client sends it: each gets a clear error
//! frame (or, for a flood or a frame far over the limit, a closed connection) and changes nothing.

use crate::common;

use std::path::Path;
use std::time::Duration;

use common::{stored_room, temp_db, Client, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

async fn error_code(client: &mut Client) -> String {
    client.next_of("error").await["code"].as_str().unwrap().to_string()
}

/// A two-player room with both seats taken: (room, the client whose turn it is, the other, its n).
async fn started_room(server: &Server) -> (String, Client, Client) {
    let mut a = Client::connect(&server.url()).await;
    let (room, _) = a.create(json!({})).await;
    let mut b = Client::connect(&server.url()).await;
    b.join(&room).await;
    let state_a = a.state_at_least(0).await;
    // Wait until both see the room playing.
    let mut state_a = state_a;
    while state_a["room"]["status"] != "playing" {
        state_a = a.next_of("state").await;
    }
    let mut state_b = b.next_of("state").await;
    while state_b["room"]["status"] != "playing" {
        state_b = b.next_of("state").await;
    }
    if state_a["legal"].as_array().unwrap().is_empty() {
        (room, b, a)
    } else {
        (room, a, b)
    }
}

fn first_legal(state: &Value) -> Value {
    state["legal"][0].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_unknown_and_misplaced_messages_get_error_frames_and_change_nothing() {
    let (_dir, db) = temp_db("hostile");
    let server = Server::start(&db, &["--max-creates-per-connection", "3"]);
    let mut c = Client::connect(&server.url()).await;
    c.send_text("{not json").await;
    assert_eq!(error_code(&mut c).await, "bad_message");
    c.send(json!({"type": "teleport"})).await;
    assert_eq!(error_code(&mut c).await, "bad_message");
    c.send(json!({"type": "act", "id": "x", "action": {"type": "pass"}, "extra": 1})).await;
    assert_eq!(error_code(&mut c).await, "bad_message");
    c.socket.send(tokio_tungstenite::tungstenite::Message::Binary(vec![1, 2, 3].into())).await.unwrap();
    assert_eq!(error_code(&mut c).await, "bad_message");
    c.send(json!({"type": "act", "id": "x", "action": {"type": "pass"}})).await;
    assert_eq!(error_code(&mut c).await, "not_in_room");
    c.send(json!({"type": "join", "room": "0123456789abcdef0123456789abcdef"})).await;
    assert_eq!(error_code(&mut c).await, "unknown_room");
    c.send(json!({"type": "join", "room": "../../etc/passwd"})).await;
    assert_eq!(error_code(&mut c).await, "unknown_room");
    c.send(json!({"type": "create", "options": {"players": 4}})).await;
    assert_eq!(error_code(&mut c).await, "bad_options");
    c.send(json!({"type": "create", "options": {"players": 3, "tactics": true}})).await;
    assert_eq!(error_code(&mut c).await, "bad_options");
    // Creating rooms without end is refused (the two refused above count too).
    c.send(json!({"type": "create", "options": {}})).await;
    c.next_of("welcome").await;
    c.send(json!({"type": "create", "options": {}})).await;
    assert_eq!(error_code(&mut c).await, "too_many_rooms");
    // A message over the limit (4096 bytes) is refused; the connection goes on.
    c.send(json!({"type": "ping", "pad": "x".repeat(5000)})).await;
    assert_eq!(error_code(&mut c).await, "too_large");
    c.send(json!({"type": "ping"})).await;
    assert_eq!(c.next().await.unwrap()["type"], "pong");
    // A frame far over it closes the connection, and only that one.
    c.send(json!({"type": "ping", "pad": "x".repeat(200_000)})).await;
    assert!(c.next().await.is_none(), "a 200 KB frame closes the connection");
    let mut d = Client::connect(&server.url()).await;
    d.send(json!({"type": "ping"})).await;
    assert_eq!(d.next().await.unwrap()["type"], "pong");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_turns_and_action_ids_are_checked_and_a_retry_is_applied_once() {
    let (_dir, db) = temp_db("turns");
    let server = Server::start(&db, &[]);
    let (room, mut mover, mut other) = started_room(&server).await;
    // Wrong tokens: made up, and one of another room.
    let mut stranger = Client::connect(&server.url()).await;
    stranger.send(json!({"type": "join", "room": room, "token": "00".repeat(32)})).await;
    assert_eq!(error_code(&mut stranger).await, "bad_token");
    let mut elsewhere = Client::connect(&server.url()).await;
    let (_, other_token) = elsewhere.create(json!({})).await;
    stranger.send(json!({"type": "join", "room": room, "token": other_token})).await;
    assert_eq!(error_code(&mut stranger).await, "bad_token");
    // The room is full: a third person may only watch, and a watcher may not act.
    stranger.send(json!({"type": "join", "room": room})).await;
    assert_eq!(error_code(&mut stranger).await, "room_full");
    stranger.send(json!({"type": "join", "room": room, "watch": true})).await;
    stranger.next_of("welcome").await;
    stranger.next_of("state").await;
    let movers = first_legal(mover.last_state().unwrap());
    stranger.send(json!({"type": "act", "id": "w", "action": movers, "n": 0})).await;
    assert_eq!(error_code(&mut stranger).await, "not_seated");

    // Out of turn: the other seat plays the mover's legal action.
    let state = mover.last_state().unwrap().clone();
    let action = first_legal(&state);
    other.send(json!({"type": "act", "id": "o1", "action": action, "n": 0})).await;
    let refused = other.next_of("error").await;
    assert!(["not_your_turn", "card_not_in_hand"].contains(&refused["code"].as_str().unwrap()), "{refused}");
    assert_eq!(refused["id"], "o1");
    // Garbage and illegal actions are refused with the engine's codes.
    mover.send(json!({"type": "act", "id": "m0", "action": {"type": "play", "card": "r11", "flag": 1}})).await;
    assert_eq!(error_code(&mut mover).await, "bad_message");
    mover.send(json!({"type": "act", "id": "m0", "action": {"type": "draw", "deck": "troop"}, "n": 0})).await;
    assert_eq!(error_code(&mut mover).await, "wrong_phase");
    mover.send(json!({"type": "act", "id": "", "action": action, "n": 0})).await;
    assert_eq!(error_code(&mut mover).await, "bad_message");
    // A stale position.
    mover.send(json!({"type": "act", "id": "m1", "action": action, "n": 5})).await;
    assert_eq!(error_code(&mut mover).await, "stale");
    assert!(stored_room(Path::new(&db), &room).1.is_empty(), "nothing refused was stored");

    // The real action, then the same message replayed twice: applied once.
    for attempt in 0..3 {
        mover.send(json!({"type": "act", "id": "m1", "action": action, "n": 0})).await;
        let ack = mover.next_of("ack").await;
        assert_eq!(ack["n"], 1);
        assert_eq!(ack["duplicate"], attempt > 0, "{ack}");
    }
    let stored = stored_room(Path::new(&db), &room).1;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].1, action);
    // A replay with the old n but a fresh id is stale, not applied.
    mover.send(json!({"type": "act", "id": "m2", "action": action, "n": 0})).await;
    assert!(["stale", "wrong_phase"].contains(&error_code(&mut mover).await.as_str()));
    assert_eq!(stored_room(Path::new(&db), &room).1.len(), 1);
    // Another tab with the mover's token shares the seat and sees the same state.
    let welcome = &mover.received.iter().find(|m| m["type"] == "welcome").unwrap().clone();
    let mut tab = Client::connect(&server.url()).await;
    tab.send(json!({"type": "join", "room": room, "token": welcome["token"]})).await;
    assert_eq!(tab.next_of("welcome").await["seat"], welcome["seat"]);
    assert_eq!(tab.next_of("state").await["n"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_rate_limited_then_closed_and_others_are_served() {
    let (_dir, db) = temp_db("flood");
    // A send queue far above what the flood is answered with (40 pongs, a few error frames): on a loaded
    // machine the writer may fall behind the reader, and the slow-reader close (tested on its own below)
    // must not stand in for the flood's close here.
    let server = Server::start(
        &db,
        &["--rate-per-second", "20", "--rate-burst", "40", "--flood-close-after", "100", "--send-queue", "1024"],
    );
    let mut flood = Client::connect(&server.url()).await;
    for _ in 0..400 {
        if flood.socket.send(Message::Text("{\"type\":\"ping\"}".into())).await.is_err() {
            break;
        }
    }
    // Every frame sent before the close arrives, then the close frame itself (not a reset that would make
    // the kernel drop what the flooder had not read yet).
    let (mut pongs, mut limited) = (0, 0);
    let close = loop {
        let frame = tokio::time::timeout(Duration::from_secs(10), flood.socket.next()).await.expect("in time");
        match frame {
            Some(Ok(Message::Text(text))) => {
                let m: Value = serde_json::from_str(text.as_str()).unwrap();
                match m["type"].as_str() {
                    Some("pong") => pongs += 1,
                    Some("error") if m["code"] == "rate_limited" => limited += 1,
                    other => panic!("unexpected {other:?}"),
                }
            }
            Some(Ok(Message::Close(frame))) => break frame,
            other => panic!("the connection ended without a close frame: {other:?} after {pongs} pongs"),
        }
    };
    assert!((40..=60).contains(&pongs), "{pongs} pings answered (burst 40), then closed with {close:?}");
    assert!(limited >= 3, "{limited} refusals before the close (one error frame per 20 refused messages)");
    let close = close.expect("a close frame with a reason");
    assert_eq!((u16::from(close.code), close.reason.as_str()), (1008, "too many messages: the connection is closed"));
    let mut calm = Client::connect(&server.url()).await;
    calm.send(json!({"type": "ping"})).await;
    assert_eq!(calm.next().await.unwrap()["type"], "pong");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_reader_is_dropped_without_slowing_the_players() {
    let (_dir, db) = temp_db("slow");
    let server = Server::start(&db, &["--send-queue", "8", "--rate-per-second", "100000", "--rate-burst", "100000"]);
    let (room, mut a, mut b) = started_room(&server).await;
    // A spectator that never reads, on a socket with a tiny receive buffer.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(2048).unwrap();
    let stream = socket.connect(format!("127.0.0.1:{}", server.port).parse().unwrap()).await.unwrap();
    let (mut sloth, _) = tokio_tungstenite::client_async(server.url(), stream).await.unwrap();
    let watch = json!({"type": "join", "room": room, "watch": true}).to_string();
    sloth.send(Message::Text(watch.into())).await.unwrap();
    // The players play on (whole matches, rematches) while the spectator reads nothing.
    let started = std::time::Instant::now();
    let mut n = 0u64;
    let mut actions = 0;
    while actions < 2000 {
        let (sa, sb) = (a.state_at_least(n).await, b.state_at_least(n).await);
        if sa["room"]["status"] == "over" {
            a.send(json!({"type": "rematch"})).await;
            b.send(json!({"type": "rematch"})).await;
            n = 0;
            loop {
                let s = a.next_of("state").await;
                if s["room"]["status"] == "playing" && s["n"] == 0 {
                    break;
                }
            }
            while b.next_of("state").await["room"]["status"] != "playing" {}
            continue;
        }
        let (actor, state) = if sa["legal"].as_array().unwrap().is_empty() { (&mut b, sb) } else { (&mut a, sa) };
        actor.send(json!({"type": "act", "id": format!("s{actions}"), "action": first_legal(&state), "n": n})).await;
        actor.next_of("ack").await;
        n += 1;
        actions += 1;
    }
    let played = started.elapsed();
    // The spectator's queue filled: the server closed its connection.
    let mut frames = 0;
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(Ok(frame)) = sloth.next().await {
            if frame.is_close() {
                return true;
            }
            frames += 1;
        }
        true
    })
    .await
    .unwrap_or(false);
    assert!(closed, "the slow reader's connection was closed");
    assert!(frames < 2000, "the slow reader got {frames} frames of 2000 actions' states: it was cut off");
    assert!(played < Duration::from_secs(60), "the players were held up: {played:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_draw_rematch_and_clocks_work_as_the_room_says() {
    let (_dir, db) = temp_db("room");
    let server = Server::start(&db, &[]);
    let (room, mut a, mut b) = started_room(&server).await;
    // A draw offered and declined, then offered by both: the match is drawn.
    a.send(json!({"type": "offerDraw"})).await;
    b.state_where(|s| s["room"]["drawOffers"].as_array().unwrap().len() == 1).await;
    b.send(json!({"type": "declineDraw"})).await;
    a.state_where(|s| s["room"]["drawOffers"] == json!([]) && s["room"]["status"] == "playing").await;
    a.send(json!({"type": "offerDraw"})).await;
    b.state_where(|s| s["room"]["drawOffers"].as_array().unwrap().len() == 1).await;
    b.send(json!({"type": "offerDraw"})).await;
    let over = a.state_where(|s| s["room"]["status"] == "over").await;
    assert_eq!(over["room"]["ended"]["reason"], "drawAgreed");
    assert!(over["record"]["seed"].is_u64(), "the record comes once the match is over");
    // Acting after the end is refused; a rematch needs both seats.
    a.send(json!({"type": "resign"})).await;
    assert_eq!(error_code(&mut a).await, "match_over");
    a.send(json!({"type": "rematch"})).await;
    let asked = a.state_where(|s| !s["room"]["rematch"].as_array().unwrap().is_empty()).await;
    assert_eq!(asked["room"]["rematch"], json!([seat_of(&a)]));
    b.send(json!({"type": "rematch"})).await;
    let fresh = a.state_where(|s| s["room"]["generation"] == 1).await;
    assert_eq!(fresh["room"]["status"], "playing");
    assert!(fresh["record"].is_null(), "no record while the new match is on");
    // A resignation ends it with the other seat winning.
    b.send(json!({"type": "resign"})).await;
    let ended = a.state_where(|s| s["room"]["status"] == "over").await["room"]["ended"].clone();
    assert_eq!(ended["reason"], "resigned");
    assert_eq!(ended["winner"], seat_of(&a));
    assert_eq!(ended["by"], seat_of(&b));
    let _ = room;

    // Clocks: 400 ms each; nobody moves, so the player to move loses on time.
    let mut c = Client::connect(&server.url()).await;
    c.send(json!({"type": "create", "options": {}, "clock": {"initialMs": 400, "incrementMs": 0}})).await;
    let clocked = c.next_of("welcome").await["room"].as_str().unwrap().to_string();
    let mut d = Client::connect(&server.url()).await;
    d.join(&clocked).await;
    let ended = loop {
        let s = d.next_of("state").await;
        if s["room"]["status"] == "over" {
            break s["room"].clone();
        }
    };
    assert_eq!(ended["ended"]["reason"], "time");
    assert_eq!(ended["clock"]["remainingMs"][ended["ended"]["by"].as_u64().unwrap() as usize], 0);
}

fn seat_of(client: &Client) -> u64 {
    client.received.iter().find(|m| m["type"] == "welcome").unwrap()["seat"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_and_rooms_over_the_servers_limits_are_refused_clearly_and_served_again_once_freed() {
    let (_dir, db) = temp_db("limits");
    let server = Server::start(&db, &["--max-connections", "3", "--max-rooms", "2", "--idle-unload-secs", "1"]);
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut c = Client::connect(&server.url()).await;
        c.send(json!({"type": "ping"})).await;
        assert_eq!(c.next().await.unwrap()["type"], "pong");
        held.push(c);
    }
    // A fourth connection is closed at once with a close frame that says why.
    let mut fourth = Client::connect(&server.url()).await;
    let frame = tokio::time::timeout(Duration::from_secs(10), fourth.socket.next()).await.unwrap();
    let Some(Ok(Message::Close(Some(close)))) = frame else { panic!("a close frame, got {frame:?}") };
    assert_eq!(u16::from(close.code), 1008);
    assert!(close.reason.contains("as many connections"), "{}", close.reason);
    // One leaves: the next person is served.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut next = Client::connect(&server.url()).await;
    next.send(json!({"type": "ping"})).await;
    assert_eq!(next.next().await.unwrap()["type"], "pong");

    // Two rooms in memory at most: a third is refused with server_full, and nothing is stored for it.
    let (first, _) = held[0].create(json!({})).await;
    held[1].create(json!({})).await;
    next.send(json!({"type": "create", "options": {}})).await;
    assert_eq!(error_code(&mut next).await, "server_full");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let rooms: i64 = conn.query_row("SELECT COUNT(*) FROM rooms", [], |r| r.get(0)).unwrap();
    assert_eq!(rooms, 2, "the refused room was not stored");
    // Once a room is left empty and unloaded, there is room again; the unloaded one comes back on a join.
    drop(held.remove(0));
    tokio::time::sleep(Duration::from_millis(2500)).await;
    next.send(json!({"type": "create", "options": {}})).await;
    next.next_of("welcome").await;
    // Two rooms are in memory again, but a room that exists is never refused for that: joining it is
    // not creating, and the rooms in memory are bounded by the creation limits and the unloading.
    let mut back = Client::connect(&server.url()).await;
    back.send(json!({"type": "join", "room": first, "watch": true})).await;
    let welcome = back.next_of("welcome").await;
    // A spectator knows the room by its watch id, never by the invite's.
    assert_eq!(welcome["seat"], Value::Null);
    assert_ne!(welcome["room"], first.as_str());
    assert_eq!(back.next_of("state").await["room"]["id"], welcome["room"]);
}
