//! R-SETUP-3: a seed plus the actions replays a game exactly, natively and in WebAssembly alike. This
//! pins the digest of one game natively; tests/node/api.test.mjs and tests/wasm_api.rs pin the same.

use battleline::{Game, Options};

/// Seed 42, always the first legal action, to the end.
pub const NATIVE_DIGEST_SEED_42: &str = "d9dcbb82738ac420";

// R-SETUP-3
#[test]
fn r_setup_3_seed_42_first_legal_digest_is_pinned() {
    let mut game = Game::new(Options::default(), 42).unwrap();
    while !game.is_match_over() {
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
    }
    assert_eq!(game.position().digest(), NATIVE_DIGEST_SEED_42);
}
