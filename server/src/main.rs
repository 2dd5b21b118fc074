//! `battleline-server`: Battle Line online on the battleline engine. See `--help`, docs/ONLINE.md.

mod bridge;
mod clients;
mod codes;
mod config;
mod entering;
mod http;
mod hub;
mod listen;
mod lobby;
mod log;
mod metrics;
mod outbox;
mod protocol;
mod room;
mod room_task;
mod store;
mod tokens;
mod ws;
mod ws_lobby;

use std::process::ExitCode;

use clap::Parser;

use config::{Cli, Command, ServeArgs};
use hub::Hub;
use store::{Notice, Store};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("battleline-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        match cli.command {
            None => serve(cli.serve, cli.db_ca_file.as_deref()).await,
            Some(Command::Bot(args)) => bridge::run(args).await,
            Some(Command::CheckDb { db }) => check_db(&db, cli.db_ca_file.as_deref()).await,
            Some(Command::Backup { db, to }) => backup(&db, &to).await,
            Some(Command::ExportRoom { db, room }) => export_room(&db, &room, cli.db_ca_file.as_deref()).await,
            Some(Command::DeleteRoom { db, room }) => delete_room(&db, &room, cli.db_ca_file.as_deref()).await,
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("battleline-server: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(args: ServeArgs, ca_file: Option<&std::path::Path>) -> Result<(), String> {
    let (notices, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let store = Store::open(&args.db, ca_file, notices).await?;
    let (rooms, open) = store.counts().await.map_err(|e| e.to_string())?;
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let hub = Hub::new(store, args.limits.clone(), args.trusted_proxies.clone(), stopping.clone());
    let listener =
        tokio::net::TcpListener::bind((args.host.as_str(), args.port)).await.map_err(|e| format!("listening: {e}"))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    if matches!(hub.store, Store::Postgres(_)) {
        // The lobby's changes go to the other processes (before any notice is handled: the first one,
        // `Subscribed`, asks them for their games).
        let (tx, mut told) = tokio::sync::mpsc::unbounded_channel();
        hub.lobby.share(tx);
        let hub = hub.clone();
        tokio::spawn(async move {
            while let Some(text) = told.recv().await {
                if let Err(e) = hub.store.notify_lobby(&text).await {
                    hub.storage_failed("-", "lobby notify", &e);
                }
            }
        });
    }
    {
        let hub = hub.clone();
        tokio::spawn(async move {
            while let Some(notice) = heard.recv().await {
                match notice {
                    Notice::Room { room, rev, committed_us, heard } => {
                        if let Some(committed) = committed_us {
                            hub.metrics.notify_delivery.observe_us(metrics::unix_us().saturating_sub(committed));
                        }
                        hub.refresh(&room, rev, Some(heard)).await
                    }
                    Notice::Subscribed { again } => {
                        if again {
                            hub.refresh_all().await;
                        }
                        hub.lobby.hello();
                    }
                    Notice::Lobby(text) => hub.lobby.heard(&text, hub.limits.open_game_secs, &hub.metrics),
                }
            }
        });
    }
    {
        let hub = hub.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(std::time::Duration::from_secs(hub.limits.sweep_secs.max(1)));
            loop {
                every.tick().await;
                match hub.sweep().await {
                    Ok(0) => {}
                    Ok(n) => log::info("rooms_deleted", &[("count", &n)]),
                    Err(e) => hub.storage_failed("-", "sweep", &e),
                }
            }
        });
    }
    if matches!(hub.store, Store::Postgres(_)) {
        let hub = hub.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(std::time::Duration::from_secs(5));
            loop {
                every.tick().await;
                hub.check_revisions().await;
            }
        });
    }
    let app = http::router(hub.clone(), args.static_dir.as_deref(), args.allowed_origins.clone());
    log::info(
        "started",
        &[("address", &address), ("database", &store::redact(&args.db)), ("rooms", &rooms), ("unfinished", &open)],
    );
    println!("http://{address}/");
    tokio::spawn(async move {
        shutdown().await;
        log::info("stopping", &[]);
        let _ = stop.send(true);
    });
    listen::serve(listener, app, hub.clone(), stopping, std::time::Duration::from_secs(5)).await;
    hub.store.close().await;
    log::info("stopped", &[]);
    Ok(())
}

/// Resolves on SIGINT or SIGTERM.
pub(crate) async fn shutdown() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => return interrupt.await.unwrap_or(()),
        };
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}

/// A snapshot of the SQLite file `db` in the new file `to`, taken while the server may be writing; then
/// the copy is checked as `check-db` does.
async fn backup(db: &str, to: &str) -> Result<(), String> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        return Err("backup copies SQLite files; for PostgreSQL use pg_dump".into());
    }
    store::sqlite_backup(db, to)?;
    check_db(to, None).await
}

/// The database's own check, then every stored match of every room replayed by the engine: the
/// current ones and the finished ones before them. A room whose current match fails is quarantined (the
/// server would refuse it anyway) and the others are checked on; a damaged finished match is reported
/// (its room plays on). Either, or any quarantined room (listed), makes the check fail.
async fn check_db(db: &str, ca_file: Option<&std::path::Path>) -> Result<(), String> {
    let (notices, _heard) = tokio::sync::mpsc::unbounded_channel();
    let store = Store::open(db, ca_file, notices).await?;
    let check = store.integrity().await.map_err(|e| e.to_string())?;
    if check != "ok" {
        return Err(format!("{}: {check}", store::redact(db)));
    }
    let ids = store.ids().await.map_err(|e| e.to_string())?;
    let (mut actions, mut past, mut past_actions, mut unseeded) = (0, 0, 0, 0);
    let mut damaged_matches = Vec::new();
    let already: Vec<String> =
        store.quarantined_rooms().await.map_err(|e| e.to_string())?.into_iter().map(|q| q.room).collect();
    for id in ids.iter().filter(|id| !already.contains(id)) {
        let (options, generation) = match replay_current(&store, id).await {
            Ok((options, generation, current)) => {
                actions += current;
                (options, generation)
            }
            Err(store::StoreError::Damaged(why)) => {
                store.quarantine(id, &why).await.map_err(|e| format!("quarantining room {id}: {e}"))?;
                continue;
            }
            Err(e) => return Err(format!("room {id}: {e}")),
        };
        'matches: for earlier in store.past_matches(id, generation).await.map_err(|e| e.to_string())? {
            let Some(seed) = earlier.seed else {
                unseeded += 1;
                continue;
            };
            let mut game = room::new_game(options, seed, earlier.long_seed).map_err(|e| format!("room {id}: {e}"))?;
            for (i, stored) in earlier.actions.iter().enumerate() {
                if let Err(e) = game.apply_as(stored.seat, &stored.action) {
                    damaged_matches.push(format!("room {id}, match {}: stored action {i}: {e}", earlier.generation));
                    continue 'matches;
                }
            }
            past += 1;
            past_actions += earlier.actions.len();
        }
    }
    let unseeded = if unseeded > 0 {
        format!(" ({unseeded} earlier matches stored before their seeds were kept could not be replayed)")
    } else {
        String::new()
    };
    let quarantined = store.quarantined_rooms().await.map_err(|e| e.to_string())?;
    let sound = quarantined.is_empty() && damaged_matches.is_empty();
    println!(
        "{}: {} rooms, {actions} actions in their current matches and {past_actions} in {past} finished \
         matches, all replayed by the engine{unseeded}",
        if sound { "ok" } else { "damaged" },
        ids.len()
    );
    if sound {
        return Ok(());
    }
    for q in &quarantined {
        println!("quarantined: room {} since {} ms: {}", q.room, q.since_ms, q.reason);
    }
    let mut why = damaged_matches;
    if !quarantined.is_empty() {
        why.push(format!(
            "{} quarantined rooms (the server refuses them with room_damaged): keep each with `export-room`, \
             then remove it with `delete-room` (docs/DEPLOY.md, Damaged rooms)",
            quarantined.len()
        ));
    }
    Err(why.join("\n"))
}

/// Room `id` loaded and its current match replayed: (options, which match, its actions). `Damaged`
/// for a room that does not load or replay.
async fn replay_current(store: &Store, id: &str) -> Result<(battleline::Options, u32, usize), store::StoreError> {
    let record = store.load(id).await?.ok_or_else(|| store::StoreError::Failed(format!("room {id} vanished")))?;
    let found = (record.options, record.generation, record.actions.len());
    room::Room::load(record)
        .map_err(|e| store::StoreError::Damaged(format!("its stored game no longer replays: {e}")))?;
    Ok(found)
}

/// Prints every stored row of `room` as JSON.
async fn export_room(db: &str, room: &str, ca_file: Option<&std::path::Path>) -> Result<(), String> {
    let (notices, _heard) = tokio::sync::mpsc::unbounded_channel();
    let store = Store::open(db, ca_file, notices).await?;
    let rows = store.export_room(room).await.map_err(|e| e.to_string())?;
    let rows = rows.ok_or_else(|| format!("no room {room} in {}", store::redact(db)))?;
    println!("{}", serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?);
    Ok(())
}

/// Deletes every stored row of the quarantined `room`.
async fn delete_room(db: &str, room: &str, ca_file: Option<&std::path::Path>) -> Result<(), String> {
    let (notices, _heard) = tokio::sync::mpsc::unbounded_channel();
    let store = Store::open(db, ca_file, notices).await?;
    store.delete_room(room).await.map_err(|e| e.to_string())?;
    println!("deleted room {room}");
    Ok(())
}
