//! Upgrades, as an operator runs them: a database written before schema versions were kept (a snapshot
//! of that schema, tests/data/schema-unversioned.sql) is migrated at start, in SQLite and in PostgreSQL;
//! its rooms play on from their u64 seeds (a game in progress and one waiting for a friend) and a new
//! room is dealt from a 256-bit secret. A database of a newer schema than the binary knows is refused
//! with `schema_too_new`, and left as it was.

use crate::common;

use std::path::Path;
use std::process::Command;

use battleline::{Action, Game, Options};
use common::{stored_room, temp_db, Client, Server};
use serde_json::json;

/// The snapshot: two rooms of the old schema (see the file's header).
const SNAPSHOT: &str = include_str!("../data/schema-unversioned.sql");
const PLAYING: &str = "5e1ec7ed0000000000000000000000a1";
const WAITING: &str = "5e1ec7ed0000000000000000000000b2";

/// The snapshot's rooms as active a moment ago: its stored times are fixed, and the retention sweep
/// would otherwise delete them as abandoned, whatever their schema.
fn touched_now() -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
    format!("UPDATE activity SET touched_ms = {now}")
}

/// The versions this binary applies (server/src/store/schema.rs).
const VERSIONS: [i64; 3] = [1, 2, 3];

fn token(c: char) -> String {
    c.to_string().repeat(64)
}

/// The snapshot's stored actions of the game in progress, as the engine reads them.
fn stored_actions() -> Vec<(usize, Action)> {
    SNAPSHOT
        .lines()
        .filter(|l| l.starts_with("INSERT INTO actions"))
        .map(|l| {
            let seat = l.split(", ").nth(8).unwrap().parse().unwrap();
            let json = &l[l.find("'{").unwrap() + 1..l.find("}'").unwrap() + 1];
            (seat, serde_json::from_str(json).unwrap())
        })
        .collect()
}

/// What the two rooms of the snapshot must do on a migrated database served at `url`.
async fn the_old_rooms_play_on(url: &str) {
    // The game in progress: each player rejoins with their token and sees the deal of seed 4242 with
    // the six stored actions; the player on move plays on.
    let mut game = Game::new(Options::default(), 4242).unwrap();
    for (seat, action) in stored_actions() {
        game.apply_as(seat, &action).unwrap();
    }
    let mut players = Vec::new();
    for t in ['a', 'b'] {
        let mut client = Client::connect(url).await;
        client.send(json!({"type": "join", "room": PLAYING, "token": token(t)})).await;
        let welcome = client.next().await.unwrap();
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        let seat = welcome["seat"].as_u64().unwrap() as usize;
        let state = client.next_of("state").await;
        assert_eq!(state["n"], 6, "{state}");
        assert_eq!(state["view"], serde_json::to_value(game.view(seat).unwrap()).unwrap(), "seat {seat}");
        players.push((seat, client));
    }
    let mover = game.position().current();
    let (_, client) = players.iter_mut().find(|(seat, _)| *seat == mover).unwrap();
    let action = game.legal_actions()[0];
    client.send(json!({"type": "act", "id": "after-upgrade", "action": action, "n": 6})).await;
    let ack = client.next_of("ack").await;
    assert_eq!((ack["id"].as_str(), ack["n"].as_u64()), (Some("after-upgrade"), Some(7)), "{ack}");

    // The waiting room: a friend takes the free seat, and the deal is seed 77's.
    let mut friend = Client::connect(url).await;
    let (seat, _) = friend.join(WAITING).await;
    let state = friend.state_where(|s| s["room"]["status"] == "playing").await;
    let expected = Game::new(Options::default(), 77).unwrap();
    assert_eq!(state["view"], serde_json::to_value(expected.view(seat as usize).unwrap()).unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_sqlite_file_of_the_unversioned_schema_is_migrated_and_its_rooms_play_on() {
    let (_dir, db) = temp_db("upgrade");
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(SNAPSHOT).unwrap();
    conn.execute_batch(&touched_now()).unwrap();

    let server = Server::start(&db, &[]);
    let mut q = conn.prepare("SELECT version FROM schema_version ORDER BY version").unwrap();
    let versions: Vec<i64> = q.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    assert_eq!(versions, VERSIONS, "every migration recorded once");
    the_old_rooms_play_on(&server.url()).await;

    let (deal, _) = stored_room(Path::new(&db), PLAYING);
    assert_eq!((deal.seed, deal.long_seed), (4242, None), "the old room keeps its u64 seed");
    let mut other = Client::connect(&server.url()).await;
    let (fresh, _) = other.create(json!({})).await;
    let (deal, _) = stored_room(Path::new(&db), &fresh);
    assert_eq!(deal.seed, 0);
    assert_eq!(deal.long_seed.map(|s| s.len()), Some(64), "a new room's deal is a 256-bit secret");
    drop(server);

    // A second start applies nothing again.
    let server = Server::start(&db, &[]);
    let count: i64 = conn.query_row("SELECT COUNT(*) FROM schema_version", [], |r| r.get(0)).unwrap();
    assert_eq!(count, VERSIONS.len() as i64);
    drop(server);
    let check = Command::new(env!("CARGO_BIN_EXE_battleline-server")).args(["check-db", "--db", &db]).output().unwrap();
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stderr));
}

#[test]
fn a_database_of_a_newer_schema_is_refused_and_left_as_it_was() {
    let (_dir, db) = temp_db("newer");
    drop(Server::start(&db, &[]));
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("INSERT INTO schema_version (version, applied_ms) VALUES (99, 0)", []).unwrap();

    for args in [vec!["--port", "0", "--db", &db], vec!["check-db", "--db", &db]] {
        let out = Command::new(env!("CARGO_BIN_EXE_battleline-server")).args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} started on a newer schema");
        assert!(
            stderr.contains("schema_too_new") && stderr.contains("schema version 99") && stderr.contains("up to 3"),
            "{stderr}"
        );
    }
    let max: i64 = conn.query_row("SELECT MAX(version) FROM schema_version", [], |r| r.get(0)).unwrap();
    assert_eq!(max, 99, "the refused database is untouched");
}

/// The snapshot loaded into a fresh database beside the test server's (`BATTLELINE_TEST_POSTGRES`,
/// started by scripts/postgres.sh): migrated at start, its rooms play on. Skipped without PostgreSQL,
/// unless the test command requires it (`BATTLELINE_REQUIRE_SERVICES=1`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_database_of_the_unversioned_schema_is_migrated_and_its_rooms_play_on() {
    let Some(url) = std::env::var("BATTLELINE_TEST_POSTGRES").ok().filter(|u| !u.is_empty()) else {
        assert!(std::env::var("BATTLELINE_REQUIRE_SERVICES").as_deref() != Ok("1"), "no BATTLELINE_TEST_POSTGRES");
        eprintln!("skipped: the PostgreSQL upgrade (BATTLELINE_TEST_POSTGRES is not set)");
        return;
    };
    let name = format!("upgrade_{}", std::process::id());
    let psql = |url: &str, args: &[&str]| {
        let out = Command::new("psql").arg(url).args(["-v", "ON_ERROR_STOP=1", "-q"]).args(args).output().unwrap();
        assert!(out.status.success(), "psql {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    psql(&url, &["-c", &format!("CREATE DATABASE {name}")]);
    // The same server, the new database: the URL's path names it.
    let (base, query) = url.split_once('?').map_or((url.as_str(), None), |(b, q)| (b, Some(q)));
    let fresh =
        format!("{}/{name}{}", &base[..base.rfind('/').unwrap()], query.map(|q| format!("?{q}")).unwrap_or_default());
    psql(&fresh, &["-c", SNAPSHOT]);
    psql(&fresh, &["-c", &touched_now()]);

    let server = Server::start(&fresh, &[]);
    let versions =
        psql(&fresh, &["-At", "-c", "SELECT string_agg(version::text, ',' ORDER BY version) FROM schema_version"]);
    assert_eq!(versions.trim(), "1,2,3");
    the_old_rooms_play_on(&server.url()).await;
    let mut other = Client::connect(&server.url()).await;
    let (fresh_room, _) = other.create(json!({})).await;
    let long_seed = psql(&fresh, &["-At", "-c", &format!("SELECT long_seed FROM rooms WHERE id = '{fresh_room}'")]);
    assert_eq!(long_seed.trim().len(), 64, "a new room's deal is a 256-bit secret: {long_seed:?}");
    drop(server);
    psql(&url, &["-c", &format!("DROP DATABASE {name}")]);
}
