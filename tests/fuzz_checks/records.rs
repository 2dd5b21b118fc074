//! Target `records`: the bytes as the text of a record. Parsing and replaying never panic; an error is
//! always `bad_record`; the one-step parse-and-replay agrees with parsing then replaying; a record
//! that replays writes itself back identically and replays again to the same game.

use battleline::{ErrorCode, Game, Record, MAX_RECORD_ACTIONS};

use super::input::Input;

pub fn check(data: &[u8]) {
    let text = Input::new(data).rest_text();
    let direct = Game::from_record_json(&text);
    let parsed = Record::from_json(&text);
    match &parsed {
        Ok(record) => {
            assert!(record.actions.len() <= MAX_RECORD_ACTIONS);
            let replayed = Game::from_record(record);
            match (&direct, &replayed) {
                (Ok(a), Ok(b)) => assert_eq!(a.position(), b.position()),
                (Err(a), Err(b)) => assert_eq!(a, b),
                _ => panic!("parse-and-replay {direct:?} disagrees with replay {replayed:?}"),
            }
        }
        Err(error) => {
            assert_eq!(error.code, ErrorCode::BadRecord, "{error}");
            assert!(direct.is_err(), "a record that does not parse replayed");
        }
    }
    match direct {
        Ok(game) => {
            let again = Game::from_record_json(&game.record().to_json()).expect("a written record replays");
            assert_eq!(again.position(), game.position());
            assert_eq!(again.actions(), game.actions());
        }
        Err(error) => assert_eq!(error.code, ErrorCode::BadRecord, "{error}"),
    }
}
