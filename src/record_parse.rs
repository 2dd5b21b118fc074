//! Parsing a record with bounded resources. A record's size is checked before anything is parsed, and
//! its actions are read one at a time straight from the text, counted as they come: a record with too
//! many actions is refused before the rest are built (once, a 90 MB record of empty actions took 1 GB
//! to be refused, and in wasm a 210 MB one trapped). A malformed action does not stop the reading
//! either: it is kept aside, so that replaying can name an illegal action that comes before it.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use crate::action::Action;
use crate::error::{Error, ErrorCode};

/// The largest record, in bytes of JSON text: a 99-game match (the longest there is) takes at most
/// about 4 MB written compactly, so 16 MiB leaves room for indented records too.
pub const MAX_RECORD_BYTES: usize = 16 * 1024 * 1024;

/// The most actions a record may hold. A game takes at most about 660 actions: at most 70 turns play a
/// card, fewer than `players` pass between two of them (every player passing in a row ends the game),
/// so there are at most about 210 turns of three actions (play or pass, end of claims, draw), plus
/// nine claims, Scout's five steps and `nextGame`. A 99-game match stays under 66,000.
pub const MAX_RECORD_ACTIONS: usize = 100_000;

/// The fields of a record as found, each checked later in a fixed order so that messages do not
/// depend on the order of the fields in the text.
#[derive(Default)]
pub(crate) struct RawRecord {
    pub(crate) format: Option<Value>,
    pub(crate) version: Option<Value>,
    pub(crate) options: Option<Value>,
    pub(crate) seed: Option<Value>,
    /// The 256-bit seed, when the record has one (checked later). Without the feature `long-seeds` the
    /// field is unknown, like any other.
    #[cfg(feature = "long-seeds")]
    pub(crate) long_seed: Option<Value>,
    /// `None` when missing; `Some(None)` when not an array.
    pub(crate) actions: Option<Option<RawActions>>,
    /// The starting position of a record that does not start from a deal (a setup, checked later).
    /// Without the feature `setups` the field is unknown, like any other.
    #[cfg(feature = "setups")]
    pub(crate) start: Option<Value>,
    pub(crate) unknown: Option<String>,
}

/// The actions up to the first malformed one, and that one's error.
#[derive(Default)]
pub(crate) struct RawActions {
    pub(crate) parsed: Vec<Action>,
    pub(crate) malformed: Option<Error>,
}

/// The marker of the "too many actions" error raised inside the parser, to tell it from JSON errors.
const TOO_MANY: &str = "battleline: too many actions";

/// The marker of a field given twice.
const DUPLICATE: &str = "battleline: a field given twice";

/// The fields a record may have.
const KNOWN_FIELDS: [&str; 7] = ["format", "version", "options", "seed", "longSeed", "actions", "start"];

/// Parses the text of a record into its raw fields (`bad_record` for oversize text, invalid JSON,
/// anything but an object, or more than [`MAX_RECORD_ACTIONS`] actions).
pub(crate) fn raw_record_from_text(text: &str) -> Result<RawRecord, Error> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(bad(format!(
            "the record is {} bytes long; a record is at most {MAX_RECORD_BYTES} bytes",
            text.len()
        )));
    }
    let start = text.trim_start();
    if !start.starts_with('{') {
        // Anything else that JSON can start with is not an object; nothing is parsed to say so.
        let json_value =
            start.starts_with(['[', '"', '-', 't', 'f', 'n']) || start.starts_with(|c: char| c.is_ascii_digit());
        return Err(if json_value {
            bad("a record is a JSON object".into())
        } else {
            bad("not valid JSON (a record is an object, starting with {)".into())
        });
    }
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let raw = deserializer.deserialize_map(RecordVisitor).map_err(|e| json_error(e.to_string()))?;
    deserializer.end().map_err(|e| bad(format!("not valid JSON ({e})")))?;
    Ok(raw)
}

/// The raw fields of an already-parsed JSON value (the action count is still bounded).
pub(crate) fn raw_record_from_value(value: Value) -> Result<RawRecord, Error> {
    if !value.is_object() {
        return Err(bad("a record is a JSON object".into()));
    }
    value.deserialize_map(RecordVisitor).map_err(|e| json_error(e.to_string()))
}

fn json_error(text: String) -> Error {
    if text.starts_with(TOO_MANY) {
        bad(format!("the record has more than {MAX_RECORD_ACTIONS} actions, more than any match can have"))
    } else if let Some(place) = text.strip_prefix(DUPLICATE) {
        // serde_json adds " at line L column C": where the second one is.
        bad(format!("the record gives a field twice{place}"))
    } else {
        bad(format!("not valid JSON ({text})"))
    }
}

fn bad(message: String) -> Error {
    Error::new(ErrorCode::BadRecord, message)
}

struct RecordVisitor;

impl<'de> Visitor<'de> for RecordVisitor {
    type Value = RawRecord;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a record object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawRecord, A::Error> {
        let mut raw = RawRecord::default();
        let mut seen = 0u8;
        while let Some(key) = map.next_key::<String>()? {
            // A field given twice is refused, not read as its last value (or first): two `seed`s
            // could make one record replay as two games to two readers.
            if let Some(index) = KNOWN_FIELDS.iter().position(|&known| known == key) {
                if seen & 1 << index != 0 {
                    return Err(de::Error::custom(DUPLICATE));
                }
                seen |= 1 << index;
            }
            match key.as_str() {
                "format" => raw.format = Some(map.next_value()?),
                "version" => raw.version = Some(map.next_value()?),
                "options" => raw.options = Some(map.next_value()?),
                "seed" => raw.seed = Some(map.next_value()?),
                #[cfg(feature = "long-seeds")]
                "longSeed" => raw.long_seed = Some(map.next_value()?),
                "actions" => raw.actions = Some(map.next_value_seed(ActionsSeed)?),
                #[cfg(feature = "setups")]
                "start" => raw.start = Some(map.next_value()?),
                _ => {
                    map.next_value::<Value>()?;
                    raw.unknown.get_or_insert(key);
                }
            }
        }
        Ok(raw)
    }
}

/// The `actions` field: an array read element by element, or `None` for anything else.
struct ActionsSeed;

impl<'de> DeserializeSeed<'de> for ActionsSeed {
    type Value = Option<RawActions>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(ActionsVisitor)
    }
}

struct ActionsVisitor;

impl<'de> Visitor<'de> for ActionsVisitor {
    type Value = Option<RawActions>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of actions")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut actions = RawActions::default();
        let mut count = 0usize;
        loop {
            if count == MAX_RECORD_ACTIONS {
                // One more element is one too many: refuse before reading it.
                return match seq.next_element::<Value>()? {
                    Some(_) => Err(de::Error::custom(TOO_MANY)),
                    None => Ok(Some(actions)),
                };
            }
            count += 1;
            if actions.malformed.is_some() {
                // Only counted from here on: nothing after a malformed action is replayed.
                if seq.next_element::<Value>()?.is_none() {
                    return Ok(Some(actions));
                }
                continue;
            }
            let Some(raw) = seq.next_element::<Value>()? else { return Ok(Some(actions)) };
            let text = raw.to_string();
            match serde_json::from_value::<Action>(raw) {
                Ok(action) => actions.parsed.push(action),
                Err(e) => actions.malformed = Some(bad(format!("action {count} ({text}) is malformed: {e}"))),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<String, Value>()?.is_some() {}
        Ok(None)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
}
