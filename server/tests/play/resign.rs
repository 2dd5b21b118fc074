//! Resigning, tried as players do over WebSockets: in a three-player room one player resigns, the two
//! others are told (the seat shows as out, the log says who resigned) and play the game to its end; the
//! one who resigned keeps watching and ends with no points. A two-player resign still ends the match,
//! won by the other player, and so does a second resign in a three-player room.

use crate::common;

use common::{relaxed_limits, stored_room, temp_db, Client, Pick, Server};
use serde_json::{json, Value};

/// Three players in a new three-player room, every one having seen the game start.
async fn three_player_room(server: &Server) -> (String, Vec<Client>) {
    let mut host = Client::connect(&server.url()).await;
    let (room, _) = host.create(json!({"players": 3})).await;
    let mut clients = vec![host];
    for _ in 0..2 {
        let mut friend = Client::connect(&server.url()).await;
        friend.join(&room).await;
        clients.push(friend);
    }
    for client in &mut clients {
        client.state_where(|s| s["room"]["status"] == "playing").await;
    }
    (room, clients)
}

/// Every client's state once it has seen `n` actions (or the match end).
async fn states_at(clients: &mut [Client], n: u64) -> Vec<Value> {
    let mut states = Vec::new();
    for client in clients.iter_mut() {
        states.push(client.state_at_least(n).await);
    }
    states
}

/// The players whose state offers legal actions play random ones, each acknowledged, until the match
/// is over; `out` (a seat that resigned) must never be offered one. Returns everyone's last state.
async fn play_to_the_end(clients: &mut [Client], out: Option<usize>, seed: u64) -> Vec<Value> {
    let mut pick = Pick(seed);
    let mut n = clients[0].last_state().unwrap()["n"].as_u64().unwrap();
    for _ in 0..3_000 {
        let states = states_at(clients, n).await;
        if states.iter().all(|s| s["room"]["status"] == "over") {
            return states;
        }
        let movers: Vec<usize> =
            (0..clients.len()).filter(|&c| !states[c]["legal"].as_array().unwrap().is_empty()).collect();
        assert_eq!(movers.len(), 1, "exactly one seat may act: {movers:?}");
        let mover = movers[0];
        assert_ne!(Some(mover), out, "the seat that resigned was asked to move");
        let legal = states[mover]["legal"].as_array().unwrap();
        let action = legal[pick.below(legal.len())].clone();
        clients[mover].send(json!({"type": "act", "id": format!("a{n}"), "action": action, "n": n})).await;
        let ack = clients[mover].next_of("ack").await;
        n = ack["n"].as_u64().unwrap();
    }
    panic!("the match did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_resign_retires_one_seat_and_the_two_others_play_to_the_end() {
    let (_dir, db) = temp_db("resign-three");
    let server = Server::start(&db, relaxed_limits());
    let (room, mut clients) = three_player_room(&server).await;
    // Client k holds seat k. The seat after the one to move resigns, out of turn.
    let current = clients[0].last_state().unwrap()["view"]["current"].as_u64().unwrap() as usize;
    let out = (current + 1) % 3;
    clients[out].send(json!({"type": "resign"})).await;

    // Everyone is told, in the state and its log; the game goes on for the two others.
    for (seat, client) in clients.iter_mut().enumerate() {
        let state = client.state_where(|s| s["view"]["retired"] == out).await;
        assert_eq!(state["room"]["status"], "playing", "seat {seat}: the match goes on");
        assert!(state["room"]["ended"].is_null());
        let log = state["log"].as_array().unwrap();
        assert!(log.iter().any(|e| e["events"][0] == json!({"type": "resigned", "player": out})), "{log:?}");
        for flag in state["view"]["flags"].as_array().unwrap() {
            if flag["claimedBy"].is_null() {
                assert_eq!(flag["sides"][out], json!([]), "the resigned side left flag {}", flag["flag"]);
            }
        }
    }
    assert_eq!(clients[out].last_state().unwrap()["legal"], json!([]), "the resigner watches");
    // Resigning again, or acting, is refused.
    clients[out].send(json!({"type": "resign"})).await;
    assert_eq!(clients[out].next_of("error").await["code"], "cannot_resign");

    let end = play_to_the_end(&mut clients, Some(out), 0x5EED).await;
    let ended = &end[0]["room"]["ended"];
    assert_eq!(ended["reason"], "finished", "{ended}");
    let winner = ended["winner"].as_u64().map(|w| w as usize);
    assert_ne!(winner, Some(out), "the seat that resigned cannot win");
    let scores: Vec<u64> = end[0]["match"]["scores"].as_array().unwrap().iter().map(|s| s.as_u64().unwrap()).collect();
    assert_eq!(scores[out], 0, "the resigned seat scores nothing: {scores:?}");
    if let Some(w) = winner {
        assert_eq!(scores[w], 5, "{scores:?}");
    }
    assert_eq!(end[out]["room"]["ended"], *ended, "the resigner watched to the end");

    // The store holds the resignation as an action of the match, and the match replays from it.
    drop(server);
    let (deal, actions) = stored_room(std::path::Path::new(&db), &room);
    let resign = actions.iter().find(|(_, action, _)| action["type"] == "resign").expect("stored");
    assert_eq!((resign.0, &resign.1["player"]), (out as u64, &json!(out)));
    let mut game = deal.game(battleline::Options { players: 3, tactics: false, ..battleline::Options::default() });
    for (seat, action, _) in &actions {
        game.apply_as(*seat as usize, &serde_json::from_value(action.clone()).unwrap()).unwrap();
    }
    assert!(game.is_match_over());
    assert_eq!(game.position().retired(), Some(out));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_resign_ends_the_match_won_by_the_other_player() {
    let (_dir, db) = temp_db("resign-two");
    let server = Server::start(&db, &[]);
    let mut host = Client::connect(&server.url()).await;
    let (room, _) = host.create(json!({})).await;
    let mut friend = Client::connect(&server.url()).await;
    friend.join(&room).await;
    host.state_where(|s| s["room"]["status"] == "playing").await;
    host.send(json!({"type": "resign"})).await;
    for client in [&mut host, &mut friend] {
        let state = client.state_where(|s| s["room"]["status"] == "over").await;
        assert_eq!(state["room"]["ended"], json!({"reason": "resigned", "by": 0, "winner": 1}));
        assert!(state["view"].get("retired").is_none(), "no seat retires in a two-player game");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_resign_in_a_three_player_room_ends_the_match_won_by_the_one_who_stays() {
    let (_dir, db) = temp_db("resign-second");
    let server = Server::start(&db, relaxed_limits());
    let (_room, mut clients) = three_player_room(&server).await;
    clients[2].send(json!({"type": "resign"})).await;
    for client in clients.iter_mut() {
        client.state_where(|s| s["view"]["retired"] == 2).await;
    }
    clients[0].send(json!({"type": "resign"})).await;
    for client in clients.iter_mut() {
        let state = client.state_where(|s| s["room"]["status"] == "over").await;
        assert_eq!(state["room"]["ended"], json!({"reason": "resigned", "by": 0, "winner": 1}));
    }
}
