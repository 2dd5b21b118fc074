//! What goes to a connection: its bounded send queue and the frames in it, and a refusal's shape. Apart
//! from the hub (hub.rs) so that the rooms' tasks and the lobby can send without naming the hub.

use std::sync::Arc;

use tokio::sync::{mpsc, Notify};

use crate::codes::Code;
use crate::room::Refusal;

/// What a connection's writer sends: a text frame, or a close with a reason.
#[derive(Debug)]
pub enum Out {
    /// A text frame.
    Text(String),
    /// Close the connection (code 1008, policy) with this reason.
    Close(String),
    /// Close the connection (code 1001, going away: the server stops) with this reason.
    GoingAway(String),
    /// A ping with this payload.
    Ping(Vec<u8>),
}

/// A connection's bounded send queue. When it is full the reader is too slow: the connection is told to
/// close (it reconnects and gets the whole state again), and nothing else waits for it.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Out>,
    slow: Arc<Notify>,
}

impl Outbox {
    /// A queue of `capacity` frames, its receiver, and what the writer waits on to close a slow connection.
    pub fn new(capacity: usize) -> (Outbox, mpsc::Receiver<Out>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(capacity);
        let slow = Arc::new(Notify::new());
        (Outbox { tx, slow: slow.clone() }, rx, slow)
    }

    /// Queues a frame; false (and the connection is told to close) when the queue is full.
    pub fn send(&self, out: Out) -> bool {
        match self.tx.try_send(out) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.slow.notify_one();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }
}

/// A refusal with its stable code and words.
pub(crate) fn refusal(code: Code, message: impl Into<String>) -> Refusal {
    Refusal { code, message: message.into() }
}
