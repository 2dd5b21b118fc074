//! The switches of the lab's experiments on top of the search's own parameters, and the bot they make.

use std::sync::Arc;

use battleline::bot::{Bot, Leaf, SearchBot, SearchConfig, SearchStats, StaticLeaf, ValueLeaf};
use battleline::{Action, Error, PlayerView};

use crate::flag_model::FEATURES;
use crate::inference::Inference;
use crate::lab_leaf::LabLeaf;
use crate::max_n::MaxNLeaf;
use crate::playout::PlayOn;

/// The search's parameters and the experiments' switches; the default is the levels' search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabConfig {
    /// The search's own parameters.
    pub search: SearchConfig,
    /// Actions played by the fast policy after the tree before the leaf is valued
    /// ([`crate::playout`]).
    pub playout_actions: u32,
    /// Where the leaf's troop deck holds at most this many cards, the playout goes on to the end of the
    /// game with the fast policy; `None` never.
    pub endgame_rollout: Option<u32>,
    /// With two players, the share of a leaf's reward taken from the chance to win the game
    /// ([`crate::win_chance`]).
    pub win_weight: f32,
    /// With two players, a learned chance per flag ([`crate::flag_model`]).
    pub flag_model: Option<[f32; FEATURES]>,
    /// Inference about the opponent's hand from their recent plays (two players, [`crate::inference`]):
    /// the softmax temperature, in expected flags, of the heuristic's ratings that weigh each candidate
    /// hand; 0 samples the opponent's hand uniformly.
    pub infer_temperature: f32,
    /// The number of candidate opponent hands drawn and weighed once a decision for the inference.
    pub infer_pool: u32,
    /// How many of the opponent's recent plays the inference reads (at most).
    pub infer_depth: u32,
    /// Leaves valued by the hand-made evaluation (the levels' leaf before the learned value model),
    /// not by the model. The switches of the leaf above (`win_weight`, `flag_model`) build on the
    /// hand-made evaluation and imply it.
    pub hand_made: bool,
    /// With three players, every seat's reward its own chance to win ([`crate::max_n`]): 0 off (the
    /// levels' paranoid reading), 1 the raw chances, 2 the chances scaled to sum to 1.
    pub max_n: u8,
}

impl Default for LabConfig {
    fn default() -> LabConfig {
        LabConfig {
            search: SearchConfig::default(),
            playout_actions: 0,
            endgame_rollout: None,
            win_weight: 0.0,
            flag_model: None,
            infer_temperature: 0.0,
            infer_pool: 64,
            infer_depth: 1,
            hand_made: false,
            max_n: 0,
        }
    }
}

impl LabConfig {
    /// The leaf of these switches: the levels' (the learned value model's) with every switch off.
    pub fn leaf(&self) -> Arc<dyn Leaf> {
        let base = StaticLeaf::new(&self.search);
        let valued: Arc<dyn Leaf> = match (self.win_weight > 0.0, self.flag_model) {
            (false, None) if !self.hand_made => Arc::new(ValueLeaf::new(&self.search)),
            (false, None) => Arc::new(base),
            (_, flag_model) => Arc::new(LabLeaf { base, win_weight: self.win_weight, flag_model }),
        };
        let valued: Arc<dyn Leaf> = match self.max_n {
            0 => valued,
            n => Arc::new(MaxNLeaf { seat: base, inner: valued, normalised: n == 2 }),
        };
        if self.playout_actions == 0 && self.endgame_rollout.is_none() {
            return valued;
        }
        Arc::new(PlayOn { actions: self.playout_actions, endgame: self.endgame_rollout, then: valued })
    }

    /// The search with these parameters and switches, `playouts` playouts a decision, seeded.
    pub fn search(&self, playouts: u32, seed: u64) -> SearchBot {
        SearchBot::with_config(playouts, seed, self.search).with_leaf(self.leaf())
    }

    /// The bot: the search, inferring about the opponent's hand when `infer_temperature` is set.
    pub fn bot(&self, playouts: u32, seed: u64) -> LabBot {
        let inference = (self.infer_temperature > 0.0).then(|| Inference::new(seed, self));
        LabBot { search: self.search(playouts, seed), inference }
    }
}

/// The search of a [`LabConfig`], with its inference about the opponent's hand if any.
#[derive(Clone, Debug)]
pub struct LabBot {
    /// The search.
    pub search: SearchBot,
    inference: Option<Inference>,
}

impl Bot for LabBot {
    fn choose(&mut self, view: &PlayerView) -> Result<Action, Error> {
        if let Some(inference) = &mut self.inference {
            self.search.set_sampler(inference.sampler(view));
        }
        self.search.choose(view)
    }

    fn stats(&self) -> Option<SearchStats> {
        Some(self.search.stats())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use battleline::bot::BotKind;
    use battleline::{Game, Options};

    #[test]
    fn the_default_plays_as_the_levels_search() {
        for (seed, options) in
            [(3, Options::default()), (4, Options { players: 3, tactics: false, ..Options::default() })]
        {
            let mut game = Game::new(options, seed).unwrap();
            let mut lab = LabConfig::default().bot(300, seed);
            let mut level = BotKind::Search { playouts: 300, trees: 1 }.build(seed);
            let mut others: Vec<Box<dyn Bot + Send>> =
                (1..options.players).map(|p| BotKind::Heuristic.build(p as u64)).collect();
            let mut decisions = 0;
            while !game.is_match_over() && decisions < 12 {
                let player = game.position().current();
                let view = game.view(player).unwrap();
                let action = if player == 0 {
                    decisions += 1;
                    let action = lab.choose(&view).unwrap();
                    assert_eq!(action, level.choose(&view).unwrap(), "seed {seed}");
                    action
                } else {
                    others[player - 1].choose(&view).unwrap()
                };
                game.apply(&action).unwrap();
            }
        }
    }
}
