//! Fair play against the server's own messages: whole games and matches played through the server from
//! every seat, with a spectator watching. Afterwards the test replays the stored deal (which only the
//! server knows) and checks every `state` message each client received: its view, log and legal actions
//! are exactly the engine's for that receiver (`Game::view`, `Game::spectator_view`, `Game::log`), and no
//! card hidden from the receiver appears anywhere in it. The full record appears only once the match is over.
//! The deal comes from a 256-bit secret the server drew: no frame of any kind carries it before the
//! match is over, and the final record carries it and replays the match.

use crate::common;

use std::collections::HashSet;
use std::path::Path;

use battleline::{Action, Game, Options};
use common::{stored_room, temp_db, Client, Pick, Server};
use serde_json::{json, Value};

/// Plays one match through the server with one client per seat and a spectator; returns the room and
/// every client's messages (seat or None for the spectator).
async fn play_match(server: &Server, options: Value, pick: &mut Pick) -> (String, Vec<(Option<usize>, Vec<Value>)>) {
    let mut creator = Client::connect(&server.url()).await;
    let (room, _) = creator.create(options).await;
    let players = creator.next_of("state").await["room"]["options"]["players"].as_u64().unwrap() as usize;
    let mut clients = vec![creator];
    for _ in 1..players {
        let mut c = Client::connect(&server.url()).await;
        c.join(&room).await;
        clients.push(c);
    }
    let mut watcher = Client::connect(&server.url()).await;
    watcher.send(json!({"type": "join", "room": room, "watch": true})).await;
    assert_eq!(watcher.next_of("welcome").await["seat"], Value::Null);
    clients.push(watcher);
    let mut n = 0;
    // The watcher's arrival is the last change before play: everybody hears of it (the watcher with the
    // whole state, the players with a presence message).
    for c in clients.iter_mut() {
        while c.last_state().is_none_or(|s| s["room"]["spectators"] != 1) {
            let m = c.next().await.expect("open");
            if m["type"] == "presence" && m["spectators"] == 1 {
                break;
            }
        }
    }
    loop {
        // Everybody has seen action n; whoever has legal actions chooses (claims often, else at random).
        let states: Vec<Value> = clients.iter().map(|c| c.last_state().unwrap().clone()).collect();
        if states[0]["room"]["status"] == "over" {
            break;
        }
        let Some(actor) = (0..players).find(|&i| !states[i]["legal"].as_array().unwrap().is_empty()) else {
            panic!("nobody may act at action {n}: {}", states[0]["room"]);
        };
        let legal = states[actor]["legal"].as_array().unwrap();
        let claim = legal.iter().find(|a| a["type"] == "claim");
        let action = claim.filter(|_| pick.below(4) > 0).unwrap_or_else(|| &legal[pick.below(legal.len())]).clone();
        clients[actor].send(json!({"type": "act", "id": format!("a{n}"), "action": action, "n": n})).await;
        let ack = clients[actor].next_of("ack").await;
        assert_eq!(ack["n"], n + 1, "{ack}");
        n += 1;
        for c in clients.iter_mut() {
            c.state_at_least(n).await;
        }
    }
    let seats = (0..players).map(Some).chain([None]);
    (room, seats.zip(clients.into_iter().map(|c| c.received)).collect())
}

/// The cards `seat` (None: a spectator) may not know in `game`.
fn hidden(game: &Game, seat: Option<usize>) -> HashSet<String> {
    let p = game.position();
    let mut cards: Vec<battleline::Card> = p.troop_deck().chain(p.tactics_deck()).collect();
    for other in (0..game.options().players).filter(|&o| Some(o) != seat) {
        cards.extend(p.hand(other).iter());
    }
    let known = seat.map(|s| p.scout_returned(s)).unwrap_or_default();
    cards.into_iter().filter(|c| !known.contains(*c)).map(|c| c.to_string()).collect()
}

/// Every string value in a message (not the keys: a flag's `"mud"` field names no card).
fn strings(value: &Value, into: &mut HashSet<String>) {
    match value {
        Value::String(s) => {
            into.insert(s.clone());
        }
        Value::Array(items) => items.iter().for_each(|v| strings(v, into)),
        Value::Object(map) => map.values().for_each(|v| strings(v, into)),
        _ => {}
    }
}

fn check_messages(db: &Path, room: &str, received: &[(Option<usize>, Vec<Value>)]) -> usize {
    let (deal, stored) = stored_room(db, room);
    let secret = deal.long_seed.clone().expect("an online deal comes from a long seed");
    assert_eq!((deal.seed, secret.len()), (0, 64), "the deal is 256 bits, not a u64 seed");
    let first = received[0].1.iter().find(|m| m["type"] == "state").unwrap();
    let options: Options = serde_json::from_value(first["room"]["options"].clone()).unwrap();
    let mut games = vec![deal.game(options)];
    for (seat, action, _) in &stored {
        let mut next = games.last().unwrap().clone();
        next.apply_as(*seat as usize, &serde_json::from_value::<Action>(action.clone()).unwrap()).unwrap();
        games.push(next);
    }
    let mut checked = 0;
    let mut records = 0;
    for (seat, messages) in received {
        for message in messages {
            // Any frame, not only states: the secret appears only in the record of a finished match.
            if message.to_string().contains(&secret) {
                assert_eq!(message["room"]["status"], "over", "seat {seat:?} was sent the deal's secret early");
                assert_eq!(message["record"]["longSeed"], secret.as_str(), "the secret outside the record");
                let record = battleline::Record::from_value(message["record"].clone()).unwrap();
                let replayed = Game::from_record(&record).unwrap();
                assert_eq!(replayed.position(), games.last().unwrap().position(), "the record replays the match");
                records += 1;
            }
        }
        for message in messages.iter().filter(|m| m["type"] == "state") {
            let n = message["n"].as_u64().unwrap() as usize;
            let game = &games[n];
            let view = match seat {
                Some(s) => serde_json::to_value(game.view(*s).unwrap()).unwrap(),
                None => serde_json::to_value(game.spectator_view()).unwrap(),
            };
            assert_eq!(message["view"], view, "seat {seat:?}, action {n}: the view is not the engine's");
            let from = message["logFrom"].as_u64().unwrap() as usize;
            let log = serde_json::to_value(game.log(*seat, from)).unwrap();
            assert_eq!(message["log"], log, "seat {seat:?}, action {n}: the log is not the engine's");
            let over = message["room"]["status"] == "over";
            assert_eq!(message["record"].is_null(), !over, "the record is sent once the match is over, never before");
            let playing = message["room"]["status"] == "playing";
            let mine = seat.is_some_and(|s| s == game.position().current()) && !game.position().is_over() && playing;
            if mine {
                assert_eq!(message["legal"], serde_json::to_value(game.legal_actions()).unwrap());
            } else if !game.position().is_over() || !playing {
                assert_eq!(message["legal"], json!([]), "seat {seat:?} may not act at {n}");
            }
            let mut text = message.clone();
            text.as_object_mut().unwrap().remove("record");
            let mut sent = HashSet::new();
            strings(&text, &mut sent);
            for card in hidden(game, *seat) {
                assert!(!sent.contains(&card), "seat {seat:?} was sent {card}, hidden from it, at action {n}");
            }
            checked += 1;
        }
    }
    assert!(records >= received.len(), "every client got the final record with the secret ({records})");
    checked
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_state_message_is_the_engine_view_of_its_receiver_and_hides_every_hidden_card() {
    let (_dir, db) = temp_db("fair");
    let server = Server::start(
        &db,
        &[
            "--rate-per-second",
            "100000",
            "--rate-burst",
            "100000",
            "--max-connections-per-address",
            "100000",
            "--create-burst",
            "100000",
        ],
    );
    let variants = [
        json!({}),
        json!({"claimTiming": "endOfTurn", "games": 2}),
        json!({"players": 3}),
        json!({"tactics": false, "claimTiming": "startOfTurn"}),
        json!({"games": 3}),
        json!({}),
    ];
    let mut pick = Pick(0x5eed_1234_abcd);
    let mut total = 0;
    for options in variants {
        let (room, received) = play_match(&server, options.clone(), &mut pick).await;
        let checked = check_messages(Path::new(&db), &room, &received);
        assert!(checked > 100, "{options}: only {checked} messages checked");
        total += checked;
    }
    eprintln!("fair play: {total} state messages checked against the engine");
}
