//! The independent load generator of scripts/bench-server.sh (bench/server-load.mjs: Node and the `ws`
//! package, nothing of the project's client) against a real server, small: 4 whole games. Every game
//! ends, every action's arrival at the opponent is measured, the server's memory is read, nothing is
//! refused, and the server applied every action sent, so that the benchmark's figures come from games
//! that were really played. Without Node or `node_modules/ws` the test says it skipped.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{relaxed_limits, temp_db, Server};
use serde_json::Value;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The generator's result for these arguments (its JSON), with its printed summary.
fn generate(args: &[&str]) -> (Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("result.json");
    let out = Command::new("node")
        .current_dir(ROOT)
        .arg("bench/server-load.mjs")
        .args(args)
        .args(["--json", json.to_str().unwrap()])
        .output()
        .expect("node runs");
    let printed = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the generator failed: {printed}");
    (serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap(), printed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_independent_generator_plays_whole_games_and_measures_every_action() {
    let found = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found || !Path::new(ROOT).join("node_modules/ws").exists() {
        assert!(
            std::env::var("BATTLELINE_REQUIRE_SERVICES").as_deref() != Ok("1"),
            "Node or node_modules/ws is missing, and BATTLELINE_REQUIRE_SERVICES=1 forbids skipping (npm ci)"
        );
        eprintln!("skipped: the load generator (Node or node_modules/ws is missing: npm ci)");
        return;
    }
    let (_dir, db) = temp_db("load-generator");
    let server = Server::start(&db, relaxed_limits());
    let url = server.url();
    let pid = server.child.id().to_string();
    let (r, printed) =
        generate(&["--url", &url, "--games", "4", "--wave", "2", "--wave-ms", "200", "--think-ms", "4", "--pid", &pid]);
    assert_eq!((r["finished"].as_u64(), r["failed"].as_u64()), (Some(4), Some(0)), "{printed}");
    assert_eq!((r["errors"].clone(), r["lostConnections"].as_u64()), (serde_json::json!({}), Some(0)), "{printed}");
    // A whole game is dozens of actions, and each one's arrival at the opponent is measured.
    let actions = r["actions"].as_u64().unwrap();
    let samples = r["latencyMs"]["samples"].as_u64().unwrap();
    assert!(actions >= 4 * 30, "whole games: {printed}");
    assert!(samples * 10 >= actions * 9 && samples <= actions, "{samples} latencies for {actions} actions");
    let (p50, p99, max) = (&r["latencyMs"]["p50"], &r["latencyMs"]["p99"], &r["latencyMs"]["max"]);
    assert!(p50.as_f64().unwrap() <= p99.as_f64().unwrap() && p99.as_f64().unwrap() <= max.as_f64().unwrap());
    let memory = &r["memoryKiB"][0];
    assert_eq!(memory["pid"].as_u64().unwrap().to_string(), pid);
    assert!(memory["before"].as_u64().unwrap() > 1000 && memory["afterMatches"].as_u64().unwrap() > 1000, "{memory}");
    // The generator's games are the server's: it counts the actions it stored.
    let stored = common::metric(server.port, "battleline_actions_total").await;
    assert_eq!(stored as u64, actions, "every action sent was applied");
}
