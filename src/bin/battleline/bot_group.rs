//! Each bot program of `battleline referee` runs in a process group of its own, and ending a bot ends
//! the whole group: the shell that runs its command, the bot, and whatever the bot started. Only the
//! `sh -c` wrapper used to be killed, so a looping bot kept a core busy after its forfeit and after the
//! referee exited, one orphan per forfeited game.
//!
//! The group gets SIGTERM, a grace period to exit, then SIGKILL, which no bot can ignore. The referee
//! also ends every live group when it is itself ended by SIGINT, SIGTERM or SIGHUP (a bot in a group of
//! its own no longer gets the terminal's Ctrl-C). Nothing can end them if the referee is killed with
//! SIGKILL: the bots then see their input close, which ends every bot that reads it.

use std::process::{Child, Command};
#[cfg(unix)]
use std::sync::atomic::{AtomicI32, Ordering};
#[cfg(unix)]
use std::time::{Duration, Instant};

/// How long a bot's group has after SIGTERM before SIGKILL.
#[cfg(unix)]
const GRACE: Duration = Duration::from_millis(500);

/// The groups alive now (0 = a free slot), for the signal handler, which may not lock or allocate. A
/// referee runs two bots at a time; a stopped one is ended before its replacement starts.
#[cfg(unix)]
static LIVE: [AtomicI32; 8] = [const { AtomicI32::new(0) }; 8];

/// How many bots are being started and registered now: while one is, the signal handler leaves the
/// referee's ending to [`spawn`].
#[cfg(unix)]
static SPAWNING: AtomicI32 = AtomicI32::new(0);

/// The ending signal received (0 = none yet).
#[cfg(unix)]
static PENDING: AtomicI32 = AtomicI32::new(0);

/// Starts the command in a process group of its own (its process group id is its process id) and
/// registers the group for the signal handler. A signal that ends the referee between the start and the
/// registration is held until the group is registered (`SPAWNING`), so that it ends the new bot too:
/// on a loaded machine the bot can start, and start children, before the referee runs its next line.
pub fn spawn(command: &mut Command) -> std::io::Result<(Child, BotGroup)> {
    #[cfg(unix)]
    return spawn_registered(command);
    #[cfg(not(unix))]
    return command.spawn().map(|child| {
        let group = BotGroup::of(&child);
        (child, group)
    });
}

#[cfg(unix)]
fn spawn_registered(command: &mut Command) -> std::io::Result<(Child, BotGroup)> {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
    static HANDLERS: std::sync::Once = std::sync::Once::new();
    HANDLERS.call_once(install_signal_handlers);
    SPAWNING.fetch_add(1, Ordering::SeqCst);
    let started = command.spawn().map(|child| {
        let group = BotGroup::of(&child);
        (child, group)
    });
    SPAWNING.fetch_sub(1, Ordering::SeqCst);
    let signal = PENDING.load(Ordering::SeqCst);
    if signal != 0 {
        if let Ok((_, group)) = &started {
            signal_group(group.id, libc::SIGKILL);
        }
        die_of(signal);
    }
    started
}

/// A bot's process group, ended once.
pub struct BotGroup {
    #[cfg(unix)]
    id: i32,
}

impl BotGroup {
    /// The group that `child`, started in a group of its own, leads.
    fn of(child: &Child) -> BotGroup {
        #[cfg(unix)]
        {
            let id = i32::try_from(child.id()).unwrap_or(0);
            // A free slot for the signal handler (without one, the group is still ended by `end`).
            let _ = LIVE.iter().any(|slot| slot.compare_exchange(0, id, Ordering::SeqCst, Ordering::SeqCst).is_ok());
            BotGroup { id }
        }
        #[cfg(not(unix))]
        {
            let _ = child;
            BotGroup {}
        }
    }

    /// Ends every process of the group (SIGTERM, up to [`GRACE`] to exit, then SIGKILL) and reaps
    /// the shell that led it.
    pub fn end(&mut self, child: &mut Child) {
        #[cfg(unix)]
        if self.id > 0 {
            let id = self.id;
            signal_group(id, libc::SIGTERM);
            let deadline = Instant::now() + GRACE;
            loop {
                // Reap the shell: a zombie still counts as a member of the group.
                let _ = child.try_wait();
                if !group_alive(id) || Instant::now() >= deadline {
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            if group_alive(id) {
                signal_group(id, libc::SIGKILL);
            }
            for slot in &LIVE {
                let _ = slot.compare_exchange(id, 0, Ordering::SeqCst, Ordering::SeqCst);
            }
            self.id = 0;
        }
        #[cfg(not(unix))]
        let _ = child.kill();
        let _ = child.wait();
    }
}

#[cfg(unix)]
fn signal_group(id: i32, signal: libc::c_int) {
    // SAFETY: kill(2) with a negative pid signals the process group; it has no memory effects.
    unsafe {
        libc::kill(-id, signal);
    }
}

#[cfg(unix)]
fn group_alive(id: i32) -> bool {
    // SAFETY: signal 0 only checks that some process of the group exists.
    unsafe { libc::kill(-id, 0) == 0 }
}

/// On SIGINT, SIGTERM or SIGHUP: end every live bot group at once, then die of the signal as before
/// (unless a bot is being started: [`spawn`] then ends it and dies of the signal once it is registered).
#[cfg(unix)]
fn install_signal_handlers() {
    extern "C" fn on_signal(signal: libc::c_int) {
        PENDING.store(signal, Ordering::SeqCst);
        for slot in &LIVE {
            let id = slot.load(Ordering::SeqCst);
            if id > 0 {
                // SAFETY: kill(2) is async-signal-safe.
                unsafe {
                    libc::kill(-id, libc::SIGKILL);
                }
            }
        }
        if SPAWNING.load(Ordering::SeqCst) == 0 {
            die_of(signal);
        }
    }
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: installs a handler that only calls async-signal-safe functions.
        unsafe {
            libc::signal(signal, on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t);
        }
    }
}

/// Ends the referee with the default action of `signal`, as if it had no handler.
#[cfg(unix)]
fn die_of(signal: libc::c_int) {
    // SAFETY: signal(2) and raise(3) are async-signal-safe; the default action ends the referee.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}
