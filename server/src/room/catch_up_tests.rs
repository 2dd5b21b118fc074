//! `Room::catch_up`: a room brought up to a later stored state plays only the new actions, and ends where a
//! whole replay of that state ends; anything else replays the whole record or changes nothing.

use battleline::Options;

use super::{Meta, Room, RoomRecord, StoredAction};

/// A record of a two-player match after `n` actions (the first legal action each time), ids "a0", "a1", …
fn record_after(n: usize) -> RoomRecord {
    let options = Options::default();
    let mut game = super::new_game(options, 42, None).unwrap();
    let mut actions = Vec::new();
    for i in 0..n {
        let seat = game.position().current();
        let action = game.legal_actions()[0];
        game.apply_as(seat, &action).unwrap();
        actions.push(StoredAction { seat, action, id: format!("a{i}") });
    }
    RoomRecord {
        id: "room".into(),
        options,
        generation: 0,
        seed: 42,
        long_seed: None,
        seats: vec![Some("x".into()), Some("y".into())],
        meta: Meta::default(),
        actions,
        rev: n as i64,
    }
}

#[test]
fn a_room_behind_plays_only_the_new_actions_and_ends_where_a_whole_replay_ends() {
    let later = record_after(30);
    let mut room = Room::load(record_after(12)).unwrap();
    room.catch_up(later.clone()).unwrap();
    let replayed = Room::load(later).unwrap();
    assert_eq!(room.game.position().digest(), replayed.game.position().digest());
    assert_eq!(room.n(), 30);
    assert_eq!(room.record.rev, 30);
    assert_eq!(room.ids, replayed.ids, "every action id is known, the old ones and the new ones");
}

#[test]
fn stored_actions_that_do_not_extend_the_rooms_are_replayed_whole() {
    let mut room = Room::load(record_after(12)).unwrap();
    let mut other = record_after(20);
    other.actions[3].id = "elsewhere".into();
    room.catch_up(other.clone()).unwrap();
    assert_eq!(room.ids, Room::load(other).unwrap().ids);
    let mut rematch = record_after(5);
    rematch.generation = 1;
    room.catch_up(rematch.clone()).unwrap();
    assert_eq!((room.n(), room.record.generation), (5, 1));
}

#[test]
fn a_new_action_the_engine_refuses_leaves_the_room_unchanged() {
    let mut room = Room::load(record_after(12)).unwrap();
    let before = room.game.position().digest();
    let mut later = record_after(14);
    later.actions[13].seat = 1 - later.actions[13].seat;
    assert!(room.catch_up(later).unwrap_err().starts_with("stored action 13"));
    assert_eq!((room.game.position().digest(), room.n(), room.record.rev), (before, 12, 12));
}
