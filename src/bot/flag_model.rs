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
//! (docs/BOT_EXPERIMENTS.md). It stays as the experiment's hook, switched on with
//! [`EvalParams::flag_model`](super::EvalParams) (`examples/tune.rs`: `flag_model=FILE`).

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

/// What the evaluation reads at one open flag for one player against one opponent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Duel {
    /// The player's expected points minus the opponent's, both with the flat costs for missing cards.
    pub diff: f32,
    /// Cards the player's expected formation still needs from the deck (not in hand).
    pub missing: u8,
    /// Cards the opponent's expected formation still needs (0 when their known cards complete it).
    pub need: u8,
    /// Cards on the player's side, and on the opponent's.
    pub my_cards: u8,
    /// See `my_cards`.
    pub their_cards: u8,
    /// Cards a side holds when complete (3, or 4 under Mud).
    pub capacity: u8,
    /// Troops left in the deck.
    pub deck: u8,
    /// Whether the player is the one to move.
    pub to_move: bool,
}

/// Troops in the deck after the deal of a two-player game (60 − 2 × 7).
const FULL_DECK: f32 = 46.0;

impl Duel {
    /// The model's inputs.
    pub fn features(&self) -> [f32; FEATURES] {
        let deck = f32::from(self.deck) / FULL_DECK;
        let diff = self.diff / 50.0;
        let (missing, need) = (f32::from(self.missing), f32::from(self.need));
        let capacity = f32::from(self.capacity.max(1));
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        [
            1.0,
            diff,
            diff * deck,
            missing,
            need,
            missing * deck,
            need * deck,
            f32::from(self.my_cards) / capacity,
            f32::from(self.their_cards) / capacity,
            flag(self.my_cards >= self.capacity),
            flag(self.their_cards >= self.capacity),
            flag(self.to_move),
            deck,
        ]
    }
}

/// The chance under `weights`.
pub fn chance(weights: &[f32; FEATURES], duel: &Duel) -> f32 {
    let x: f32 = duel.features().iter().zip(weights).map(|(f, w)| f * w).sum();
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
        let f = duel().features();
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
