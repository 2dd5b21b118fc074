//! Spectators leaving all at once: the room's task may tell of the departures faster than a connection's
//! writer gets the CPU, but a `presence` not yet written is replaced by the newer one, never queued
//! behind it, so a burst the server makes itself drops no reader, even one with a send queue of 4 frames.

use std::time::Duration;

use serde_json::json;

use crate::common::{connect_from, metric, temp_db, Client, Server};
use crate::crowd::started;

/// Reads until a `presence` says `spectators` are left, with a deadline: only `presence` and `state`
/// messages may come (an error or a close fails).
async fn presence_down_to(c: &mut Client, spectators: u64) {
    let reading = async {
        loop {
            let m = c.next().await.expect("still connected: not dropped as a slow reader");
            assert!(m["type"] == "presence" || m["type"] == "state", "{m}");
            if m["type"] == "presence" && m["spectators"] == spectators {
                return;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), reading).await.expect("the departures told within 10 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_departures_drops_no_reader_even_with_a_tiny_send_queue() {
    let (_dir, db) = temp_db("departures");
    let server = Server::start(&db, &["--send-queue", "4"]);
    let (room, mut mover, mut other) = started(&server).await;
    let mut crowd = Vec::new();
    for n in 0..30 {
        let mut s = connect_from(&server.url(), &format!("127.0.2.{}", n + 1), &[]).await.expect("connects");
        s.send(json!({"type": "join", "room": room, "watch": true})).await;
        s.next_of("welcome").await;
        s.next_of("state").await;
        crowd.push(s);
    }
    // 25 go at once (their connections closed together); 5 stay, and so do the players.
    let mut stayers = crowd.split_off(25);
    drop(crowd);
    for c in stayers.iter_mut().chain([&mut mover, &mut other]) {
        presence_down_to(c, 5).await;
    }
    assert_eq!(metric(server.port, "battleline_slow_reader_drops_total").await, 0.0, "nobody dropped");
    // The game goes on to everyone who stayed.
    if mover.last_state().unwrap()["legal"].as_array().unwrap().is_empty() {
        std::mem::swap(&mut mover, &mut other);
    }
    let state = mover.last_state().unwrap().clone();
    let n = state["n"].as_u64().unwrap();
    mover.send(json!({"type": "act", "id": "after", "action": state["legal"][0], "n": n})).await;
    for c in stayers.iter_mut().chain([&mut other]) {
        let seen = tokio::time::timeout(Duration::from_secs(10), c.state_at_least(n + 1)).await;
        assert_eq!(seen.expect("the move seen within 10 s")["n"], n + 1);
    }
}
