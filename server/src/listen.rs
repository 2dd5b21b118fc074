//! The accept loop: every TCP connection counted against its address's limit (unless it comes from a
//! trusted proxy, whose clients are counted by the WebSocket handler), served by hyper with a deadline
//! for the request head (a connection that sends nothing, or half a request, is closed), and, on
//! shutdown, asked to finish (HTTP) while the WebSockets get their close frames from the hub.
//! Accept errors (descriptors exhausted: EMFILE) are logged, counted and waited out.

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::codes::Code;
use crate::hub::Hub;
use crate::log;

/// Serves `app` on `listener` until `stop` turns true, then waits up to `drain` for connections to end.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    hub: Arc<Hub>,
    mut stop: watch::Receiver<bool>,
    drain: Duration,
) {
    let limits = hub.limits.clone();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stop.wait_for(|s| *s) => break,
        };
        let (stream, peer) = match accepted {
            Ok(pair) => pair,
            Err(e) => {
                hub.metrics.accept_errors.fetch_add(1, Ordering::Relaxed);
                log::error(
                    "accept_failed",
                    &[("error", &e), ("hint", &"raise the descriptor limit (LimitNOFILE) or lower --max-connections")],
                );
                // Out of descriptors: accepting again at once would spin; the ones in use free up meanwhile.
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let slot = if hub.clients.is_trusted_proxy(peer.ip()) {
            None
        } else {
            // A WebSocket gives this slot back once upgraded, and takes one of its own (ws.rs).
            match hub.clients.connect(crate::clients::Kind::Tcp, peer.ip(), limits.max_connections_per_address) {
                Some(slot) => Some(slot),
                None => {
                    hub.refused(Code::TooManyConnections, &peer.ip(), "connections per address");
                    drop(stream);
                    continue;
                }
            }
        };
        // Every message is small and awaited: without TCP_NODELAY, Nagle's algorithm and delayed ACKs hold
        // each one back by up to 40 ms. The kernel's send buffer is bounded too, so that a reader that does
        // not read fills its connection's queue (and is closed) instead of megabytes of kernel memory.
        let _ = stream.set_nodelay(true);
        let _ = socket2::SockRef::from(&stream).set_send_buffer_size(limits.socket_send_buffer);
        let app = app.clone();
        let mut stop = stop.clone();
        let hub = hub.clone();
        let header_timeout = Duration::from_secs(limits.header_timeout_secs.max(1));
        tokio::spawn(async move {
            let _slot = slot;
            hub.metrics.tcp_connections.fetch_add(1, Ordering::Relaxed);
            serve_connection(stream, peer, app, header_timeout, &mut stop).await;
            hub.metrics.tcp_connections.fetch_sub(1, Ordering::Relaxed);
        });
    }
    // Drain: the HTTP connections finish their request; the WebSockets close (the hub tells them).
    let deadline = tokio::time::Instant::now() + drain;
    let open = || hub.metrics.tcp_connections.load(Ordering::Relaxed) + hub.metrics.websockets.load(Ordering::Relaxed);
    while open() > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let left = open();
    log::info("drained", &[("connections_left", &left)]);
}

async fn serve_connection(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    app: Router,
    header_timeout: Duration,
    stop: &mut watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let mut app = app.clone();
        async move { tower_service::Service::call(&mut app, request).await }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(header_timeout);
    let connection = builder.serve_connection(TokioIo::new(stream), service).with_upgrades();
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        _ = stop.wait_for(|s| *s) => {}
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
}
