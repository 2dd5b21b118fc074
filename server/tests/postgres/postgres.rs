//! Two server processes on one PostgreSQL database (`BATTLELINE_TEST_POSTGRES`, a postgres:// URL; the
//! test command starts one with scripts/postgres.sh). A player on each server: every move made on one
//! reaches the other through the database's NOTIFY; an action id sent again through the other server is
//! still applied once; and when one server is killed, its player moves to the other and finishes. The
//! lobby is one list across the processes: a game posted on one is listed and taken once on the others.
//! The second server's /metrics shows how long the first one's changes took to reach it.

use crate::common;

use common::pg::{fresh_database, EXCLUSIVE};
use common::{relaxed_limits, Client, Pick, Server};
use serde_json::{json, Value};

fn database() -> Option<String> {
    common::pg::database("two servers on one PostgreSQL")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_share_rooms_through_postgres() {
    let Some(db) = database() else { return };
    let _exclusive = EXCLUSIVE.lock().await;
    let limits = relaxed_limits();
    let mut one = Server::start(&db, limits);
    let two = Server::start(&db, limits);
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
    // The second server heard of the changes (each stamped with its commit time) and read the room back
    // for the first one's moves: an operator sees where the time between the two processes goes.
    for name in ["notify_delivery", "refresh_wait", "reload"] {
        let count = common::metric(two.port, &format!("battleline_{name}_seconds_count")).await;
        let sum = common::metric(two.port, &format!("battleline_{name}_seconds_sum")).await;
        assert!(count >= 10.0 && sum > 0.0, "battleline_{name}_seconds: {count} observations, {sum} s in all");
    }
    let check = std::process::Command::new(env!("CARGO_BIN_EXE_battleline-server"))
        .args(["check-db", "--db", &db])
        .output()
        .unwrap();
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stderr));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_started_together_on_a_fresh_database_both_start() {
    let Some(db) = database() else { return };
    let _exclusive = EXCLUSIVE.lock().await;
    for trial in 0..4 {
        let fresh = fresh_database(&db, &format!("race_{}_{trial}", std::process::id())).await;
        let starts: Vec<_> = (0..2)
            .map(|_| {
                let fresh = fresh.clone();
                std::thread::spawn(move || std::panic::catch_unwind(|| Server::start(&fresh, &[])).is_ok())
            })
            .collect();
        let started: Vec<bool> = starts.into_iter().map(|t| t.join().unwrap()).collect();
        assert_eq!(started, [true, true], "trial {trial}: both processes start on a fresh database");
    }
}

/// Actions acknowledged so far.
fn count(acked: &std::sync::Mutex<Vec<(String, String)>>) -> usize {
    acked.lock().unwrap().len()
}

/// Waits until `more` further actions are acknowledged; how long that took (panics after `most`).
async fn resumed(
    acked: &std::sync::Mutex<Vec<(String, String)>>,
    more: usize,
    most: std::time::Duration,
) -> std::time::Duration {
    let start = std::time::Instant::now();
    let target = count(acked) + more;
    while count(acked) < target {
        assert!(start.elapsed() < most, "the games did not resume within {most:?}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    start.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_across_two_servers_resume_after_postgres_restarts_and_after_listen_is_killed() {
    let Some(db) = database() else { return };
    let _exclusive = EXCLUSIVE.lock().await;
    let Ok(dir) = std::env::var("BATTLELINE_TEST_POSTGRES_DIR") else {
        eprintln!("BATTLELINE_TEST_POSTGRES_DIR is not set: skipped (scripts/postgres.sh start sets it)");
        return;
    };
    let db = fresh_database(&db, &format!("survive_{}", std::process::id())).await;
    let limits = ["--rate-per-second", "1000", "--rate-burst", "1000"];
    let one = Server::start(&db, &limits);
    let two = Server::start(&db, &limits);
    let acked = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut players = Vec::new();
    for i in 0..6u64 {
        // Seat 0 on one server, seat 1 on the other: every move reaches the opponent through NOTIFY.
        let mut a = Client::connect(&one.url()).await;
        let (room, token) = a.create(json!({"games": 3})).await;
        let mut b = Client::connect(&two.url()).await;
        let (_, other) = b.join(&room).await;
        players.push(tokio::spawn(common::auto_player(one.port, room.clone(), token, i * 2 + 1, acked.clone())));
        players.push(tokio::spawn(common::auto_player(two.port, room, other, i * 2 + 2, acked.clone())));
    }
    let ten = std::time::Duration::from_secs(10);
    resumed(&acked, 40, std::time::Duration::from_secs(60)).await;

    // PostgreSQL restarts (every connection cut) while the games go on.
    let restarted = std::process::Command::new("bash")
        .args([concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/postgres.sh"), "restart", &dir])
        .status()
        .unwrap();
    assert!(restarted.success());
    // More actions than the players could make without hearing of each other's (each finishes at most
    // its turn, a few actions): the moves cross between the servers again.
    let after_restart = resumed(&acked, 100, ten).await;

    // The listening connections are killed: notifications sent meanwhile are lost to them.
    let (admin, connection) = tokio_postgres::connect(&db, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let killed = admin
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'battleline-listen'",
            &[],
        )
        .await
        .unwrap()
        .len();
    assert!(killed >= 2, "{killed} listening connections killed");
    let after_kill = resumed(&acked, 100, ten).await;
    eprintln!("games resumed {after_restart:?} after the restart and {after_kill:?} after LISTEN was killed");

    for p in players {
        tokio::time::timeout(std::time::Duration::from_secs(120), p).await.unwrap().unwrap().unwrap();
    }
    // Every acknowledged action is stored.
    let acked = acked.lock().unwrap().clone();
    for (room, id) in &acked {
        let n: i64 = admin
            .query_one("SELECT COUNT(*) FROM actions WHERE room = $1 AND action_id = $2", &[room, id])
            .await
            .unwrap()
            .get(0);
        assert_eq!(n, 1, "acknowledged action {id} of room {room} is stored once");
    }
    eprintln!("{} acknowledged actions, all stored", acked.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sslmode_require_connects_over_verified_tls_and_never_prints_the_password() {
    let Some(db) = database() else { return };
    let _exclusive = EXCLUSIVE.lock().await;
    let Ok(ca) = std::env::var("BATTLELINE_TEST_POSTGRES_CA") else {
        eprintln!("BATTLELINE_TEST_POSTGRES_CA is not set: skipped (scripts/postgres.sh start sets it)");
        return;
    };
    let fresh = fresh_database(&db, &format!("tls_{}", std::process::id())).await;
    // A password in the URL (the test cluster trusts loopback, so it is not checked, only carried).
    let url = format!("{}?sslmode=require", fresh.replacen("battleline@", "battleline:s3cret-pw@", 1));
    let server = Server::start(&url, &["--db-ca-file", &ca]);
    let mut a = Client::connect(&server.url()).await;
    let (room, _) = a.create(json!({})).await;
    let mut b = Client::connect(&server.url()).await;
    b.join(&room).await;
    a.state_where(|s| s["room"]["status"] == "playing").await;
    let (admin, connection) = tokio_postgres::connect(&fresh, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let name = fresh.rsplit('/').next().unwrap().to_string();
    // The server opens its pool's connections as it needs them: wait (a while) until it holds five.
    let mut counts = (0i64, 0i64);
    for _ in 0..100 {
        let row = admin
            .query_one(
                "SELECT COUNT(*) FILTER (WHERE s.ssl), COUNT(*) FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) \
                 WHERE a.datname = $1 AND a.pid <> pg_backend_pid()",
                &[&name],
            )
            .await
            .unwrap();
        counts = (row.get(0), row.get(1));
        if counts.1 >= 5 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let (tls, all) = counts;
    assert!(tls >= 5 && tls == all, "{tls} of the server's {all} connections use TLS");
    drop(server);

    // Without the CA the certificate is not trusted: the server refuses to start, and says why without
    // the password.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_battleline-server"))
        .args(["--port", "0", "--db", &url])
        .env_remove("BATTLELINE_DB_CA_FILE")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "an untrusted certificate is refused");
    assert!(said.contains("certificate") || said.contains("Certificate"), "{said}");
    assert!(!said.contains("s3cret-pw") && said.contains("***"), "the password is never printed: {said}");
}

/// The next message of one of these types, skipping others.
async fn next_of_any(c: &mut Client, kinds: &[&str]) -> Value {
    loop {
        let m = c.next().await.expect("a message");
        if kinds.iter().any(|k| m["type"] == *k) {
            return m;
        }
    }
}

/// Follows the lobby until game `id` is listed (in the first list or a `listed` after it): the listing.
async fn follow_until_listed(c: &mut Client, id: &str) -> Value {
    c.send(json!({"type": "lobby"})).await;
    let first = c.next_of("lobby").await;
    if let Some(game) = first["games"].as_array().unwrap().iter().find(|g| g["id"] == id) {
        return game.clone();
    }
    loop {
        let m = next_of_any(c, &["listed"]).await;
        if m["game"]["id"] == id {
            return m["game"].clone();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_posted_on_one_process_is_listed_and_taken_once_on_the_others() {
    let Some(db) = database() else { return };
    let _exclusive = EXCLUSIVE.lock().await;
    let db = fresh_database(&db, &format!("lobby_{}", std::process::id())).await;
    let limits = relaxed_limits();
    let one = Server::start(&db, limits);
    let two = Server::start(&db, limits);
    let mut follower = Client::connect(&two.url()).await;
    follower.send(json!({"type": "lobby"})).await;
    assert_eq!(follower.next_of("lobby").await["games"], json!([]), "a fresh lobby is empty");

    // Posted on one: the follower on two hears of it as one `listed`, the same listing.
    let mut poster = Client::connect(&one.url()).await;
    poster.send(json!({"type": "post", "name": "Ada", "options": {"tactics": true}})).await;
    let room = poster.next_of("welcome").await["room"].as_str().unwrap().to_string();
    let posted = poster.next_of("posted").await["game"].clone();
    let id = posted["id"].as_str().unwrap().to_string();
    let listed = tokio::time::timeout(std::time::Duration::from_secs(10), next_of_any(&mut follower, &["listed"]))
        .await
        .expect("the game reaches the other process's lobby within 10 s");
    assert_eq!(listed["game"], posted);
    assert!(!listed.to_string().contains(&room), "the listing never names the room");

    // A process started after the post lists it too (it asks the others when it subscribes).
    let three = Server::start(&db, limits);
    let mut late = Client::connect(&three.url()).await;
    let seen = tokio::time::timeout(std::time::Duration::from_secs(10), follow_until_listed(&mut late, &id))
        .await
        .expect("a process started later lists the game within 10 s");
    assert_eq!(seen, posted);

    // Two takers at once on the two other processes: one seat, taken through the database.
    let mut a = Client::connect(&two.url()).await;
    let mut b = Client::connect(&three.url()).await;
    let take = json!({"type": "take", "game": id});
    tokio::join!(a.send(take.clone()), b.send(take));
    let (answer_a, answer_b) =
        tokio::join!(next_of_any(&mut a, &["welcome", "error"]), next_of_any(&mut b, &["welcome", "error"]));
    let (mut taker, lost) = match (answer_a["type"].as_str(), answer_b["type"].as_str()) {
        (Some("welcome"), Some("error")) => ((a, answer_a), answer_b),
        (Some("error"), Some("welcome")) => ((b, answer_b), answer_a),
        other => panic!("exactly one taker gets the seat: {other:?} {answer_a} {answer_b}"),
    };
    assert_eq!(lost["code"], "game_gone", "{lost}");
    assert_eq!((taker.1["seat"].as_u64(), taker.1["room"].as_str()), (Some(1), Some(room.as_str())));

    // The game leaves every list, and the poster is told it was taken.
    let gone = json!({"type": "unlisted", "game": id, "reason": "taken"});
    assert_eq!(next_of_any(&mut follower, &["unlisted"]).await, gone);
    assert_eq!(next_of_any(&mut late, &["unlisted"]).await, gone);
    assert_eq!(next_of_any(&mut poster, &["unlisted"]).await["reason"], "taken");
    for server in [&one, &two, &three] {
        let mut c = Client::connect(&server.url()).await;
        c.send(json!({"type": "lobby"})).await;
        assert_eq!(c.next_of("lobby").await["games"], json!([]), "a taken game is listed nowhere");
    }

    // The poster (on one) and the taker play across the processes.
    let playing = |s: &Value| s["room"]["status"] == "playing";
    let (seen_poster, seen_taker) = (poster.state_where(playing).await, taker.0.state_where(playing).await);
    let (mover, other, legal) = if seen_poster["legal"].as_array().unwrap().is_empty() {
        (&mut taker.0, &mut poster, seen_taker["legal"][0].clone())
    } else {
        (&mut poster, &mut taker.0, seen_poster["legal"][0].clone())
    };
    mover.send(json!({"type": "act", "id": "x0", "action": legal, "n": 0})).await;
    assert_eq!(mover.next_of("ack").await["n"], 1);
    assert_eq!(other.state_at_least(1).await["n"], 1, "the move reaches the other process");

    // A game withdrawn on one leaves the list on the others.
    let mut second = Client::connect(&one.url()).await;
    second.send(json!({"type": "post", "name": "Bo", "options": {}})).await;
    let id = second.next_of("posted").await["game"]["id"].as_str().unwrap().to_string();
    let listed = next_of_any(&mut follower, &["listed"]).await;
    assert_eq!(listed["game"]["id"], id, "{listed} {:?}", follower.received);
    second.send(json!({"type": "unpost"})).await;
    let withdrawn = json!({"type": "unlisted", "game": id, "reason": "withdrawn"});
    assert_eq!(next_of_any(&mut follower, &["unlisted"]).await, withdrawn);
    assert_eq!(next_of_any(&mut late, &["listed", "unlisted"]).await["game"]["id"], id);
}
