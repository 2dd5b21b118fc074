#![cfg(feature = "setups")]
//! Games that start from a given position (`Game::from_setup`): lessons and puzzles. The record carries
//! the position, so it replays exactly, steps back (`replay_to`) and survives JSON; a dealt game's record
//! is unchanged (no `start` field); a bad start is refused with `bad_record`, never a panic.

use battleline::random_play::{choose, chooser};
use battleline::{ErrorCode, Game, Options, Record};

/// A position no seed deals: the hands of a dealt game exchanged.
fn swapped_setup(seed: u64, options: Options) -> battleline::Setup {
    let mut setup = Game::new(options, seed).unwrap().position().to_setup();
    setup.hands.swap(0, 1);
    setup
}

#[test]
fn a_game_from_a_setup_replays_from_its_record_at_every_step() {
    for (seed, options) in [(1, Options::default()), (2, Options { tactics: false, ..Options::default() })] {
        let setup = swapped_setup(seed, options);
        let mut game = Game::from_setup(&setup, 77).unwrap();
        assert_eq!(game.position().to_setup(), setup, "starts where asked");
        let (mut legal, mut rng) = (Vec::new(), chooser(seed));
        let mut positions = vec![*game.position()];
        while let Some(action) = choose(game.position(), &mut legal, &mut rng) {
            game.apply(&action).unwrap();
            positions.push(*game.position());
        }
        let json = game.record().to_json();
        assert!(json.contains("\"start\":"), "the record carries the start");
        let replayed = Game::from_record(&Record::from_json(&json).unwrap()).unwrap();
        assert_eq!(replayed.position(), game.position());
        for (n, position) in positions.iter().enumerate().step_by(7) {
            assert_eq!(game.replay_to(n).unwrap().position(), position, "step {n}");
        }
    }
}

#[test]
fn a_dealt_games_record_has_no_start_field() {
    let mut game = Game::new(Options::default(), 5).unwrap();
    let first = game.legal_actions()[0];
    game.apply(&first).unwrap();
    let json = game.record().to_json();
    assert!(!json.contains("start"), "{json}");
    assert_eq!(Record::from_json(&json).unwrap().start, None);
}

#[test]
fn a_bad_start_is_refused_with_bad_record() {
    let setup = swapped_setup(3, Options::default());
    let good = Game::from_setup(&setup, 0).unwrap().record();
    let mut value: serde_json::Value = serde_json::from_str(&good.to_json()).unwrap();
    let cases: Vec<(&str, serde_json::Value)> = vec![
        ("start is invalid", serde_json::json!(7)),
        ("start is invalid", serde_json::json!({"options": {}})),
        ("start: ", {
            let mut bad = serde_json::to_value(&setup).unwrap();
            bad["hands"][0][0] = bad["hands"][1][0].clone();
            bad
        }),
        ("options differ", {
            let mut other = setup.clone();
            other.options.games = 3;
            serde_json::to_value(&other).unwrap()
        }),
    ];
    for (needle, start) in cases {
        value["start"] = start;
        let err = Game::from_record_json(&value.to_string()).unwrap_err();
        assert_eq!(err.code, ErrorCode::BadRecord);
        assert!(err.message.contains(needle), "{needle}: {}", err.message);
    }
}

#[test]
fn from_setup_refuses_a_bad_setup_and_a_seed_beyond_javascript() {
    let mut setup = swapped_setup(4, Options::default());
    assert_eq!(Game::from_setup(&setup, 1 << 53).unwrap_err().code, ErrorCode::BadOptions);
    let stolen = setup.troop_deck.pop().unwrap();
    assert_eq!(Game::from_setup(&setup, 0).unwrap_err().code, ErrorCode::BadInput, "{stolen} missing");
}
