//! A long seed: 256 bits for the match's ChaCha8 generator, for deals that no one can search (an online
//! server's: a 53-bit seed was recovered from one hand by searching a reduced space). The u64 seeds
//! deal as before; a record carries a long seed as 64 lowercase hex digits (`longSeed`). Only with the
//! feature `long-seeds` (on by default; the rules-only wasm goes without, for its size budget).

use std::fmt;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::error::{Error, ErrorCode};

/// 256 bits seeding the match's generator directly (see [`crate::Game::with_long_seed`]).
///
/// ```
/// use battleline::LongSeed;
/// let seed = LongSeed::from_bytes([7; 32]);
/// assert_eq!(LongSeed::from_hex(&seed.to_hex()).unwrap(), seed);
/// assert_eq!(LongSeed::from_hex("7g").unwrap_err().code, battleline::ErrorCode::BadInput);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct LongSeed([u8; 32]);

impl LongSeed {
    /// The seed of these bytes.
    pub fn from_bytes(bytes: [u8; 32]) -> LongSeed {
        LongSeed(bytes)
    }

    /// Parses 64 hex digits (`bad_input` for anything else).
    pub fn from_hex(text: &str) -> Result<LongSeed, Error> {
        let digits = text.as_bytes();
        let mut bytes = [0u8; 32];
        let parsed = digits.len() == 64
            && bytes.iter_mut().zip(digits.chunks_exact(2)).all(|(byte, pair)| {
                match (nibble(pair[0]), nibble(pair[1])) {
                    (Some(high), Some(low)) => {
                        *byte = high << 4 | low;
                        true
                    }
                    _ => false,
                }
            });
        if !parsed {
            let shown: String = text.chars().take(80).collect();
            return Err(Error::new(ErrorCode::BadInput, format!("a long seed is 64 hex digits, found {shown:?}")));
        }
        Ok(LongSeed(bytes))
    }

    /// The seed as 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        // A table rather than `format!` per byte: this code is in the wasm, whose size is budgeted.
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        self.0.iter().flat_map(|b| [DIGITS[usize::from(b >> 4)] as char, DIGITS[usize::from(b & 15)] as char]).collect()
    }

    /// A record's `longSeed` field as found (`None`: absent), checked against its `seed` (`bad_record`).
    pub(crate) fn from_record_field(value: Option<&Value>, seed: u64) -> Result<Option<LongSeed>, Error> {
        let bad = |message: String| Error::new(ErrorCode::BadRecord, message);
        let long_seed = match value {
            None => return Ok(None),
            Some(Value::String(text)) => {
                LongSeed::from_hex(text).map_err(|e| bad(format!("longSeed: {}", e.message)))?
            }
            Some(other) => return Err(bad(format!("longSeed must be a string of 64 hex digits, found {other}"))),
        };
        if seed != 0 {
            // Two seeds would make one record replay as two games to two readers.
            return Err(bad(format!("seed must be 0 when longSeed is given, found {seed}")));
        }
        Ok(Some(long_seed))
    }

    /// The seed's bytes.
    pub fn bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The generator this seed starts.
    pub(crate) fn rng(&self) -> ChaCha8Rng {
        ChaCha8Rng::from_seed(self.0)
    }
}

/// Never the digits: a long seed is a secret until its match is over, and debug output ends up in logs.
impl fmt::Debug for LongSeed {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("LongSeed(..)")
    }
}

impl Serialize for LongSeed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for LongSeed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<LongSeed, D::Error> {
        let text = String::deserialize(deserializer)?;
        LongSeed::from_hex(&text).map_err(|e| serde::de::Error::custom(e.message))
    }
}

/// The value of one hex digit (either case).
fn nibble(digit: u8) -> Option<u8> {
    (digit as char).to_digit(16).map(|d| d as u8)
}
