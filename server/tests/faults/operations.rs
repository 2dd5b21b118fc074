//! What an operator relies on, tried as one would: the security headers on every answer, the `Origin`
//! allow-list, no file outside `--static-dir` through a symbolic link, a database file only its owner
//! reads, liveness and readiness apart (readiness writes to the store), metrics, and a shutdown on
//! SIGTERM that sends every WebSocket a close frame and leaves the SQLite log checkpointed.

use crate::common;

use std::time::{Duration, Instant};

use common::{connect_from, http_get, temp_db, Client, Server};
use futures_util::StreamExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn static_files_carry_security_headers_and_no_symlink_leads_outside_the_folder() {
    let (dir, db) = temp_db("static");
    let site = dir.path().join("site");
    std::fs::create_dir(&site).unwrap();
    std::fs::write(site.join("index.html"), "<!doctype html><title>page</title>").unwrap();
    std::fs::write(site.join("app.js"), "console.log(1)").unwrap();
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "the operator's secret").unwrap();
    std::os::unix::fs::symlink(&secret, site.join("leak.txt")).unwrap();
    std::os::unix::fs::symlink(dir.path(), site.join("up")).unwrap();
    std::os::unix::fs::symlink(site.join("app.js"), site.join("alias.js")).unwrap();
    let server = Server::start(&db, &["--static-dir", site.to_str().unwrap()]);

    let (status, page) = http_get(server.port, "/", "").await;
    assert!(status.contains("200"), "{status}");
    let lower = page.to_lowercase();
    assert!(lower.contains("x-content-type-options: nosniff"), "{page}");
    assert!(lower.contains("content-security-policy:") && lower.contains("frame-ancestors 'none'"), "{page}");
    assert!(lower.contains("x-frame-options: deny"));
    for path in ["/leak.txt", "/up/secret.txt", "/up/static.db", "/%2e%2e/secret.txt"] {
        let (status, body) = http_get(server.port, path, "").await;
        assert!(!body.contains("the operator's secret"), "{path}: {status}");
        assert!(status.contains("404") || status.contains("400"), "{path}: {status}");
    }
    let (status, body) = http_get(server.port, "/alias.js", "").await;
    assert!(status.contains("200") && body.contains("console.log"), "a link inside the folder is served: {status}");
    let (_, health) = http_get(server.port, "/api/health", "").await;
    assert!(health.to_lowercase().contains("x-content-type-options: nosniff"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_allowed_origins_open_the_websocket() {
    let (_dir, db) = temp_db("origin");
    let server = Server::start(&db, &["--allowed-origins", "https://play.example.org,http://127.0.0.1:1"]);
    let url = server.url();
    let refused = connect_from(&url, "127.0.0.1", &[("origin", "https://evil.example")]).await;
    assert!(refused.err().is_some_and(|e| e.contains("403")), "another site's page is refused");
    let mut ok = connect_from(&url, "127.0.0.1", &[("origin", "https://play.example.org")]).await.unwrap();
    ok.send(json!({"type": "ping"})).await;
    assert_eq!(ok.next().await.unwrap()["type"], "pong");
    // A program without Origin (a bot) is no browser page of another site.
    let mut bot = Client::connect(&url).await;
    bot.send(json!({"type": "ping"})).await;
    assert_eq!(bot.next().await.unwrap()["type"], "pong");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_is_private_and_liveness_readiness_and_metrics_answer_apart() {
    let (_dir, db) = temp_db("private");
    let server = Server::start(&db, &[]);
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&db).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the database holds unfinished games' seeds");
    let (status, _) = http_get(server.port, "/livez", "").await;
    assert!(status.contains("200"));
    let (status, body) = http_get(server.port, "/readyz", "").await;
    assert!(status.contains("200") && body.contains("\"ok\":true"), "{body}");
    let mut c = Client::connect(&server.url()).await;
    c.create(json!({})).await;
    let (_, metrics) = http_get(server.port, "/metrics", "").await;
    for name in ["battleline_websockets 1", "battleline_rooms_created_total 1", "battleline_commit_seconds_count"] {
        assert!(metrics.contains(name), "{name} in {metrics}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_closes_every_websocket_with_a_close_frame_and_checkpoints_the_log() {
    let (dir, db) = temp_db("term");
    let mut server = Server::start(&db, &[]);
    let mut a = Client::connect(&server.url()).await;
    a.create(json!({})).await;
    let wal = dir.path().join("term.db-wal");
    assert!(std::fs::metadata(&wal).unwrap().len() > 0, "the log holds the new room");
    let pid = server.child.id();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid.to_string()]).status().unwrap().success());
    let started = Instant::now();
    let close = loop {
        match tokio::time::timeout(Duration::from_secs(5), a.socket.next()).await.expect("a close in time") {
            Some(Ok(Message::Close(frame))) => break frame,
            Some(Ok(_)) => continue,
            other => panic!("the connection ended without a close frame: {other:?}"),
        }
    };
    assert_eq!(u16::from(close.expect("a close frame").code), 1001, "going away: the client reconnects");
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "still running 10 s after SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    assert_eq!(std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0), 0, "the log was copied into the file");
}

fn server_command(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_battleline-server")).args(args).output().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_db_replays_the_finished_matches_before_a_rematch_too() {
    let (_dir, db) = temp_db("matches");
    let server = Server::start(&db, &[]);
    let mut a = Client::connect(&server.url()).await;
    let (room, _) = a.create(json!({})).await;
    let mut b = Client::connect(&server.url()).await;
    b.join(&room).await;
    let sa = a.state_where(|s| s["room"]["status"] == "playing").await;
    let sb = b.state_where(|s| s["room"]["status"] == "playing").await;
    let (mover, state) = if sa["legal"].as_array().unwrap().is_empty() { (&mut b, sb) } else { (&mut a, sa) };
    mover.send(json!({"type": "act", "id": "first", "action": state["legal"][0], "n": 0})).await;
    mover.next_of("ack").await;
    a.send(json!({"type": "resign"})).await;
    a.state_where(|s| s["room"]["status"] == "over").await;
    a.send(json!({"type": "rematch"})).await;
    b.send(json!({"type": "rematch"})).await;
    b.state_where(|s| s["room"]["generation"] == 1).await;
    drop(server);

    let out = server_command(&["check-db", "--db", &db]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && said.contains("1 in 1 finished matches"), "{said}");
    // The finished match's action damaged (played by the other seat): check-db finds it.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let changed =
        conn.execute("UPDATE actions SET seat = 1 - seat WHERE room = ?1 AND generation = 0", [&room]).unwrap();
    assert_eq!(changed, 1);
    drop(conn);
    let out = server_command(&["check-db", "--db", &db]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains(&format!("room {room}, match 0")), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_backup_under_load_holds_every_action_acknowledged_before_it_began() {
    use std::sync::{Arc, Mutex};
    let (dir, db) = temp_db("backup");
    let server = Server::start(&db, &["--rate-per-second", "1000", "--rate-burst", "1000"]);
    let acked = Arc::new(Mutex::new(Vec::new()));
    let mut players = Vec::new();
    for i in 0..6u64 {
        let mut a = Client::connect(&server.url()).await;
        let (room, token) = a.create(json!({})).await;
        let mut b = Client::connect(&server.url()).await;
        let (_, other) = b.join(&room).await;
        for (k, token) in [token, other].into_iter().enumerate() {
            let player = common::auto_player(server.port, room.clone(), token, i * 31 + k as u64, acked.clone());
            players.push(tokio::spawn(player));
        }
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    while acked.lock().unwrap().len() < 60 {
        assert!(Instant::now() < deadline, "the games go on");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let before: Vec<(String, String)> = acked.lock().unwrap().clone();
    let copy = dir.path().join("copy.db");
    let out = tokio::task::spawn_blocking({
        let (db, copy) = (db.clone(), copy.to_string_lossy().into_owned());
        move || server_command(&["backup", "--db", &db, "--to", &copy])
    })
    .await
    .unwrap();
    let after = acked.lock().unwrap().len();
    for p in &players {
        p.abort();
    }
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && said.starts_with("ok: 6 rooms"), "{said}{}", String::from_utf8_lossy(&out.stderr));
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777, 0o600);
    let conn = rusqlite::Connection::open(&copy).unwrap();
    for (room, id) in &before {
        let n: i64 = conn
            .query_row("SELECT COUNT(*) FROM actions WHERE room = ?1 AND action_id = ?2", [room, id], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 1, "action {id} of room {room}, acknowledged before the backup, is in it");
    }
    eprintln!("backup: {} actions acknowledged before it began, all in the copy; {after} by its end", before.len());
    let again = server_command(&["backup", "--db", &db, "--to", copy.to_str().unwrap()]);
    assert!(!again.status.success(), "a backup never overwrites a file");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_charges_no_clock_for_the_time_the_server_was_down() {
    let (_dir, db) = temp_db("clock");
    let mut server = Server::start(&db, &[]);
    let mut a = Client::connect(&server.url()).await;
    a.send(json!({"type": "create", "options": {}, "clock": {"initialMs": 60000, "incrementMs": 0}})).await;
    let welcome = a.next_of("welcome").await;
    let (room, token) = (welcome["room"].as_str().unwrap().to_string(), welcome["token"].clone());
    let mut b = Client::connect(&server.url()).await;
    b.join(&room).await;
    a.state_where(|s| s["room"]["status"] == "playing").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    server.kill9();
    // Three seconds down: a clock on the wall clock would charge them to the player on move.
    tokio::time::sleep(Duration::from_secs(3)).await;
    server.restart();
    let mut back = Client::connect(&server.url()).await;
    back.send(json!({"type": "join", "room": room, "token": token})).await;
    let state = back.next_of("state").await;
    let clock = &state["room"]["clock"];
    let running = clock["running"].as_u64().expect("a clock runs") as usize;
    let left = clock["remainingMs"][running].as_u64().unwrap();
    assert!(left > 58_500 && left <= 60_000, "{left} ms left: about 0.5 s used, the 3 s down not charged");
}
