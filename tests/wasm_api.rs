//! The WebAssembly API in a real browser (`wasm-pack test --headless --chrome`): full games, the same
//! digest as natively, every error code reachable from JavaScript, hostile input that never traps the
//! instance, and views that never hold the opponent's hand.
#![cfg(target_arch = "wasm32")]

use std::collections::BTreeSet;

use battleline::wasm::{error_codes, prove_flag, WasmGame};
use js_sys::{Array, Function, Object, Reflect, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

// In a dedicated worker, so that a long test never blocks the page that the driver polls: a page busy for
// 30 s makes chromedriver give up ("Timed out receiving message from renderer").
wasm_bindgen_test_configure!(run_in_dedicated_worker);

// Through the lab's hooks (scripts/test.sh runs these tests with `--features lab-hooks`).
#[cfg(feature = "lab-hooks")]
mod value_pins;

// The learned value model gives the native outputs to the bit (lab/tests/value_model.rs pins the same).
#[cfg(feature = "lab-hooks")]
#[wasm_bindgen_test]
fn the_value_models_outputs_are_the_native_ones() {
    assert_eq!(value_pins::outputs(), value_pins::PINNED);
}

fn json(text: &str) -> JsValue {
    JSON::parse(text).expect("test JSON parses")
}

fn code_of(error: &JsValue) -> String {
    Reflect::get(error, &"code".into())
        .ok()
        .and_then(|c| c.as_string())
        .unwrap_or_else(|| format!("no code: {error:?}"))
}

fn legal(game: &WasmGame) -> Vec<JsValue> {
    Array::from(&game.legal_actions().expect("legal actions")).iter().collect()
}

fn game_over(game: &WasmGame) -> bool {
    let score = game.match_score().expect("match score");
    Reflect::get(&score, &"over".into()).unwrap().as_bool().unwrap()
}

/// Plays the first legal action until the match ends.
fn play_first_legal(game: &mut WasmGame) -> usize {
    let mut steps = 0;
    while !game_over(game) {
        let action = legal(game).into_iter().next().expect("a legal action");
        game.apply(action).expect("a listed action applies");
        steps += 1;
        assert!(steps < 3000, "the game ends");
    }
    steps
}

// R-SETUP-3: the same seed and actions give the same game natively and in wasm (tests/rules/native_digest.rs).
#[wasm_bindgen_test]
fn r_setup_3_full_seeded_game_matches_the_native_digest() {
    let mut game = WasmGame::new(json(r#"{"seed": 42}"#)).unwrap();
    let steps = play_first_legal(&mut game);
    assert!(steps > 20);
    assert_eq!(game.digest(), "d9dcbb82738ac420");
    let record = game.record().unwrap();
    let replayed = WasmGame::from_record(record).unwrap();
    assert_eq!(replayed.digest(), game.digest());
    let halfway = game.replay_to(JsValue::from(steps as u32 / 2)).unwrap();
    assert_eq!(halfway.action_count() as usize, steps / 2);
}

/// Every call, tried with hostile values of every kind.
fn garbage() -> Vec<JsValue> {
    let throwing_proxy = {
        let handler = Object::new();
        let trap = Function::new_with_args("t, k", "throw new Error('hostile getter ' + String(k))");
        Reflect::set(&handler, &"get".into(), &trap).unwrap();
        Reflect::set(&handler, &"ownKeys".into(), &trap).unwrap();
        js_sys::Proxy::new(&Object::new(), &handler).into()
    };
    let deep = json(&format!("{}1{}", "[".repeat(500), "]".repeat(500)));
    vec![
        JsValue::UNDEFINED,
        JsValue::NULL,
        JsValue::TRUE,
        JsValue::from_f64(f64::NAN),
        JsValue::from_f64(f64::INFINITY),
        JsValue::from_f64(-1.0),
        JsValue::from_f64(1.5),
        JsValue::from_f64(1e308),
        JsValue::from_f64(9_007_199_254_740_993.0),
        JsValue::from_str(""),
        JsValue::from_str("r1"),
        JsValue::from_str("🂡\u{0}"),
        JsValue::from_str(&"x".repeat(100_000)),
        Object::new().into(),
        Array::new().into(),
        json(r#"[1, "r1", null]"#),
        json(r#"{"type": "play"}"#),
        json(r#"{"type": "play", "card": 5, "flag": "x"}"#),
        json(r#"{"type": "play", "card": "r1", "flag": 1e300}"#),
        json(r#"{"card": "traitor", "target": "fog", "to": -3}"#),
        json(r#"{"seed": -5, "players": "two"}"#),
        json(
            r#"{"format": "battleline-record", "version": 1, "options": {}, "seed": 1, "actions": [{"type": "pass"}]}"#,
        ),
        json(r#"{"sides": [["r1","r1"],[]], "claimant": 9, "unseen": ["fog"]}"#),
        deep,
        js_sys::Symbol::for_("battleline").into(),
        js_sys::BigInt::from(5u32).into(),
        Function::new_no_args("return 1").into(),
        js_sys::Date::new_0().into(),
        js_sys::Map::new().into(),
        throwing_proxy,
    ]
}

#[wasm_bindgen_test]
fn hostile_input_never_traps_and_the_game_goes_on() {
    let mut game = WasmGame::new(json(r#"{"seed": 5}"#)).unwrap();
    let mut refused = 0;
    for (i, a) in garbage().into_iter().enumerate() {
        let b = garbage().swap_remove((i * 7 + 3) % garbage().len());
        let before = game.digest();
        let results = [
            WasmGame::new(a.clone()).map(|_| ()),
            WasmGame::from_record(a.clone()).map(|_| ()),
            game.play(a.clone(), b.clone()),
            game.tactic(a.clone()),
            game.claim(a.clone()),
            game.draw(a.clone()),
            game.apply(a.clone()).map(|_| ()),
            game.apply_as(a.clone(), b.clone()),
            game.view(a.clone()).map(|_| ()),
            game.claimable(a.clone()).map(|_| ()),
            game.explain_claim(a.clone(), b.clone()).map(|_| ()),
            game.formations(a.clone()).map(|_| ()),
            game.replay_to(a.clone()).map(|_| ()),
            prove_flag(a.clone()).map(|_| ()),
        ];
        for error in results.into_iter().filter_map(Result::err) {
            let code = code_of(&error);
            assert!(code.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "input {i}: a stable code, got {code}");
            refused += 1;
        }
        // Whatever was refused left the game as it was (an accepted action is a legal move).
        if game.action_count() == 0 {
            assert_eq!(game.digest(), before, "input {i} changed the game");
        }
    }
    assert!(refused > 300, "hostile calls are refused ({refused})");
    play_first_legal(&mut game);
    assert!(game.result().unwrap().is_object());
}

/// Tries many calls in every position of several random games and collects the error codes seen. A
/// probe that is accepted simply plays on; a refused one must leave the game exactly as it was.
#[wasm_bindgen_test]
fn every_error_code_is_reachable_from_javascript() {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut probe = |game: &mut WasmGame, call: &dyn Fn(&mut WasmGame) -> Result<(), JsValue>| {
        let before = game.digest();
        if let Err(error) = call(game) {
            assert_eq!(game.digest(), before, "a refused call changed the game");
            seen.insert(code_of(&error));
        }
    };
    let cards: Vec<String> = ["r", "o", "y", "g", "b", "p"]
        .iter()
        .flat_map(|c| (1..=10).map(move |v| format!("{c}{v}")))
        .chain(
            ["alexander", "darius", "companion", "shield", "fog", "mud", "scout", "redeploy", "deserter", "traitor"]
                .map(String::from),
        )
        .collect();
    for seed in 0..40u32 {
        let tactics = seed % 4 != 3;
        let mut game = WasmGame::new(json(&format!(r#"{{"seed": {seed}, "tactics": {tactics}}}"#))).unwrap();
        let mut step = 0u32;
        while !game_over(&game) {
            let flag = JsValue::from(1 + step % 9);
            for card in cards.iter().skip((step as usize * 13) % 7).step_by(3) {
                let quoted = format!("{card:?}");
                let card = JsValue::from_str(card);
                probe(&mut game, &|g| g.play(card.clone(), flag.clone()));
                probe(&mut game, &|g| {
                    g.tactic(json(&format!(r#"{{"card": "redeploy", "target": {quoted}, "to": null}}"#)))
                });
                probe(&mut game, &|g| {
                    g.tactic(json(&format!(r#"{{"card": "traitor", "target": {quoted}, "to": 2}}"#)))
                });
            }
            // Every card actually in hand, as a play and as a tactic (reaches tactics_limit and leader_limit).
            let view = game.view(game.current()).unwrap();
            for card in Array::from(&Reflect::get(&view, &"hand".into()).unwrap()).iter() {
                let name = card.as_string().unwrap();
                probe(&mut game, &|g| g.play(card.clone(), flag.clone()));
                probe(&mut game, &|g| g.tactic(json(&format!(r#"{{"card": "{name}", "flag": 4}}"#))));
            }
            for f in 1..=9u32 {
                probe(&mut game, &|g| g.claim(JsValue::from(f)));
                probe(&mut game, &|g| g.tactic(json(&format!(r#"{{"card": "fog", "flag": {f}}}"#))));
            }
            probe(&mut game, &|g| g.tactic(json(r#"{"card": "scout"}"#)));
            probe(&mut game, &|g| g.tactic(json(r#"{"card": "deserter", "target": "r1"}"#)));
            probe(&mut game, &|g| g.draw(JsValue::from_str("tactics")));
            probe(&mut game, &|g| g.draw(JsValue::from_str("troop")));
            probe(&mut game, &|g| g.pass());
            probe(&mut game, &|g| g.end_claims());
            probe(&mut game, &|g| g.next_game());
            probe(&mut game, &|g| {
                let other = 1 - g.current().as_f64().unwrap() as u32;
                g.apply_as(JsValue::from(other), json(r#"{"type": "pass"}"#))
            });
            if game_over(&game) {
                break;
            }
            let actions = legal(&game);
            let pick = actions[(step as usize * 7919) % actions.len()].clone();
            game.apply(pick).unwrap();
            step += 1;
        }
        probe(&mut game, &|g| g.pass());
    }
    let mut game = WasmGame::new(JsValue::UNDEFINED).unwrap();
    probe(&mut game, &|_| WasmGame::new(json(r#"{"players": 4}"#)).map(|_| ()));
    probe(&mut game, &|_| WasmGame::from_record(JsValue::from_str("{")).map(|_| ()));
    probe(&mut game, &|g| g.view(JsValue::from(7)).map(|_| ()));
    probe(&mut game, &|g| g.play(JsValue::from_str("r99"), JsValue::from(1)));
    probe(&mut game, &|g| g.play(JsValue::from_str("r1"), JsValue::from(10)));
    probe(&mut game, &|g| g.apply(json(r#"{"type": "jump"}"#)).map(|_| ()));
    probe(&mut game, &|g| g.replay_to(JsValue::from(5)).map(|_| ()));
    // Resigning is a three-player rule: a two-player game refuses it (cannot_resign).
    probe(&mut game, &|g| g.apply(json(r#"{"type": "resign", "player": 0}"#)).map(|_| ()));
    let all: BTreeSet<String> = Array::from(&error_codes().unwrap()).iter().map(|c| c.as_string().unwrap()).collect();
    let missing: Vec<&String> = all.difference(&seen).collect();
    assert!(missing.is_empty(), "codes never reached from JavaScript: {missing:?} (seen {seen:?})");
}

#[wasm_bindgen_test]
fn a_view_never_holds_the_opponents_hand() {
    for seed in 0..6u32 {
        let mut game = WasmGame::new(json(&format!(r#"{{"seed": {seed}}}"#))).unwrap();
        while !game_over(&game) {
            let state = game.full_state().unwrap();
            let hands = Array::from(&Reflect::get(&state, &"hands".into()).unwrap());
            for player in 0..2u32 {
                let view = JSON::stringify(&game.view(JsValue::from(player)).unwrap()).unwrap().as_string().unwrap();
                for card in Array::from(&hands.get(1 - player)).iter() {
                    let needle = format!("\"{}\"", card.as_string().unwrap());
                    assert!(!view.contains(&needle), "player {player}'s view shows the opponent's {needle}");
                }
                assert!(!view.contains("hands"), "no full hands in a view");
            }
            let action = legal(&game)[0].clone();
            game.apply(action).unwrap();
        }
    }
}

#[wasm_bindgen_test]
fn a_game_from_a_setup_plays_and_its_record_replays_it() {
    let dealt = WasmGame::new(json(r#"{"seed":4}"#)).expect("a game");
    let setup = dealt.full_state().expect("its state");
    // The two hands exchanged: a position no seed deals.
    // The setup's own array (Array::from would copy it).
    let hands: Array = Reflect::get(&setup, &"hands".into()).unwrap().unchecked_into();
    let first = hands.get(0);
    hands.set(0, hands.get(1));
    hands.set(1, first);
    let mut game = WasmGame::from_setup(setup.clone(), JsValue::UNDEFINED).expect("a game from the setup");
    assert_ne!(game.digest(), dealt.digest(), "not the dealt position");
    let steps = play_first_legal(&mut game);
    assert!(steps > 10, "{steps} actions");
    let replayed = WasmGame::from_record(game.record().unwrap()).expect("the record replays");
    assert_eq!(replayed.digest(), game.digest());
    // A card in two hands is refused with a code, and the instance goes on.
    hands.set(0, json(r#"["r1","r1"]"#));
    let err = WasmGame::from_setup(setup, JsValue::UNDEFINED).err().expect("refused");
    assert_eq!(code_of(&err), "bad_input");
    assert_eq!(code_of(&WasmGame::from_setup(json("7"), JsValue::UNDEFINED).err().unwrap()), "bad_input");
}

#[wasm_bindgen_test]
fn the_log_tells_each_player_what_they_may_know() {
    let mut game = WasmGame::new(json(r#"{"seed":12}"#)).expect("a game");
    play_first_legal(&mut game);
    let log_of = |viewer: JsValue| JSON::stringify(&game.log(viewer, JsValue::UNDEFINED).expect("a log")).unwrap();
    let (mine, theirs, nobody) =
        (String::from(log_of(0.into())), String::from(log_of(1.into())), String::from(log_of(JsValue::NULL)));
    assert!(mine.contains(r#""type":"drew","player":0,"deck":"troop","card":""#), "player 0 sees their own draws");
    assert!(!theirs.contains(r#""type":"drew","player":0,"deck":"troop","card":""#), "player 1 does not see them");
    assert!(!nobody.contains(r#""deck":"troop","card":""#), "a spectator sees no drawn card");
    let all = Array::from(&game.full_log().unwrap());
    assert_eq!(all.length(), game.action_count());
    // Only what is new: entries from an index on.
    let tail = Array::from(&game.log(0.into(), (game.action_count() - 2).into()).unwrap());
    assert_eq!(tail.length(), 2);
    assert_eq!(code_of(&game.log(7.into(), JsValue::UNDEFINED).err().unwrap()), "bad_player");
    assert_eq!(code_of(&game.log(0.into(), (-1).into()).err().unwrap()), "bad_input");
}
