//! R-SETUP-3 with a long seed: a match dealt from 256 bits (an online server's secret) replays from its
//! record exactly, its deal is pinned, the u64 seeds' records are unchanged, and a malformed long seed
//! in a record is refused as `bad_record`.

use battleline::{ErrorCode, Game, LongSeed, Options, Record};

/// Long seed 01..01 (32 bytes of 1), a three-game match, always the first legal action, to the end.
const LONG_SEED_DIGEST: &str = "8ff103abc339a37b";

fn first_legal_to_end(mut game: Game) -> Game {
    while !game.is_match_over() {
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
    }
    game
}

fn three_games() -> Options {
    Options { games: 3, ..Options::default() }
}

#[test]
fn a_long_seeded_match_replays_from_its_record_and_its_deal_is_pinned() {
    let game = first_legal_to_end(Game::with_long_seed(three_games(), LongSeed::from_bytes([1; 32])).unwrap());
    assert_eq!(game.seed(), 0);
    let json = game.record().to_json();
    assert!(json.contains(&format!("\"longSeed\":\"{}\"", "01".repeat(32))), "{json}");
    let replayed = Game::from_record_json(&json).unwrap();
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.scores(), game.scores());
    assert_eq!(replayed.long_seed(), game.long_seed());
    assert_eq!(game.position().digest(), LONG_SEED_DIGEST);
    // Stepping back through the record keeps the long seed's deal.
    let start = game.replay_to(0).unwrap();
    let fresh = Game::with_long_seed(three_games(), LongSeed::from_bytes([1; 32])).unwrap();
    assert_eq!(start.position(), fresh.position());
}

#[test]
fn different_long_seeds_deal_differently_and_a_u64_record_has_no_long_seed() {
    let a = Game::with_long_seed(Options::default(), LongSeed::from_bytes([1; 32])).unwrap();
    let mut bytes = [1; 32];
    bytes[31] = 2;
    let b = Game::with_long_seed(Options::default(), LongSeed::from_bytes(bytes)).unwrap();
    assert_ne!(a.position(), b.position());
    let plain = Game::new(Options::default(), 0).unwrap();
    assert_ne!(a.position(), plain.position());
    assert!(!plain.record().to_json().contains("longSeed"));
    assert_eq!(plain.long_seed(), None);
}

#[test]
fn a_malformed_long_seed_in_a_record_is_bad_record() {
    let good = "ab".repeat(32);
    let record = |seed: &str, long: &str| {
        format!(
            r#"{{"format":"battleline-record","version":1,"options":{{}},"seed":{seed},"longSeed":{long},"actions":[]}}"#
        )
    };
    assert_eq!(Record::from_json(&record("0", &format!("\"{good}\""))).unwrap().long_seed.unwrap().to_hex(), good);
    let upper = good.to_uppercase();
    assert!(Game::from_record_json(&record("0", &format!("\"{upper}\""))).is_ok());
    for (text, needle) in [
        (record("0", &format!("\"{}\"", &good[..62])), "longSeed"),
        (record("0", &format!("\"{}zz\"", &good[..62])), "longSeed"),
        (record("0", &format!("\"{good}00\"")), "longSeed"),
        (record("0", "12"), "longSeed"),
        (record("0", "null"), "longSeed"),
        (record("0", &format!("[\"{good}\"]")), "longSeed"),
        (record("0", &format!("\"{}é\"", &good[..62])), "longSeed"),
        (record("7", &format!("\"{good}\"")), "seed must be 0"),
        (
            format!(
                r#"{{"format":"battleline-record","version":1,"options":{{}},"seed":0,"longSeed":"{good}","longSeed":"{good}","actions":[]}}"#
            ),
            "twice",
        ),
    ] {
        for err in [Record::from_json(&text).unwrap_err(), Game::from_record_json(&text).unwrap_err()] {
            assert_eq!(err.code, ErrorCode::BadRecord, "{text}");
            assert!(err.message.contains(needle), "{text}: {}", err.message);
        }
    }
}

#[test]
fn a_long_seed_is_never_shown_in_debug_output() {
    let game = Game::with_long_seed(Options::default(), LongSeed::from_bytes([0xab; 32])).unwrap();
    assert!(!format!("{game:?}").contains("abab"));
}
