//! Helpers shared by the engine's test programs (tests/rules, tests/bots, tests/cli; each loads this
//! module by `#[path]`): the game variants the tests play, and readers of JSON values.

// Each test program uses part of these.
#![allow(dead_code)]

use battleline::{Card, CardSet, ClaimTiming, Options};
use serde_json::Value;

/// Every variant of a single game: two players with and without tactics and three without, each under
/// every claim timing (players first, then the timing).
pub fn variants() -> Vec<Options> {
    let mut all = Vec::new();
    for (players, tactics) in [(2, true), (2, false), (3, false)] {
        for claim_timing in [ClaimTiming::AfterPlay, ClaimTiming::StartOfTurn, ClaimTiming::EndOfTurn] {
            all.push(Options { players, tactics, claim_timing, games: 1 });
        }
    }
    all
}

/// Every card named anywhere in a JSON value.
pub fn cards_named(value: &Value, out: &mut CardSet) {
    match value {
        Value::String(text) => {
            if let Ok(card) = text.parse::<Card>() {
                out.insert(card);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| cards_named(v, out)),
        Value::Object(fields) => fields.values().for_each(|v| cards_named(v, out)),
        _ => {}
    }
}

/// Every string value in a JSON value (keys such as `"mud"` of a flag view are not values).
pub fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(text) => out.push(text.clone()),
        Value::Array(items) => items.iter().for_each(|item| strings(item, out)),
        Value::Object(fields) => fields.values().for_each(|item| strings(item, out)),
        _ => {}
    }
}
