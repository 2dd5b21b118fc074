//! What goes to a connection: its bounded send queue and the frames in it, and a refusal's shape. Apart
//! from the hub (hub.rs) so that the rooms' tasks and the lobby can send without naming the hub.

use std::sync::{Arc, Mutex, MutexGuard};

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
    /// A `presence` text frame, which newer ones replace until it is written.
    Presence(Latest),
}

/// The text of a queued `presence` (who is in the room): a newer one replaces it until the writer takes
/// it, since only the newest says who is there.
#[derive(Clone, Debug)]
pub struct Latest(Arc<Mutex<Option<String>>>);

impl Latest {
    fn new(text: String) -> Latest {
        Latest(Arc::new(Mutex::new(Some(text))))
    }

    /// The newest text, for the writer; None if it was taken already.
    pub fn take(&self) -> Option<String> {
        locked(&self.0).take()
    }

    /// Puts `text` in place of the one queued; gives it back once the writer has taken the old one.
    fn replace(&self, text: String) -> Result<(), String> {
        match &mut *locked(&self.0) {
            Some(queued) => {
                *queued = text;
                Ok(())
            }
            None => Err(text),
        }
    }
}

/// A lock that a panic elsewhere does not poison for the connection (the data is a text or a handle).
fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A connection's bounded send queue. When it is full the reader is too slow: the connection is told to
/// close (it reconnects and gets the whole state again), and nothing else waits for it.
///
/// Comings and goings take no room in it: a `presence` queued right after another one that is not yet
/// written takes its place. A burst the server makes itself (20 spectators leaving at once, handled
/// while this connection's writer waits for a busy CPU) is one frame, not 20, so a reader is counted
/// slow for what it did not read of the game, never for the crowd's churn.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Out>,
    slow: Arc<Notify>,
    /// The frame queued last, while it is a `presence` (cleared by any other frame queued after it).
    last_presence: Arc<Mutex<Option<Latest>>>,
}

impl Outbox {
    /// A queue of `capacity` frames, its receiver, and what the writer waits on to close a slow connection.
    pub fn new(capacity: usize) -> (Outbox, mpsc::Receiver<Out>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(capacity);
        let slow = Arc::new(Notify::new());
        (Outbox { tx, slow: slow.clone(), last_presence: Arc::default() }, rx, slow)
    }

    /// Queues a frame; false (and the connection is told to close) when the queue is full.
    pub fn send(&self, out: Out) -> bool {
        // Held while queuing, so that the room's task and the connection's own replies agree on which
        // frame is last.
        let mut last = locked(&self.last_presence);
        *last = None;
        self.queue(out)
    }

    /// Queues a `presence` text, or puts it in place of the one queued last if that one is not written
    /// yet; false (and the connection is told to close) when it needs a place and the queue is full.
    pub fn send_presence(&self, text: String) -> bool {
        let mut last = locked(&self.last_presence);
        let text = match last.as_ref() {
            Some(queued) => match queued.replace(text) {
                Ok(()) => return true,
                Err(text) => text,
            },
            None => text,
        };
        let latest = Latest::new(text);
        let queued = self.queue(Out::Presence(latest.clone()));
        *last = queued.then_some(latest);
        queued
    }

    fn queue(&self, out: Out) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn text(out: Out) -> String {
        match out {
            Out::Text(text) => text,
            Out::Presence(latest) => latest.take().expect("a presence not yet taken"),
            other => panic!("a text frame, not {other:?}"),
        }
    }

    #[test]
    fn a_burst_of_presence_takes_one_place_and_says_the_newest() {
        let (outbox, mut rx, _) = Outbox::new(3);
        for n in 0..100 {
            assert!(outbox.send_presence(format!("p{n}")), "a burst of presence takes one place");
        }
        assert!(outbox.send(Out::Text("state".into())));
        assert!(outbox.send_presence("q0".into()), "a presence after another frame takes a place of its own");
        assert!(outbox.send_presence("q1".into()));
        assert!(!outbox.send(Out::Text("another state".into())), "the queue is full: a slow reader");
        let got: Vec<String> = std::iter::from_fn(|| rx.try_recv().ok()).map(text).collect();
        assert_eq!(got, ["p99", "state", "q1"], "in order, each burst as its newest");
    }

    #[test]
    fn a_presence_the_writer_took_is_not_replaced_but_queued_again() {
        let (outbox, mut rx, _) = Outbox::new(4);
        assert!(outbox.send_presence("p0".into()));
        let first = text(rx.try_recv().unwrap());
        assert!(outbox.send_presence("p1".into()));
        assert!(outbox.send_presence("p2".into()));
        assert_eq!((first, text(rx.try_recv().unwrap())), ("p0".to_string(), "p2".to_string()));
        assert!(rx.try_recv().is_err(), "nothing else queued");
    }

    #[test]
    fn a_reader_that_never_reads_the_game_still_fills_its_queue() {
        let (outbox, _rx, slow) = Outbox::new(3);
        let mut queued = 0;
        while outbox.send_presence("presence".into()) && outbox.send(Out::Text("state".into())) {
            queued += 1;
            assert!(queued < 10, "a full queue refuses");
        }
        assert_eq!(queued, 1, "presence, state, presence: then the state finds no place");
        // The writer is told to close the connection.
        assert!(tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
            tokio::time::timeout(std::time::Duration::from_secs(1), slow.notified()).await.is_ok()
        }));
    }
}
