//! What one client can do to the others on a public server, tried as an attacker would on loopback
//! (several client addresses: Linux answers on all of 127.0.0.0/8): flood rooms over reconnections,
//! hold connections open, go silent, bring a crowd of spectators. Each limit refuses the attacker
//! (logged and counted in /metrics) and leaves the other clients served.

#[path = "../common/mod.rs"]
mod common;
// A crowd of spectators in one room: what the players and the spectators see.
mod crowd;
// Spectators leaving all at once, with a tiny send queue: nobody dropped.
mod departures;

use std::time::{Duration, Instant};

use common::{connect_from, metric, temp_db, Client, Server};
use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// The next `welcome` or `error`, skipping the rest.
async fn welcome_or_error(c: &mut Client) -> Value {
    loop {
        let m = c.next().await.expect("an answer");
        if m["type"] == "welcome" || m["type"] == "error" {
            return m;
        }
    }
}

/// Creates rooms over fresh connections from `from` until refused (or `most` made): (made, refusal code).
async fn flood_rooms(url: &str, from: &str, headers: &[(&str, &str)], most: usize) -> (usize, String) {
    let mut made = 0;
    loop {
        let mut c = connect_from(url, from, headers).await.expect("connects");
        // A few rooms per connection, then a new connection (as a reconnecting client would).
        for _ in 0..3 {
            c.send(json!({"type": "create", "options": {}})).await;
            let m = welcome_or_error(&mut c).await;
            if m["type"] == "error" {
                return (made, m["code"].as_str().unwrap().to_string());
            }
            made += 1;
            if made >= most {
                return (made, String::new());
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_flooding_rooms_over_reconnections_cannot_stop_another_creating_or_rejoining() {
    let (_dir, db) = temp_db("room-flood");
    let server = Server::start(
        &db,
        &["--max-rooms", "40", "--create-burst", "10", "--creates-per-minute", "1", "--idle-unload-secs", "2"],
    );
    // The victim's game, left for a while (unloaded: it lives in the store only).
    let mut victim = Client::connect(&server.url()).await;
    let (room, token) = victim.create(json!({})).await;
    drop(victim);
    tokio::time::sleep(Duration::from_millis(2500)).await;

    let (made, code) = flood_rooms(&server.url(), "127.0.0.2", &[], 60).await;
    assert_eq!((made, code.as_str()), (10, "too_many_rooms"), "the flooder gets its burst, then refusals");

    // The victim creates a room, and rejoins the old one with its token.
    let mut victim = Client::connect(&server.url()).await;
    victim.send(json!({"type": "create", "options": {}})).await;
    let answer = welcome_or_error(&mut victim).await;
    assert_eq!(answer["type"], "welcome", "the victim may still create: {answer}");
    victim.send(json!({"type": "join", "room": room, "token": token})).await;
    let answer = welcome_or_error(&mut victim).await;
    assert_eq!(answer["type"], "welcome", "the victim may still rejoin: {answer}");
    assert_eq!(answer["seat"], 0);
    assert!(metric(server.port, "battleline_refusals_total{code=\"too_many_rooms\"}").await >= 1.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_clients_are_told_apart_by_forwarded_for_and_nobody_else_may_forge_it() {
    let (_dir, db) = temp_db("proxy");
    let server = Server::start(
        &db,
        &["--trusted-proxies", "127.0.0.1", "--create-burst", "3", "--creates-per-minute", "1", "--max-rooms", "1000"],
    );
    let url = server.url();
    // Two clients of the proxy: the first one's refusals do not touch the second.
    let first = [("x-forwarded-for", "198.51.100.1")];
    assert_eq!(flood_rooms(&url, "127.0.0.1", &first, 10).await, (3, "too_many_rooms".to_string()));
    let second = [("x-forwarded-for", "6.6.6.6, 198.51.100.2")];
    assert_eq!(flood_rooms(&url, "127.0.0.1", &second, 2).await, (2, String::new()));
    // What the second client wrote itself (6.6.6.6) is not its address: another client claiming it is
    // not refused for the second one's rooms.
    let claims = [("x-forwarded-for", "198.51.100.2")];
    assert_eq!(flood_rooms(&url, "127.0.0.1", &claims, 5).await, (1, "too_many_rooms".to_string()));
    // Not through the proxy: the header is ignored and the address counts, whatever it claims.
    let forged = |n: usize| format!("203.0.113.{n}");
    let mut made = 0;
    for n in 0..6 {
        let header = forged(n);
        let (m, code) = flood_rooms(&url, "127.0.0.3", &[("x-forwarded-for", header.as_str())], 1).await;
        made += m;
        if !code.is_empty() {
            break;
        }
    }
    assert_eq!(made, 3, "a forged header does not refill the bucket of 127.0.0.3");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_capped_per_address_and_others_still_connect() {
    let (_dir, db) = temp_db("conn-cap");
    let server = Server::start(&db, &["--max-connections-per-address", "8"]);
    let mut held = Vec::new();
    let mut refused = 0;
    for _ in 0..20 {
        match connect_from(&server.url(), "127.0.0.2", &[]).await {
            Ok(c) => held.push(c),
            Err(_) => refused += 1,
        }
    }
    assert_eq!((held.len(), refused), (8, 12), "8 connections from one address, the rest refused");
    // Idle TCP connections count too.
    let mut raw = Vec::new();
    for _ in 0..8 {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind("127.0.0.4:0".parse().unwrap()).unwrap();
        raw.push(socket.connect(([127, 0, 0, 1], server.port).into()).await.unwrap());
    }
    assert!(connect_from(&server.url(), "127.0.0.4", &[]).await.is_err(), "a 9th from 127.0.0.4 is refused");
    let mut other = Client::connect(&server.url()).await;
    other.send(json!({"type": "ping"})).await;
    assert_eq!(other.next().await.unwrap()["type"], "pong");
    assert!(metric(server.port, "battleline_refusals_total{code=\"too_many_connections\"}").await >= 12.0);
}

/// Reads what the server sends until it closes the connection; how long that took (panics after `most`).
async fn until_closed(stream: &mut TcpStream, most: Duration) -> Duration {
    let start = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(most.saturating_sub(start.elapsed()), stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return start.elapsed(),
            Ok(Ok(_)) => continue,
            Err(_) => panic!("still open after {most:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_half_sent_and_unanswering_connections_are_closed_in_the_configured_time() {
    let (_dir, db) = temp_db("idle");
    let server = Server::start(&db, &["--header-timeout-secs", "1", "--ping-secs", "1", "--idle-timeout-secs", "2"]);
    let address = ("127.0.0.1", server.port);
    // Connected, never a byte.
    let mut silent = TcpStream::connect(address).await.unwrap();
    // Half a request.
    let mut half = TcpStream::connect(address).await.unwrap();
    half.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    // A WebSocket that never answers a ping (its bytes are read, never understood).
    let mut mute = TcpStream::connect(address).await.unwrap();
    let upgrade = "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
                   Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    mute.write_all(upgrade.as_bytes()).await.unwrap();
    let mut head = [0u8; 12];
    mute.read_exact(&mut head).await.unwrap();
    assert_eq!(&head, b"HTTP/1.1 101");
    // A client that reads (and so answers pings) stays, however long it says nothing itself.
    let mut alive = Client::connect(&server.url()).await;
    let reader = tokio::spawn(async move {
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut pings = 0;
        while Instant::now() < deadline {
            if let Ok(frame) = tokio::time::timeout(Duration::from_millis(200), alive.socket.next()).await {
                match frame {
                    Some(Ok(Message::Ping(_))) => pings += 1,
                    Some(Ok(_)) => {}
                    other => panic!("the reading client was closed: {other:?}"),
                }
            }
        }
        (pings, alive)
    });

    let (a, b, c) = tokio::join!(
        until_closed(&mut silent, Duration::from_secs(6)),
        until_closed(&mut half, Duration::from_secs(6)),
        until_closed(&mut mute, Duration::from_secs(8)),
    );
    assert!(a < Duration::from_secs(3) && b < Duration::from_secs(3), "{a:?} {b:?} for a 1 s head deadline");
    assert!(c >= Duration::from_secs(1) && c < Duration::from_secs(5), "{c:?} for a 2 s idle timeout");
    let (pings, mut alive) = reader.await.unwrap();
    assert!(pings >= 3, "{pings} pings in 5 s");
    alive.send(json!({"type": "ping"})).await;
    assert_eq!(alive.next().await.unwrap()["type"], "pong");
    assert!(metric(server.port, "battleline_idle_closes_total").await >= 1.0);
    assert!(metric(server.port, "battleline_ping_lag_seconds_count").await >= 1.0, "pongs measured");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watch_link_never_takes_a_seat() {
    let (_dir, db) = temp_db("watch");
    let server = Server::start(&db, &[]);
    let mut host = Client::connect(&server.url()).await;
    host.send(json!({"type": "create", "options": {}})).await;
    let welcome = host.next_of("welcome").await;
    let (room, watch) = (welcome["room"].as_str().unwrap(), welcome["watch"].as_str().expect("a watch id"));
    assert_ne!(room, watch);
    // With the watch id, asking for a seat (no `watch`), even with a made-up token: a spectator.
    for join in
        [json!({"type": "join", "room": watch}), json!({"type": "join", "room": watch, "token": "ab".repeat(32)})]
    {
        let mut fan = Client::connect(&server.url()).await;
        fan.send(join).await;
        let w = fan.next_of("welcome").await;
        // Known by the watch id only: the invite's id never reaches a spectator.
        assert_eq!(
            (w["seat"].clone(), w["token"].clone(), w["room"].clone()),
            (Value::Null, Value::Null, json!(watch))
        );
        let s = fan.next_of("state").await;
        assert_eq!(s["room"]["status"], "waiting", "the seat is still free");
        assert_eq!(s["room"]["id"], json!(watch));
        assert!(!s.to_string().contains(room), "a spectator's state never names the invite's id");
    }
    // The invited friend still gets it.
    let mut friend = Client::connect(&server.url()).await;
    assert_eq!(friend.join(room).await.0, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_rooms_are_deleted_after_their_retention_and_rooms_in_use_are_kept() {
    let (dir, db) = temp_db("retention");
    let server = Server::start(
        &db,
        &["--room-retention-secs", "2", "--waiting-room-secs", "2", "--sweep-secs", "1", "--idle-unload-secs", "1"],
    );
    let mut gone = Client::connect(&server.url()).await;
    let (abandoned, _) = gone.create(json!({})).await;
    drop(gone);
    let mut kept = Client::connect(&server.url()).await;
    let (in_use, _) = kept.create(json!({})).await;
    let count = |room: &str| -> i64 {
        let conn = rusqlite::Connection::open(dir.path().join("retention.db")).unwrap();
        ["rooms WHERE id", "seats WHERE room", "activity WHERE room", "watch_ids WHERE room"]
            .iter()
            .map(|t| conn.query_row(&format!("SELECT COUNT(*) FROM {t} = ?1"), [room], |r| r.get::<_, i64>(0)).unwrap())
            .sum()
    };
    assert!(count(&abandoned) >= 3);
    let deadline = Instant::now() + Duration::from_secs(10);
    while count(&abandoned) > 0 {
        assert!(Instant::now() < deadline, "the abandoned room is still stored");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(count(&in_use) >= 3, "a room someone is in is kept");
    kept.send(json!({"type": "ping"})).await;
    assert_eq!(kept.next_of("pong").await["type"], "pong");
    assert!(metric(server.port, "battleline_rooms_deleted_total").await >= 1.0);
    let mut late = Client::connect(&server.url()).await;
    late.send(json!({"type": "join", "room": abandoned})).await;
    assert_eq!(late.next_of("error").await["code"], "unknown_room");
}
