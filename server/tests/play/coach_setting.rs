//! The coach as a room setting, tried as the players' pages do it: chosen when the room is created, off
//! unless asked for, told to every seat and spectator in the room's state, kept for the rematch and by a
//! server started again on the same database.

use crate::common;

use common::{temp_db, Client, Server};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_coach_is_off_unless_chosen_and_everyone_in_the_room_is_told() {
    let (_dir, db) = temp_db("coach");
    let mut server = Server::start(&db, &[]);

    // Without asking: off, for the creator too.
    let mut plain = Client::connect(&server.url()).await;
    plain.create(json!({})).await;
    assert_eq!(plain.next_of("state").await["room"]["coach"], false);

    // Asked for at creation: every seat and the spectator read it.
    let mut host = Client::connect(&server.url()).await;
    host.send(json!({"type": "create", "options": {}, "coach": true})).await;
    let welcome = host.next_of("welcome").await;
    let (room, watch) = (welcome["room"].as_str().unwrap().to_string(), welcome["watch"].as_str().unwrap().to_string());
    assert_eq!(host.next_of("state").await["room"]["coach"], true);
    let mut friend = Client::connect(&server.url()).await;
    let (_, token) = friend.join(&room).await;
    assert_eq!(friend.next_of("state").await["room"]["coach"], true);
    let mut fan = Client::connect(&server.url()).await;
    fan.send(json!({"type": "join", "room": watch})).await;
    assert_eq!(fan.next_of("state").await["room"]["coach"], true);

    // The rematch keeps it.
    host.send(json!({"type": "resign"})).await;
    host.state_where(|s| s["room"]["status"] == "over").await;
    host.send(json!({"type": "rematch"})).await;
    friend.send(json!({"type": "rematch"})).await;
    let next = host.state_where(|s| s["room"]["generation"] == 1).await;
    assert_eq!(next["room"]["coach"], true);

    // So does the store: the server killed and started again, the room loaded afresh.
    server.restart();
    let mut back = Client::connect(&server.url()).await;
    back.send(json!({"type": "join", "room": room, "token": token})).await;
    assert_eq!(back.next_of("welcome").await["seat"], 1);
    let state = back.next_of("state").await;
    assert_eq!((state["room"]["generation"].clone(), state["room"]["coach"].clone()), (json!(1), json!(true)));

    // Anything but true or false is refused, and makes no room.
    let mut odd = Client::connect(&server.url()).await;
    odd.send(json!({"type": "create", "options": {}, "coach": "yes"})).await;
    assert_eq!(odd.next_of("error").await["code"], "bad_message");
}
