//! The lab's valuation of a leaf: the levels' [`StaticLeaf`] with the experiments' switches, a learned
//! chance per flag ([`crate::flag_model`]) and a share of the reward taken from the chance to win the
//! game ([`crate::win_chance`]). With both off it is the levels' leaf exactly.

use battleline::bot::{shared_rewards, Leaf, StaticLeaf};
use battleline::{Player, Position, MAX_PLAYERS};

use crate::flag_model::{self, FEATURES};
use crate::win_chance::win_chance;

/// The levels' leaf with the experiments' switches.
#[derive(Clone, Copy, Debug)]
pub struct LabLeaf {
    /// The levels' leaf, whose evaluation is read.
    pub base: StaticLeaf,
    /// With two players, the share of the reward taken from the chance to win the game (flags taken as
    /// independent) rather than from the logistic of the expected flags.
    pub win_weight: f32,
    /// With two players, the weights of a learned chance per flag replacing the hand-set one wherever
    /// the evaluation reads a duel (open flags outside Fog).
    pub flag_model: Option<[f32; FEATURES]>,
}

impl Leaf for LabLeaf {
    fn rewards(&self, position: &Position, viewer: Player, seed: u64) -> [f32; MAX_PLAYERS] {
        let players = position.players();
        if players != 2 || (self.win_weight <= 0.0 && self.flag_model.is_none()) {
            return self.base.rewards(position, viewer, seed);
        }
        let mut chances = self.base.chances(position, viewer);
        if let Some(weights) = &self.flag_model {
            for (flag, duel, _) in self.base.duels(position, viewer, 1 - viewer) {
                chances[flag.index()] = flag_model::chance(weights, &duel);
            }
        }
        let mut mine = self.base.win_chance(players, self.base.value(players, &chances));
        if self.win_weight > 0.0 {
            let w = self.win_weight;
            mine = (1.0 - w) * mine + w * win_chance(&chances);
        }
        shared_rewards(players, viewer, mine)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use battleline::bot::{Bot, HeuristicBot, SearchConfig};
    use battleline::{Game, Options};

    /// Positions along a heuristic game.
    fn positions(seed: u64) -> Vec<Position> {
        let mut game = Game::new(Options::default(), seed).unwrap();
        let mut bots = [HeuristicBot::new(1), HeuristicBot::new(2)];
        let mut out = Vec::new();
        while !game.is_match_over() {
            out.push(*game.position());
            let player = game.position().current();
            let action = bots[player].choose(&game.view(player).unwrap()).unwrap();
            game.apply(&action).unwrap();
        }
        out
    }

    #[test]
    fn with_the_switches_off_it_is_the_levels_leaf() {
        let base = StaticLeaf::new(&SearchConfig::default());
        let off = LabLeaf { base, win_weight: 0.0, flag_model: None };
        for position in positions(3).iter().filter(|p| !p.is_over()) {
            for viewer in 0..2 {
                assert_eq!(off.rewards(position, viewer, 0), base.rewards(position, viewer, 0));
            }
        }
    }

    #[test]
    fn a_model_of_the_difference_alone_at_the_levels_temperature_is_the_hand_set_chance() {
        // The hand-set chance is the logistic of the difference over 50 (EvalParams::SEARCH); the
        // model's second input is the difference over 50.
        let base = StaticLeaf::new(&SearchConfig::default());
        let mut weights = [0.0; FEATURES];
        weights[1] = 1.0;
        let model = LabLeaf { base, win_weight: 0.0, flag_model: Some(weights) };
        let mut duels = 0;
        for position in positions(4).iter().filter(|p| !p.is_over()) {
            for viewer in 0..2 {
                let (a, b) = (model.rewards(position, viewer, 0), base.rewards(position, viewer, 0));
                assert!((a[viewer] - b[viewer]).abs() < 1e-5, "{a:?} {b:?}");
                duels += base.duels(position, viewer, 1 - viewer).len();
            }
        }
        assert!(duels > 100, "{duels} duels");
    }

    #[test]
    fn the_chance_to_win_the_game_moves_the_reward() {
        let base = StaticLeaf::new(&SearchConfig::default());
        let whole = LabLeaf { base, win_weight: 1.0, flag_model: None };
        let changed = positions(5)
            .iter()
            .filter(|p| !p.is_over())
            .filter(|p| whole.rewards(p, 0, 0)[0] != base.rewards(p, 0, 0)[0])
            .count();
        assert!(changed > 10, "{changed} positions valued otherwise");
    }
}
