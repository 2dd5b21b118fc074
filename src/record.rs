//! The game record: options, seed and actions, versioned JSON. Replaying it rebuilds the game exactly
//! (R-SETUP-3); a malformed, truncated or tampered record names the first thing wrong.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::action::Action;
use crate::error::{Error, ErrorCode};
use crate::options::Options;

/// The record format's name, so a stray JSON file is told apart from a record.
pub const RECORD_FORMAT: &str = "battleline-record";
/// The record format's version.
pub const RECORD_VERSION: u32 = 1;
/// The largest seed: seeds travel through JavaScript numbers, exact only up to 2^53 - 1.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A game (or match) record.
///
/// ```
/// use battleline::{Game, Options, Record};
/// let mut game = Game::new(Options::default(), 99).unwrap();
/// let first = game.legal_actions()[0];
/// game.apply(&first).unwrap();
/// let json = game.record().to_json();
/// let replayed = Game::from_record(&Record::from_json(&json).unwrap()).unwrap();
/// assert_eq!(replayed.position(), game.position());
/// let err = Record::from_json(&json[..json.len() - 5]).unwrap_err();
/// assert_eq!(err.code, battleline::ErrorCode::BadRecord);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// Always [`RECORD_VERSION`].
    pub version: u32,
    /// The options.
    pub options: Options,
    /// The seed of the match's generator.
    pub seed: u64,
    /// Every action in order, across the games of a match.
    pub actions: Vec<Action>,
}

impl Record {
    /// A record of these options, seed and actions.
    pub fn new(options: Options, seed: u64, actions: Vec<Action>) -> Record {
        Record { format: RECORD_FORMAT.into(), version: RECORD_VERSION, options, seed, actions }
    }

    /// The record as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Parses a record, naming the first field or action that is wrong (`bad_record`). The actions are
    /// only parsed here; [`crate::Game::from_record`] checks that each is legal.
    pub fn from_json(text: &str) -> Result<Record, Error> {
        let value: Value = serde_json::from_str(text).map_err(|e| bad(format!("not valid JSON ({e})")))?;
        Record::from_value(value)
    }

    /// Parses a record from an already-parsed JSON value.
    pub fn from_value(value: Value) -> Result<Record, Error> {
        let Value::Object(mut fields) = value else { return Err(bad("a record is a JSON object".into())) };
        let format = fields.remove("format");
        if format.as_ref().and_then(Value::as_str) != Some(RECORD_FORMAT) {
            return Err(bad(format!("format must be \"{RECORD_FORMAT}\", found {}", show(format.as_ref()))));
        }
        let version = fields.remove("version");
        if version.as_ref().and_then(Value::as_u64) != Some(u64::from(RECORD_VERSION)) {
            return Err(bad(format!("version must be {RECORD_VERSION}, found {}", show(version.as_ref()))));
        }
        let options: Options = serde_json::from_value(fields.remove("options").unwrap_or(Value::Null))
            .map_err(|e| bad(format!("options are invalid: {e}")))?;
        let seed = fields.remove("seed");
        let seed =
            seed.as_ref().and_then(Value::as_u64).filter(|&s| s <= MAX_SEED).ok_or_else(|| {
                bad(format!("seed must be a whole number 0..={MAX_SEED}, found {}", show(seed.as_ref())))
            })?;
        let Some(Value::Array(raw_actions)) = fields.remove("actions") else {
            return Err(bad("actions must be an array".into()));
        };
        if let Some(unknown) = fields.keys().next() {
            return Err(bad(format!("unknown field {unknown:?}")));
        }
        let actions = raw_actions
            .into_iter()
            .enumerate()
            .map(|(i, raw)| {
                let text = raw.to_string();
                serde_json::from_value(raw).map_err(|e| bad(format!("action {} ({text}) is malformed: {e}", i + 1)))
            })
            .collect::<Result<Vec<Action>, Error>>()?;
        Ok(Record::new(options, seed, actions))
    }
}

fn bad(message: String) -> Error {
    Error::new(ErrorCode::BadRecord, message)
}

fn show(value: Option<&Value>) -> String {
    value.map_or_else(|| "nothing".into(), Value::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bad_field_is_named() {
        let good = r#"{"format":"battleline-record","version":1,"options":{},"seed":5,"actions":[{"type":"pass"}]}"#;
        assert!(Record::from_json(good).is_ok());
        for (text, needle) in [
            ("", "not valid JSON"),
            ("[1]", "JSON object"),
            (r#"{"format":"x","version":1}"#, "format"),
            (r#"{"format":"battleline-record","version":2}"#, "version"),
            (r#"{"format":"battleline-record","version":1,"options":{"players":9},"seed":1,"actions":[]}"#, "options"),
            (r#"{"format":"battleline-record","version":1,"options":{},"seed":-1,"actions":[]}"#, "seed"),
            (r#"{"format":"battleline-record","version":1,"options":{},"seed":9007199254740992,"actions":[]}"#, "seed"),
            (r#"{"format":"battleline-record","version":1,"options":{},"seed":1,"actions":{}}"#, "actions"),
            (r#"{"format":"battleline-record","version":1,"options":{},"seed":1,"actions":[],"x":1}"#, "unknown field"),
            (
                r#"{"format":"battleline-record","version":1,"options":{},"seed":1,"actions":[{"type":"pass"},{"type":"play","card":"q1","flag":1}]}"#,
                "action 2",
            ),
        ] {
            let err = Record::from_json(text).unwrap_err();
            assert_eq!(err.code, ErrorCode::BadRecord);
            assert!(err.message.contains(needle), "{text}: {}", err.message);
        }
    }
}
