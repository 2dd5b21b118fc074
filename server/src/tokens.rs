//! Unguessable names: room ids (128 bits), seat tokens (256 bits, kept by the browser; the store keeps
//! only their SHA-256) and deal seeds, all from the operating system's generator.

use rand::{Rng, TryRngCore};
use sha2::{Digest, Sha256};

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    // The OS generator; if it fails, the thread generator (seeded from it, ChaCha12) is as unguessable.
    if rand::rngs::OsRng.try_fill_bytes(&mut buf).is_err() {
        rand::rng().fill(&mut buf[..]);
    }
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new room id: 32 lowercase hex digits.
pub fn room_id() -> String {
    random_hex(16)
}

/// Whether `id` has the shape of a room id (anything else is an unknown room, without a database query).
pub fn is_room_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The room's watch id: 32 hex digits that lead to the room as a spectator only. Derived one way from
/// the room id (the first half of its SHA-256), so a watch link never reveals the invite's id, which
/// takes a seat.
pub fn watch_id(room: &str) -> String {
    let digest = Sha256::digest(format!("battleline watch {room}").as_bytes());
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// A new seat token: 64 lowercase hex digits.
pub fn token() -> String {
    random_hex(32)
}

/// What the store keeps of a token.
pub fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A deal's secret: 256 bits from the operating system, never sent to a client before the match is over
/// (a 53-bit seed can be searched for from the cards one sees).
pub fn long_seed() -> battleline::LongSeed {
    let mut buf = [0u8; 32];
    if rand::rngs::OsRng.try_fill_bytes(&mut buf).is_err() {
        rand::rng().fill(&mut buf[..]);
    }
    battleline::LongSeed::from_bytes(buf)
}

/// A bot's seed (0..=2^53-1, as the engine takes); deals use [`long_seed`].
pub fn seed() -> u64 {
    let mut buf = [0u8; 8];
    if rand::rngs::OsRng.try_fill_bytes(&mut buf).is_err() {
        rand::rng().fill(&mut buf[..]);
    }
    u64::from_le_bytes(buf) & battleline::MAX_SEED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_are_fresh_and_well_formed() {
        let (a, b) = (room_id(), room_id());
        assert!(is_room_id(&a) && is_room_id(&b) && a != b);
        assert!(!is_room_id("../etc") && !is_room_id(&a.to_uppercase()));
        assert_eq!(token().len(), 64);
        assert_ne!(hash(&a), hash(&b));
        assert!(seed() <= battleline::MAX_SEED);
        let watch = watch_id(&a);
        assert!(is_room_id(&watch) && watch != a && watch == watch_id(&a) && watch != watch_id(&b));
    }
}
