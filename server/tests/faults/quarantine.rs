//! A damaged room, as an operator meets one: rows of a real database file are corrupted while the server
//! is down (an action that no longer decodes, and one that decodes but is illegal where it stands). On
//! restart each damaged room is quarantined: its players are told `room_damaged` (again on every try),
//! while the other rooms play on and new rooms are created. `check-db` lists the quarantined rooms and
//! fails; `export-room` writes a room's rows as they are; `delete-room` deletes only quarantined rooms,
//! after which `check-db` passes.

use crate::common;

use std::process::{Command, Output};

use common::{temp_db, Client, Server};
use serde_json::{json, Value};

/// A room with two players and `moves` actions played; (room, each seat's token).
async fn room_with_moves(url: &str, moves: u64) -> (String, [String; 2]) {
    let mut a = Client::connect(url).await;
    let (room, token_a) = a.create(json!({})).await;
    let mut b = Client::connect(url).await;
    let (_, token_b) = b.join(&room).await;
    let mut players = [a, b];
    for n in 0..moves {
        play_one(&mut players, n).await;
    }
    (room, [token_a, token_b])
}

/// The player on move plays its first legal action at `n`, and hears its acknowledgement.
async fn play_one(players: &mut [Client], n: u64) {
    for player in players.iter_mut() {
        let state = player.state_where(|s| s["n"] == n && s["room"]["status"] == "playing").await;
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        if let Some(action) = legal.first() {
            player.send(json!({"type": "act", "id": format!("q{n}"), "action": action, "n": n})).await;
            let ack = player.next_of("ack").await;
            assert_eq!(ack["n"], n + 1, "{ack}");
            return;
        }
    }
    panic!("nobody may move at {n}");
}

/// Rejoins `room` with `token`: the first `welcome` or `error`.
async fn rejoin(url: &str, room: &str, token: &str) -> (Client, Value) {
    let mut client = Client::connect(url).await;
    client.send(json!({"type": "join", "room": room, "token": token})).await;
    loop {
        let message = client.next().await.expect("an answer to the join");
        if message["type"] == "welcome" || message["type"] == "error" {
            return (client, message);
        }
    }
}

fn server_command(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_battleline-server")).args(args).output().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_corrupted_room_is_quarantined_and_the_others_play_on() {
    let (_dir, db) = temp_db("quarantine");
    let mut server = Server::start(&db, &[]);
    let url = server.url();
    let (undecodable, undecodable_tokens) = room_with_moves(&url, 4).await;
    let (illegal, illegal_tokens) = room_with_moves(&url, 4).await;
    let (sound, sound_tokens) = room_with_moves(&url, 4).await;
    server.kill9();

    // The damage, written into the file as a faulty disk or a careless hand would.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE actions SET action = '{\"type\":\"teleport\"}' WHERE room = ?1 AND idx = 2", [&undecodable])
        .unwrap();
    // The third action played again where the second stood: well formed, illegal at that point.
    conn.execute(
        "UPDATE actions SET action = (SELECT action FROM actions WHERE room = ?1 AND idx = 2) WHERE room = ?1 AND idx = 1",
        [&illegal],
    )
    .unwrap();
    drop(conn);

    server.restart();
    let url = server.url();
    for (room, tokens) in [(&undecodable, &undecodable_tokens), (&illegal, &illegal_tokens)] {
        for token in tokens {
            let (_, answer) = rejoin(&url, room, token).await;
            assert_eq!(
                (answer["type"].as_str(), answer["code"].as_str()),
                (Some("error"), Some("room_damaged")),
                "{answer}"
            );
            assert!(!answer["message"].as_str().unwrap().contains("teleport"), "stored rows stay in the log: {answer}");
        }
    }
    // The sound room plays on from where it was, and a new room is created and played.
    let (a, welcome) = rejoin(&url, &sound, &sound_tokens[0]).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    let (b, _) = rejoin(&url, &sound, &sound_tokens[1]).await;
    let mut players = [a, b];
    play_one(&mut players, 4).await;
    play_one(&mut players, 5).await;
    room_with_moves(&url, 3).await;
    server.kill9();

    // check-db lists both quarantined rooms and fails; the sound one is not among them.
    let check = server_command(&["check-db", "--db", &db]);
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert!(!check.status.success(), "check-db passed with damaged rooms: {stdout}");
    for room in [&undecodable, &illegal] {
        assert!(stdout.contains(&format!("quarantined: room {room}")), "{stdout}");
    }
    assert!(!stdout.contains(&format!("room {sound}")), "{stdout}");
    assert!(String::from_utf8_lossy(&check.stderr).contains("2 quarantined rooms"), "{check:?}");

    // export-room writes the rows as stored, the damaged one included.
    let export = server_command(&["export-room", "--db", &db, &undecodable]);
    assert!(export.status.success(), "{export:?}");
    let rows: Value = serde_json::from_slice(&export.stdout).unwrap();
    assert_eq!(rows["rooms"][0]["id"], undecodable.as_str());
    assert_eq!(rows["actions"].as_array().unwrap().len(), 4);
    assert_eq!(rows["actions"][2]["action"], "{\"type\":\"teleport\"}");
    assert_eq!(rows["quarantine"][0]["room"], undecodable.as_str());

    // delete-room refuses a room that is not quarantined, and deletes those that are.
    let refused = server_command(&["delete-room", "--db", &db, &sound]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("is not quarantined"), "{refused:?}");
    for room in [&undecodable, &illegal] {
        let deleted = server_command(&["delete-room", "--db", &db, room]);
        assert!(deleted.status.success(), "{deleted:?}");
    }
    let gone = server_command(&["export-room", "--db", &db, &undecodable]);
    assert!(!gone.status.success() && String::from_utf8_lossy(&gone.stderr).contains("no room"), "{gone:?}");
    let check = server_command(&["check-db", "--db", &db]);
    assert!(check.status.success(), "{check:?}");
    assert!(String::from_utf8_lossy(&check.stdout).starts_with("ok: 2 rooms"), "{check:?}");

    // The sound room is still there to play after all of it.
    server.restart();
    let (_, welcome) = rejoin(&server.url(), &sound, &sound_tokens[0]).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
}
