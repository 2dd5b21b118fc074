//! The learned value model's workbench (never shipped): self-play data for training, paired
//! sequential matches between models, and the calibration of the chance to win on held-out games.
//!
//! ```text
//! value_lab generate --out FILE [--games N] [--seconds S] [--seed S] [--playouts P] [--threads T]
//!     [--model FILE|handmade|embedded] [--no-tactics-share F] [--timings T1,T2,...] [--opponent heuristic]
//! value_lab duel --a MODEL --b MODEL [--playouts P] [--sprt S0,S1] [--games MAX] [--seed S]
//!     [--playouts-b P] [--threads T] [--no-tactics] [--seconds S] [--a-set K=V,...] [--b-set K=V,...]
//!     [--policy POLICY] [--b-policy POLICY] [--timing afterPlay|startOfTurn|endOfTurn] [--verbose]
//! value_lab calibrate [--games N] [--seed S] [--playouts P] [--level L] [--samples K] [--threads T]
//!     [--every N] [--model FILE] [--dump FILE]
//! value_lab policy-data --out FILE [--games N] [--seconds S] [--seed S] [--playouts P] [--threads T]
//!     [--model MODEL] [--policy POLICY] [--no-tactics-share F]
//! ```
//!
//! A POLICY is a weights file of `tools/train_policy.py`, optionally followed by `@WEIGHT`, the factor
//! of PUCT's bonus in the search's selection (`FILE@0.5`; 0.5 unless given). `duel --policy POLICY`
//! guides A's search with it, `--b-policy POLICY` B's.
//!
//! A MODEL is a weights file of `tools/train_value.py`, `embedded` (the model shipped in the crate) or
//! `handmade` (the hand-made leaf evaluation the model replaced; for B also `heuristic`, the rule-based
//! bot instead of a search), optionally followed by `@SCALE`, the
//! factor on the model's logit at the search's leaves (`FILE@2`). The pipeline that uses these commands
//! is `tools/expert_iteration.sh`; results are in docs/BOT_EXPERIMENTS.md.

mod calibrate;
mod duel;
mod generate;
mod policy_data;
mod self_play;

use std::sync::Arc;

use battleline::bot::{Leaf, PolicyModel, SearchBot, SearchConfig, StaticLeaf, ValueLeaf, ValueModel};
use battleline::ClaimTiming;

/// `--key value` arguments.
pub(crate) struct Args(Vec<String>);

impl Args {
    pub(crate) fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().position(|a| a == key).and_then(|i| self.0.get(i + 1)).map(String::as_str)
    }

    pub(crate) fn flag(&self, key: &str) -> bool {
        self.0.iter().any(|a| a == key)
    }

    pub(crate) fn num<T: std::str::FromStr>(&self, key: &str, default: T) -> T {
        match self.get(key) {
            None => default,
            Some(text) => text.parse().unwrap_or_else(|_| fail(&format!("{key} {text:?}: not a number"))),
        }
    }
}

pub(crate) fn fail(message: &str) -> ! {
    eprintln!("value_lab: {message}");
    std::process::exit(2)
}

/// A claim timing named on the command line as the package names it.
pub(crate) fn claim_timing(name: &str) -> ClaimTiming {
    match name {
        "afterPlay" => ClaimTiming::AfterPlay,
        "startOfTurn" => ClaimTiming::StartOfTurn,
        "endOfTurn" => ClaimTiming::EndOfTurn,
        other => fail(&format!("timing {other:?}: expected afterPlay, startOfTurn or endOfTurn")),
    }
}

/// A model named on the command line: a weights file, `embedded` or `handmade` (`None`).
fn model(name: &str) -> Option<&'static ValueModel> {
    match name {
        "handmade" => None,
        "embedded" => Some(ValueModel::embedded()),
        path => {
            let bytes = std::fs::read(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
            let model = ValueModel::from_bytes(&bytes).unwrap_or_else(|e| fail(&format!("{path}: {}", e.message)));
            Some(Box::leak(Box::new(model)))
        }
    }
}

/// How a search with the model named on the command line values its leaves: the name as [`model`]
/// reads it, optionally followed by `@SCALE`, the factor on the model's logit.
pub(crate) fn leaf(name: &str) -> Arc<dyn Leaf> {
    let (file, scale) = name.split_once('@').unwrap_or((name, "1"));
    let scale: f32 = scale.parse().unwrap_or_else(|_| fail(&format!("{name}: the scale after @ is not a number")));
    let config = SearchConfig::default();
    match model(file) {
        None => Arc::new(StaticLeaf::new(&config)),
        Some(model) => Arc::new(ValueLeaf::with_model(&config, model, scale)),
    }
}

/// `config` guided by the policy named on the command line (`FILE@WEIGHT`; unchanged for `None`).
pub(crate) fn policy_config(config: SearchConfig, name: Option<&str>) -> SearchConfig {
    let Some(name) = name else { return config };
    let (path, weight) = name.split_once('@').unwrap_or((name, "0.5"));
    let weight: f32 = weight.parse().unwrap_or_else(|_| fail(&format!("{name}: the weight after @ is not a number")));
    let bytes = std::fs::read(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let model = PolicyModel::from_bytes(&bytes).unwrap_or_else(|e| fail(&format!("{path}: {}", e.message)));
    SearchConfig { policy: Some(Box::leak(Box::new(model))), policy_weight: weight, ..config }
}

/// The model named on the command line for estimating chances (no scale).
pub(crate) fn estimator(name: &str) -> Option<&'static ValueModel> {
    model(name.split_once('@').map_or(name, |(file, _)| file))
}

/// A search bot of the levels' parameters whose leaves `leaf` values.
pub(crate) fn search(playouts: u32, seed: u64, leaf: &Arc<dyn Leaf>) -> SearchBot {
    search_with(playouts, seed, leaf, SearchConfig::default())
}

/// A search bot of the parameters `config` whose leaves `leaf` values.
pub(crate) fn search_with(playouts: u32, seed: u64, leaf: &Arc<dyn Leaf>, config: SearchConfig) -> SearchBot {
    SearchBot::with_config(playouts, seed, config).with_leaf(Arc::clone(leaf))
}

/// The levels' search parameters changed by `changes` (`key=value,...`; keys `exploration`, `widen_c`,
/// `widen_alpha`, `guard`; the leaf's own parameters stay the levels'), for screening a parameter head
/// to head (`duel --a-set`).
pub(crate) fn search_config(changes: Option<&str>) -> SearchConfig {
    let mut config = SearchConfig::default();
    for pair in changes.unwrap_or("").split(',').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or_else(|| fail(&format!("expected key=value, got {pair:?}")));
        let number = || value.parse::<f32>().unwrap_or_else(|_| fail(&format!("{key}: {value:?} is not a number")));
        match key {
            "exploration" => config.exploration = number(),
            "widen_c" => config.widen_c = number(),
            "widen_alpha" => config.widen_alpha = number(),
            "root_temperature" => config.root_temperature = number(),
            "guard" => {
                config.guard_tactics =
                    value.parse().unwrap_or_else(|_| fail(&format!("guard: {value:?} is not true or false")))
            }
            other => fail(&format!("unknown search parameter {other:?}")),
        }
    }
    config
}

fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = words.split_first() else { fail("expected generate, duel, calibrate or policy-data") };
    let args = Args(rest.to_vec());
    match command.as_str() {
        "generate" => generate::run(&args),
        "duel" => duel::run(&args),
        "calibrate" => calibrate::run(&args),
        "policy-data" => policy_data::run(&args),
        other => fail(&format!("unknown command {other:?} (expected generate, duel, calibrate or policy-data)")),
    }
}
