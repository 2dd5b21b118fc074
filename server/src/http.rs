//! The HTTP side, all on one port: `/ws` (the game's WebSocket), `/api/health` (readiness: what the page
//! asks to offer online play, and what a load balancer asks; it touches the store), `/livez` (liveness:
//! the process answers), `/metrics` (Prometheus), and the built page's files when `--static-dir` is
//! given. Every answer carries the security headers; the WebSocket checks `Origin` against the allow-list.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Request, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::Router;
use tower_http::services::{ServeDir, ServeFile};

use crate::codes::Code;
use crate::hub::Hub;
use crate::protocol::PROTOCOL;
use crate::store::StoreError;

/// What the page needs and nothing more: its own scripts and the engine's WebAssembly, its own styles,
/// connections to its own origin (and a game server's WebSocket), never inside another site's frame.
const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob:; connect-src 'self' ws: wss:; worker-src 'self'; manifest-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The router of a server around `hub`.
pub fn router(hub: Arc<Hub>, static_dir: Option<&Path>, allowed_origins: Vec<String>) -> Router {
    let origins = Arc::new(allowed_origins);
    let app = Router::new()
        .route(
            "/ws",
            get(move |upgrade, info, headers, state| websocket(upgrade, info, headers, state, origins.clone())),
        )
        .route("/api/health", get(ready))
        .route("/readyz", get(ready))
        .route("/livez", get(|| async { "ok" }))
        .route("/metrics", get(metrics))
        .with_state(hub);
    let app = match static_dir {
        Some(dir) => {
            let files = ServeDir::new(dir)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(ServeFile::new(dir.join("index.html")));
            let root = Arc::new(std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf()));
            app.fallback_service(files)
                .layer(middleware::from_fn(move |request: Request, next: Next| inside(root.clone(), request, next)))
        }
        None => app,
    };
    app.layer(middleware::from_fn(security_headers))
}

async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// Refuses (404) a file whose real path, symbolic links followed, lies outside the static folder.
async fn inside(root: Arc<PathBuf>, request: Request, next: Next) -> Response {
    let mut path = root.as_ref().clone();
    for part in request.uri().path().split('/').filter(|p| !p.is_empty()) {
        // ServeDir refuses `..` itself; a percent-encoded part is decoded as ServeDir does.
        let part = percent_decode(part);
        if part == ".." || part.contains('/') || part.contains('\\') {
            return StatusCode::NOT_FOUND.into_response();
        }
        path.push(part);
    }
    let candidates = [
        path.clone(),
        path.with_extension(extension_plus(&path, "br")),
        path.with_extension(extension_plus(&path, "gz")),
        path.join("index.html"),
    ];
    for candidate in candidates {
        if let Ok(real) = std::fs::canonicalize(&candidate) {
            if !real.starts_with(root.as_ref()) {
                return StatusCode::NOT_FOUND.into_response();
            }
        }
    }
    next.run(request).await
}

fn extension_plus(path: &Path, more: &str) -> String {
    match path.extension() {
        Some(e) => format!("{}.{more}", e.to_string_lossy()),
        None => more.to_string(),
    }
}

fn percent_decode(part: &str) -> String {
    let bytes = part.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

async fn websocket(
    upgrade: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    State(hub): State<Arc<Hub>>,
    origins: Arc<Vec<String>>,
) -> Response {
    let client = hub.clients.address(peer.ip(), &headers);
    if let Some(origin) = headers.get(header::ORIGIN) {
        let allowed = origins.is_empty() || origins.iter().any(|o| origin.as_bytes() == o.as_bytes());
        if !allowed {
            hub.refused(Code::BadOrigin, &client, origin.to_str().unwrap_or("(not text)"));
            return (StatusCode::FORBIDDEN, "this origin may not open the game's WebSocket").into_response();
        }
    }
    let Some(slot) =
        hub.clients.connect(crate::clients::Kind::WebSocket, client, hub.limits.max_connections_per_address)
    else {
        hub.refused(Code::TooManyConnections, &client, "WebSockets per address");
        return (StatusCode::TOO_MANY_REQUESTS, "too many connections from your address").into_response();
    };
    // Frames far over the message limit close the connection (code 1009) without being read whole;
    // messages up to this size are read and refused with a `too_large` error frame.
    let hard = hub.limits.max_message_bytes.saturating_mul(16).max(64 * 1024);
    // Small buffers: a client's messages are small, and every connection's buffers are memory per game
    // (tungstenite's default of 128 KiB each way made 330 KB a game in the load benchmark).
    upgrade
        .max_message_size(hard)
        .max_frame_size(hard)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .on_upgrade(move |socket| crate::ws::serve(socket, hub, client, slot))
}

/// How long readiness waits for the store's write: a store that hangs (its file locked by another
/// program, a database that stopped answering) is not ready either, and a load balancer's probe gives
/// up after a few seconds.
const READY_WITHIN: Duration = Duration::from_secs(2);

/// Readiness: the store answers a write in time (a full disk, a locked file or a lost database makes
/// this 503).
async fn ready(State(hub): State<Arc<Hub>>) -> Response {
    let store = match tokio::time::timeout(READY_WITHIN, hub.store.ready()).await {
        Ok(answer) => answer,
        Err(_) => Err(StoreError::Failed(format!("no answer to a write within {} s", READY_WITHIN.as_secs()))),
    };
    if let Err(e) = &store {
        hub.storage_failed("-", "readiness", e);
    }
    let body = Json(serde_json::json!({
        "ok": store.is_ok(),
        "protocol": PROTOCOL,
        "rooms": hub.loaded().await,
        "connections": hub.metrics.websockets.load(std::sync::atomic::Ordering::Relaxed),
        "store": store.err().map_or_else(|| "ok".to_string(), |e| e.to_string()),
    }));
    let status = if body.0["ok"] == true { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, body).into_response()
}

async fn metrics(State(hub): State<Arc<Hub>>) -> Response {
    let text = hub.metrics.render(hub.loaded().await);
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text).into_response()
}
