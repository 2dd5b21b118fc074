//! The search's parameters: one record, the defaults each level starts from, the keys that the lab's
//! `tune` harness screens.

use super::policy::PolicyModel;
use crate::bot::value::handmade::EvalParams;

/// The search's parameters. The levels use the defaults; other values are for measuring what a
/// parameter is worth (the lab crate's `tune` harness, `SearchBot::with_config`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// UCB exploration constant (rewards are in 0..1).
    pub exploration: f32,
    /// Progressive widening: a node with `n` visits may have `widen_c * n^widen_alpha` children.
    pub widen_c: f32,
    /// See `widen_c`.
    pub widen_alpha: f32,
    /// Logistic temperature turning the leaf's evaluation (expected flags) into a reward in 0..1.
    pub eval_scale: f32,
    /// The leaf evaluation's constants.
    pub eval: EvalParams,
    /// Each player's next draws in the sample that the leaf evaluation counts as held (see
    /// `Knowledge::with_foresight`); `None` evaluates from what the viewer knows only.
    pub leaf_foresight: Option<u32>,
    /// Guard against the opponent's immediate winning tactics play: at the root, an action's mean
    /// reward is scaled by the chance that the opponent cannot answer it with one (see
    /// `tactics_guard`).
    pub guard_tactics: bool,
    /// A learned policy guiding the search (`None`: the hand-made prior alone): it orders the
    /// widening below the root and adds PUCT's bonus `policy_weight · P(a) · √available / (1 + visits)`
    /// to every child's UCB, the root's included.
    pub policy: Option<&'static PolicyModel>,
    /// See `policy`.
    pub policy_weight: f32,
    /// How the root action is picked from the trees' visits: 0 takes the most visited; above 0 draws
    /// it with probability proportional to `visits^(1 / root_temperature)` (a weaker player's
    /// occasional second choice; the tactics guard's answer, where it has one, is still taken).
    pub root_temperature: f32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            exploration: 0.15,
            widen_c: 1.5,
            widen_alpha: 0.5,
            eval_scale: 1.5,
            eval: EvalParams::SEARCH,
            // Five draws, not three, since the temperature of 50: screened +0.030 ± 0.015 over three
            // screens of 200 deals, and search:hard +0.052 ± 0.048 on 134 paired games
            // (docs/BOT_EXPERIMENTS.md).
            leaf_foresight: Some(5),
            guard_tactics: true,
            policy: None,
            policy_weight: 0.0,
            root_temperature: 0.0,
        }
    }
}
