//! The threaded loop the self-play generators share (`generate`, `policy-data`): game g (0-based) goes
//! to the next free thread until `games` are dealt or the deadline passes; every `1 / no_tactics`-th game
//! (spread evenly) is played without tactics; each game's bytes are appended to the file as it ends.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a run of self-play produced.
pub(crate) struct Played {
    /// Games dealt (those under way at the deadline finish and count).
    pub games: u64,
    /// The records the games returned (positions or decisions), summed.
    pub records: u64,
    pub seconds: f64,
}

/// Plays `game(g, tactics)` for g = 0, 1, … on `threads` threads; it returns the game's bytes and its
/// record count.
pub(crate) fn play_games<W: Write + Send>(
    out: &mut W,
    games: u64,
    seconds: f64,
    threads: usize,
    no_tactics: f64,
    game: impl Fn(u64, bool) -> (Vec<u8>, u64) + Sync,
) -> Played {
    let out = Mutex::new(out);
    let (next, records) = (AtomicU64::new(0), AtomicU64::new(0));
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(seconds.min(1e7));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games || Instant::now() >= deadline {
                    break;
                }
                let tactics = (g as f64 * no_tactics).floor() == ((g + 1) as f64 * no_tactics).floor();
                let (bytes, n) = game(g, tactics);
                records.fetch_add(n, Ordering::Relaxed);
                out.lock().unwrap().write_all(&bytes).unwrap();
            });
        }
    });
    Played {
        games: next.load(Ordering::Relaxed).min(games),
        records: records.load(Ordering::Relaxed),
        seconds: started.elapsed().as_secs_f64(),
    }
}
