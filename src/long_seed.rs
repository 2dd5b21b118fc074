//! A long seed: 256 bits for the match's ChaCha8 generator, for deals that no one can search (an online
//! server's: a 53-bit seed was recovered from one hand by searching a reduced space). The u64 seeds
//! deal as before; a record carries a long seed as 64 lowercase hex digits (`longSeed`).

use std::fmt;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

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
        if digits.len() != 64 || !digits.iter().all(u8::is_ascii_hexdigit) {
            let shown: String = text.chars().take(80).collect();
            return Err(Error::new(ErrorCode::BadInput, format!("a long seed is 64 hex digits, found {shown:?}")));
        }
        let mut bytes = [0u8; 32];
        for (byte, pair) in bytes.iter_mut().zip(digits.chunks(2)) {
            // Both are hex digits (checked above), so this never fails.
            let text = std::str::from_utf8(pair).unwrap_or("00");
            *byte = u8::from_str_radix(text, 16).unwrap_or(0);
        }
        Ok(LongSeed(bytes))
    }

    /// The seed as 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
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
