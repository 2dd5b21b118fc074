//! A player who leaves a room on purpose (a new game on their device), tried as the page does it: the
//! others are told in a small presence message that the seat's player left, not that a connection was
//! lost; the seat stays theirs, and their token brings them back to it; a closed connection alone is not
//! a leave.

use crate::common;

use common::{temp_db, Client, Server};
use serde_json::{json, Value};

/// The next presence message's seats.
async fn seats(client: &mut Client) -> Vec<Value> {
    client.next_of("presence").await["seats"].as_array().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_leaves_is_shown_as_left_and_their_token_brings_them_back() {
    let (_dir, db) = temp_db("leaving");
    let server = Server::start(&db, &[]);
    let mut host = Client::connect(&server.url()).await;
    let (room, _) = host.create(json!({})).await;
    let mut friend = Client::connect(&server.url()).await;
    let (seat, token) = friend.join(&room).await;
    assert_eq!(seat, 1);
    host.state_where(|s| s["room"]["status"] == "playing").await;

    // The friend leaves on purpose: the host hears it, with the seat still taken.
    friend.send(json!({"type": "leave"})).await;
    let after = seats(&mut host).await;
    assert_eq!(after[1], json!({"taken": true, "connected": 0, "left": true}));
    assert_eq!(after[0]["left"], false);
    // Still connected, the friend is in no room now: a move is refused.
    friend.send(json!({"type": "resign"})).await;
    assert_eq!(friend.next_of("error").await["code"], "not_in_room");

    // The friend's token brings them back to the same seat, and the host sees them back.
    friend.send(json!({"type": "join", "room": room, "token": token})).await;
    assert_eq!(friend.next_of("welcome").await["seat"], 1);
    assert_eq!(seats(&mut host).await[1], json!({"taken": true, "connected": 1, "left": false}));

    // A connection that only closes is not a leave: the seat shows as away, not left.
    drop(friend);
    assert_eq!(seats(&mut host).await[1], json!({"taken": true, "connected": 0, "left": false}));
    // And a whole state says the same as the presence messages.
    let mut again = Client::connect(&server.url()).await;
    again.send(json!({"type": "join", "room": room, "token": token})).await;
    let state = again.next_of("state").await;
    assert_eq!(state["room"]["seats"][1]["connected"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_from_one_tab_of_a_seat_is_no_leave_while_another_tab_stays() {
    let (_dir, db) = temp_db("leaving-tabs");
    let server = Server::start(&db, &[]);
    let mut host = Client::connect(&server.url()).await;
    let (room, _) = host.create(json!({})).await;
    let mut friend = Client::connect(&server.url()).await;
    let (_, token) = friend.join(&room).await;
    let mut tab = Client::connect(&server.url()).await;
    tab.send(json!({"type": "join", "room": room, "token": token})).await;
    assert_eq!(tab.next_of("welcome").await["seat"], 1);
    tab.next_of("state").await;
    tab.send(json!({"type": "leave"})).await;
    // The host hears the tab go; the seat still has the friend's other tab, so nobody left.
    loop {
        let s = seats(&mut host).await;
        if s[1]["connected"] == 1 {
            assert_eq!(s[1]["left"], false);
            break;
        }
    }
}
