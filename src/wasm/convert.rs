//! Converting between JavaScript values and engine types. Every conversion of untrusted input returns
//! a typed error; nothing here may panic, whatever the caller passes.

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::card::Card;
use crate::error::{Error, ErrorCode};
use crate::flag::{FlagId, Player};
use crate::record::MAX_RECORD_BYTES;

#[wasm_bindgen(module = "/src/wasm/errors.js")]
extern "C" {
    #[wasm_bindgen(js_name = makeBattleLineError)]
    fn make_battle_line_error(code: &str, message: &str) -> JsValue;

    /// `JSON.stringify` that refuses NaN and the infinities (errors.js).
    #[wasm_bindgen(js_name = jsonText, catch)]
    fn json_text(value: &JsValue) -> Result<JsValue, JsValue>;
}

/// The thrown form of an engine error: a `BattleLineError` with `code` and `message`.
pub fn to_js_error(error: Error) -> JsValue {
    make_battle_line_error(error.code.as_str(), &error.message)
}

/// Engine results as wasm-bindgen results.
pub type JsResult<T> = Result<T, JsValue>;

/// Any serialisable value as plain JS data (objects, arrays, strings, numbers, null).
pub fn to_js<T: Serialize>(value: &T) -> JsResult<JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| to_js_error(Error::new(ErrorCode::BadInput, format!("cannot convert the result: {e}"))))
}

/// Plain JS data as an engine type; malformed data is `code` with an explanation.
///
/// Input goes through `JSON.stringify` (whose exceptions wasm-bindgen catches) and serde_json, never
/// through object reflection: a hostile getter, a Proxy, a BigInt or a cycle becomes an error here
/// instead of an exception unwinding through wasm frames. NaN and the infinities, which
/// `JSON.stringify` would write as null (a default, silently), are refused too (errors.js `jsonText`).
/// The most characters of JSON a value other than a record may take (a view is under 20,000): a larger
/// one is refused while it is still a JS string, before it is copied into wasm memory.
const MAX_INPUT_CHARS: u32 = 1024 * 1024;

pub fn from_js<T: DeserializeOwned>(value: JsValue, code: ErrorCode, what: &str) -> JsResult<T> {
    let fail = |detail: String| to_js_error(Error::new(code, format!("{what} is malformed: {detail}")));
    let text = json_text(&value).map_err(|e| fail(thrown_message(&e)))?;
    let length = text.dyn_ref::<js_sys::JsString>().map(js_sys::JsString::length);
    if let Some(length) = length.filter(|&l| l > MAX_INPUT_CHARS) {
        return Err(fail(format!("{length} characters of JSON, more than {MAX_INPUT_CHARS}")));
    }
    let text = text.as_string().ok_or_else(|| fail(format!("{} is not plain data", describe(&value))))?;
    serde_json::from_str(&text).map_err(|e| fail(e.to_string()))
}

/// A record given as JSON text or as an object, as JSON text: its length is checked while it is still
/// a JS string, before it is copied into wasm memory (a 210 MB record once trapped the instance). A JS
/// string's length counts UTF-16 units, never more than its UTF-8 bytes, so a string refused here is
/// too long in bytes too; the engine checks the byte length again.
pub fn record_text(record: JsValue) -> JsResult<String> {
    let fail = |message: String| to_js_error(Error::new(ErrorCode::BadRecord, message));
    let text: js_sys::JsString = if record.is_string() {
        record.unchecked_into()
    } else {
        let text = json_text(&record).map_err(|e| fail(format!("the record is malformed: {}", thrown_message(&e))))?;
        match text.dyn_into::<js_sys::JsString>() {
            Ok(text) => text,
            Err(_) => return Err(fail(format!("the record is malformed: {} is not plain data", describe(&record)))),
        }
    };
    let length = text.length() as usize;
    if length > MAX_RECORD_BYTES {
        return Err(fail(format!(
            "the record is {length} characters long; a record is at most {MAX_RECORD_BYTES} bytes"
        )));
    }
    Ok(String::from(text))
}

/// What `jsonText` threw: its message, a string.
fn thrown_message(thrown: &JsValue) -> String {
    thrown.as_string().unwrap_or_else(|| "it is not plain data".into())
}

fn describe(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        format!("{text:?}")
    } else if let Some(number) = value.as_f64() {
        number.to_string()
    } else if value.is_null() {
        "null".into()
    } else if value.is_undefined() {
        "undefined".into()
    } else {
        value.js_typeof().as_string().unwrap_or_else(|| "a value".into())
    }
}

/// A card given as its notation string.
pub fn card(value: &JsValue) -> JsResult<Card> {
    let text = value.as_string().ok_or_else(|| {
        to_js_error(Error::new(
            ErrorCode::BadCard,
            format!("a card is a string like \"r7\" or \"fog\", not {}", describe(value)),
        ))
    })?;
    text.parse().map_err(to_js_error)
}

/// A flag given as its number 1..9.
pub fn flag(value: &JsValue) -> JsResult<FlagId> {
    let number: i64 = whole_number(value, ErrorCode::BadFlag, "a flag")?;
    FlagId::from_number(number).map_err(to_js_error)
}

/// A player number 0.. below `players`.
pub fn player(value: &JsValue, players: usize) -> JsResult<Player> {
    let number: i64 = whole_number(value, ErrorCode::BadPlayer, "a player")?;
    if (0..players as i64).contains(&number) {
        Ok(number as Player)
    } else {
        Err(to_js_error(Error::new(
            ErrorCode::BadPlayer,
            format!("there is no player {number} (players are 0..{})", players - 1),
        )))
    }
}

/// The largest whole number a JS number holds exactly (`Number.MAX_SAFE_INTEGER`, 2^53 - 1).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A whole JS number as the integer type `T`: the one conversion of every number argument. A
/// fraction, NaN, an infinity or a non-number is `code` ("… is a whole number, not …"); a whole number
/// beyond 2^53 - 1 in size, which a JS number cannot hold exactly, is `code` rather than rounded or
/// clamped (clamping made every suggest seed above 10^15 the same seed); a whole number outside `T`'s
/// range (a negative count, say) is `code` too ("… is out of range: …").
pub fn whole_number<T: TryFrom<i64>>(value: &JsValue, code: ErrorCode, what: &str) -> JsResult<T> {
    let number = match value.as_f64() {
        Some(n) if n.is_finite() && n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER => n as i64,
        Some(n) if n.is_finite() && n.fract() == 0.0 => {
            let message = format!("{what} must be a safe integer (at most 2^53 - 1 in size), not {n}");
            return Err(to_js_error(Error::new(code, message)));
        }
        _ => return Err(to_js_error(Error::new(code, format!("{what} is a whole number, not {}", describe(value))))),
    };
    T::try_from(number).map_err(|_| to_js_error(Error::new(code, format!("{what} is out of range: {number}"))))
}
