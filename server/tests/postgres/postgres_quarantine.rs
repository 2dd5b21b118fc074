//! A damaged room that is already loaded, on PostgreSQL with two server processes: a stored action of a
//! room in play is corrupted behind the servers' backs (a careless hand in psql), and the next reload
//! (here: both listening connections are cut, so every loaded room reloads) finds it. Both processes
//! quarantine the room and tell its players `room_damaged`, on each process and again on every rejoin,
//! while another room loaded beside it plays on. Then the operator's commands on PostgreSQL: `check-db`
//! lists the room and fails, `export-room` writes its rows as stored, `delete-room` refuses a sound room
//! and deletes the quarantined one, after which `check-db` passes.

use crate::common;

use std::process::{Command, Output};
use std::time::Duration;

use common::pg::{database, fresh_database, EXCLUSIVE};
use common::{relaxed_limits, Client, Server};
use serde_json::{json, Value};

/// The player on move plays its first legal action at `n`; the other sees it (through the database).
async fn play_one(players: &mut [Client; 2], n: u64) {
    let states = [players[0].state_at_least(n).await, players[1].state_at_least(n).await];
    let mover = states.iter().position(|s| !s["legal"].as_array().unwrap().is_empty()).expect("someone may move");
    let action = states[mover]["legal"][0].clone();
    players[mover].send(json!({"type": "act", "id": format!("q{n}"), "action": action, "n": n})).await;
    assert_eq!(players[mover].next_of("ack").await["n"], n + 1);
    assert_eq!(players[1 - mover].state_at_least(n + 1).await["n"], n + 1, "the other process shows the move");
}

/// A room with its creator on `one` and its second player on `two`, `moves` actions played.
async fn room_across(one: &Server, two: &Server, moves: u64) -> (String, [String; 2], [Client; 2]) {
    let mut a = Client::connect(&one.url()).await;
    let (room, token_a) = a.create(json!({})).await;
    let mut b = Client::connect(&two.url()).await;
    let (_, token_b) = b.join(&room).await;
    a.state_where(|s| s["room"]["status"] == "playing").await;
    let mut players = [a, b];
    for n in 0..moves {
        play_one(&mut players, n).await;
    }
    (room, [token_a, token_b], players)
}

/// The next `error` frame's code, within 10 s.
async fn error_code(c: &mut Client) -> String {
    let error = tokio::time::timeout(Duration::from_secs(10), c.next_of("error")).await.expect("an error within 10 s");
    error["code"].as_str().unwrap().to_string()
}

fn server_command(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_battleline-server")).args(args).output().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_loaded_room_found_damaged_is_quarantined_on_both_processes_and_the_operator_removes_it() {
    let Some(db) = database("a damaged room on PostgreSQL") else { return };
    // Alone on the test's PostgreSQL: another test of this program restarts it and cuts every server's
    // listening connection, which would reload this test's rooms before it damages one.
    let _exclusive = EXCLUSIVE.lock().await;
    let name = format!("damaged_{}", std::process::id());
    let db = fresh_database(&db, &name).await;
    let one = Server::start(&db, relaxed_limits());
    let two = Server::start(&db, relaxed_limits());
    let (damaged, damaged_tokens, mut damaged_players) = room_across(&one, &two, 4).await;
    let (sound, _, mut sound_players) = room_across(&one, &two, 4).await;

    let (admin, connection) = tokio_postgres::connect(&db, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let changed = admin
        .execute("UPDATE actions SET action = '{\"type\":\"teleport\"}' WHERE room = $1 AND idx = 2", &[&damaged])
        .await
        .unwrap();
    assert_eq!(changed, 1);
    // Both processes' listening connections are cut: when they are back, every loaded room reloads.
    let killed = admin
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE application_name = 'battleline-listen' AND datname = $1",
            &[&name],
        )
        .await
        .unwrap()
        .len();
    assert_eq!(killed, 2, "each process's listening connection");

    // Both players of the damaged room, one on each process, are told; the other room plays on.
    for player in &mut damaged_players {
        assert_eq!(error_code(player).await, "room_damaged");
    }
    play_one(&mut sound_players, 4).await;
    play_one(&mut sound_players, 5).await;
    for (server, token) in [(&one, &damaged_tokens[0]), (&two, &damaged_tokens[1])] {
        let mut again = Client::connect(&server.url()).await;
        again.send(json!({"type": "join", "room": damaged, "token": token})).await;
        assert_eq!(error_code(&mut again).await, "room_damaged", "a rejoin is refused too");
    }

    // check-db on the PostgreSQL URL lists the quarantined room, not the sound one, and fails.
    let check = server_command(&["check-db", "--db", &db]);
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert!(!check.status.success(), "check-db passed with a damaged room: {stdout}");
    assert!(stdout.contains(&format!("quarantined: room {damaged}")), "{stdout}");
    assert!(!stdout.contains(&format!("room {sound}")), "{stdout}");

    // export-room writes the rows as stored, the corrupted action included.
    let export = server_command(&["export-room", "--db", &db, &damaged]);
    assert!(export.status.success(), "{export:?}");
    let rows: Value = serde_json::from_slice(&export.stdout).unwrap();
    assert_eq!(rows["rooms"][0]["id"], damaged.as_str());
    let actions = rows["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 4);
    assert!(actions.iter().any(|a| a["action"] == "{\"type\":\"teleport\"}"), "{rows}");
    assert_eq!(rows["quarantine"][0]["room"], damaged.as_str());

    // delete-room refuses the sound room and deletes the quarantined one; then check-db passes.
    let refused = server_command(&["delete-room", "--db", &db, &sound]);
    assert!(!refused.status.success() && String::from_utf8_lossy(&refused.stderr).contains("is not quarantined"));
    let deleted = server_command(&["delete-room", "--db", &db, &damaged]);
    assert!(deleted.status.success(), "{deleted:?}");
    let gone = server_command(&["export-room", "--db", &db, &damaged]);
    assert!(!gone.status.success() && String::from_utf8_lossy(&gone.stderr).contains("no room"), "{gone:?}");
    let check = server_command(&["check-db", "--db", &db]);
    assert!(check.status.success(), "{check:?}");
    play_one(&mut sound_players, 6).await;
}
