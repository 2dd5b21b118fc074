//! The search's parameters: one record, the defaults each level starts from, the keys that
//! `examples/tune.rs` screens.

use super::eval::EvalParams;
use super::value_model::ValueModel;

/// The search's parameters (exposed for tuning experiments).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// UCB exploration constant (rewards are in 0..1).
    pub exploration: f32,
    /// Progressive widening: a node with `n` visits may have `widen_c * n^widen_alpha` children.
    pub widen_c: f32,
    /// See `widen_c`.
    pub widen_alpha: f32,
    /// Actions played by the fast policy after the tree before the static evaluation scores the
    /// position; `u32::MAX` plays every game to its end.
    pub playout_actions: u32,
    /// Logistic temperature turning the leaf's evaluation (expected flags) into a reward in 0..1.
    pub eval_scale: f32,
    /// Tree depth limit (decisions below the root).
    pub max_depth: u32,
    /// The leaf evaluation's constants.
    pub eval: EvalParams,
    /// Each player's next draws in the sample that the leaf evaluation counts as held (see
    /// `Knowledge::with_foresight`); `None` evaluates from what the viewer knows only.
    pub leaf_foresight: Option<u32>,
    /// Guard against the opponent's immediate winning tactics play: at the root, an action's mean
    /// reward is scaled by the chance that the opponent cannot answer it with one (see
    /// `tactics_guard`).
    pub guard_tactics: bool,
    /// Where the leaf's troop deck holds at most this many cards, the playout goes on to the end of
    /// the game with the fast policy instead of stopping at the static evaluation; `None` never.
    pub endgame_rollout: Option<u32>,
    /// With two players, the share of a leaf's reward taken from the chance to win the game (flags
    /// taken as independent, see `win_chance`) rather than from the logistic of the expected flags.
    pub win_weight: f32,
    /// Inference about the opponent's hand from their last play (two players, see `inference`): the
    /// softmax temperature, in expected flags, of the heuristic's ratings that weigh each candidate
    /// hand; 0 samples the opponent's hand uniformly.
    pub infer_temperature: f32,
    /// The number of candidate opponent hands drawn and weighed once a decision for the inference.
    pub infer_pool: u32,
    /// How many of the opponent's recent plays the inference reads (at most).
    pub infer_depth: u32,
    /// With two players, the learned value model that scores the leaves (the chance to win the game
    /// from the leaf's knowledge, see `value_model`); `None` scores them with the hand-made evaluation
    /// (the logistic of the expected flags).
    pub value_model: Option<&'static ValueModel>,
    /// The leaf's reward from the model is `sigmoid(value_scale × logit)`: 1 is the model's own
    /// calibrated chance; above 1 sharpens it, which changes how far the search trusts a leaf
    /// against exploring (its exploration constant was set for the hand-made evaluation's rewards).
    pub value_scale: f32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            exploration: 0.15,
            widen_c: 1.5,
            widen_alpha: 0.5,
            playout_actions: 0,
            eval_scale: 1.5,
            max_depth: u32::MAX,
            eval: EvalParams::SEARCH,
            // Five draws, not three, since the temperature of 50: screened +0.030 ± 0.015 over three
            // screens of 200 deals, and search:hard +0.052 ± 0.048 on 134 paired games
            // (docs/BOT_EXPERIMENTS.md).
            leaf_foresight: Some(5),
            guard_tactics: true,
            endgame_rollout: None,
            win_weight: 0.0,
            infer_temperature: 0.0,
            infer_pool: 64,
            infer_depth: 1,
            value_model: Some(ValueModel::embedded()),
            value_scale: 1.0,
        }
    }
}
