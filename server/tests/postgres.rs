//! Two server processes on one PostgreSQL database (`BATTLELINE_TEST_POSTGRES`, a postgres:// URL; the
//! test command starts one with scripts/postgres.sh). A player on each server: every move made on one
//! reaches the other through the database's NOTIFY; an action id sent again through the other server is
//! still applied once; and when one server is killed, its player moves to the other and finishes.

mod common;

use common::{Client, Pick, Server};
use serde_json::{json, Value};

/// The database's URL, or None when none is given: then the test says it skipped, past the harness's
/// capture so that a run's output shows it, and fails instead where the test command requires its
/// services (`BATTLELINE_REQUIRE_SERVICES=1`, set by scripts/test.sh, which starts a PostgreSQL).
fn database() -> Option<String> {
    let url = std::env::var("BATTLELINE_TEST_POSTGRES").ok().filter(|u| !u.is_empty());
    if url.is_none() {
        let why = "BATTLELINE_TEST_POSTGRES is not set";
        assert!(
            std::env::var("BATTLELINE_REQUIRE_SERVICES").as_deref() != Ok("1"),
            "{why}, and BATTLELINE_REQUIRE_SERVICES=1 forbids skipping (scripts/test.sh server starts one)"
        );
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "skipped: two servers on one PostgreSQL ({why})");
    }
    url
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_share_rooms_through_postgres() {
    let Some(db) = database() else { return };
    let limits = ["--rate-per-second", "1000", "--rate-burst", "1000"];
    let mut one = Server::start(&db, &limits);
    let two = Server::start(&db, &limits);
    let mut a = Client::connect(&one.url()).await;
    let (room, token_a) = a.create(json!({})).await;
    let mut b = Client::connect(&two.url()).await;
    b.join(&room).await;
    // A's server hears of B's seat through the database.
    a.state_where(|s| s["room"]["status"] == "playing").await;
    let mut watcher = Client::connect(&two.url()).await;
    watcher.send(json!({"type": "join", "room": room, "watch": true})).await;
    watcher.next_of("welcome").await;

    let mut pick = Pick(99);
    let mut n = 0u64;
    let mut switched = false;
    loop {
        let sa = a.state_at_least(n).await;
        let sb = b.state_at_least(n).await;
        assert_eq!((sa["n"].as_u64(), sb["n"].as_u64()), (Some(n), Some(n)), "both servers show action {n}");
        if sa["room"]["status"] == "over" {
            break;
        }
        let a_moves = !sa["legal"].as_array().unwrap().is_empty();
        let state: Value = if a_moves { sa } else { sb };
        let legal = state["legal"].as_array().unwrap();
        let action = legal[pick.below(legal.len())].clone();
        let mover = if a_moves { &mut a } else { &mut b };
        let act = json!({"type": "act", "id": format!("p{n}"), "action": action, "n": n});
        mover.send(act.clone()).await;
        assert_eq!(mover.next_of("ack").await["duplicate"], false);
        if (10..20).contains(&n) {
            // The same message at once through the other server (which may not have heard of it yet: then
            // its own commit loses to the first one's): applied once, and answered with a duplicate's ack.
            let mut other = Client::connect(&if a_moves { two.url() } else { one.url() }).await;
            let token = if a_moves { token_a.clone() } else { b.received[0]["token"].as_str().unwrap().to_string() };
            other.send(json!({"type": "join", "room": room, "token": token})).await;
            other.next_of("welcome").await;
            other.send(act).await;
            let ack = other.next_of("ack").await;
            assert_eq!((ack["duplicate"].as_bool(), ack["n"].as_u64()), (Some(true), Some(n + 1)), "{ack}");
        }
        n += 1;
        if n == 30 && !switched {
            // A's server dies; A goes on through the other one with its token.
            one.kill9();
            a = Client::connect(&two.url()).await;
            a.send(json!({"type": "join", "room": room, "token": token_a})).await;
            a.next_of("welcome").await;
            switched = true;
        }
    }
    let seen = watcher.state_where(|s| s["room"]["status"] == "over").await;
    assert_eq!(seen["n"].as_u64(), Some(n), "the spectator saw the whole game");
    assert!(switched && n > 30);
    let check = std::process::Command::new(env!("CARGO_BIN_EXE_battleline-server"))
        .args(["check-db", "--db", &db])
        .output()
        .unwrap();
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stderr));
}
