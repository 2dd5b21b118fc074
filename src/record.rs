//! The game record: options, seed and actions, versioned JSON. Replaying it rebuilds the game exactly
//! (R-SETUP-3); a malformed, truncated or tampered record names the first thing wrong.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::action::Action;
use crate::error::{Error, ErrorCode};
#[cfg(feature = "long-seeds")]
use crate::long_seed::LongSeed;
use crate::options::Options;
#[cfg(feature = "setups")]
use crate::position::setup::Setup;
use crate::record_parse::{raw_record_from_text, raw_record_from_value, RawRecord};
pub use crate::record_parse::{MAX_RECORD_ACTIONS, MAX_RECORD_BYTES};

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
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "GameRecord"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    #[cfg_attr(test, ts(type = "\"battleline-record\""))]
    pub format: String,
    /// Always [`RECORD_VERSION`].
    #[cfg_attr(test, ts(type = "1"))]
    pub version: u32,
    /// The options.
    pub options: Options,
    /// The seed of the match's generator.
    #[cfg_attr(test, ts(type = "number"))]
    pub seed: u64,
    /// The 256 bits that seed the generator instead of `seed` (then 0), when the match was started
    /// with one ([`crate::Game::with_long_seed`]). Absent from the JSON of other records, so they are
    /// unchanged; a reader that does not know the field refuses the record rather than deal another game.
    /// Only with the feature `long-seeds` (on by default): the rules-only wasm goes without (its size
    /// budget) and refuses such records (`bad_record`, an unknown field).
    #[cfg(feature = "long-seeds")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "string"))]
    pub long_seed: Option<LongSeed>,
    /// Every action in order, across the games of a match.
    pub actions: Vec<Action>,
    /// Where the first game started, when not from a deal of the seed (a lesson or a puzzle: see
    /// [`crate::Game::from_setup`]). Absent from the JSON of a dealt game, so such records are unchanged.
    /// Only with the feature `setups` (on by default): the rules-only wasm goes without (its size budget).
    #[cfg(feature = "setups")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub start: Option<Box<Setup>>,
}

impl Record {
    /// A record of these options, seed and actions.
    pub fn new(options: Options, seed: u64, actions: Vec<Action>) -> Record {
        Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            options,
            seed,
            #[cfg(feature = "long-seeds")]
            long_seed: None,
            actions,
            #[cfg(feature = "setups")]
            start: None,
        }
    }

    /// This record dealt from a long seed instead of `seed` (which should then be 0).
    #[cfg(feature = "long-seeds")]
    pub fn with_long_seed(mut self, long_seed: Option<LongSeed>) -> Record {
        self.long_seed = long_seed;
        self
    }

    /// This record starting from `start` instead of the seed's deal.
    #[cfg(feature = "setups")]
    pub fn starting_from(mut self, start: Option<Box<Setup>>) -> Record {
        self.start = start;
        self
    }

    /// The record as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Parses a record, naming the first field or action that is wrong (`bad_record`). The actions are
    /// only parsed here; [`crate::Game::from_record`] checks that each is legal. Text longer than
    /// [`MAX_RECORD_BYTES`] or with more than [`MAX_RECORD_ACTIONS`] actions is refused before the
    /// actions are built.
    pub fn from_json(text: &str) -> Result<Record, Error> {
        Record::from_raw(raw_record_from_text(text)?)?.whole()
    }

    /// Parses a record from an already-parsed JSON value.
    pub fn from_value(value: Value) -> Result<Record, Error> {
        Record::from_raw(raw_record_from_value(value)?)?.whole()
    }

    /// The record's fields checked in order: format, version, options, seed, long seed, actions, unknown
    /// fields.
    fn from_raw(raw: RawRecord) -> Result<PartialRecord, Error> {
        let (format, version, seed) = (&raw.format, &raw.version, &raw.seed);
        if format.as_ref().and_then(Value::as_str) != Some(RECORD_FORMAT) {
            return Err(bad(format!("format must be \"{RECORD_FORMAT}\", found {}", show(format.as_ref()))));
        }
        if version.as_ref().and_then(Value::as_u64) != Some(u64::from(RECORD_VERSION)) {
            return Err(bad(format!("version must be {RECORD_VERSION}, found {}", show(version.as_ref()))));
        }
        let options: Options = serde_json::from_value(raw.options.unwrap_or(Value::Null))
            .map_err(|e| bad(format!("options are invalid: {e}")))?;
        let seed =
            seed.as_ref().and_then(Value::as_u64).filter(|&s| s <= MAX_SEED).ok_or_else(|| {
                bad(format!("seed must be a whole number 0..={MAX_SEED}, found {}", show(seed.as_ref())))
            })?;
        #[cfg(feature = "long-seeds")]
        let long_seed = LongSeed::from_record_field(raw.long_seed.as_ref(), seed)?;
        let Some(Some(actions)) = raw.actions else {
            return Err(bad("actions must be an array".into()));
        };
        #[cfg(feature = "setups")]
        let start = match raw.start {
            None | Some(Value::Null) => None,
            Some(value) => Some(Box::new(
                serde_json::from_value::<Setup>(value).map_err(|e| bad(format!("start is invalid: {e}")))?,
            )),
        };
        if let Some(unknown) = raw.unknown {
            return Err(bad(format!("unknown field {unknown:?}")));
        }
        let record = Record::new(options, seed, actions.parsed);
        #[cfg(feature = "long-seeds")]
        let record = record.with_long_seed(long_seed);
        #[cfg(feature = "setups")]
        let record = record.starting_from(start);
        Ok(PartialRecord { record, malformed: actions.malformed })
    }
}

/// A parsed record whose actions stop before the first malformed one, if any.
pub(crate) struct PartialRecord {
    /// The record up to the first malformed action.
    pub(crate) record: Record,
    /// The error of the first malformed action.
    pub(crate) malformed: Option<Error>,
}

impl PartialRecord {
    /// From the text of a record (see [`Record::from_json`]).
    pub(crate) fn from_json(text: &str) -> Result<PartialRecord, Error> {
        Record::from_raw(raw_record_from_text(text)?)
    }

    /// The whole record, or the error of its first malformed action.
    fn whole(self) -> Result<Record, Error> {
        match self.malformed {
            Some(error) => Err(error),
            None => Ok(self.record),
        }
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

    /// The rules-only build (without `long-seeds`) refuses a record dealt from a long seed rather than
    /// replay its actions on another deal.
    #[cfg(not(feature = "long-seeds"))]
    #[test]
    fn a_long_seed_is_an_unknown_field_without_the_feature() {
        let text = format!(
            r#"{{"format":"battleline-record","version":1,"options":{{}},"seed":0,"longSeed":"{}","actions":[]}}"#,
            "ab".repeat(32)
        );
        let err = Record::from_json(&text).unwrap_err();
        assert_eq!(err.code, ErrorCode::BadRecord);
        assert!(err.message.contains("unknown field \"longSeed\""), "{}", err.message);
    }
}
