//! What an operator relies on, tried as one would: the security headers on every answer, the `Origin`
//! allow-list, no file outside `--static-dir` through a symbolic link, a database file only its owner
//! reads, liveness and readiness apart (readiness writes to the store), metrics, and a shutdown on
//! SIGTERM that sends every WebSocket a close frame and leaves the SQLite log checkpointed.

mod common;

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
