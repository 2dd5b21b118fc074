//! The few result shapes that exist only for JavaScript (the wasm layer returns them); compiled natively
//! for the tests that derive their TypeScript declarations (`src/declarations.rs`).

use serde::Serialize;

use crate::flag::FlagId;
use crate::proof::Proof;

/// A flag the player can claim now, with its proof.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ClaimableFlag {
    pub(crate) flag: FlagId,
    pub(crate) proof: Proof,
}
