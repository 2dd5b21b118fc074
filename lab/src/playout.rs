//! Playouts that go on past the tree with a fast policy before the leaf is valued: a few actions
//! ([`LabConfig::playout_actions`](crate::LabConfig)), or to the end of the game once the troop deck
//! is short ([`LabConfig::endgame_rollout`](crate::LabConfig)). No level does: the static evaluation at
//! the tree's leaf played better than rollouts, and rollouts to the end did not pay for their time
//! (docs/BOT_EXPERIMENTS.md).
//!
//! The policy must be cheap yet sensible, or playouts say little: it claims every flag it can prove,
//! plays the troop (or morale card) the search's [`Prior`] rates best (with a little noise, so that
//! playouts differ), and draws troops.

use std::sync::Arc;

use battleline::bot::{result_rewards, Leaf, Prior};
use battleline::{Action, Card, DeckKind, FlagId, Phase, Player, Position, Tactic, TacticKind, MAX_PLAYERS};

/// A small fast generator for the playouts' noise, seeded by the search for every playout so that
/// everything stays reproducible.
#[derive(Clone, Debug)]
pub struct Noise(u64);

impl Noise {
    /// The generator of one playout.
    pub fn new(seed: u64) -> Noise {
        Noise(seed | 1)
    }

    /// xorshift64*: a uniform value in 0..1.
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// The playouts' choice for the current player.
pub fn policy(position: &Position, noise: &mut Noise) -> Action {
    let me = position.current();
    match position.phase() {
        Phase::Claim => position.claimable_flags(me).next().map_or(Action::EndClaims, |flag| Action::Claim { flag }),
        Phase::Draw => Action::Draw { deck: draw_deck(position) },
        Phase::ScoutDraw { .. } => Action::ScoutDraw { deck: draw_deck(position) },
        Phase::ScoutReturn { .. } => {
            let hand = position.hand(me);
            let lowest = hand.troops().iter().min_by_key(|c| c.troop().map_or(0, |(_, v)| v));
            Action::ScoutReturn { card: lowest.or(hand.iter().next()).unwrap_or(Card::tactic(Tactic::Scout)) }
        }
        _ => play(position, me, noise),
    }
}

fn draw_deck(position: &Position) -> DeckKind {
    if position.troop_deck_len() > 0 {
        DeckKind::Troop
    } else {
        DeckKind::Tactics
    }
}

/// The troop or morale card and flag the prior rates best, with noise; a pass if there is none.
fn play(position: &Position, me: Player, noise: &mut Noise) -> Action {
    let prior = Prior::new(position);
    let mut best: Option<(f32, Action)> = None;
    for card in position.hand(me).iter() {
        // The policy plays troops and morale cards only, and only those the rules allow now.
        if card.as_tactic().is_some_and(|t| t.kind() != TacticKind::Morale) || !position.can_play_card(me, card) {
            continue;
        }
        for flag in FlagId::all().filter(|&id| position.flag(id).has_room(me)) {
            let action = Action::Play { card, flag };
            let s = prior.score(&action) + noise.next() * 3.0;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, action));
            }
        }
    }
    best.map_or(Action::Pass, |(_, action)| action)
}

/// A leaf that plays on with [`policy`] before `then` values the position (or the finished game
/// does): `actions` actions, or to the end once the troop deck holds at most `endgame` cards.
#[derive(Debug)]
pub struct PlayOn {
    /// Actions played before the valuation.
    pub actions: u32,
    /// Where the troop deck holds at most this many cards, the playout goes on to the end.
    pub endgame: Option<u32>,
    /// The valuation of an unfinished position where the playout stops.
    pub then: Arc<dyn Leaf>,
}

impl Leaf for PlayOn {
    fn rewards(&self, position: &Position, viewer: Player, seed: u64) -> [f32; MAX_PLAYERS] {
        let mut left = self.actions;
        if self.endgame.is_some_and(|cards| position.troop_deck_len() <= cards as usize) {
            left = u32::MAX;
        }
        let mut position = *position;
        let mut noise = Noise::new(seed);
        let mut legal = Vec::new();
        while !position.is_over() && left > 0 {
            let action = policy(&position, &mut noise);
            if position.apply(&action).is_err() {
                // Unreachable: the policy plays legal actions. Keep the playout going anyway.
                position.legal_actions_into(&mut legal);
                if let Some(&fallback) = legal.first() {
                    position.apply(&fallback).ok();
                }
            }
            left -= 1;
        }
        result_rewards(&position).unwrap_or_else(|| self.then.rewards(&position, viewer, seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use battleline::bot::{SearchConfig, StaticLeaf};
    use battleline::{Game, Options};

    #[test]
    fn the_policy_plays_whole_games_legally() {
        for (seed, options) in
            [(1, Options::default()), (2, Options { players: 3, tactics: false, ..Options::default() })]
        {
            let mut position = *Game::new(options, seed).unwrap().position();
            let mut noise = Noise::new(seed);
            let mut steps = 0;
            while !position.is_over() {
                let action = policy(&position, &mut noise);
                position.apply(&action).unwrap_or_else(|e| panic!("seed {seed}: {action}: {e}"));
                steps += 1;
                assert!(steps < 2_000);
            }
        }
    }

    #[test]
    fn playing_on_to_the_end_gives_the_games_result() {
        let game = Game::new(Options::default(), 5).unwrap();
        let then: Arc<dyn Leaf> = Arc::new(StaticLeaf::new(&SearchConfig::default()));
        let none = PlayOn { actions: 0, endgame: None, then: then.clone() };
        assert_eq!(none.rewards(game.position(), 0, 9), then.rewards(game.position(), 0, 9), "nothing played");
        let to_the_end = PlayOn { actions: 0, endgame: Some(60), then };
        let rewards = to_the_end.rewards(game.position(), 0, 9);
        assert!(rewards[..2].iter().all(|&r| r == 0.0 || r == 0.5 || r == 1.0), "{rewards:?}");
        assert_eq!(rewards[0] + rewards[1], 1.0);
    }
}
