//! Running the `battleline` binary from the tests (`tests/cli.rs`, `tests/cli_bots.rs`).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `battleline args…` with `stdin` as its standard input; its exit status and both outputs.
pub fn battleline(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_battleline"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the battleline binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}
