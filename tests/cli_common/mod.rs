//! Running the `battleline` binary from the tests (`tests/cli/commands.rs`, `tests/cli/bots.rs`).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `battleline args…` with `stdin` as its standard input; its exit status and both outputs.
pub fn battleline(args: &[&str], stdin: &str) -> Output {
    battleline_fed(args, stdin.as_bytes().to_vec())
}

/// The same, fed `stdin` from a thread: the program may stop reading early (a refused input closes
/// the pipe; that is the point of the hostile tests, not an error) and may write more than a pipe holds
/// before it reads.
pub fn battleline_fed(args: &[&str], stdin: Vec<u8>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_battleline"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the battleline binary runs");
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    let _ = writer.join();
    output
}

/// Says that a test cannot run here (`why`), past the harness's capture so that the run's output shows
/// it, and lets it pass; where the test command requires every service (`BATTLELINE_REQUIRE_SERVICES=1`,
/// set by scripts/test.sh) it fails instead: there a skip means a test that did not run.
pub fn skipped(why: &str) {
    assert!(
        std::env::var("BATTLELINE_REQUIRE_SERVICES").as_deref() != Ok("1"),
        "{why}, and BATTLELINE_REQUIRE_SERVICES=1 forbids skipping"
    );
    let _ = writeln!(std::io::stderr(), "skipped: {why}");
}
