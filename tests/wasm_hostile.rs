//! Failure paths of the WebAssembly API under repetition (`wasm-pack test --headless --chrome -- --test
//! wasm_hostile`): thousands of refused calls, the crafted hostile inputs among them, must leave
//! the same instance able to play a full game. Before the fix a crafted view trapped the instance
//! (`unreachable`) and after about 115 traps every call failed with "memory access out of bounds".
#![cfg(target_arch = "wasm32")]

use battleline::bot::BotKind;
use battleline::wasm::{legal_actions_of_view, suggest, WasmGame};
use js_sys::{Reflect, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

fn json(text: &str) -> JsValue {
    JSON::parse(text).expect("test JSON parses")
}

fn code_of(result: Result<JsValue, JsValue>) -> String {
    let error = result.expect_err("the call is refused");
    Reflect::get(&error, &"code".into()).ok().and_then(|c| c.as_string()).unwrap_or_else(|| format!("{error:?}"))
}

fn message_of(result: Result<JsValue, JsValue>) -> String {
    let error = result.expect_err("the call is refused");
    Reflect::get(&error, &"message".into()).ok().and_then(|c| c.as_string()).unwrap_or_default()
}

/// The current player's view as a JS value, with some fields overwritten (JSON text patches).
fn view_with(game: &WasmGame, patch: &[(&str, &str)]) -> JsValue {
    let view = game.view(game.current()).unwrap();
    for (field, value) in patch {
        Reflect::set(&view, &(*field).into(), &json(value)).unwrap();
    }
    view
}

#[wasm_bindgen_test]
fn thousands_of_refused_calls_then_a_full_game_on_the_same_instance() {
    let mut game = WasmGame::new(json(r#"{"seed": 19}"#)).unwrap();
    let opponent = 1 - game.current().as_f64().unwrap() as usize;
    // 2^32 - 202 cards in the troop deck and 255 troops in the opponent's hand.
    let mut sizes = vec![r#"{"troops": 7, "tactics": 0}"#; 2];
    sizes[opponent] = r#"{"troops": 255, "tactics": 0}"#;
    let hand_sizes = format!("[{}]", sizes.join(","));
    let wrapped = view_with(&game, &[("troopDeck", "4294967094"), ("handSizes", &hand_sizes)]);
    let over_played = view_with(&game, &[("tacticsPlayed", "[255, 0]")]);
    let view = view_with(&game, &[]);
    let too_many = format!(
        r#"{{"format":"battleline-record","version":1,"options":{{}},"seed":1,"actions":[{}]}}"#,
        vec!["{}"; 100_001].join(",")
    );
    // A view of 1.2 million characters of JSON: refused before it is copied into wasm memory.
    let huge_hand = format!("[{}]", vec![r#""r1""#; 300_000].join(","));
    let huge = view_with(&game, &[("hand", &huge_hand)]);
    let before = game.digest();
    for round in 0..3_000u32 {
        assert_eq!(code_of(legal_actions_of_view(wrapped.clone())), "bad_input", "round {round}");
        assert_eq!(code_of(suggest(wrapped.clone(), "heuristic".into(), JsValue::from(round))), "bad_input");
        assert_eq!(code_of(suggest(over_played.clone(), "random".into(), JsValue::from(round))), "bad_input");
        assert_eq!(code_of(suggest(view.clone(), "search:4294967295x16".into(), JsValue::from(1))), "bad_input");
        assert_eq!(code_of(suggest(view.clone(), "random".into(), JsValue::from(2f64.powi(60)))), "bad_input");
        assert_eq!(code_of(game.replay_to(JsValue::from(5e9)).map(JsValue::from)), "bad_input");
        assert_eq!(code_of(game.apply(json(r#"{"type": "fly"}"#)).map(|_| JsValue::NULL)), "bad_action");
        if round % 100 == 0 {
            let refused = suggest(huge.clone(), "random".into(), JsValue::from(1));
            assert!(message_of(refused).contains("characters of JSON, more than 1048576"));
            let refused = WasmGame::from_record(JsValue::from_str(&too_many)).map(JsValue::from);
            assert!(message_of(refused).contains("more than 100000 actions"));
        }
    }
    assert_eq!(game.digest(), before, "refused calls changed the game");

    // The same instance plays a whole game, every move suggested from the view.
    let mut moves = 0u32;
    while Reflect::get(&game.match_score().unwrap(), &"over".into()).unwrap() != JsValue::TRUE {
        let view = game.view(game.current()).unwrap();
        let action = suggest(view, "heuristic".into(), JsValue::from(moves)).expect("a suggestion");
        game.apply(action).expect("the suggestion is legal");
        moves += 1;
        assert!(moves < 3_000, "the game ends");
    }
    assert!(game.result().unwrap().is_object());
}

// `replayTo(5e9)` said "5000000000 is negative".
#[wasm_bindgen_test]
fn replay_to_beyond_the_record_names_the_record_length() {
    let game = WasmGame::new(json(r#"{"seed": 3}"#)).unwrap();
    let message = message_of(game.replay_to(JsValue::from(5e9)).map(JsValue::from));
    assert!(message.contains("the record has 0 actions, not 5000000000"), "{message}");
    let message = message_of(game.replay_to(JsValue::from(-1)).map(JsValue::from));
    assert!(message.contains("negative"), "{message}");
}

// Every suggest seed above 10^15 was clamped to 10^15, so they all gave one action.
// Now every safe integer is the exact seed (the same action as natively), and larger numbers, which a
// JS number cannot hold exactly, are refused.
#[wasm_bindgen_test]
fn suggest_seeds_are_exact_up_to_the_largest_safe_integer() {
    let game = WasmGame::new(json(r#"{"seed": 8}"#)).unwrap();
    let view_js = game.view(game.current()).unwrap();
    let view: battleline::PlayerView =
        serde_json::from_str(&JSON::stringify(&view_js).unwrap().as_string().unwrap()).unwrap();
    let max_safe = 9_007_199_254_740_991u64;
    let mut answers = std::collections::BTreeSet::new();
    for seed in [1_000_000_000_000_001, 1_000_000_000_000_002, 4_000_000_000_000_007, max_safe - 1, max_safe] {
        let action = suggest(view_js.clone(), "random".into(), JsValue::from(seed as f64)).unwrap();
        let native = battleline::bot::suggest_with(&view, BotKind::Random, seed).unwrap();
        assert_eq!(JSON::stringify(&action).unwrap().as_string().unwrap(), serde_json::to_string(&native).unwrap());
        answers.insert(serde_json::to_string(&native).unwrap());
    }
    assert!(answers.len() > 1, "seeds above 10^15 no longer collapse into one");
    assert_eq!(
        code_of(suggest(view_js.clone(), "random".into(), JsValue::from(9_007_199_254_740_992f64))),
        "bad_input"
    );
}

/// `new Game(options)` with `options` built in JS (NaN and the infinities cannot be written in JSON).
fn new_game_with(source: &str) -> Result<JsValue, JsValue> {
    let options = js_sys::Function::new_no_args(&format!("return {source};")).call0(&JsValue::NULL).unwrap();
    WasmGame::new(options).map(JsValue::from)
}

// `new Game({games: NaN})` or `{players: Infinity}` silently meant the defaults
// (JSON.stringify writes them as null). Every non-finite number given to the engine is refused.
#[wasm_bindgen_test]
fn nan_and_infinite_numbers_are_refused_not_read_as_defaults() {
    for source in
        ["{games: NaN}", "{players: Infinity}", "{players: -Infinity}", "{seed: NaN}", "{games: 0/0, seed: 1}"]
    {
        let result = new_game_with(source);
        assert_eq!(code_of(result.clone()), "bad_options", "{source}");
        assert!(message_of(result).contains("not a finite number"), "{source}");
    }
    assert!(new_game_with("{games: 3, seed: 1}").is_ok());
    let game = WasmGame::new(json(r#"{"seed": 2}"#)).unwrap();
    let view = game.view(game.current()).unwrap();
    Reflect::set(&view, &"troopDeck".into(), &JsValue::from(f64::NAN)).unwrap();
    let refused = suggest(view, "random".into(), JsValue::from(1));
    assert!(message_of(refused).contains("\"troopDeck\" is NaN, not a finite number"));
}
