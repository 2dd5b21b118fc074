//! The benchmark workloads of `battleline::random_play`, callable from JavaScript so that
//! `bench/wasm-bench.mjs` can time them in WebAssembly (timing itself stays in JavaScript: there is
//! no clock in wasm32-unknown-unknown).

use wasm_bindgen::prelude::*;

use super::convert::{to_js_error, JsResult};
use crate::options::Options;
use crate::random_play::{play_random_games, prove_all, sample_claim_situations, ClaimSituation};

/// Plays `games` random games (claiming whenever provable); returns the number of actions played.
#[wasm_bindgen(js_name = benchRandomGames)]
pub fn bench_random_games(games: u32, tactics: bool) -> JsResult<f64> {
    let actions = play_random_games(Options { tactics, ..Options::default() }, u64::from(games), 0);
    actions.map(|n| n as f64).map_err(to_js_error)
}

/// Claim situations sampled from random games, to be judged again and again.
#[wasm_bindgen]
pub struct ClaimBench {
    situations: Vec<ClaimSituation>,
}

#[wasm_bindgen]
impl ClaimBench {
    /// Samples `count` distinct claim situations (deterministic).
    #[wasm_bindgen(constructor)]
    pub fn new(count: u32) -> JsResult<ClaimBench> {
        let situations = sample_claim_situations(count as usize).map_err(to_js_error)?;
        Ok(ClaimBench { situations })
    }

    /// Number of situations.
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> u32 {
        self.situations.len() as u32
    }

    /// Judges every situation `rounds` times; returns the number of claimable verdicts.
    pub fn run(&self, rounds: u32) -> JsResult<f64> {
        prove_all(&self.situations, rounds).map(|n| n as f64).map_err(to_js_error)
    }
}
