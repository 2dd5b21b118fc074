//! One WebSocket connection: reads client messages under the limits (size, rate), turns them into room
//! commands, and writes what the rooms send through a bounded queue. Every refusal is an `error` frame;
//! a flood or a reader too slow for its queue closes the connection, never the server.

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;

use crate::clients::Slot;
use crate::codes::Code;
use crate::entering::{enter, join, leave, may_create};
use crate::hub::{Hub, Out, Outbox, Request, RoomCmd};
use crate::log;
use crate::protocol::{ClientMessage, ServerMessage};
use crate::ws_lobby::{LobbyPart, Post};

/// A token bucket: `rate` messages a second on average, `burst` at once.
struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    fn new(rate: u32, burst: u32) -> Bucket {
        Bucket { tokens: f64::from(burst), rate: f64::from(rate), burst: f64::from(burst), last: Instant::now() }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Serves one connection of `client` (holding its per-address `slot`) until it closes.
pub async fn serve(socket: WebSocket, hub: Arc<Hub>, client: IpAddr, slot: Slot) {
    let _slot = slot;
    let limits = hub.limits.clone();
    let (outbox, rx, slow) = Outbox::new(limits.send_queue);
    let (sink, mut stream) = socket.split();
    let mut writer = tokio::spawn(write(sink, rx, slow, hub.clone()));
    if hub.metrics.websockets.fetch_add(1, Ordering::SeqCst) >= limits.max_connections {
        hub.refused(Code::ServerFull, &client, "WebSockets in all");
        outbox.send(Out::Close("the server has as many connections as it may; try again later".into()));
        hub.metrics.websockets.fetch_sub(1, Ordering::SeqCst);
        let _ = writer.await;
        return;
    }
    let conn = hub.conn_id();
    // The server's pings: each carries its number; the answer's delay is the connection's lag. Any frame
    // from the client shows it is there; silence past the idle timeout closes the connection.
    let every = Duration::from_secs(limits.ping_secs.max(1));
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let idle_timeout = Duration::from_secs(limits.idle_timeout_secs.max(1));
    let mut last_heard = Instant::now();
    let mut ping_sent: Option<(u64, Instant)> = None;
    let mut ping_number = 0u64;
    let mut stopping = hub.stopping.clone();
    let mut bucket = Bucket::new(limits.rate_per_second, limits.rate_burst);
    let mut refused = 0u32;
    let mut created = 0u32;
    let mut room: Option<mpsc::Sender<RoomCmd>> = None;
    let mut lobby = LobbyPart::default();
    let error = |code: Code, message: String| Out::Text(ServerMessage::error(code, message, None).to_text());
    let mut writer_done = false;
    let mut closing = false;
    loop {
        // The writer stops on a slow reader or a close: then the connection is over for the reader too.
        let message = tokio::select! {
            message = stream.next() => message,
            _ = &mut writer => {
                writer_done = true;
                break;
            }
            _ = pings.tick() => {
                if last_heard.elapsed() >= idle_timeout {
                    hub.metrics.idle_closes.fetch_add(1, Ordering::Relaxed);
                    log::info("idle_closed", &[("client", &client), ("silent_s", &last_heard.elapsed().as_secs())]);
                    outbox.send(Out::Close(format!("no answer for {} s: the connection is closed", idle_timeout.as_secs())));
                    closing = true;
                    break;
                }
                ping_number += 1;
                if ping_sent.is_none() {
                    ping_sent = Some((ping_number, Instant::now()));
                }
                outbox.send(Out::Ping(ping_number.to_be_bytes().to_vec()));
                continue;
            }
            _ = stopping.wait_for(|s| *s) => {
                outbox.send(Out::GoingAway("the server is restarting: reconnect in a moment".into()));
                closing = true;
                break;
            }
        };
        let Some(Ok(message)) = message else { break };
        last_heard = Instant::now();
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => {
                outbox.send(error(Code::BadMessage, "messages are JSON text frames".into()));
                continue;
            }
            Message::Close(_) => break,
            Message::Pong(payload) => {
                if let Some((number, at)) = ping_sent {
                    if payload.as_ref() == number.to_be_bytes() {
                        hub.metrics.ping_lag.observe(at.elapsed());
                        ping_sent = None;
                    }
                }
                continue;
            }
            Message::Ping(_) => continue,
        };
        if !bucket.take() {
            refused += 1;
            if refused == 1 || refused > limits.flood_close_after {
                hub.refused(Code::RateLimited, &client, "messages per second");
            }
            if refused > limits.flood_close_after {
                outbox.send(Out::Close("too many messages: the connection is closed".into()));
                closing = true;
                break;
            }
            // One error frame for every 20 refused messages: a flood must not become one outbound.
            if refused % 20 == 1 {
                outbox.send(error(
                    Code::RateLimited,
                    format!("at most {} messages a second; messages over that are dropped", limits.rate_per_second),
                ));
            }
            continue;
        }
        if text.len() > limits.max_message_bytes {
            hub.refused(Code::TooLarge, &client, "message size");
            outbox.send(error(Code::TooLarge, format!("a message has at most {} bytes", limits.max_message_bytes)));
            continue;
        }
        let message: ClientMessage = match serde_json::from_str(text.as_str()) {
            Ok(message) => message,
            Err(e) => {
                outbox.send(error(Code::BadMessage, format!("not a message of the protocol: {e}")));
                continue;
            }
        };
        let request = match message {
            ClientMessage::Ping => {
                outbox.send(Out::Text(ServerMessage::Pong.to_text()));
                continue;
            }
            ClientMessage::Create { options, clock, coach } => {
                if let Err(e) = may_create(&hub, client, &mut created) {
                    hub.refused(e.code, &client, &e.message);
                    outbox.send(error(e.code, e.message));
                    continue;
                }
                lobby.leave(&hub, conn);
                leave(&mut room, conn).await;
                match hub.create(&options, clock, coach).await {
                    Ok(made) => match enter(&made.tx, conn, Some(made.token), false, &outbox).await {
                        Ok(()) => room = Some(made.tx),
                        Err(e) => {
                            outbox.send(error(e.code, e.message));
                        }
                    },
                    Err(e) => {
                        hub.refused(e.code, &client, &e.message);
                        outbox.send(error(e.code, e.message));
                    }
                }
                continue;
            }
            ClientMessage::Lobby => {
                match hub.lobby.follow(conn, &outbox, limits.max_lobby_followers, &hub.metrics) {
                    Ok(()) => lobby.following = true,
                    Err(e) => {
                        hub.refused(e.code, &client, &e.message);
                        outbox.send(error(e.code, e.message));
                    }
                }
                continue;
            }
            ClientMessage::Post { name, options, clock, coach } => {
                let post = Post { name, options, clock, coach };
                let result = lobby.post(&hub, client, conn, &outbox, &mut room, &mut created, post).await;
                if let Err(e) = result {
                    hub.refused(e.code, &client, &e.message);
                    outbox.send(error(e.code, e.message));
                }
                continue;
            }
            ClientMessage::Unpost => {
                lobby.unpost(&hub, conn);
                continue;
            }
            ClientMessage::Take { game } => {
                if let Err(e) = lobby.take(&hub, client, conn, &outbox, &mut room, &game).await {
                    hub.refused(e.code, &client, &e.message);
                    outbox.send(error(e.code, e.message));
                }
                continue;
            }
            ClientMessage::Join { room: id, token, watch } => {
                lobby.leave(&hub, conn);
                leave(&mut room, conn).await;
                match join(&hub, &id, conn, token, watch, &outbox).await {
                    Ok(tx) => room = Some(tx),
                    Err(e) => {
                        hub.refused(e.code, &client, &e.message);
                        outbox.send(error(e.code, e.message));
                    }
                }
                continue;
            }
            ClientMessage::Leave => {
                lobby.leave(&hub, conn);
                if let Some(tx) = room.take() {
                    let _ = tx.send(RoomCmd::Leave { conn, on_purpose: true }).await;
                }
                continue;
            }
            ClientMessage::Act { id, action, n } => Request::Act { id, action, n },
            ClientMessage::Resign => Request::Resign,
            ClientMessage::OfferDraw => Request::OfferDraw,
            ClientMessage::DeclineDraw => Request::DeclineDraw,
            ClientMessage::Rematch => Request::Rematch,
        };
        let sent = match &room {
            Some(tx) => tx.send(RoomCmd::Request { conn, request }).await.is_ok(),
            None => false,
        };
        if !sent {
            outbox.send(error(Code::NotInRoom, "join a room first".into()));
        }
    }
    lobby.leave(&hub, conn);
    leave(&mut room, conn).await;
    if closing {
        drain(&mut stream).await;
    }
    // The writer ends once every copy of the queue's sender is gone (the room's goes with Leave).
    drop(outbox);
    if !writer_done && tokio::time::timeout(std::time::Duration::from_secs(2), &mut writer).await.is_err() {
        writer.abort();
    }
    hub.metrics.websockets.fetch_sub(1, Ordering::SeqCst);
}

/// Reads (and drops) what a client still sends after the server closed on it, until its close frame or
/// for a second at most. A socket closed with unread bytes in its receive buffer is reset by the kernel,
/// and a reset makes the client's kernel discard what the client has not read yet: the frames answered
/// before the close, the `rate_limited` error frames and the close frame would all be lost to it.
async fn drain(stream: &mut futures_util::stream::SplitStream<WebSocket>) {
    let deadline = std::time::Duration::from_secs(1);
    let _ = tokio::time::timeout(deadline, async { while let Some(Ok(_)) = stream.next().await {} }).await;
}

/// Writes queued frames; closes the connection when told to or when its reader is too slow (then it
/// gives up on the frame being written: a reader that does not read must not hold a task forever).
async fn write(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<Out>,
    slow: Arc<tokio::sync::Notify>,
    hub: Arc<Hub>,
) {
    let close = |code: u16, reason: &str| Message::Close(Some(CloseFrame { code, reason: reason.to_string().into() }));
    let too_slow = "the send queue is full (a slow reader): reconnect";
    loop {
        let out = tokio::select! {
            out = rx.recv() => out,
            () = slow.notified() => {
                hub.metrics.slow_reader_drops.fetch_add(1, Ordering::Relaxed);
                hub.refused(Code::SlowReader, &"-", "the send queue is full");
                Some(Out::Close(too_slow.into()))
            }
        };
        let frame = match out {
            Some(Out::Text(text)) => Message::Text(text.into()),
            Some(Out::Ping(payload)) => Message::Ping(payload.into()),
            // Taken as it is now: the newest presence queued in its place.
            Some(Out::Presence(latest)) => match latest.take() {
                Some(text) => Message::Text(text.into()),
                None => continue,
            },
            Some(Out::Close(reason)) => {
                let _ = tokio::time::timeout(Duration::from_millis(500), sink.send(close(1008, &reason))).await;
                break;
            }
            Some(Out::GoingAway(reason)) => {
                let _ = tokio::time::timeout(Duration::from_millis(500), sink.send(close(1001, &reason))).await;
                break;
            }
            None => break,
        };
        tokio::select! {
            sent = sink.send(frame) => if sent.is_err() { break },
            () = slow.notified() => {
                hub.metrics.slow_reader_drops.fetch_add(1, Ordering::Relaxed);
                break;
            }
        }
    }
}
