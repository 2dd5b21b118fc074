//! The reverse proxy example (deploy/nginx.conf) through a real nginx on loopback, in front of the
//! server: the example's own `location`s, timeouts and headers, with TLS and the public ports taken out
//! (127.0.0.1 and a free port instead). Two players play through it over WebSocket (the upgrade passes,
//! a move reaches the other side), and the server's security headers pass through to the client.
//! Without nginx the test says it skipped, and fails instead where the test command requires its
//! services (`BATTLELINE_REQUIRE_SERVICES=1`, set by scripts/test.sh; scripts/setup.sh --test installs it).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{temp_db, Client, Server};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// nginx's program, or None (then the test says it skipped, or fails where services are required).
fn nginx() -> Option<PathBuf> {
    let found = ["/usr/sbin/nginx", "/usr/bin/nginx"].iter().map(PathBuf::from).find(|p| p.exists());
    if found.is_none() {
        let why = "nginx is not installed";
        assert!(
            std::env::var("BATTLELINE_REQUIRE_SERVICES").as_deref() != Ok("1"),
            "{why}, and BATTLELINE_REQUIRE_SERVICES=1 forbids skipping (scripts/setup.sh --test installs it)"
        );
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "skipped: the nginx example on loopback ({why})");
    }
    found
}

/// The example's configuration for loopback: its upstream pointed at `upstream`, its HTTPS server
/// listening on 127.0.0.1:`port` without TLS, the redirecting server left out. Every line it drops is
/// named, so a change to the example that this cannot follow fails here rather than testing less.
fn derived_config(example: &str, upstream: u16, port: u16) -> String {
    let redirect = example.find("server {").expect("the example has a redirecting server");
    let tls = example[redirect + 1..].find("server {").map(|i| i + redirect + 1).expect("and an HTTPS server");
    let mut out = String::from(&example[..redirect]);
    for line in example[tls..].lines() {
        let t = line.trim();
        let dropped = t.starts_with("listen ")
            || t.starts_with("ssl_")
            || t == "http2 on;"
            || t.starts_with("add_header Strict-Transport-Security");
        if t == "listen 443 ssl;" {
            out.push_str(&format!("    listen 127.0.0.1:{port};\n"));
        } else if !dropped {
            out.push_str(line);
            out.push('\n');
        }
    }
    let pointed = out.replace("server 127.0.0.1:8080;", &format!("server 127.0.0.1:{upstream};"));
    assert_ne!(pointed, out, "the example's upstream is 127.0.0.1:8080");
    assert!(pointed.contains(&format!("listen 127.0.0.1:{port};")), "the example listens on 443 with TLS");
    pointed
}

/// A free loopback port (closed again, for nginx to take).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

struct Nginx(Child);

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_nginx(program: &Path, dir: &Path, site: &str) -> Nginx {
    let d = dir.display();
    let config = format!(
        "daemon off;\nmaster_process off;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
         events {{ worker_connections 64; }}\nhttp {{\n  access_log off;\n  client_body_temp_path {d}/body;\n  \
         proxy_temp_path {d}/proxy;\n  fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n  \
         scgi_temp_path {d}/scgi;\n{site}\n}}\n"
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, config).unwrap();
    let check = Command::new(program)
        .arg("-t")
        .arg("-p")
        .arg(dir)
        .arg("-e")
        .arg(dir.join("error.log"))
        .arg("-c")
        .arg(&path)
        .output()
        .unwrap();
    assert!(check.status.success(), "nginx refuses the derived example: {}", String::from_utf8_lossy(&check.stderr));
    let child = Command::new(program)
        .arg("-p")
        .arg(dir)
        .arg("-e")
        .arg(dir.join("error.log"))
        .arg("-c")
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    Nginx(child)
}

/// The response head of a plain GET through the proxy.
async fn head_of(port: u16, path: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: play.example.org\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut response)).await.unwrap().unwrap();
    let text = String::from_utf8_lossy(&response).to_string();
    text.split("\r\n\r\n").next().unwrap_or_default().to_ascii_lowercase()
}

/// The client's state once the game is under way (already received, or the next one).
async fn playing(client: &mut Client) -> serde_json::Value {
    if let Some(state) = client.last_state().filter(|s| s["room"]["status"] == "playing") {
        return state.clone();
    }
    client.state_where(|s| s["room"]["status"] == "playing").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_through_the_nginx_example_and_the_security_headers_pass() {
    let Some(program) = nginx() else { return };
    let (dir, db) = temp_db("proxy");
    let server = Server::start(&db, &["--trusted-proxies", "127.0.0.1"]);
    let port = free_port();
    let example = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/nginx.conf")).unwrap();
    let _nginx = start_nginx(&program, dir.path(), &derived_config(&example, server.port, port));
    // nginx takes a moment to listen.
    let mut head = String::new();
    for _ in 0..50 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            head = head_of(port, "/api/health").await;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(head.starts_with("http/1.1 200"), "the health check through nginx: {head}");
    for header in [
        "content-security-policy:",
        "frame-ancestors 'none'",
        "x-content-type-options: nosniff",
        "x-frame-options: deny",
    ] {
        assert!(head.contains(header), "{header} passes through nginx: {head}");
    }
    assert!(head_of(port, "/metrics").await.starts_with("http/1.1 200"), "/metrics is open to 127.0.0.1");

    let url = format!("ws://127.0.0.1:{port}/ws");
    let mut first = Client::connect(&url).await;
    let (room, _) = first.create(json!({})).await;
    let mut second = Client::connect(&url).await;
    second.join(&room).await;
    let mut clients = [first, second];
    // Both seated: whoever may act plays the first legal action, and the move reaches the other side.
    let states = [playing(&mut clients[0]).await, playing(&mut clients[1]).await];
    let actor = (0..2).find(|&i| states[i]["legal"].as_array().is_some_and(|l| !l.is_empty())).expect("someone acts");
    let action = states[actor]["legal"][0].clone();
    clients[actor].send(json!({"type": "act", "id": "through-nginx", "action": action, "n": 0})).await;
    assert_eq!(clients[actor].next_of("ack").await["n"], 1);
    let seen = clients[1 - actor].state_at_least(1).await;
    assert_eq!(seen["n"], 1, "the other player sees the move through nginx");
    assert_eq!(seen["log"].as_array().and_then(|l| l.last()).map(|e| e["index"].clone()), Some(json!(0)), "{seen}");
}
