//! The search's two points of extension, and what the levels plug into them.
//!
//! A playout deals the hidden cards ([`Sampler`]; the levels: a uniform sample of the view,
//! [`Determinizer::sample`]), walks down the tree, and values the position where it stops
//! ([`Leaf`]; the levels: [`StaticLeaf`], the viewer's static evaluation). Both are traits so that
//! another valuation or another way of dealing can be measured against the levels' without a copy of
//! the search: the lab crate (`lab/`) keeps its experiments there (a learned chance per flag, the
//! chance to win the game as the reward, rollouts to the end, inference about the opponent's hand, the
//! oracles that are shown the hidden cards). A search without either given plays as the levels do.

use std::fmt;

use rand_chacha::ChaCha8Rng;

use super::config::Config;
use crate::bot::determinize::Determinizer;
#[cfg(feature = "lab-hooks")]
use crate::bot::value::handmade::Duel;
use crate::bot::value::handmade::{EvalParams, Knowledge};
use crate::bot::value::portable::sigmoid;
#[cfg(feature = "lab-hooks")]
use crate::flag::FlagId;
use crate::flag::{Player, FLAG_COUNT, MAX_PLAYERS};
use crate::position::Position;

/// How the search values a playout that stopped before the end of the game.
pub trait Leaf: fmt::Debug + Send + Sync {
    /// Each player's reward in 0..1 (entries past `position.players()` are not read) for `position`,
    /// an unfinished sampled position at the end of a playout of `viewer`'s search. `seed` is drawn
    /// from the search's generator for every playout, whether or not the leaf uses it, so that a leaf
    /// that plays on at random stays reproducible and a leaf that does not changes no other draw.
    fn rewards(&self, position: &Position, viewer: Player, seed: u64) -> [f32; MAX_PLAYERS];

    /// The viewer's chance to win each flag of `position` (1 or 0 once claimed; the position may be
    /// finished), for the coach's chances per flag (`bot::evaluate`); `None` for a leaf without them.
    fn flag_chances(&self, _position: &Position, _viewer: Player) -> Option<[f32; FLAG_COUNT]> {
        None
    }

    /// [`Leaf::rewards`] and [`Leaf::flag_chances`] at once (a leaf that computes both from the same
    /// work overrides it).
    fn rewards_and_flags(
        &self,
        position: &Position,
        viewer: Player,
        seed: u64,
    ) -> ([f32; MAX_PLAYERS], Option<[f32; FLAG_COUNT]>) {
        (self.rewards(position, viewer, seed), self.flag_chances(position, viewer))
    }
}

/// How the search deals the hidden cards of each playout, in place of a uniform sample of the view.
pub trait Sampler: fmt::Debug + Send + Sync {
    /// A position for one playout of the search of `determinizer`'s view, drawn with `rng`.
    fn sample(&self, determinizer: &Determinizer, rng: &mut ChaCha8Rng) -> Position;
}

/// The levels' leaf: the viewer's static evaluation of the sampled position (each player's next draws
/// in the sample counted as coming, see [`Config::leaf_foresight`]) as expected flags, turned into the
/// viewer's chance to win by a logistic centred on a fair share of the flags; every opponent gets the
/// rest (they are taken to play against the viewer).
/// (Used as the lab uses it in lab/tests/hooks.rs.)
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StaticLeaf {
    eval: EvalParams,
    foresight: Option<u32>,
    scale: f32,
}

impl StaticLeaf {
    /// The leaf of the search with `config` (its evaluation's constants, foresight and scale).
    pub fn new(config: &Config) -> StaticLeaf {
        StaticLeaf { eval: config.eval, foresight: config.leaf_foresight, scale: config.eval_scale }
    }

    pub(crate) fn knowledge(&self, position: &Position, viewer: Player) -> Knowledge {
        match self.foresight {
            Some(draws) => Knowledge::with_foresight(position, viewer, self.eval, draws as usize),
            None => Knowledge::with_params(position, viewer, self.eval),
        }
    }

    /// The viewer's chance to win each flag of an unfinished position (1 or 0 once claimed).
    pub fn chances(&self, position: &Position, viewer: Player) -> [f32; FLAG_COUNT] {
        self.knowledge(position, viewer).chances(position)
    }

    /// The viewer's expected flags from each flag's chance, plus the bonus for three adjacent ones.
    #[cfg(feature = "lab-hooks")]
    pub fn value(&self, players: usize, chances: &[f32; FLAG_COUNT]) -> f32 {
        // The value reads the constants only, never the cards: any position gives the same.
        Knowledge::value_with(self.eval, players, chances)
    }

    /// The viewer's chance to win the game read from `value` (expected flags): a logistic centred on a
    /// fair share of the flags.
    pub fn win_chance(&self, players: usize, value: f32) -> f32 {
        // Centred on a fair share of the flags (4.5 with two players, 3 with three): there the viewer's
        // chance is a half. With three players the centre 4.5 read an even position as a likely loss;
        // centred on 3, search:medium scored +0.041 ± 0.018 against two heuristic bots over 900 paired
        // games, hard −0.027 ± 0.032 over 300 (docs/BOT_EXPERIMENTS.md). Two-player games are unchanged.
        let center = FLAG_COUNT as f32 / players as f32;
        // In portable arithmetic, like every chance the evaluation gives (see `value::handmade::logistic`).
        sigmoid((value - center) / self.scale)
    }

    /// Every open flag's [`Duel`] of `viewer` against `opponent` as this leaf reads `position`, with the
    /// chance it gives the flag: flags claimed, provable, under Fog or with both sides complete are
    /// left out (their chance follows from the rules). It reads the sample's deck and hands (the
    /// foresight): for analysing positions, never for a player.
    #[cfg(feature = "lab-hooks")]
    pub fn duels(&self, position: &Position, viewer: Player, opponent: Player) -> Vec<(FlagId, Duel, f32)> {
        self.knowledge(position, viewer).duels(position, opponent)
    }
}

impl Leaf for StaticLeaf {
    fn rewards(&self, position: &Position, viewer: Player, seed: u64) -> [f32; MAX_PLAYERS] {
        self.rewards_and_flags(position, viewer, seed).0
    }

    fn flag_chances(&self, position: &Position, viewer: Player) -> Option<[f32; FLAG_COUNT]> {
        Some(self.chances(position, viewer))
    }

    fn rewards_and_flags(
        &self,
        position: &Position,
        viewer: Player,
        _seed: u64,
    ) -> ([f32; MAX_PLAYERS], Option<[f32; FLAG_COUNT]>) {
        let players = position.players();
        let knowledge = self.knowledge(position, viewer);
        let chances = knowledge.chances(position);
        let value = knowledge.value(players, &chances);
        (shared_rewards(players, viewer, self.win_chance(players, value)), Some(chances))
    }
}

/// Each player's reward when the viewer's is `mine` and every opponent gets the rest.
pub fn shared_rewards(players: usize, viewer: Player, mine: f32) -> [f32; MAX_PLAYERS] {
    let mut out = [0.0; MAX_PLAYERS];
    out[..players].fill(1.0 - mine);
    out[viewer] = mine;
    out
}

/// Each player's reward in a finished game (a win 1, a loss 0, a draw shared); `None` while it goes on.
pub fn result_rewards(position: &Position) -> Option<[f32; MAX_PLAYERS]> {
    let result = position.result()?;
    let players = position.players();
    let mut out = [0.0; MAX_PLAYERS];
    for (p, slot) in out.iter_mut().enumerate().take(players) {
        *slot = match result.winner {
            Some(w) if w == p => 1.0,
            Some(_) => 0.0,
            None => 1.0 / players as f32,
        };
    }
    Some(out)
}
