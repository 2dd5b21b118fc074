//! The systemd unit of deploy/ as far as it can be tried without running systemd: `systemd-analyze
//! verify` reads it without a word of complaint (an unknown key, a bad value or a missing program would
//! be one), and the server started as the unit starts it (its `Environment=` lines and `ExecStart=`
//! arguments, with the unit's folders moved under a temporary one) serves its page and its health check
//! and keeps its database private. The container image is not built here: that needs a container
//! runtime and network access (docs/DEPLOY.md says so). Without systemd-analyze the first test says it
//! skipped.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};

const UNIT: &str = include_str!("../../../deploy/battleline.service");
const INSTALLED: &str = "/usr/local/bin/battleline-server";

/// The values of `key=` lines of the unit, in order.
fn values<'a>(key: &str, unit: &'a str) -> Vec<&'a str> {
    unit.lines().filter_map(|l| l.trim().strip_prefix(key).and_then(|r| r.strip_prefix('='))).collect()
}

#[test]
fn the_systemd_unit_passes_systemd_analyze_verify_without_a_warning() {
    let Some(analyze) =
        ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].into_iter().find(|p| Path::new(p).exists())
    else {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "skipped: the systemd unit (systemd-analyze is not installed)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // The unit as installed, its program where this build put it (verify checks that it is executable).
    assert!(UNIT.contains(&format!("ExecStart={INSTALLED} ")), "the unit runs {INSTALLED}");
    let unit = dir.path().join("battleline.service");
    std::fs::write(&unit, UNIT.replace(INSTALLED, env!("CARGO_BIN_EXE_battleline-server"))).unwrap();
    let out = Command::new(analyze).arg("verify").arg(&unit).output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && said.trim().is_empty(), "systemd-analyze verify: {said}");

    // The check can fail: a misspelt key is reported.
    let bad = dir.path().join("bad.service");
    std::fs::write(&bad, std::fs::read_to_string(&unit).unwrap().replace("RestartSec=", "RestartSecs=")).unwrap();
    let out = Command::new(analyze).arg("verify").arg(&bad).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("RestartSecs"), "a misspelt key is reported");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_started_as_the_unit_starts_it_serves_the_page_and_its_health() {
    let dir = tempfile::tempdir().unwrap();
    let (state, www) = (dir.path().join("state"), dir.path().join("www"));
    std::fs::create_dir_all(&state).unwrap();
    std::fs::create_dir_all(&www).unwrap();
    std::fs::write(www.join("index.html"), "<!doctype html><title>unit</title>").unwrap();
    // The unit's folders, here.
    let moved = |v: &str| {
        v.replace("/var/lib/battleline", state.to_str().unwrap())
            .replace("/usr/share/battleline-www", www.to_str().unwrap())
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_battleline-server"));
    command.env_clear().current_dir(&state).stdout(Stdio::piped()).stderr(Stdio::null());
    let environment = values("Environment", UNIT);
    assert!(environment.len() >= 4, "the unit sets the server's environment: {environment:?}");
    for pair in environment {
        let (name, value) = pair.split_once('=').expect("NAME=value");
        command.env(name, moved(value));
    }
    let exec = values("ExecStart", UNIT);
    let mut args = exec[0].split_whitespace();
    assert_eq!(args.next(), Some(INSTALLED));
    let args: Vec<String> = args.map(|a| if a == "8080" { "0".to_string() } else { moved(a) }).collect();
    assert!(args.iter().any(|a| a == "0"), "the unit names its port (8080), moved to a free one here");
    let mut child = command.args(&args).spawn().unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
    let port: u16 = line.trim().trim_end_matches('/').rsplit(':').next().unwrap().parse().expect("a port");

    let (status, _) = common::http_get(port, "/api/health", "").await;
    assert!(status.contains("200"), "health: {status}");
    let (status, page) = common::http_get(port, "/", "").await;
    assert!(
        status.contains("200") && page.contains("<title>unit</title>"),
        "the page from the unit's folder: {status}"
    );
    // The database is where the unit puts it, readable by its owner only.
    let db = state.join("battleline.db");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&db).expect("the database is in the unit's state folder").permissions().mode();
    assert_eq!(mode & 0o077, 0, "the database is private: {mode:o}");
    let _ = child.kill();
    let _ = child.wait();
}
