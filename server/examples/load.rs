//! The server's load benchmark (not a test): `bash scripts/bench-server.sh` or
//! `cargo run --release -p battleline-server --example load -- --server target/release/battleline-server --games 1000`.
//!
//! Starts the server on a fresh SQLite file, opens `--games` rooms with two bot clients each (random legal
//! moves after a think time, rematch at the end, so that every game stays in play), and measures for
//! `--seconds`: actions per second, the time from an action sent to the opponent's view of it received
//! (p50, p99, max), the server's resident memory before and during, and errors. Clients and server share
//! this machine's cores (and, here, its other users).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

#[path = "../tests/common/limits.rs"]
mod limits;

struct Options {
    server: String,
    games: usize,
    seconds: u64,
    think_ms: u64,
}

fn options() -> Options {
    let mut o = Options { server: "target/release/battleline-server".into(), games: 100, seconds: 30, think_ms: 1000 };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--server" => o.server = value,
            "--games" => o.games = value.parse().expect("--games N"),
            "--seconds" => o.seconds = value.parse().expect("--seconds S"),
            "--think-ms" => o.think_ms = value.parse().expect("--think-ms MS"),
            other => panic!("unknown option {other}"),
        }
    }
    o
}

/// What all clients add to.
#[derive(Default)]
struct Tally {
    latencies_us: Mutex<Vec<u64>>,
    actions: AtomicU64,
    errors: AtomicU64,
    measuring: std::sync::atomic::AtomicBool,
}

/// Per room: the action count after the last action sent, and when it was sent.
type Sent = Arc<Mutex<Option<(u64, Instant)>>>;

fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

async fn connect(
    url: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    loop {
        match tokio_tungstenite::connect_async_with_config(url, None, true).await {
            Ok((socket, _)) => return socket,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

async fn player(url: String, first: Value, sent: Sent, tally: Arc<Tally>, think_ms: u64, seed: u64) {
    let mut socket = connect(&url).await;
    let mut rng = seed | 1;
    let mut next = move |n: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % n.max(1)
    };
    socket.send(Message::Text(first.to_string().into())).await.expect("join");
    let mut my_seat = None;
    let mut asked_n = u64::MAX;
    while let Some(Ok(frame)) = socket.next().await {
        let Message::Text(text) = frame else { continue };
        let m: Value = serde_json::from_str(text.as_str()).expect("JSON");
        match m["type"].as_str() {
            Some("welcome") => my_seat = m["seat"].as_u64(),
            Some("error") => {
                tally.errors.fetch_add(1, Ordering::Relaxed);
            }
            Some("state") => {
                let n = m["n"].as_u64().unwrap_or(0);
                let mover_was_me =
                    m["log"].as_array().and_then(|l| l.last()).map(|e| e["player"].as_u64()) == Some(my_seat);
                if let Some((after, at)) = *sent.lock().unwrap() {
                    if after == n && !mover_was_me && tally.measuring.load(Ordering::Relaxed) {
                        tally.latencies_us.lock().unwrap().push(at.elapsed().as_micros() as u64);
                    }
                }
                if m["room"]["status"] == "over" {
                    if asked_n != u64::MAX - 1 {
                        asked_n = u64::MAX - 1;
                        socket.send(Message::Text(json!({"type": "rematch"}).to_string().into())).await.ok();
                    }
                    continue;
                }
                let legal = m["legal"].as_array().cloned().unwrap_or_default();
                if legal.is_empty() || m["room"]["status"] != "playing" || asked_n == n {
                    continue;
                }
                asked_n = n;
                tokio::time::sleep(Duration::from_millis(think_ms / 2 + next(think_ms.max(1)))).await;
                let action = legal[next(legal.len() as u64) as usize].clone();
                let act = json!({"type": "act", "id": format!("{n}-{}", next(1 << 30)), "action": action, "n": n});
                *sent.lock().unwrap() = Some((n + 1, Instant::now()));
                if socket.send(Message::Text(act.to_string().into())).await.is_err() {
                    break;
                }
                tally.actions.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
    }
}

#[tokio::main]
async fn main() {
    let o = options();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("load.db");
    let mut server = std::process::Command::new(&o.server)
        .args(["--port", "0", "--db", db.to_str().unwrap()])
        .args(limits::relaxed_limits())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(server.stdout.take().unwrap()), &mut line).unwrap();
    let port = line.trim().trim_end_matches('/').rsplit(':').next().unwrap().to_string();
    let url = format!("ws://127.0.0.1:{port}/ws");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let base_kb = rss_kb(server.id());
    let tally = Arc::new(Tally::default());
    let started = Instant::now();
    for g in 0..o.games {
        let mut creator = connect(&url).await;
        creator.send(Message::Text(json!({"type": "create", "options": {}}).to_string().into())).await.unwrap();
        let welcome: Value = loop {
            if let Some(Ok(Message::Text(t))) = creator.next().await {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                if v["type"] == "welcome" {
                    break v;
                }
            }
        };
        drop(creator);
        let room = welcome["room"].as_str().unwrap().to_string();
        let sent: Sent = Arc::new(Mutex::new(None));
        let rejoin = json!({"type": "join", "room": room, "token": welcome["token"]});
        let join = json!({"type": "join", "room": room});
        tokio::spawn(player(url.clone(), rejoin, sent.clone(), tally.clone(), o.think_ms, g as u64 * 2 + 1));
        tokio::spawn(player(url.clone(), join, sent, tally.clone(), o.think_ms, g as u64 * 2 + 2));
    }
    let setup = started.elapsed();
    tokio::time::sleep(Duration::from_secs(3)).await; // every game under way
    tally.measuring.store(true, Ordering::Relaxed);
    let actions_before = tally.actions.load(Ordering::Relaxed);
    let t0 = Instant::now();
    let mut peak_kb = 0;
    while t0.elapsed() < Duration::from_secs(o.seconds) {
        tokio::time::sleep(Duration::from_secs(1)).await;
        peak_kb = peak_kb.max(rss_kb(server.id()));
    }
    tally.measuring.store(false, Ordering::Relaxed);
    let elapsed = t0.elapsed().as_secs_f64();
    let actions = tally.actions.load(Ordering::Relaxed) - actions_before;
    let mut lat = tally.latencies_us.lock().unwrap().clone();
    lat.sort_unstable();
    let q = |p: f64| {
        lat.get(((lat.len() as f64 * p) as usize).min(lat.len().saturating_sub(1))).copied().unwrap_or(0) as f64
            / 1000.0
    };
    let health = reqwest_health(&port).await;
    println!(
        "games {:>5} | setup {:>5.1}s | actions/s {:>7.1} | latency ms p50 {:>6.2} p99 {:>7.2} max {:>7.2} (n={}) | server RSS {:>6.1} MB (idle {:>5.1} MB, {:>5.1} KB/game) | errors {} | {}",
        o.games,
        setup.as_secs_f64(),
        actions as f64 / elapsed,
        q(0.5),
        q(0.99),
        lat.last().copied().unwrap_or(0) as f64 / 1000.0,
        lat.len(),
        peak_kb as f64 / 1024.0,
        base_kb as f64 / 1024.0,
        (peak_kb.saturating_sub(base_kb)) as f64 / o.games as f64,
        tally.errors.load(Ordering::Relaxed),
        health,
    );
    let _ = server.kill();
    let _ = server.wait();
}

/// The server's own count of rooms and connections (`/api/health`), over a plain HTTP/1.1 request.
async fn reqwest_health(port: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Ok(mut s) = tokio::net::TcpStream::connect(format!("127.0.0.1:{port}")).await else { return String::new() };
    let request = format!("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    if s.write_all(request.as_bytes()).await.is_err() {
        return String::new();
    }
    let mut body = String::new();
    let _ = s.read_to_string(&mut body).await;
    body.rsplit("\r\n\r\n").next().unwrap_or("").to_string()
}
