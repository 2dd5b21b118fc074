//! Hostile input to the `battleline` binary: bot programs that write endless output, bot messages with
//! crafted views or overlong lines, and huge record files. Each ends in a clear error or a forfeit,
//! within bounded time and memory.
// Native only: it uses 64-bit sizes (and processes); wasm-pack test builds every test for wasm32.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use battleline::{Game, Options};

use crate::cli_common::battleline_fed as run;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

// A bot writing endless output without a newline took the referee to 4 GB in 13 s,
// whatever --move-timeout said. Now the line is cut at its limit and the bot forfeits.
#[test]
fn a_bot_writing_an_endless_line_forfeits() {
    let start = Instant::now();
    let builtin = random_bot();
    let output = run(&["referee", "--a", "cat /dev/zero", "--b", &builtin, "--games", "1"], Vec::new());
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(stdout.contains("forfeits") && stdout.contains("longer than 65536 bytes"), "{stdout}");
    assert!(start.elapsed() < Duration::from_secs(30), "took {:?}", start.elapsed());
}

// Blank lines used to restart the move clock: a bot printing endless empty lines never timed out.
#[test]
fn a_bot_flooding_blank_lines_still_times_out() {
    let start = Instant::now();
    let output =
        run(&["referee", "--a", "yes ''", "--b", "yes ''", "--games", "1", "--move-timeout", "0.5"], Vec::new());
    let stdout = text(&output.stdout);
    assert!(stdout.contains("forfeits: no answer within 0.5 s"), "{stdout}");
    assert!(start.elapsed() < Duration::from_secs(30), "took {:?}", start.elapsed());
}

/// A `turn` message for `battleline bot` with this view.
fn turn_line(view: &serde_json::Value) -> Vec<u8> {
    format!("{}\n", serde_json::json!({ "type": "turn", "view": view, "legal": [] })).into_bytes()
}

// Natively, `battleline bot heuristic` panicked (exit 101) on a view with a wrapped
// deck size.
#[test]
fn the_bot_command_refuses_a_crafted_view_without_panicking() {
    let game = Game::new(Options::default(), 1).unwrap();
    let player = game.position().current();
    let mut view = serde_json::to_value(game.view(player).unwrap()).unwrap();
    view["troopDeck"] = serde_json::json!(u64::MAX - 201);
    view["handSizes"][1 - player]["troops"] = serde_json::json!(255);
    for bot in ["random", "heuristic", "search:20"] {
        let output = run(&["bot", bot], turn_line(&view));
        assert_eq!(output.status.code(), Some(1), "{bot}: {}", text(&output.stderr));
        assert!(text(&output.stderr).contains("bad_input: troopDeck"), "{bot}: {}", text(&output.stderr));
    }
}

#[test]
fn the_bot_command_refuses_an_overlong_line() {
    let mut input = vec![b' '; 2 * 1024 * 1024];
    input.push(b'\n');
    let output = run(&["bot", "random"], input);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("longer than 1048576 bytes"), "{}", text(&output.stderr));
}

// A huge record file is refused by its size, without being read whole.
#[test]
fn replay_refuses_a_record_larger_than_the_limit() {
    let mut input = br#"{"format":"battleline-record","version":1,"options":{},"seed":1,"actions":["#.to_vec();
    input.resize(battleline::MAX_RECORD_BYTES + 10, b' ');
    let output = run(&["replay", "-"], input);
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("bad_record") && stderr.contains("more than 16777216 bytes"), "{stderr}");
}

/// Whether process `pid` is still running (a zombie waiting for its parent counts as ended).
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command name in parentheses: "pid (comm) S ...".
        Ok(stat) => stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().next()) != Some("Z"),
        Err(_) => false,
    }
}

/// Those of `recorded` still running after up to 5 s: SIGKILL is sent at once, but under load a killed
/// process may take a moment to die and be reaped by init.
#[cfg(target_os = "linux")]
fn survivors(recorded: &[u32]) -> Vec<u32> {
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut survivors: Vec<u32> = recorded.to_vec();
    survivors.retain(|&pid| running(pid));
    while !survivors.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
        survivors.retain(|&pid| running(pid));
    }
    survivors
}

/// A bot that ignores SIGTERM, never answers, and starts a child (letting go of the referee's output
/// pipes, so that a regression fails a test instead of hanging it); both append their process ids to
/// the file `pids` in a fresh directory named `name`. Returns the bot's command and the file.
#[cfg(target_os = "linux")]
fn looping_bot(name: &str) -> (String, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("battleline-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pids = dir.join("pids");
    let _ = std::fs::remove_file(&pids);
    let bot = format!(
        "trap '' TERM; echo $$ >> {file}; sleep 120 >/dev/null 2>&1 & echo $! >> {file}; while :; do sleep 1; done",
        file = pids.display()
    );
    (bot, pids)
}

/// The built-in random bot, for the other seat.
fn random_bot() -> String {
    format!("{} bot random", env!("CARGO_BIN_EXE_battleline"))
}

// A looping bot outlived its forfeit and the referee (only the `sh -c` wrapper was killed):
// one orphan per forfeited game kept a core busy. Now each bot runs in a process group of its own and
// the whole group is ended, by SIGKILL after a grace period if it ignores SIGTERM. The bot here ignores
// SIGTERM, never answers, and starts a child that ignores SIGTERM too; each records its process id.
#[cfg(target_os = "linux")]
#[test]
fn a_looping_bot_and_what_it_started_do_not_outlive_the_referee() {
    let (bot, pids) = looping_bot("orphans");
    let builtin = random_bot();
    let start = Instant::now();
    let output = run(&["referee", "--a", &bot, "--b", &builtin, "--games", "2", "--move-timeout", "0.3"], Vec::new());
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(stdout.matches("A forfeits: no answer within 0.3 s").count(), 2, "{stdout}");
    let recorded: Vec<u32> =
        std::fs::read_to_string(&pids).unwrap().lines().map(|l| l.trim().parse().unwrap()).collect();
    assert_eq!(recorded.len(), 4, "two games, a shell and its child each: {recorded:?}");
    let survivors = survivors(&recorded);
    for pid in &survivors {
        // Clean up after a failure (they ignore SIGTERM).
        let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
    }
    assert!(survivors.is_empty(), "processes outlived the referee: {survivors:?}");
    assert!(start.elapsed() < Duration::from_secs(30), "took {:?}", start.elapsed());
    let _ = std::fs::remove_dir_all(pids.parent().unwrap());
}

// The referee reported a bot's flag -2^64 - 1 as "flag -1" (the number was clamped).
#[test]
fn the_referee_shows_a_bot_s_flag_number_as_given() {
    let bot = r#"while read line; do echo '{"type":"claim","flag":-18446744073709551617}'; done"#;
    let builtin = random_bot();
    let output = run(&["referee", "--a", bot, "--b", &builtin, "--games", "1", "--seed", "1"], Vec::new());
    let stdout = text(&output.stdout);
    assert!(stdout.contains("A forfeits") && stdout.contains("flag -18446744073709552000 does not exist"), "{stdout}");
    assert!(!stdout.contains("flag -1 "), "{stdout}");
}

// A bot in a process group of its own no longer gets the terminal's Ctrl-C, so the referee
// ends every live bot group when it is itself ended by SIGINT, SIGTERM or SIGHUP. The bot here ignores
// SIGTERM and its input, thinks for ever within a long move timeout, and starts a child; the referee is
// signalled mid-game, and neither the bot nor its child may outlive it.
#[cfg(target_os = "linux")]
#[test]
fn bots_do_not_outlive_a_referee_ended_by_a_signal() {
    for signal in ["TERM", "INT", "HUP"] {
        let (bot, pids) = looping_bot(&format!("signalled-{signal}"));
        let builtin = random_bot();
        // No pipes to the test: a surviving bot holding one would hang the test instead of failing it.
        let mut referee = Command::new(env!("CARGO_BIN_EXE_battleline"))
            .args(["referee", "--a", &bot, "--b", &builtin, "--games", "1", "--move-timeout", "60"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        let recorded = loop {
            let text = std::fs::read_to_string(&pids).unwrap_or_default();
            let recorded: Vec<u32> = text.lines().filter_map(|l| l.trim().parse().ok()).collect();
            if recorded.len() == 2 {
                break recorded;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "{signal}: the bot did not start: {text:?}");
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(referee.try_wait().unwrap().is_none(), "{signal}: the referee is waiting for the bot");
        Command::new("kill").args([&format!("-{signal}"), &referee.id().to_string()]).status().unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        while referee.try_wait().unwrap().is_none() {
            assert!(Instant::now() < deadline, "{signal}: the referee did not end");
            std::thread::sleep(Duration::from_millis(20));
        }
        let survivors = survivors(&recorded);
        for pid in &survivors {
            let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
        }
        assert!(survivors.is_empty(), "{signal}: processes outlived the referee: {survivors:?} of {recorded:?}");
        let _ = std::fs::remove_dir_all(pids.parent().unwrap());
    }
}
