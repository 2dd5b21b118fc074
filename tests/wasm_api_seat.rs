//! The WebAssembly `Seat` in a real browser (`wasm-pack test --headless --chrome`): a table built from one
//! player's view answers what that player may ask exactly as the real game does (legal actions, claim
//! proofs, formations, refusals on look-ahead copies), looks ahead without touching the table, and never
//! acts for a spectator. `Game.apply` returns the new log entry as its actor may know it.
#![cfg(target_arch = "wasm32")]

use battleline::wasm::{WasmGame, WasmSeat};
use js_sys::{Array, Reflect, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

fn json(text: &str) -> JsValue {
    JSON::parse(text).expect("test JSON parses")
}

fn text(value: &JsValue) -> String {
    JSON::stringify(value).expect("JSON").into()
}

fn code_of(error: &JsValue) -> String {
    Reflect::get(error, &"code".into()).ok().and_then(|c| c.as_string()).unwrap_or_default()
}

fn over(game: &WasmGame) -> bool {
    Reflect::get(&game.match_score().unwrap(), &"over".into()).unwrap().as_bool().unwrap()
}

#[wasm_bindgen_test]
fn a_seat_answers_as_the_real_game_does_for_its_player() {
    for seed in 0..3u32 {
        let mut game = WasmGame::new(json(&format!(r#"{{"seed": {seed}, "games": 2}}"#))).unwrap();
        let mut steps = 0;
        while !over(&game) {
            let me = game.current();
            let other = JsValue::from(1 - me.as_f64().unwrap() as u32);
            let view = game.view(me.clone()).unwrap();
            let seat = WasmSeat::new(view.clone(), JsValue::UNDEFINED).expect("a seat from a real view");
            let theirs = WasmSeat::new(game.view(other.clone()).unwrap(), JsValue::UNDEFINED).unwrap();
            assert_eq!(text(&seat.view().unwrap()), text(&view), "the seat's view is the one it was built from");
            assert_eq!(
                text(&seat.legal_actions().unwrap()),
                text(&game.legal_actions().unwrap()),
                "seed {seed} step {steps}"
            );
            let between_games = !game.result().unwrap().is_null();
            if !between_games {
                assert_eq!(Array::from(&theirs.legal_actions().unwrap()).length(), 0, "not the other seat's turn");
            }
            for flag in 1..=9u32 {
                let f = JsValue::from(flag);
                assert_eq!(text(&seat.formations(f.clone()).unwrap()), text(&game.formations(f.clone()).unwrap()));
                for who in [me.clone(), other.clone()] {
                    let real = game.explain_claim(f.clone(), who.clone()).unwrap();
                    assert_eq!(text(&seat.explain_claim(f.clone(), who.clone()).unwrap()), text(&real), "flag {flag}");
                    assert_eq!(text(&theirs.explain_claim(f.clone(), who.clone()).unwrap()), text(&real));
                }
            }
            let action = Array::from(&game.legal_actions().unwrap()).get(0);
            // The seat's refusals are the engine's: the other seat may not act now, and its copy stays put.
            if !between_games {
                let mut them = theirs.duplicate();
                assert_eq!(code_of(&them.apply(action.clone()).unwrap_err()), "not_your_turn");
                assert_eq!(text(&them.view().unwrap()), text(&theirs.view().unwrap()), "a refusal changed nothing");
            }
            // A look-ahead on a copy leaves the seat as it was, and gives the entry as the seat knows it.
            let mut ahead = seat.duplicate();
            let entry = ahead.apply(action.clone()).expect("a legal action applies on the copy");
            assert_eq!(Reflect::get(&entry, &"player".into()).unwrap(), me);
            assert_eq!(text(&seat.view().unwrap()), text(&view), "the look-ahead left the seat alone");
            let logged = game.apply(action).expect("the real game plays it");
            assert_eq!(Reflect::get(&logged, &"index".into()).unwrap().as_f64(), Some(steps as f64));
            steps += 1;
        }
        assert!(steps > 40, "{steps} actions");
    }
}

#[wasm_bindgen_test]
fn a_spectator_seat_sees_no_hand_and_may_not_act() {
    let game = WasmGame::new(json(r#"{"seed": 9}"#)).unwrap();
    let watching = WasmSeat::new(game.spectator_view().unwrap(), JsValue::TRUE).expect("a spectator's seat");
    assert_eq!(Array::from(&watching.legal_actions().unwrap()).length(), 0);
    let action = Array::from(&game.legal_actions().unwrap()).get(0);
    let mut copy = watching.duplicate();
    assert_eq!(code_of(&copy.apply(action).unwrap_err()), "not_your_turn");
    let view = text(&watching.view().unwrap());
    assert!(view.contains(r#""hand":[]"#), "a spectator holds no hand: {view}");
    // A view that describes no game is refused with a code.
    assert_eq!(code_of(&WasmSeat::new(json(r#"{"player": 0}"#), JsValue::UNDEFINED).err().unwrap()), "bad_input");
    assert_eq!(code_of(&WasmSeat::new(json("7"), JsValue::UNDEFINED).err().unwrap()), "bad_input");
}

#[wasm_bindgen_test]
fn apply_returns_the_entry_as_its_actor_may_know_it() {
    let mut game = WasmGame::new(json(r#"{"seed": 12}"#)).unwrap();
    loop {
        let legal = Array::from(&game.legal_actions().unwrap());
        let draw =
            legal.iter().find(|a| Reflect::get(a, &"type".into()).unwrap().as_string().as_deref() == Some("draw"));
        let actor = game.current();
        let entry = game.apply(draw.clone().unwrap_or_else(|| legal.get(0))).unwrap();
        let same = game.log(actor, JsValue::from(game.action_count() - 1)).unwrap();
        assert_eq!(text(&entry), text(&Array::from(&same).get(0)), "the entry is the log's, for its actor");
        if draw.is_some() {
            assert!(
                text(&entry).contains(r#""type":"drew""#) && !text(&entry).contains(r#""card":null"#),
                "{}",
                text(&entry)
            );
            break;
        }
    }
}
