//! A database written before deals had long seeds (no `long_seed` columns): the server adds the
//! columns on start, a room stored then keeps dealing from its u64 seed, and a new room is dealt from a
//! 256-bit secret.

mod common;

use std::path::Path;

use battleline::{Game, Options};
use common::{stored_room, temp_db, Client, Server};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_stored_before_long_seeds_deals_from_its_u64_seed_and_new_rooms_get_a_secret() {
    let (_dir, db) = temp_db("upgrade");
    let room = {
        let server = Server::start(&db, &[]);
        let mut creator = Client::connect(&server.url()).await;
        creator.create(json!({})).await.0
    };
    // The file as the previous version left it: u64 seeds, no long_seed columns.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "UPDATE rooms SET seed = 4242, long_seed = NULL; UPDATE match_seeds SET seed = 4242, long_seed = NULL;
         ALTER TABLE rooms DROP COLUMN long_seed; ALTER TABLE match_seeds DROP COLUMN long_seed;",
    )
    .unwrap();
    drop(conn);

    let server = Server::start(&db, &[]);
    let mut friend = Client::connect(&server.url()).await;
    let (seat, _) = friend.join(&room).await;
    let state = friend.state_where(|s| s["room"]["status"] == "playing").await;
    let expected = Game::new(Options::default(), 4242).unwrap();
    assert_eq!(state["view"], serde_json::to_value(expected.view(seat as usize).unwrap()).unwrap());
    let (deal, _) = stored_room(Path::new(&db), &room);
    assert_eq!((deal.seed, deal.long_seed), (4242, None), "the old room keeps its u64 seed");

    let mut other = Client::connect(&server.url()).await;
    let (fresh, _) = other.create(json!({})).await;
    let (deal, _) = stored_room(Path::new(&db), &fresh);
    assert_eq!(deal.seed, 0);
    assert_eq!(deal.long_seed.map(|s| s.len()), Some(64), "a new room's deal is a 256-bit secret");
}
