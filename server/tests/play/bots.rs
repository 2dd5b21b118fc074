//! Bots online: `battleline-server bot --join LINK -- COMMAND` seats a bot-protocol program in a room. A
//! person plays a two-game match against a bot that records every line it is told; the match ends, the
//! bridge exits, and every `turn` the bot got carries exactly the engine's view of its seat at some point
//! of the stored game (nothing more), with a `botSeed` that is not the deal's seed.

use crate::common;

use std::path::Path;
use std::sync::{Arc, Mutex};

use battleline::{Action, Options};
use common::{auto_player, relaxed_limits, stored_room, temp_db, Client, Server};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_program_takes_a_seat_over_a_websocket_and_plays_a_match() {
    let (dir, db) = temp_db("bots");
    let server = Server::start(&db, relaxed_limits());
    let mut person = Client::connect(&server.url()).await;
    let (room, token) = person.create(json!({"games": 2})).await;
    let told = dir.path().join("told.jsonl");
    let bot = format!("python3 {}/tests/bots/recording_bot.py {}", env!("CARGO_MANIFEST_DIR"), told.display());
    let link = format!("http://127.0.0.1:{}/#room={room}", server.port);
    let bridge = tokio::process::Command::new(env!("CARGO_BIN_EXE_battleline-server"))
        .args(["bot", "--join", &link, "--"])
        .arg(&bot)
        .kill_on_drop(true)
        .spawn()
        .expect("the bridge starts");
    drop(person);
    let acked = Arc::new(Mutex::new(Vec::new()));
    let mine = auto_player(server.port, room.clone(), token, 7, acked).await.expect("the person's match ends");
    let status =
        tokio::time::timeout(std::time::Duration::from_secs(60), bridge.wait_with_output()).await.unwrap().unwrap();
    assert!(status.status.success(), "the bridge ends with the match");

    let (deal, stored) = stored_room(Path::new(&db), &room);
    let bot_actions = stored.iter().filter(|(seat, _, _)| *seat == 1).count();
    assert!(mine > 20 && bot_actions > 20, "both played: the person {mine}, the bot {bot_actions} actions");
    let mut games = vec![deal.game(Options { games: 2, ..Options::default() })];
    for (seat, action, _) in &stored {
        let mut next = games.last().unwrap().clone();
        next.apply_as(*seat as usize, &serde_json::from_value::<Action>(action.clone()).unwrap()).unwrap();
        games.push(next);
    }
    assert!(games.last().unwrap().is_match_over());
    let views: Vec<Value> = games.iter().map(|g| serde_json::to_value(g.view(1).unwrap()).unwrap()).collect();
    let lines: Vec<Value> =
        std::fs::read_to_string(&told).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let starts: Vec<&Value> = lines.iter().filter(|m| m["type"] == "start").collect();
    assert_eq!(starts.len(), 2, "a start message per game");
    for start in starts {
        assert_eq!((start["protocol"].as_u64(), start["player"].as_u64()), (Some(2), Some(1)));
        let secret = deal.long_seed.as_deref().unwrap();
        assert!(start.get("seed").is_none() && !start.to_string().contains(secret), "{start}");
        assert_ne!(start["botSeed"].as_u64(), Some(deal.seed), "{start}");
    }
    let turns: Vec<&Value> = lines.iter().filter(|m| m["type"] == "turn").collect();
    assert!(turns.len() >= bot_actions - 2, "{} turns for {bot_actions} actions", turns.len());
    for turn in &turns {
        let k = views
            .iter()
            .position(|v| *v == turn["view"])
            .expect("every view the bot got is the engine's view of its seat");
        assert_eq!(turn["legal"], serde_json::to_value(games[k].legal_actions()).unwrap());
    }
    assert_eq!(lines.iter().filter(|m| m["type"] == "end").count(), 2, "an end message per game");
}

/// The engine's own command-line program (`battleline`, built if missing), the one a player would invite.
fn battleline_cli() -> std::path::PathBuf {
    let cli = Path::new(env!("CARGO_BIN_EXE_battleline-server")).with_file_name("battleline");
    if !cli.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let built = std::process::Command::new(cargo)
            .args(["build", "-p", "battleline", "--bin", "battleline"])
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .status()
            .expect("cargo runs");
        assert!(built.success() && cli.exists(), "the battleline program was built");
    }
    cli
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engines_own_search_bot_is_invited_by_link_and_plays_a_whole_game() {
    let (_dir, db) = temp_db("cli-bot");
    let server = Server::start(&db, relaxed_limits());
    let mut person = Client::connect(&server.url()).await;
    let (room, token) = person.create(json!({})).await;
    // What a player types: the invite link and the engine's search bot.
    let link = format!("http://127.0.0.1:{}/#room={room}", server.port);
    let bot = format!("{} bot search:easy", battleline_cli().display());
    let bridge = tokio::process::Command::new(env!("CARGO_BIN_EXE_battleline-server"))
        .args(["bot", "--join", &link, "--"])
        .arg(&bot)
        .kill_on_drop(true)
        .output();
    let bridge = tokio::spawn(bridge);
    // The bot's seat is taken: the room starts.
    person.state_where(|s| s["room"]["status"] == "playing").await;
    drop(person);
    let acked = Arc::new(Mutex::new(Vec::new()));
    let mine = auto_player(server.port, room.clone(), token, 11, acked).await.expect("the person's game ends");
    let out = tokio::time::timeout(std::time::Duration::from_secs(120), bridge).await.unwrap().unwrap().unwrap();
    assert!(out.status.success(), "the bridge ends with the match: {}", String::from_utf8_lossy(&out.stderr));

    let (deal, stored) = stored_room(Path::new(&db), &room);
    let bot_actions = stored.iter().filter(|(seat, _, _)| *seat == 1).count();
    assert!(mine > 10 && bot_actions > 10, "both played: the person {mine}, the bot {bot_actions} actions");
    let mut game = deal.game(Options::default());
    for (seat, action, _) in &stored {
        game.apply_as(*seat as usize, &serde_json::from_value::<Action>(action.clone()).unwrap()).unwrap();
    }
    assert!(game.is_match_over(), "the stored game was played to its end");
}

/// Whether any process of group `pgid` is alive.
fn group_alive(pgid: &str) -> bool {
    std::process::Command::new("kill")
        .args(["-0", "--", &format!("-{pgid}")])
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap()
        .success()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_writing_an_endless_line_is_stopped_with_every_process_it_started() {
    let (dir, db) = temp_db("endless");
    let server = Server::start(&db, &["--rate-per-second", "1000", "--rate-burst", "1000"]);
    let mut person = Client::connect(&server.url()).await;
    let (room, token) = person.create(json!({})).await;
    let pidfile = dir.path().join("bot.pid");
    // A bot that starts a helper that never ends, then answers with 5 MB and no line end.
    let bot = format!("echo $$ > {}; sleep 600 & head -c 5000000 /dev/zero | tr '\\0' x; sleep 600", pidfile.display());
    let link = format!("http://127.0.0.1:{}/#room={room}", server.port);
    let bridge = tokio::process::Command::new(env!("CARGO_BIN_EXE_battleline-server"))
        .args(["bot", "--join", &link, "--max-line-bytes", "100000", "--move-timeout", "20", "--"])
        .arg(&bot)
        .kill_on_drop(true)
        .output();
    let bridge = tokio::spawn(bridge);
    person.state_where(|s| s["room"]["status"] == "playing").await;
    drop(person);
    let acked = Arc::new(Mutex::new(Vec::new()));
    let player = tokio::spawn(auto_player(server.port, room, token, 5, acked));
    let out = tokio::time::timeout(std::time::Duration::from_secs(15), bridge).await.unwrap().unwrap().unwrap();
    player.abort();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("longer than 100000 bytes"), "{said}");
    let pgid = std::fs::read_to_string(&pidfile).unwrap().trim().to_string();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
    while group_alive(&pgid) {
        assert!(std::time::Instant::now() < deadline, "the bot's helper (group {pgid}) outlived the bridge");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
