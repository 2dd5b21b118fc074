//! Faults: the server is killed with SIGKILL twice while 40 games are being played through it, and
//! started again on the same database and port. Every client reconnects by itself and finishes its game;
//! every action the server acknowledged is in the database (nothing lost); each stored match replays in
//! the engine; the file passes SQLite's integrity check and `battleline-server check-db`.

use crate::common;

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use battleline::{Action, Options};
use common::{auto_player, relaxed_limits, stored_room, temp_db, Client, Server};
use serde_json::json;

const ROOMS: usize = 40;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_mid_game_under_load_loses_nothing_and_every_game_resumes() {
    let (_dir, db) = temp_db("faults");
    let mut server = Server::start(&db, relaxed_limits());
    let mut seats = Vec::new();
    for i in 0..ROOMS {
        let options = if i % 4 == 3 { json!({"players": 3}) } else { json!({}) };
        let mut creator = Client::connect(&server.url()).await;
        let (room, token) = creator.create(options).await;
        seats.push((room.clone(), token));
        for _ in 1..(if i % 4 == 3 { 3 } else { 2 }) {
            let mut friend = Client::connect(&server.url()).await;
            seats.push((room.clone(), friend.join(&room).await.1));
        }
    }
    let acked = Arc::new(Mutex::new(Vec::new()));
    let players: Vec<_> = seats
        .iter()
        .enumerate()
        .map(|(i, (room, token))| {
            tokio::spawn(auto_player(server.port, room.clone(), token.clone(), i as u64 * 7919, acked.clone()))
        })
        .collect();
    let mut kills = Vec::new();
    // Killed twice mid-game: once a quarter of the games' actions are acknowledged, again at a half.
    // (About 4,900 actions in all; a run that stalls fails here instead of waiting forever.)
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    for threshold in [1200, 2500] {
        while acked.lock().unwrap().len() < threshold {
            let stalled = tokio::time::Instant::now() > deadline || players.iter().all(|p| p.is_finished());
            assert!(!stalled, "the games stalled at {} acknowledged actions", acked.lock().unwrap().len());
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let before = acked.lock().unwrap().len();
        server.restart(); // kill -9, then start again on the same port and file
        kills.push(before);
    }
    let mut total = 0;
    for player in players {
        total += tokio::time::timeout(Duration::from_secs(240), player)
            .await
            .expect("in time")
            .unwrap()
            .expect("the game finished");
    }
    assert!(kills[0] > 50, "the first kill came mid-game under load ({} actions acknowledged)", kills[0]);
    assert!(
        kills[1] > kills[0],
        "the games went on after the first restart: {kills:?} of {}",
        acked.lock().unwrap().len()
    );

    // Nothing acknowledged was lost, and each match replays in the engine.
    let mut by_room: HashMap<String, HashSet<String>> = HashMap::new();
    for (room, id) in acked.lock().unwrap().iter() {
        by_room.entry(room.clone()).or_default().insert(id.clone());
    }
    let rooms: HashSet<&String> = seats.iter().map(|(room, _)| room).collect();
    for room in rooms {
        let (deal, stored) = stored_room(Path::new(&db), room);
        let ids: HashSet<String> = stored.iter().map(|(_, _, id)| id.clone()).collect();
        for id in by_room.get(room).into_iter().flatten() {
            assert!(ids.contains(id), "room {room}: acknowledged action {id} is not stored");
        }
        let players = if stored.iter().any(|(seat, _, _)| *seat == 2) { 3 } else { 2 };
        let mut game = deal.game(Options { players, tactics: players == 2, ..Options::default() });
        for (seat, action, _) in &stored {
            game.apply_as(*seat as usize, &serde_json::from_value::<Action>(action.clone()).unwrap()).unwrap();
        }
        assert!(game.is_match_over(), "room {room}: the game was played to its end");
    }
    let conn = rusqlite::Connection::open(&db).unwrap();
    let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(check, "ok");
    drop(server);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_battleline-server"))
        .args(["check-db", "--db", &db])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with(&format!("ok: {ROOMS} rooms")), "{said}");
    eprintln!("faults: {total} actions acknowledged; killed after {} and {} of them; {said}", kills[0], kills[1]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_room_is_unloaded_and_comes_back_on_the_next_join() {
    let (_dir, db) = temp_db("idle");
    let server = Server::start(&db, &["--idle-unload-secs", "1"]);
    let mut a = Client::connect(&server.url()).await;
    let (room, token) = a.create(json!({})).await;
    a.next_of("state").await;
    drop(a);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let idle = common::health(server.port).await;
    assert!(idle.contains("\"rooms\":0"), "the room was unloaded: {idle}");
    let mut back = Client::connect(&server.url()).await;
    back.send(json!({"type": "join", "room": room, "token": token})).await;
    assert_eq!(back.next_of("welcome").await["seat"], 0);
    assert_eq!(back.next_of("state").await["room"]["status"], "waiting");
}
