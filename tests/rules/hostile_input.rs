//! Hostile input to the library, as an attacker sends it: crafted views, setups with counters at the top
//! of their types, bot levels and benchmark arguments asking for unbounded work, and oversize records.
//! Each is a typed error naming the field, never a panic, a wrap-around or a hang, in debug and release
//! builds alike.
// Native only: it uses 64-bit sizes (and processes); wasm-pack test builds every test for wasm32.
#![cfg(not(target_arch = "wasm32"))]

use battleline::bot::{self, suggest_with, BotKind, MAX_PLAYOUTS};
use battleline::random_play::{play_random_games, sample_claim_situations};
use battleline::{
    Action, ErrorCode, Game, Options, Phase, PlayerView, Position, Record, Setup, MAX_COMPLETION_STAMP,
    MAX_RECORD_ACTIONS, MAX_RECORD_BYTES,
};
use rand::seq::IndexedRandom;

/// A view of the player to move after a few actions of game `seed`.
fn view_after(seed: u64, actions: usize) -> PlayerView {
    let mut game = Game::new(Options::default(), seed).unwrap();
    for _ in 0..actions {
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
    }
    game.view(game.position().current()).unwrap()
}

/// Every way a bot reads a view: each must refuse it with `bad_input` and a message containing `needle`.
fn assert_every_bot_refuses(view: &PlayerView, needle: &str) {
    let err = bot::legal_actions(view).unwrap_err();
    assert_eq!(err.code, ErrorCode::BadInput, "{err}");
    assert!(err.message.contains(needle), "{needle:?} not in {err}");
    for kind in ["random", "heuristic", "search:20"] {
        let err = suggest_with(view, kind.parse().unwrap(), 1).unwrap_err();
        assert_eq!(err.code, ErrorCode::BadInput, "{kind}: {err}");
        assert!(err.message.contains(needle), "{kind}: {needle:?} not in {err}");
    }
}

// A deck of 2^64 - 202 cards and 255 troops in the opponent's hand made the sum of
// hidden places wrap to the right count, and the sampler panicked ("range start index … out of range").
#[test]
fn a_view_whose_deck_and_hand_sizes_wrap_around_is_refused() {
    let view = view_after(1, 0);
    let opponent = 1 - view.player;
    for deck in [usize::MAX - 201, (1usize << 32) - 202, 61] {
        let mut crafted = view.clone();
        crafted.troop_deck = deck;
        crafted.hand_sizes[opponent].troops = 255;
        assert_every_bot_refuses(&crafted, "troopDeck");
    }
    let mut crafted = view.clone();
    crafted.hand_sizes[opponent].troops = 255;
    assert_every_bot_refuses(&crafted, &format!("handSizes[{opponent}].troops"));
    let mut crafted = view.clone();
    crafted.tactics_deck = usize::MAX;
    crafted.hand_sizes[opponent].tactics = 200;
    assert_every_bot_refuses(&crafted, "tacticsDeck");
}

#[test]
fn view_counters_beyond_a_real_game_are_refused_by_name() {
    let view = view_after(2, 6);
    let mut crafted = view.clone();
    crafted.tactics_played[0] = 255;
    assert_every_bot_refuses(&crafted, "tacticsPlayed[0]");
    let mut crafted = view.clone();
    crafted.game_index = u32::MAX;
    assert_every_bot_refuses(&crafted, "gameIndex");
    let mut crafted = view.clone();
    crafted.flags[0].completed[0] = Some(u32::MAX);
    assert_every_bot_refuses(&crafted, "flag 1: completed[0] is 4294967295");
    // The untouched view still works.
    assert!(!bot::legal_actions(&view).unwrap().is_empty());
}

/// The setup of game `seed` once some side is complete, with the flag index and the player.
fn setup_with_a_complete_side(seed: u64) -> (Setup, usize, usize) {
    let mut game = Game::new(Options::default(), seed).unwrap();
    let mut rng = battleline::rng_from_seed(seed);
    loop {
        let setup = game.position().to_setup();
        let found = setup.flags.iter().enumerate().find_map(|(f, flag)| {
            flag.completed.iter().position(Option::is_some).filter(|_| flag.claimed_by.is_none()).map(|p| (f, p))
        });
        if let (Some((flag, player)), None) = (found, game.position().result()) {
            return (setup, flag, player);
        }
        let action = *game.legal_actions().choose(&mut rng).unwrap();
        game.apply(&action).unwrap();
    }
}

// A completion stamp near u32::MAX wrapped to 0 at the next completion in release
// builds (a tie that should be refused became claimable) and panicked in debug builds.
#[test]
fn completion_stamps_above_the_bound_are_refused_and_the_bound_plays_on() {
    let (setup, flag, player) = setup_with_a_complete_side(3);
    for stamp in [u32::MAX, u32::MAX - 1, MAX_COMPLETION_STAMP + 1] {
        let mut crafted = setup.clone();
        crafted.flags[flag].completed[player] = Some(stamp);
        let err = Position::from_setup(&crafted).unwrap_err();
        assert_eq!(err.code, ErrorCode::BadInput);
        let field = format!("flag {}: completed[{player}] is {stamp}", flag + 1);
        assert!(err.message.contains(&field), "{err}");
        // The arrival times the completion time comes from are bounded alike.
        let mut crafted = setup.clone();
        crafted.flags[flag].arrived[player][0] = stamp;
        let err = Position::from_setup(&crafted).unwrap_err();
        assert!(err.message.contains(&format!("flag {}: arrived[{player}] holds {stamp}", flag + 1)), "{err}");
    }
    // At the bound the game plays to its end: later stamps stay above it without wrapping.
    let mut crafted = setup;
    crafted.flags[flag].completed[player] = Some(MAX_COMPLETION_STAMP);
    let arrived = &mut crafted.flags[flag].arrived[player];
    let latest = (0..arrived.len()).max_by_key(|&i| arrived[i]).unwrap();
    arrived[latest] = MAX_COMPLETION_STAMP;
    let mut position = Position::from_setup(&crafted).unwrap();
    let mut rng = battleline::rng_from_seed(1);
    while !position.is_over() {
        let action = *position.legal_actions().choose(&mut rng).unwrap();
        position.apply(&action).unwrap();
        let stamps = position.flags().iter().flat_map(|f| f.completed).flatten();
        assert!(stamps.clone().all(|s| s <= MAX_COMPLETION_STAMP + 300), "{:?}", stamps.collect::<Vec<_>>());
    }
}

// `tacticsPlayed` = 255 wrapped on the next tactics card (R-TAC-1 broke).
#[test]
fn tactics_counts_beyond_the_ten_cards_are_refused() {
    let setup = Game::new(Options::default(), 4).unwrap().position().to_setup();
    for counts in [[255, 0], [11, 0], [6, 5], [0, 255]] {
        let mut crafted = setup.clone();
        crafted.tactics_played = counts.to_vec();
        let err = Position::from_setup(&crafted).unwrap_err();
        assert_eq!(err.code, ErrorCode::BadInput);
        assert!(err.message.contains("tacticsPlayed["), "{err}");
    }
    let mut fine = setup.clone();
    fine.tactics_played = vec![5, 5];
    assert!(Position::from_setup(&fine).is_ok());
    let mut basic = Game::new(Options { tactics: false, ..Options::default() }, 4).unwrap().position().to_setup();
    basic.tactics_played = vec![1, 0];
    assert_eq!(Position::from_setup(&basic).unwrap_err().code, ErrorCode::BadInput, "no tactics, none played");
}

// Play never asks to return three cards with Scout (R-GUILE-1 returns two), nor
// more than the hand holds.
#[test]
fn a_scout_return_step_play_cannot_reach_is_refused() {
    let mut setup = Game::new(Options::default(), 5).unwrap().position().to_setup();
    setup.phase = Phase::ScoutReturn { remaining: 2 };
    // Only after Scout was played: without it in the discards the step is refused.
    assert!(Position::from_setup(&setup).unwrap_err().message.contains("Scout is not in player"));
    let scout = battleline::Card::tactic(battleline::Tactic::Scout);
    setup.tactics_deck.retain(|&c| c != scout);
    setup.discards[setup.current].push(scout);
    setup.tactics_played[setup.current] = 1;
    setup.turn.skip_draw = true;
    assert!(Position::from_setup(&setup).is_ok());
    setup.phase = Phase::ScoutReturn { remaining: 3 };
    assert_eq!(Position::from_setup(&setup).unwrap_err().code, ErrorCode::BadInput);
    setup.phase = Phase::ScoutReturn { remaining: 2 };
    let current = setup.current;
    let kept = setup.hands[current].split_off(1);
    setup.troop_deck.extend(kept.iter().filter(|c| c.is_troop()));
    setup.tactics_deck.extend(kept.iter().filter(|c| !c.is_troop()));
    let err = Position::from_setup(&setup).unwrap_err();
    assert!(err.message.contains("ScoutReturn"), "{err}");
}

// `search:4294967295x16` would have searched for days.
#[test]
fn bot_budgets_are_bounded() {
    for text in ["search:4294967295x16", "search:4294967295", "search:1000001", "search:500001x2", "search:62501x16"] {
        let err = text.parse::<BotKind>().unwrap_err();
        assert_eq!(err.code, ErrorCode::BadInput, "{text}");
    }
    assert_eq!(
        format!("search:{MAX_PLAYOUTS}").parse::<BotKind>().unwrap(),
        BotKind::Search { playouts: MAX_PLAYOUTS, trees: 1 }
    );
    assert!("search:62500x16".parse::<BotKind>().is_ok());
}

// `sample_claim_situations(0)` waited forever for an empty set to fill, and the
// benchmark's game count reached 4×10^9 from a JavaScript -1.
#[test]
fn benchmark_workloads_refuse_unbounded_arguments() {
    assert_eq!(sample_claim_situations(0).unwrap_err().code, ErrorCode::BadInput);
    assert_eq!(sample_claim_situations(usize::MAX).unwrap_err().code, ErrorCode::BadInput);
    assert_eq!(play_random_games(Options::default(), u64::from(u32::MAX), 0).unwrap_err().code, ErrorCode::BadInput);
    assert_eq!(sample_claim_situations(3).unwrap().len(), 3);
}

fn record_text(actions: &str) -> String {
    format!(r#"{{"format":"battleline-record","version":1,"options":{{}},"seed":1,"actions":[{actions}]}}"#)
}

// Records were parsed whole before any check (a 90 MB record took 1 GB).
#[test]
fn oversize_records_are_refused_before_their_actions_are_built() {
    let too_many = record_text(&vec!["{}"; MAX_RECORD_ACTIONS + 1].join(","));
    for err in [Record::from_json(&too_many).unwrap_err(), Game::from_record_json(&too_many).unwrap_err()] {
        assert_eq!(err.code, ErrorCode::BadRecord);
        assert!(err.message.contains(&format!("more than {MAX_RECORD_ACTIONS} actions")), "{err}");
    }
    let too_long = format!("{}{}", record_text(""), " ".repeat(MAX_RECORD_BYTES));
    let err = Record::from_json(&too_long).unwrap_err();
    assert!(err.message.contains("bytes"), "{err}");
    // Exactly the limit of actions parses (and the first one is then malformed, named by number).
    let at_limit = record_text(&vec!["{}"; MAX_RECORD_ACTIONS].join(","));
    let err = Record::from_json(&at_limit).unwrap_err();
    assert!(err.message.starts_with("action 1 ({}) is malformed"), "{err}");
}

// The limits leave room for the longest real match: 99 games, indented as the page
// exports it.
#[test]
fn a_legal_99_game_match_fits_the_record_limits() {
    let options = Options { games: 99, ..Options::default() };
    let mut game = Game::new(options, 19).unwrap();
    let mut rng = battleline::rng_from_seed(19);
    let mut longest_game = 0;
    let mut since_start = 0;
    while !game.is_match_over() {
        let action = *game.legal_actions().choose(&mut rng).unwrap();
        game.apply(&action).unwrap();
        since_start = if action == Action::NextGame { 0 } else { since_start + 1 };
        longest_game = longest_game.max(since_start);
    }
    let actions = game.actions().len();
    let pretty = serde_json::to_string_pretty(&game.record()).unwrap();
    assert!(actions <= MAX_RECORD_ACTIONS && pretty.len() <= MAX_RECORD_BYTES);
    // Even 99 games as long as the longest one here, and a game of the most actions a game can take
    // (about 660, see MAX_RECORD_ACTIONS), fit.
    assert!(longest_game < 660, "a game took {longest_game} actions");
    const { assert!(99 * 660 <= MAX_RECORD_ACTIONS) };
    let bytes_per_action = pretty.len().div_ceil(actions);
    println!("99 games: {actions} actions, the longest game {longest_game}; {} bytes indented", pretty.len());
    assert!(99 * 660 * bytes_per_action <= MAX_RECORD_BYTES, "{bytes_per_action} bytes an action");
    let replayed = Game::from_record_json(&pretty).unwrap();
    assert_eq!(replayed.position(), game.position());
}

// Action 1 illegal and action 4 malformed was reported as "action 4 … is malformed".
#[test]
fn the_first_bad_action_of_a_record_is_the_one_named() {
    let game = Game::new(Options::default(), 1).unwrap();
    let legal = game.legal_actions();
    let illegal = [Action::Pass, Action::EndClaims]
        .into_iter()
        .find(|a| game.check(game.position().current(), a).is_err())
        .unwrap();
    let json = |a: &Action| serde_json::to_string(a).unwrap();
    let text = record_text(&[json(&illegal), json(&legal[0]), json(&legal[0]), r#"{"type":"fly"}"#.into()].join(","));
    let err = Game::from_record_json(&text).unwrap_err();
    assert_eq!(err.code, ErrorCode::BadRecord);
    assert!(err.message.starts_with("action 1 "), "{err}");
    // With nothing illegal before it, the malformed action is the one named.
    let text = record_text(&[json(&legal[0]), r#"{"type":"fly"}"#.into()].join(","));
    let err = Game::from_record_json(&text).unwrap_err();
    assert!(err.message.starts_with("action 2 ") && err.message.contains("malformed"), "{err}");
}

// A 15 MiB record produced a 31.5 M-character error message. Every message is cut to
// MAX_MESSAGE_BYTES, whatever it quotes.
#[test]
fn error_messages_are_bounded_in_length() {
    let huge_card = "x".repeat(MAX_RECORD_BYTES - 200);
    let record = format!(
        r#"{{"format":"battleline-record","version":1,"options":{{}},"seed":1,"actions":[{{"type":"play","card":"{huge_card}","flag":1}}]}}"#
    );
    assert!(record.len() <= MAX_RECORD_BYTES);
    let error = Game::from_record_json(&record).unwrap_err();
    assert_eq!(error.code, ErrorCode::BadRecord);
    assert!(error.message.len() <= battleline::MAX_MESSAGE_BYTES, "{} bytes", error.message.len());
    assert!(error.message.ends_with("… (cut)"), "{}", &error.message[..200]);
    // Short messages are untouched.
    let short = Game::from_record_json("{}").unwrap_err();
    assert!(!short.message.contains("(cut)"), "{short}");
}

// A record with two `seed` keys (or any field twice) was accepted, one of them ignored:
// two readers could replay two different games from one record.
#[test]
fn a_record_giving_a_field_twice_is_refused() {
    let game = Game::new(Options::default(), 5).unwrap();
    let json = game.record().to_json();
    assert!(Game::from_record_json(&json).is_ok());
    for field in ["seed", "options", "actions", "format", "version"] {
        let value = serde_json::to_value(game.record()).unwrap()[field].to_string();
        let doubled = json.replacen('{', &format!("{{\"{field}\":{value},"), 1);
        let error = Game::from_record_json(&doubled).unwrap_err();
        assert_eq!(error.code, ErrorCode::BadRecord);
        assert!(error.message.contains("the record gives a field twice at line 1 column"), "{field}: {error}");
    }
}

// A flag number far out of range was shown clamped ("flag -1" for -2^64 - 1).
#[test]
fn out_of_range_flag_numbers_are_shown_as_given() {
    let error =
        serde_json::from_str::<Action>(r#"{"type":"play","card":"r1","flag":-18446744073709551617}"#).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("flag -18446744073709552000 does not exist"), "{message}");
    assert!(!message.contains("flag -1 "), "{message}");
    let error = serde_json::from_str::<Action>(r#"{"type":"claim","flag":1e300}"#).unwrap_err().to_string();
    assert!(error.contains("does not exist"), "{error}");
}
