//! Three players valued seat by seat (max^n): at a leaf every player's reward is that player's own
//! chance to win, read by the levels' hand-made evaluation from that player's seat of the sample,
//! instead of the levels' paranoid reading (each opponent gets the rest of the viewer's chance, as if
//! both played only against the viewer). Against two opponents who each play for themselves, the
//! paranoid tree expects a coalition that never comes. Costs one evaluation a seat at every leaf.
//! Two-player games are the inner leaf's exactly.

use std::sync::Arc;

use battleline::bot::{Leaf, StaticLeaf};
use battleline::{Player, Position, MAX_PLAYERS};

/// The max^n valuation around the leaf `inner` (used as is with two players).
#[derive(Debug)]
pub struct MaxNLeaf {
    /// The hand-made leaf read from every seat.
    pub seat: StaticLeaf,
    /// The leaf of two-player games.
    pub inner: Arc<dyn Leaf>,
    /// Whether the seats' chances are scaled to sum to 1 (a zero-sum reading of max^n).
    pub normalised: bool,
}

impl Leaf for MaxNLeaf {
    fn rewards(&self, position: &Position, viewer: Player, seed: u64) -> [f32; MAX_PLAYERS] {
        let players = position.players();
        if players == 2 {
            return self.inner.rewards(position, viewer, seed);
        }
        let mut out = [0.0; MAX_PLAYERS];
        for (seat, slot) in out.iter_mut().enumerate().take(players) {
            *slot = self.seat.rewards(position, seat, seed)[seat];
        }
        let sum: f32 = out[..players].iter().sum();
        if self.normalised && sum > 0.0 {
            out[..players].iter_mut().for_each(|r| *r /= sum);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use battleline::bot::SearchConfig;
    use battleline::{Game, Options};

    #[test]
    fn each_seat_gets_its_own_chance_and_two_players_are_untouched() {
        let config = SearchConfig::default();
        let seat = StaticLeaf::new(&config);
        let leaf = MaxNLeaf { seat, inner: Arc::new(seat), normalised: false };
        let three = Game::new(Options { players: 3, tactics: false, ..Options::default() }, 5).unwrap();
        let position = *three.position();
        let rewards = leaf.rewards(&position, 0, 1);
        for (p, reward) in rewards.iter().enumerate().take(3) {
            assert_eq!(*reward, seat.rewards(&position, p, 1)[p], "seat {p}");
        }
        let normalised = MaxNLeaf { normalised: true, inner: Arc::clone(&leaf.inner), seat }.rewards(&position, 0, 1);
        assert!((normalised[..3].iter().sum::<f32>() - 1.0).abs() < 1e-5, "{normalised:?}");
        let two = Game::new(Options::default(), 5).unwrap();
        assert_eq!(leaf.rewards(two.position(), 1, 1), seat.rewards(two.position(), 1, 1));
    }
}
