//! The HTTP side: `/ws` (the game's WebSocket), `/api/health` (what the page asks to offer online play),
//! and the built page's files when `--static-dir` is given, all on one port.

use std::sync::Arc;

use axum::extract::{State, WebSocketUpgrade};
use axum::response::{IntoResponse, Json};
use axum::routing::get;
use axum::Router;
use tower_http::services::{ServeDir, ServeFile};

use crate::hub::Hub;
use crate::protocol::PROTOCOL;

/// The router of a server around `hub`.
pub fn router(hub: Arc<Hub>, static_dir: Option<&std::path::Path>) -> Router {
    let app = Router::new().route("/ws", get(websocket)).route("/api/health", get(health)).with_state(hub);
    match static_dir {
        Some(dir) => {
            let files = ServeDir::new(dir)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(ServeFile::new(dir.join("index.html")));
            app.fallback_service(files)
        }
        None => app,
    }
}

async fn websocket(upgrade: WebSocketUpgrade, State(hub): State<Arc<Hub>>) -> impl IntoResponse {
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
        .on_upgrade(move |socket| crate::ws::serve(socket, hub))
}

async fn health(State(hub): State<Arc<Hub>>) -> impl IntoResponse {
    Json(serde_json::json!({
        "ok": true,
        "protocol": PROTOCOL,
        "rooms": hub.loaded().await,
        "connections": hub.connections.load(std::sync::atomic::Ordering::Relaxed),
    }))
}
