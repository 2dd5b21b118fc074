//! The command line as an operator meets it: `--help` names every option the issue asks for (port,
//! database, limits), and a database file that is not sound is refused at start (and by `check-db`) with a
//! message naming it, never served from or written over.

use crate::common;

use std::io::{Seek, SeekFrom, Write};
use std::process::{Command, Output};

use common::{relaxed_limits, temp_db, Client, Server};
use serde_json::json;

/// Runs the server's command line to its end (killed after 20 s: a server that wrongly starts serving
/// fails the test instead of holding it forever).
fn server(args: &[&str]) -> Output {
    Command::new("timeout")
        .args(["20", env!("CARGO_BIN_EXE_battleline-server")])
        .args(args)
        .output()
        .expect("the server runs")
}

#[test]
fn help_lists_the_port_the_database_and_the_limits() {
    let out = server(&["--help"]);
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for option in [
        "--port",
        "--db",
        "--static-dir",
        "--max-rooms",
        "--max-connections",
        "--max-message-bytes",
        "--rate-per-second",
        "--send-queue",
        "--idle-unload-secs",
    ] {
        assert!(help.contains(option), "--help names {option}:\n{help}");
    }
    let bot = server(&["bot", "--help"]);
    assert!(String::from_utf8_lossy(&bot.stdout).contains("--join"), "the bot bridge has its own --help");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_that_is_not_a_sound_database_is_refused_and_left_as_it_was() {
    // Another file given as the database by mistake.
    let (dir, db) = temp_db("cli");
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "not a database, but somebody's notes\n".repeat(200)).unwrap();
    let out = server(&["--port", "0", "--db", notes.to_str().unwrap()]);
    assert!(!out.status.success(), "the server refused the file");
    assert!(String::from_utf8_lossy(&out.stderr).contains("notes.txt"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "not a database, but somebody's notes\n".repeat(200));

    // A real database damaged in its middle (a disk error, a bad copy): refused by the server and by check-db.
    let running = Server::start(&db, &[relaxed_limits(), &["--max-creates-per-connection", "100"]].concat());
    let mut client = Client::connect(&running.url()).await;
    for _ in 0..60 {
        client.create(json!({})).await;
    }
    drop(client);
    drop(running); // kill -9: the rooms are in the write-ahead log; fold it into the file
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).unwrap();
    let pages: u64 = conn.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
    let page: u64 = conn.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
    drop(conn);
    assert!(pages >= 4, "{pages} pages");
    let mut file = std::fs::OpenOptions::new().write(true).open(&db).unwrap();
    file.seek(SeekFrom::Start(page * (pages - 2))).unwrap();
    file.write_all(&vec![0xA5; page as usize]).unwrap();
    drop(file);
    let damaged = std::fs::read(&db).unwrap();
    let out = server(&["--port", "0", "--db", &db]);
    assert!(!out.status.success(), "the server refused the damaged file");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains(&db), "the message names the file: {said}");
    let check = server(&["check-db", "--db", &db]);
    assert!(!check.status.success(), "check-db finds the damage: {}", String::from_utf8_lossy(&check.stdout));
    assert_eq!(std::fs::read(&db).unwrap(), damaged, "the damaged file was left as it was");
    eprintln!("refused: {}", said.trim());
}
