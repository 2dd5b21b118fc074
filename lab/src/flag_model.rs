//! A learned chance that one player wins one flag against one opponent, for the search's leaves.
//!
//! The hand-set chance is `logistic((mine − theirs) / temperature)`, the points of the formations each
//! side can expect with a flat cost per card still missing. That cost is the same early, when many
//! draws are left to find a card, and late, when few are; and a complete formation counts like an
//! incomplete one of equal points. This model keeps the same difference as one input and lets the
//! outcomes of games decide how much the missing cards, the time left and completeness add: a logistic
//! regression over [`FEATURES`] inputs, fitted by `examples/train_flags.rs` to the owners of flags at
//! the end of search games. Plain arithmetic on `f32`, so the answer is the same natively and in
//! WebAssembly.
//!
//! No level uses it: fitted weights predict flags better than the hand-set chance yet played worse
//! (docs/BOT_EXPERIMENTS.md). It is switched on with [`LabConfig::flag_model`](crate::LabConfig)
//! (`tune`: `flag_model=FILE`), with two players: the leaf ([`crate::lab_leaf`]) replaces the
//! chance of every flag the search's evaluation reads as a [`Duel`] by this model's.

use battleline::bot::Duel;

/// The number of inputs, the constant one included.
pub const FEATURES: usize = 13;

/// The inputs' names, in order (for the training harness's report).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "bias",
    "diff",
    "diff*deck",
    "missing",
    "need",
    "missing*deck",
    "need*deck",
    "my_cards",
    "their_cards",
    "my_complete",
    "their_complete",
    "to_move",
    "deck",
];

/// Troops in the deck after the deal of a two-player game (60 − 2 × 7).
const FULL_DECK: f32 = 46.0;

/// The model's inputs for one duel.
pub fn features(duel: &Duel) -> [f32; FEATURES] {
    let deck = f32::from(duel.deck) / FULL_DECK;
    let diff = duel.diff / 50.0;
    let (missing, need) = (f32::from(duel.missing), f32::from(duel.need));
    let capacity = f32::from(duel.capacity.max(1));
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    [
        1.0,
        diff,
        diff * deck,
        missing,
        need,
        missing * deck,
        need * deck,
        f32::from(duel.my_cards) / capacity,
        f32::from(duel.their_cards) / capacity,
        flag(duel.my_cards >= duel.capacity),
        flag(duel.their_cards >= duel.capacity),
        flag(duel.to_move),
        deck,
    ]
}

/// The chance under `weights`.
pub fn chance(weights: &[f32; FEATURES], duel: &Duel) -> f32 {
    let x: f32 = features(duel).iter().zip(weights).map(|(f, w)| f * w).sum();
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duel() -> Duel {
        Duel { diff: 25.0, missing: 1, need: 2, my_cards: 2, their_cards: 3, capacity: 3, deck: 23, to_move: true }
    }

    #[test]
    fn the_features_scale_each_reading() {
        let f = features(&duel());
        assert_eq!(f, [1.0, 0.5, 0.25, 1.0, 2.0, 0.5, 1.0, 2.0 / 3.0, 1.0, 0.0, 1.0, 1.0, 0.5]);
    }

    #[test]
    fn the_chance_is_the_logistic_of_the_weighted_sum() {
        let mut weights = [0.0; FEATURES];
        assert_eq!(chance(&weights, &duel()), 0.5);
        // Only the difference, at a temperature of 50: the hand-set chance.
        weights[1] = 1.0;
        assert!((chance(&weights, &duel()) - 1.0 / (1.0 + (-0.5f32).exp())).abs() < 1e-6);
        weights[10] = -100.0;
        assert!(chance(&weights, &duel()) < 1e-6, "a complete opposing side, weighted hard against");
    }
}
