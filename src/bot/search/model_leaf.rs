//! The levels' leaf: with two players, the learned value model's chance that the viewer wins the game
//! from the sampled position, read as the hand-made evaluation reads it (each player's next draws in
//! the sample counted as coming); with three players, for which no model is trained, the hand-made
//! [`StaticLeaf`].

use super::config::Config;
use super::leaf::{shared_rewards, Leaf, StaticLeaf};
use crate::bot::value::features;
use crate::bot::value::model::ValueModel;
use crate::flag::{Player, FLAG_COUNT, MAX_PLAYERS};
use crate::position::Position;

/// How the levels value a playout that stopped before the end of the game (see the module's
/// documentation).
/// (Used as the lab uses it in lab/tests/hooks.rs.)
#[derive(Clone, Copy, Debug)]
pub struct ValueLeaf {
    model: &'static ValueModel,
    /// The factor on the model's logit (1: its own chance).
    scale: f32,
    /// The hand-made leaf: its knowledge of the sample, and the three-player games.
    hand_made: StaticLeaf,
}

impl ValueLeaf {
    /// The leaf of the search with `config`, valuing with the shipped model.
    pub fn new(config: &Config) -> ValueLeaf {
        ValueLeaf::with_model(config, ValueModel::embedded(), 1.0)
    }

    /// The same with another model, its logit multiplied by `scale` (experiments: the lab's
    /// `value_lab`, which trains and compares models).
    #[doc(hidden)]
    pub fn with_model(config: &Config, model: &'static ValueModel, scale: f32) -> ValueLeaf {
        ValueLeaf { model, scale, hand_made: StaticLeaf::new(config) }
    }
}

impl Leaf for ValueLeaf {
    fn rewards(&self, position: &Position, viewer: Player, seed: u64) -> [f32; MAX_PLAYERS] {
        if position.players() != 2 {
            return self.hand_made.rewards(position, viewer, seed);
        }
        let knowledge = self.hand_made.knowledge(position, viewer);
        let inputs = features::inputs(position, viewer, &knowledge);
        shared_rewards(2, viewer, self.model.win(&inputs, self.scale))
    }

    fn flag_chances(&self, position: &Position, viewer: Player) -> Option<[f32; FLAG_COUNT]> {
        Some(crate::bot::value::sampled::of_position(position, viewer, Some(self.model)).flags)
    }

    fn rewards_and_flags(
        &self,
        position: &Position,
        viewer: Player,
        seed: u64,
    ) -> ([f32; MAX_PLAYERS], Option<[f32; FLAG_COUNT]>) {
        if position.players() != 2 {
            return self.hand_made.rewards_and_flags(position, viewer, seed);
        }
        let knowledge = self.hand_made.knowledge(position, viewer);
        let inputs = features::inputs(position, viewer, &knowledge);
        let win = self.model.win(&inputs, self.scale);
        let p = self.model.predict(&inputs);
        let flags = std::array::from_fn(|i| match position.flags()[i].claimed {
            Some(owner) => {
                if owner == viewer {
                    1.0
                } else {
                    0.0
                }
            }
            None => p.flags[i],
        });
        (shared_rewards(2, viewer, win), Some(flags))
    }
}
