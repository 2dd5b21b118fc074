//! What an operator scrapes at `/metrics` (Prometheus' text format): counters and latency histograms
//! kept in atomics, so that counting never waits on a lock held elsewhere.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0];

/// A latency histogram.
#[derive(Default)]
pub struct Histogram {
    counts: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_us: AtomicU64,
}

impl Histogram {
    /// Counts one observation.
    pub fn observe(&self, took: Duration) {
        self.observe_us(took.as_micros() as u64);
    }

    /// Counts one observation given in microseconds.
    pub fn observe_us(&self, took_us: u64) {
        let seconds = took_us as f64 / 1e6;
        for (bound, count) in BUCKETS.iter().zip(&self.counts) {
            if seconds <= *bound {
                count.fetch_add(1, Ordering::Relaxed);
            }
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum_us.fetch_add(took_us, Ordering::Relaxed);
    }

    fn write(&self, out: &mut String, name: &str, help: &str) {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
        for (bound, count) in BUCKETS.iter().zip(&self.counts) {
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {}", count.load(Ordering::Relaxed));
        }
        let count = self.count.load(Ordering::Relaxed);
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let _ = writeln!(out, "{name}_sum {}", self.sum_us.load(Ordering::Relaxed) as f64 / 1e6);
        let _ = writeln!(out, "{name}_count {count}");
    }
}

/// Every figure the server keeps.
#[derive(Default)]
pub struct Metrics {
    /// TCP connections open now.
    pub tcp_connections: AtomicUsize,
    /// WebSocket connections open now.
    pub websockets: AtomicUsize,
    /// Rooms created.
    pub rooms_created: AtomicU64,
    /// Rooms deleted past their retention.
    pub rooms_deleted: AtomicU64,
    /// Actions stored.
    pub actions: AtomicU64,
    /// Connections closed because their send queue was full.
    pub slow_reader_drops: AtomicU64,
    /// WebSockets closed for silence.
    pub idle_closes: AtomicU64,
    /// Errors of `accept` (descriptors exhausted, …).
    pub accept_errors: AtomicU64,
    /// Store calls that failed (not counting conflicts between processes).
    pub storage_errors: AtomicU64,
    /// Games posted to the lobby.
    pub lobby_posts: AtomicU64,
    /// Lobby games taken (a seat each).
    pub lobby_takes: AtomicU64,
    /// Lobby games withdrawn by their poster (asked, left the room, or disconnected).
    pub lobby_withdrawn: AtomicU64,
    /// Lobby games withdrawn after `--open-game-secs`.
    pub lobby_expired: AtomicU64,
    /// Games listed in the lobby now.
    pub lobby_games: AtomicUsize,
    /// Connections following the lobby now.
    pub lobby_followers: AtomicUsize,
    /// Refusals by code.
    refusals: Mutex<BTreeMap<&'static str, u64>>,
    /// From a change's commit call to its result.
    pub commit_latency: Histogram,
    /// Building and queueing the messages of one change for everyone in the room.
    pub broadcast_latency: Histogram,
    /// From a server ping to its pong.
    pub ping_lag: Histogram,
    /// PostgreSQL: from another process's commit of a change (its wall clock) to this process hearing of it.
    pub notify_delivery: Histogram,
    /// PostgreSQL: from hearing of another process's change to the room's task taking it up.
    pub refresh_wait: Histogram,
    /// Reading a room back from the store after another process changed it (or after a conflict).
    pub reload_latency: Histogram,
}

/// The wall clock in Unix microseconds (0 before 1970): stamped on a change's notification, so that the
/// processes on one database, whose clocks agree, can tell how long it took to arrive.
pub fn unix_us() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

impl Metrics {
    /// Counts a refusal of `code`.
    pub fn refused(&self, code: &'static str) {
        if let Ok(mut refusals) = self.refusals.lock() {
            *refusals.entry(code).or_default() += 1;
        }
    }

    /// The text exposition; `rooms_loaded` is read by the caller (it lives in the hub).
    pub fn render(&self, rooms_loaded: usize) -> String {
        let mut out = String::new();
        let gauge = |out: &mut String, name: &str, help: &str, value: u64| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {value}");
        };
        let counter = |out: &mut String, name: &str, help: &str, value: &AtomicU64| {
            let value = value.load(Ordering::Relaxed);
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} counter\n{name} {value}");
        };
        let load = |a: &AtomicUsize| a.load(Ordering::Relaxed) as u64;
        gauge(&mut out, "battleline_tcp_connections", "TCP connections open now", load(&self.tcp_connections));
        gauge(&mut out, "battleline_websockets", "WebSocket connections open now", load(&self.websockets));
        gauge(&mut out, "battleline_rooms_loaded", "Rooms in memory now", rooms_loaded as u64);
        counter(&mut out, "battleline_rooms_created_total", "Rooms created", &self.rooms_created);
        counter(&mut out, "battleline_rooms_deleted_total", "Rooms deleted past retention", &self.rooms_deleted);
        counter(&mut out, "battleline_actions_total", "Actions stored", &self.actions);
        counter(
            &mut out,
            "battleline_slow_reader_drops_total",
            "Connections closed as slow readers",
            &self.slow_reader_drops,
        );
        counter(&mut out, "battleline_idle_closes_total", "WebSockets closed for silence", &self.idle_closes);
        counter(&mut out, "battleline_accept_errors_total", "Errors accepting connections", &self.accept_errors);
        counter(&mut out, "battleline_storage_errors_total", "Failed store calls", &self.storage_errors);
        gauge(&mut out, "battleline_lobby_games", "Games listed in the lobby now", load(&self.lobby_games));
        gauge(&mut out, "battleline_lobby_followers", "Connections following the lobby", load(&self.lobby_followers));
        counter(&mut out, "battleline_lobby_posts_total", "Games posted to the lobby", &self.lobby_posts);
        counter(&mut out, "battleline_lobby_takes_total", "Lobby games taken", &self.lobby_takes);
        counter(
            &mut out,
            "battleline_lobby_withdrawn_total",
            "Lobby games withdrawn by their poster",
            &self.lobby_withdrawn,
        );
        counter(&mut out, "battleline_lobby_expired_total", "Lobby games withdrawn on time", &self.lobby_expired);
        let _ = writeln!(
            out,
            "# HELP battleline_refusals_total Refusals by code\n# TYPE battleline_refusals_total counter"
        );
        if let Ok(refusals) = self.refusals.lock() {
            for (code, n) in refusals.iter() {
                let _ = writeln!(out, "battleline_refusals_total{{code=\"{code}\"}} {n}");
            }
        }
        self.commit_latency.write(&mut out, "battleline_commit_seconds", "Time to store one change");
        self.broadcast_latency.write(&mut out, "battleline_broadcast_seconds", "Time to queue one change for a room");
        self.ping_lag.write(&mut out, "battleline_ping_lag_seconds", "Round trip of the server's pings");
        self.notify_delivery.write(
            &mut out,
            "battleline_notify_delivery_seconds",
            "From another process's commit to hearing of it",
        );
        self.refresh_wait.write(
            &mut out,
            "battleline_refresh_wait_seconds",
            "From hearing of another process's change to the room taking it up",
        );
        self.reload_latency.write(&mut out, "battleline_reload_seconds", "Time to read a room back from the store");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exposition_counts_refusals_by_code_and_fills_cumulative_buckets() {
        let m = Metrics::default();
        m.refused("server_full");
        m.refused("server_full");
        m.commit_latency.observe(Duration::from_millis(3));
        let text = m.render(7);
        assert!(text.contains("battleline_refusals_total{code=\"server_full\"} 2"), "{text}");
        assert!(text.contains("battleline_rooms_loaded 7"));
        assert!(text.contains("battleline_commit_seconds_bucket{le=\"0.0025\"} 0"));
        assert!(text.contains("battleline_commit_seconds_bucket{le=\"0.005\"} 1"));
        assert!(text.contains("battleline_commit_seconds_count 1"));
    }
}
