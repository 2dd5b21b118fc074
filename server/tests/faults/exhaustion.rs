//! The server when what it runs on gives out, as an operator meets it: a store that cannot write (another
//! program holding the database's write lock) makes readiness fail while liveness stays, and both come
//! back with the store; running out of file descriptors (EMFILE) is logged and counted, and the server
//! serves again once sockets close.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{http_get, metric, temp_db, Client, Server};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The status line of GET `path`, or None when the server does not answer within `most`.
async fn status_within(port: u16, path: &str, most: Duration) -> Option<String> {
    let ask = async {
        let mut s = TcpStream::connect(("127.0.0.1", port)).await.ok()?;
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        s.write_all(request.as_bytes()).await.ok()?;
        let mut response = Vec::new();
        s.read_to_end(&mut response).await.ok()?;
        String::from_utf8_lossy(&response).lines().next().map(str::to_string)
    };
    tokio::time::timeout(most, ask).await.ok().flatten()
}

/// Asks `path` until its status line contains `want` (panics after `most`): how long it took.
async fn until_status(port: u16, path: &str, want: &str, most: Duration) -> Duration {
    let start = Instant::now();
    loop {
        if let Some(status) = status_within(port, path, Duration::from_secs(5)).await {
            if status.contains(want) {
                return start.elapsed();
            }
        }
        assert!(start.elapsed() < most, "{path} not {want} after {most:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_fails_while_the_store_cannot_write_and_liveness_stays_and_both_recover() {
    let (_dir, db) = temp_db("ready");
    let server = Server::start(&db, &[]);
    let (status, _) = http_get(server.port, "/readyz", "").await;
    assert!(status.contains("200"), "{status}");

    // Another program takes the database's write lock (a long sqlite3 session, a stuck copy tool).
    let lock = rusqlite::Connection::open(&db).unwrap();
    lock.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let failed = until_status(server.port, "/readyz", "503", Duration::from_secs(10)).await;
    assert!(failed < Duration::from_secs(5), "readiness failed after {failed:?}");
    let (status, body) = http_get(server.port, "/readyz", "").await;
    assert!(status.contains("503") && body.contains("\"ok\":false"), "{status} {body}");
    // The process itself is fine: liveness answers at once, and so does a client's ping.
    let live = Instant::now();
    assert!(status_within(server.port, "/livez", Duration::from_secs(1)).await.is_some_and(|s| s.contains("200")));
    assert!(live.elapsed() < Duration::from_secs(1));
    let mut c = Client::connect(&server.url()).await;
    c.send(json!({"type": "ping"})).await;
    assert_eq!(c.next_of("pong").await["type"], "pong");

    // The lock goes: ready again, and rooms are created.
    lock.execute_batch("ROLLBACK").unwrap();
    until_status(server.port, "/readyz", "200", Duration::from_secs(20)).await;
    c.create(json!({})).await;
    assert!(metric(server.port, "battleline_storage_errors_total").await >= 1.0, "the failures are counted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_file_descriptors_the_server_logs_and_counts_it_and_serves_again_once_sockets_close() {
    let (dir, db) = temp_db("emfile");
    let log_path = dir.path().join("server.log");
    // The server under a low descriptor limit, as a unit with a small LimitNOFILE would run it.
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -n 64 && exec \"$0\" \"$@\"", env!("CARGO_BIN_EXE_battleline-server")])
        .args(["--port", "0", "--db", &db, "--max-connections-per-address", "1000"])
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log_path).unwrap())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).expect("the server prints its address");
    let port: u16 = line.trim().trim_end_matches('/').rsplit(':').next().unwrap().parse().expect("a port");
    // Killed at the end, as every test's server.
    let server = Server { child, port, db: db.clone(), args: Vec::new() };
    let log = || std::fs::read_to_string(&log_path).unwrap();

    // More connections than descriptors: the kernel queues them, the server cannot take them all.
    let mut sockets = Vec::new();
    for _ in 0..120 {
        sockets.push(TcpStream::connect(("127.0.0.1", port)).await.unwrap());
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while !log().contains("event=accept_failed") {
        assert!(Instant::now() < deadline, "no accept_failed logged:\n{}", log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let logged = log();
    let line = logged.lines().find(|l| l.contains("event=accept_failed")).unwrap();
    // One logfmt line, with the error and what to do about it.
    assert!(line.starts_with("ts=") && line.contains("level=error"), "{line}");
    assert!(line.contains("Too many open files") && line.contains("hint="), "{line}");

    // The sockets close: the server serves again, and counted what happened.
    drop(sockets);
    until_status(port, "/livez", "200", Duration::from_secs(20)).await;
    let mut c = Client::connect(&server.url()).await;
    c.create(json!({})).await;
    assert!(metric(port, "battleline_accept_errors_total").await >= 1.0);
    let (status, _) = http_get(port, "/readyz", "").await;
    assert!(status.contains("200"), "{status}");
}
