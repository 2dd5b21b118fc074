//! The lobby, tried as players and attackers would: a game posted with a name shows up at once for a
//! client following the list, two clients race to take it (one seat, one `game_gone`), the game leaves
//! the list for everyone, and the poster and the taker play; a posted game is withdrawn when its poster
//! cancels, leaves or disconnects, and after its time; one address cannot fill the lobby while another
//! still posts; a spectator who knows the watch id cannot take a seat through the lobby.

use crate::common;

use std::time::Duration;

use common::{connect_from, metric, temp_db, Client, Server};
use serde_json::{json, Value};

/// The next `welcome` or `error`, skipping the rest.
async fn welcome_or_error(c: &mut Client) -> Value {
    loop {
        let m = c.next().await.expect("an answer");
        if m["type"] == "welcome" || m["type"] == "error" {
            return m;
        }
    }
}

/// Follows the lobby: the whole list it gets first.
async fn follow(c: &mut Client) -> Vec<Value> {
    c.send(json!({"type": "lobby"})).await;
    c.next_of("lobby").await["games"].as_array().unwrap().clone()
}

/// Posts a game; (welcome, the listing).
async fn post(c: &mut Client, name: &str, options: Value) -> (Value, Value) {
    c.send(json!({"type": "post", "name": name, "options": options})).await;
    let welcome = welcome_or_error(c).await;
    assert_eq!(welcome["type"], "welcome", "posted: {welcome}");
    let posted = c.next_of("posted").await;
    (welcome, posted["game"].clone())
}

/// A post's refusal code, or "" if it was listed.
async fn post_code(c: &mut Client, name: &str) -> String {
    c.send(json!({"type": "post", "name": name, "options": {}})).await;
    let m = welcome_or_error(c).await;
    if m["type"] == "error" {
        return m["code"].as_str().unwrap().to_string();
    }
    c.next_of("posted").await;
    String::new()
}

/// A message of one of these types, skipping others.
async fn next_of_any(c: &mut Client, kinds: &[&str]) -> Value {
    loop {
        let m = c.next().await.expect("a message");
        if kinds.iter().any(|k| m["type"] == *k) {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_posted_game_is_listed_live_and_exactly_one_of_two_racing_takers_gets_the_seat() {
    let (_dir, db) = temp_db("lobby-take");
    let server = Server::start(&db, &[]);
    let mut follower = Client::connect(&server.url()).await;
    assert_eq!(follow(&mut follower).await, Vec::<Value>::new(), "a fresh lobby is empty");

    let mut poster = Client::connect(&server.url()).await;
    let options = json!({"tactics": true, "claimTiming": "startOfTurn"});
    poster.send(json!({"type": "post", "name": " Ada Lovelace ", "options": options, "coach": true})).await;
    let welcome = welcome_or_error(&mut poster).await;
    assert_eq!((welcome["type"].as_str(), welcome["seat"].as_u64()), (Some("welcome"), Some(0)), "{welcome}");
    let room = welcome["room"].as_str().unwrap().to_string();
    let watch = welcome["watch"].as_str().unwrap().to_string();
    assert_eq!(poster.next_of("state").await["room"]["status"], "waiting");
    let posted = poster.next_of("posted").await["game"].clone();

    // The follower hears of the game as one small message: the listing only, never the room.
    let listed = follower.next().await.unwrap();
    assert_eq!(listed["type"], "listed");
    let game = listed["game"].clone();
    assert_eq!(game, posted);
    assert_eq!(game["name"], "Ada Lovelace", "trimmed");
    assert_eq!((game["free"].as_u64(), game["coach"].as_bool()), (Some(1), Some(true)));
    assert_eq!(
        (game["options"]["tactics"].as_bool(), game["options"]["claimTiming"].as_str()),
        (Some(true), Some("startOfTurn"))
    );
    let text = listed.to_string();
    assert!(!text.contains(&room) && !text.contains(&watch), "the listing names neither the room nor its watch id");
    let id = game["id"].as_str().unwrap().to_string();

    // Two takers at once: one seat.
    let mut a = Client::connect(&server.url()).await;
    let mut b = Client::connect(&server.url()).await;
    let take = json!({"type": "take", "game": id});
    tokio::join!(a.send(take.clone()), b.send(take.clone()));
    let (answer_a, answer_b) = tokio::join!(welcome_or_error(&mut a), welcome_or_error(&mut b));
    let (mut winner, loser) = match (answer_a["type"].as_str(), answer_b["type"].as_str()) {
        (Some("welcome"), Some("error")) => ((a, answer_a), answer_b),
        (Some("error"), Some("welcome")) => ((b, answer_b), answer_a),
        other => panic!("exactly one taker gets the seat: {other:?} {answer_a} {answer_b}"),
    };
    assert_eq!(loser["code"], "game_gone", "{loser}");
    assert_eq!((winner.1["seat"].as_u64(), winner.1["room"].as_str()), (Some(1), Some(room.as_str())));
    assert_eq!(winner.1["token"].as_str().map(str::len), Some(64), "the taker holds the seat's token");

    // The game leaves the list for the follower and the poster, as one message each.
    let gone = follower.next().await.unwrap();
    assert_eq!(gone, json!({"type": "unlisted", "game": id, "reason": "taken"}));
    assert_eq!(next_of_any(&mut poster, &["unlisted"]).await["reason"], "taken");
    let mut late = Client::connect(&server.url()).await;
    assert_eq!(follow(&mut late).await, Vec::<Value>::new(), "a taken game is listed no more");

    // Poster and taker play one move each, the room's options as posted.
    let state = poster.state_where(|s| s["room"]["status"] == "playing").await;
    assert_eq!(
        (state["room"]["coach"].as_bool(), state["room"]["options"]["tactics"].as_bool()),
        (Some(true), Some(true))
    );
    let mut players = [&mut poster, &mut winner.0];
    for n in 0..2u64 {
        let mut mover = None;
        for (i, p) in players.iter_mut().enumerate() {
            let s = p.state_at_least(n).await;
            if !s["legal"].as_array().unwrap().is_empty() && s["n"] == n {
                mover = Some((i, s["legal"][0].clone()));
            }
        }
        let (i, action) = mover.expect("someone is on move");
        players[i].send(json!({"type": "act", "id": format!("m{n}"), "action": action, "n": n})).await;
        assert_eq!(players[i].next_of("ack").await["n"], n + 1);
        let other = 1 - i;
        assert_eq!(players[other].state_at_least(n + 1).await["n"], n + 1, "the other player sees the move");
    }
    assert_eq!(metric(server.port, "battleline_lobby_posts_total").await, 1.0);
    assert_eq!(metric(server.port, "battleline_lobby_takes_total").await, 1.0);
    assert_eq!(metric(server.port, "battleline_refusals_total{code=\"game_gone\"}").await, 1.0);
    assert_eq!(metric(server.port, "battleline_lobby_games").await, 0.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_posted_game_is_withdrawn_when_its_poster_cancels_leaves_or_closes_and_after_its_time() {
    let (_dir, db) = temp_db("lobby-withdraw");
    let server = Server::start(&db, &["--open-game-secs", "3", "--max-open-games-per-address", "10"]);
    let mut follower = Client::connect(&server.url()).await;
    follow(&mut follower).await;
    let gone = |m: &Value, id: &Value, reason: &str| {
        assert_eq!(m, &json!({"type": "unlisted", "game": id, "reason": reason}), "withdrawn: {reason}");
    };

    // Cancelled.
    let mut p = Client::connect(&server.url()).await;
    let (_, game) = post(&mut p, "one", json!({})).await;
    assert_eq!(follower.next_of("listed").await["game"], game);
    p.send(json!({"type": "unpost"})).await;
    gone(&follower.next().await.unwrap(), &game["id"], "withdrawn");
    assert_eq!(p.next_of("unlisted").await["reason"], "withdrawn", "the poster is told too");

    // Left the room.
    let (_, game) = post(&mut p, "two", json!({})).await;
    assert_eq!(follower.next_of("listed").await["game"], game);
    p.send(json!({"type": "leave"})).await;
    gone(&follower.next().await.unwrap(), &game["id"], "withdrawn");

    // Closed the connection (a tab closed, a network gone).
    let (_, game) = post(&mut p, "three", json!({})).await;
    assert_eq!(follower.next_of("listed").await["game"], game);
    drop(p);
    gone(&follower.next().await.unwrap(), &game["id"], "withdrawn");
    let mut taker = Client::connect(&server.url()).await;
    taker.send(json!({"type": "take", "game": game["id"]})).await;
    assert_eq!(welcome_or_error(&mut taker).await["code"], "game_gone", "a withdrawn game cannot be taken");

    // Its seat taken through the invite link: full, so off the list.
    let mut p = Client::connect(&server.url()).await;
    let (welcome, game) = post(&mut p, "four", json!({})).await;
    assert_eq!(follower.next_of("listed").await["game"], game);
    let mut friend = Client::connect(&server.url()).await;
    assert_eq!(friend.join(welcome["room"].as_str().unwrap()).await.0, 1);
    gone(&follower.next().await.unwrap(), &game["id"], "taken");

    // Listed for --open-game-secs, then expired; the room stays for its invite link.
    let mut p = Client::connect(&server.url()).await;
    let started = std::time::Instant::now();
    let (welcome, game) = post(&mut p, "five", json!({})).await;
    assert_eq!(follower.next_of("listed").await["game"], game);
    gone(&follower.next().await.unwrap(), &game["id"], "expired");
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(2900) && waited < Duration::from_secs(8), "expired after {waited:?}");
    assert_eq!(p.next_of("unlisted").await["reason"], "expired");
    let mut friend = Client::connect(&server.url()).await;
    assert_eq!(friend.join(welcome["room"].as_str().unwrap()).await.0, 1, "the invite link still seats");
    assert_eq!(metric(server.port, "battleline_lobby_withdrawn_total").await, 3.0);
    assert_eq!(metric(server.port, "battleline_lobby_expired_total").await, 1.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_flood_the_lobby_and_others_can_still_post_and_take() {
    let (_dir, db) = temp_db("lobby-flood");
    let server = Server::start(
        &db,
        &[
            "--max-open-games-per-address",
            "2",
            "--max-open-games",
            "5",
            "--take-burst",
            "2",
            "--takes-per-minute",
            "1",
            "--create-burst",
            "20",
        ],
    );
    let url = server.url();
    // The attacker posts over fresh connections, holding each open (a closed one withdraws its game).
    let mut held = Vec::new();
    let mut codes = Vec::new();
    for i in 0..6 {
        let mut c = connect_from(&url, "127.0.0.2", &[]).await.unwrap();
        codes.push(post_code(&mut c, &format!("flood {i}")).await);
        held.push(c);
    }
    assert_eq!(codes, ["", "", "too_many_games", "too_many_games", "too_many_games", "too_many_games"]);

    // Another client still posts.
    let mut other = connect_from(&url, "127.0.0.3", &[]).await.unwrap();
    assert_eq!(post_code(&mut other, "Grace").await, "");
    let mut follower = Client::connect(&url).await;
    assert_eq!(follow(&mut follower).await.len(), 3);

    // Names: never markup, never too long; refused before anything is created.
    let rooms_before = metric(server.port, "battleline_rooms_created_total").await;
    let mut named = connect_from(&url, "127.0.0.4", &[]).await.unwrap();
    for bad in ["<img src=x onerror=alert(1)>", "", &"n".repeat(25), "a\u{202e}b", "x&amp;y"] {
        assert_eq!(post_code(&mut named, bad).await, "bad_name", "{bad:?}");
    }
    assert_eq!(metric(server.port, "battleline_rooms_created_total").await, rooms_before, "no room for a refused post");
    // A posting counts as a room creation: an address out of creations cannot post.
    let mut creator = connect_from(&url, "127.0.0.5", &[]).await.unwrap();
    for _ in 0..10 {
        creator.create(json!({})).await;
    }
    assert_eq!(post_code(&mut creator, "late").await, "too_many_rooms", "the connection's creation cap");

    // The lobby's own cap, for everyone together.
    let mut c6 = connect_from(&url, "127.0.0.6", &[]).await.unwrap();
    assert_eq!(post_code(&mut c6, "four").await, "");
    let next = follower.next().await.unwrap();
    assert_eq!((&next["type"], &next["game"]["name"]), (&json!("listed"), &json!("four")), "refused posts told nobody");
    let mut c7 = connect_from(&url, "127.0.0.7", &[]).await.unwrap();
    assert_eq!(post_code(&mut c7, "five").await, "");
    let mut c8 = connect_from(&url, "127.0.0.8", &[]).await.unwrap();
    assert_eq!(post_code(&mut c8, "six").await, "lobby_full");

    // Taking: an address takes its burst, then is refused, while another takes.
    let games = follow(&mut Client::connect(&url).await).await;
    assert_eq!(games.len(), 5);
    let mut codes = Vec::new();
    for game in &games[..3] {
        let mut t = connect_from(&url, "127.0.0.9", &[]).await.unwrap();
        t.send(json!({"type": "take", "game": game["id"]})).await;
        let m = welcome_or_error(&mut t).await;
        codes.push(m["code"].as_str().unwrap_or("").to_string());
        held.push(t);
    }
    assert_eq!(codes, ["", "", "too_many_takes"]);
    let mut t = connect_from(&url, "127.0.0.10", &[]).await.unwrap();
    t.send(json!({"type": "take", "game": games[2]["id"]})).await;
    assert_eq!(welcome_or_error(&mut t).await["seat"], 1, "another address takes the game the taker could not");
    for code in ["too_many_games", "bad_name", "lobby_full", "too_many_takes"] {
        let n = metric(server.port, &format!("battleline_refusals_total{{code=\"{code}\"}}")).await;
        assert!(n >= 1.0, "{code} counted");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_cannot_take_a_seat_through_the_lobby() {
    let (_dir, db) = temp_db("lobby-watch");
    let server = Server::start(&db, &[]);
    let mut poster = Client::connect(&server.url()).await;
    let (welcome, game) = post(&mut poster, "host", json!({})).await;
    let room = welcome["room"].as_str().unwrap().to_string();
    let watch = welcome["watch"].as_str().unwrap().to_string();

    let mut watcher = Client::connect(&server.url()).await;
    watcher.send(json!({"type": "join", "room": watch})).await;
    assert_eq!(welcome_or_error(&mut watcher).await["seat"], Value::Null, "a watch id watches");
    // What a spectator knows (the watch id) or could guess is never a game of the lobby.
    // (The room's own id is the invite, which a spectator does not have; it is no game's id either.)
    for guess in [watch.as_str(), room.as_str(), "", "0123456789abcdef0123456789abcdef", "../../etc"] {
        watcher.send(json!({"type": "take", "game": guess})).await;
        let m = next_of_any(&mut watcher, &["error", "welcome"]).await;
        assert_eq!(m["code"], "game_gone", "take {guess:?}: {m}");
    }
    // The seat is still free and the game still listed.
    let mut follower = Client::connect(&server.url()).await;
    let games = follow(&mut follower).await;
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["id"], game["id"]);
    assert_eq!(games[0]["free"], 1);

    // The poster cannot take their own game for its second seat either.
    poster.send(json!({"type": "take", "game": game["id"]})).await;
    assert_eq!(next_of_any(&mut poster, &["error"]).await["code"], "game_gone");
    assert_eq!(follow(&mut follower).await.len(), 1, "still listed");
    // And the seat was free all along: the invited friend gets it.
    let mut friend = Client::connect(&server.url()).await;
    assert_eq!(friend.join(&room).await.0, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_has_a_cap_on_its_followers_and_a_place_frees_when_one_leaves() {
    let (_dir, db) = temp_db("lobby-followers");
    let server = Server::start(&db, &["--max-lobby-followers", "2"]);
    let mut first = Client::connect(&server.url()).await;
    follow(&mut first).await;
    let mut second = Client::connect(&server.url()).await;
    follow(&mut second).await;
    let mut third = Client::connect(&server.url()).await;
    third.send(json!({"type": "lobby"})).await;
    let refused = next_of_any(&mut third, &["lobby", "error"]).await;
    assert_eq!(refused["code"], "lobby_full", "{refused}");
    // Following again from the same connection is no second place.
    follow(&mut first).await;
    // Posts still reach the followers; the refused connection hears nothing of them.
    let mut poster = Client::connect(&server.url()).await;
    let (_, game) = post(&mut poster, "Ada", json!({})).await;
    assert_eq!(second.next_of("listed").await["game"], game);
    // One leaves (entering a room ends following too): the third follows.
    drop(first);
    let mut games = None;
    for _ in 0..50 {
        third.send(json!({"type": "lobby"})).await;
        let m = next_of_any(&mut third, &["lobby", "error"]).await;
        if m["type"] == "lobby" {
            games = Some(m["games"].clone());
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(games, Some(json!([game])), "a place freed, and the list as it is");
    assert!(metric(server.port, "battleline_refusals_total{code=\"lobby_full\"}").await >= 1.0);
    assert_eq!(metric(server.port, "battleline_lobby_followers").await, 2.0);
}
