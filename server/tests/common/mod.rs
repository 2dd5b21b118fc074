//! What the server's tests share: the server as a process (started, killed, restarted on the same
//! database and port) and a WebSocket client that speaks the protocol as the page does.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

mod limits;
pub mod pg;
#[allow(unused_imports)]
pub use limits::relaxed_limits;

/// A server process.
pub struct Server {
    pub child: Child,
    pub port: u16,
    pub db: String,
    pub args: Vec<String>,
}

impl Server {
    /// Starts `battleline-server` on a free port with this database and extra arguments.
    pub fn start(db: &str, args: &[&str]) -> Server {
        Server::start_on(0, db, args.iter().map(|s| s.to_string()).collect())
    }

    fn start_on(port: u16, db: &str, args: Vec<String>) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_battleline-server"))
            .args(["--port", &port.to_string(), "--db", db])
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).expect("the server prints its address");
        let port = line.trim().trim_end_matches('/').rsplit(':').next().unwrap().parse().expect("a port");
        Server { child, port, db: db.to_string(), args }
    }

    /// kill -9, at once.
    pub fn kill9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Starts it again on the same port and database.
    pub fn restart(&mut self) {
        self.kill9();
        // The port is free again once the old process is gone; retry briefly in case it lingers.
        for attempt in 0.. {
            let result = std::panic::catch_unwind(|| Server::start_on(self.port, &self.db, self.args.clone()));
            match result {
                Ok(server) => {
                    *self = server;
                    return;
                }
                Err(_) if attempt < 20 => std::thread::sleep(Duration::from_millis(100)),
                Err(e) => std::panic::resume_unwind(e),
            }
        }
    }

    pub fn url(&self) -> String {
        format!("ws://127.0.0.1:{}/ws", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh temporary folder for a test's database.
pub fn temp_db(name: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join(format!("{name}.db"));
    (dir, path.to_string_lossy().into_owned())
}

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A protocol client.
pub struct Client {
    pub socket: Socket,
    /// Every message received, in order.
    pub received: Vec<Value>,
}

impl Client {
    /// Connects (panics after 10 s: a test that hangs tells nothing).
    pub async fn connect(url: &str) -> Client {
        let connecting = tokio_tungstenite::connect_async_with_config(url, None, true);
        let (socket, _) = tokio::time::timeout(Duration::from_secs(10), connecting)
            .await
            .expect("connected in time")
            .expect("connects");
        Client { socket, received: Vec::new() }
    }

    /// Sends a message (panics after 10 s, as `next`).
    pub async fn send(&mut self, message: Value) {
        self.send_text(&message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        let sending = self.socket.send(Message::Text(text.to_string().into()));
        tokio::time::timeout(Duration::from_secs(10), sending).await.expect("sent in time").expect("sends");
    }

    /// The next text message (panics after 10 s); None once the connection is closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let frame =
                tokio::time::timeout(Duration::from_secs(10), self.socket.next()).await.expect("a message in time");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(text.as_str()).expect("JSON from the server");
                    self.received.push(value.clone());
                    return Some(value);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next message of this type, skipping others (kept in `received`).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let message = self.next().await.unwrap_or_else(|| panic!("closed while waiting for {kind}"));
            if message["type"] == kind {
                return message;
            }
        }
    }

    /// Creates a room; returns (room id, token).
    pub async fn create(&mut self, options: Value) -> (String, String) {
        self.send(json!({"type": "create", "options": options})).await;
        let welcome = self.next_of("welcome").await;
        (welcome["room"].as_str().unwrap().into(), welcome["token"].as_str().unwrap().into())
    }

    /// Joins a free seat; returns (seat, token).
    pub async fn join(&mut self, room: &str) -> (u64, String) {
        self.send(json!({"type": "join", "room": room})).await;
        let welcome = self.next_of("welcome").await;
        (welcome["seat"].as_u64().unwrap(), welcome["token"].as_str().unwrap().into())
    }

    /// The latest state message received so far.
    pub fn last_state(&self) -> Option<&Value> {
        self.received.iter().rev().find(|m| m["type"] == "state")
    }

    /// The next state message (not one already received) for which `pred` holds.
    pub async fn state_where(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let s = self.next_of("state").await;
            if pred(&s) {
                return s;
            }
        }
    }

    /// Waits for a state with at least `n` actions (or over) and returns it.
    pub async fn state_at_least(&mut self, n: u64) -> Value {
        if let Some(s) = self.last_state() {
            if s["n"].as_u64().unwrap() >= n || s["room"]["status"] == "over" {
                return s.clone();
            }
        }
        loop {
            let s = self.next_of("state").await;
            if s["n"].as_u64().unwrap() >= n || s["room"]["status"] == "over" {
                return s;
            }
        }
    }
}

/// The path of the SQLite file's rooms, read directly (as an operator would).
pub fn stored_room(db: &Path, room: &str) -> (Deal, Vec<(u64, Value, String)>) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let (seed, long_seed, generation): (i64, Option<String>, i64) = conn
        .query_row("SELECT seed, long_seed, generation FROM rooms WHERE id = ?1", [room], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap();
    let mut q = conn
        .prepare("SELECT seat, action, action_id FROM actions WHERE room = ?1 AND generation = ?2 ORDER BY idx")
        .unwrap();
    let rows = q
        .query_map(rusqlite::params![room, generation], |r| {
            Ok((r.get::<_, i64>(0)? as u64, r.get::<_, String>(1)?, r.get::<_, String>(2)?))
        })
        .unwrap()
        .map(|r| {
            let (seat, action, id) = r.unwrap();
            (seat, serde_json::from_str(&action).unwrap(), id)
        })
        .collect();
    (Deal { seed: seed as u64, long_seed }, rows)
}

/// What deals a stored match: its u64 seed, and its long seed (64 hex digits) when it has one.
pub struct Deal {
    pub seed: u64,
    pub long_seed: Option<String>,
}

impl Deal {
    /// The match's first game, dealt as the server dealt it.
    pub fn game(&self, options: battleline::Options) -> battleline::Game {
        match &self.long_seed {
            Some(hex) => {
                battleline::Game::with_long_seed(options, battleline::LongSeed::from_hex(hex).unwrap()).unwrap()
            }
            None => battleline::Game::new(options, self.seed).unwrap(),
        }
    }
}

/// A small deterministic generator for the tests' choices (xorshift).
pub struct Pick(pub u64);

impl Pick {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A player that plays random legal moves until its match is over, reconnecting by itself whenever the
/// connection drops (the server killed and restarted) and sending an unacknowledged action again with
/// the same id. Every acknowledged id is pushed to `acked` (room, id). Returns the actions it saw acked.
pub async fn auto_player(
    port: u16,
    room: String,
    token: String,
    seed: u64,
    acked: std::sync::Arc<std::sync::Mutex<Vec<(String, String)>>>,
) -> Result<usize, String> {
    let mut pick = Pick(seed | 1);
    let mut pending: Option<(u64, Value)> = None;
    let mut mine = 0;
    let deadline = std::time::Instant::now() + Duration::from_secs(180);
    'connect: loop {
        if std::time::Instant::now() > deadline {
            return Err(format!("room {room}: not finished in time"));
        }
        let url = format!("ws://127.0.0.1:{port}/ws");
        let Ok((mut socket, _)) = tokio_tungstenite::connect_async_with_config(&url, None, true).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let join = json!({"type": "join", "room": room, "token": token}).to_string();
        if socket.send(Message::Text(join.into())).await.is_err() {
            continue;
        }
        // Twenty seconds without a message (pings do not count) and the player joins again.
        let mut silent_until = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let frame = match tokio::time::timeout_at(silent_until, socket.next()).await {
                Ok(Some(Ok(Message::Text(text)))) => text,
                Ok(Some(Ok(_))) => continue,
                _ => continue 'connect,
            };
            silent_until = tokio::time::Instant::now() + Duration::from_secs(20);
            let m: Value = serde_json::from_str(frame.as_str()).map_err(|e| e.to_string())?;
            match m["type"].as_str() {
                Some("state") => {
                    if m["room"]["status"] == "over" {
                        return Ok(mine);
                    }
                    let legal = m["legal"].as_array().cloned().unwrap_or_default();
                    let n = m["n"].as_u64().unwrap();
                    if legal.is_empty() || m["room"]["status"] != "playing" {
                        continue;
                    }
                    let act = match &pending {
                        Some((pn, act)) if *pn == n => act.clone(),
                        _ => {
                            let action = legal[pick.below(legal.len())].clone();
                            let act = json!({"type": "act", "id": format!("{n}-{}", pick.below(1 << 30)), "action": action, "n": n});
                            pending = Some((n, act.clone()));
                            act
                        }
                    };
                    if socket.send(Message::Text(act.to_string().into())).await.is_err() {
                        continue 'connect;
                    }
                }
                Some("ack") => {
                    acked.lock().unwrap().push((room.clone(), m["id"].as_str().unwrap().to_string()));
                    mine += 1;
                }
                Some("error") if m["code"] == "bad_token" || m["code"] == "unknown_room" => {
                    return Err(format!("room {room}: {m}"));
                }
                // The store failed (its database restarting): nothing changed; join again and send the
                // pending action again, as the page does.
                Some("error") if ["storage", "retry", "not_in_room"].contains(&m["code"].as_str().unwrap_or("")) => {
                    tokio::time::sleep(Duration::from_millis(300)).await;
                    continue 'connect;
                }
                _ => {}
            }
        }
    }
}

/// The server's `/api/health` body, over a plain HTTP/1.1 request.
pub async fn health(port: u16) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let request = format!("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    s.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    s.read_to_string(&mut response).await.unwrap();
    response.rsplit("\r\n\r\n").next().unwrap_or("").to_string()
}

/// Connects from the loopback address `from` (Linux answers on all of 127.0.0.0/8, so tests can be
/// several clients), sending these extra request headers; Err with the server's refusal.
pub async fn connect_from(url: &str, from: &str, headers: &[(&str, &str)]) -> Result<Client, String> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = url.into_client_request().map_err(|e| e.to_string())?;
    for (name, value) in headers {
        let name = tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(name.as_bytes()).unwrap();
        request.headers_mut().insert(name, value.parse().unwrap());
    }
    let port: u16 = url.split(':').nth(2).unwrap().split('/').next().unwrap().parse().unwrap();
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket.bind(format!("{from}:0").parse().unwrap()).map_err(|e| e.to_string())?;
    let stream = socket.connect(([127, 0, 0, 1], port).into()).await.map_err(|e| e.to_string())?;
    let (socket, _) = tokio_tungstenite::client_async_with_config(request, MaybeTlsStream::Plain(stream), None)
        .await
        .map_err(|e| e.to_string())?;
    Ok(Client { socket, received: Vec::new() })
}

/// A plain HTTP/1.1 GET: (status line, headers and body as one text).
pub async fn http_get(port: u16, path: &str, headers: &str) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n{headers}\r\n");
    s.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut response)).await.expect("an answer").unwrap();
    let response = String::from_utf8_lossy(&response).into_owned();
    (response.lines().next().unwrap_or("").to_string(), response)
}

/// The value of the metric line `name` (with its labels) in the server's /metrics.
pub async fn metric(port: u16, name: &str) -> f64 {
    let (_, text) = http_get(port, "/metrics", "").await;
    text.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')))
        .map_or(0.0, |v| v.trim().parse().unwrap())
}
