//! The search bot: single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley and
//! Whitehouse, 2012). Every playout samples the hidden cards anew from the viewer's knowledge
//! ([`Determinizer`]), walks down one tree shared by all samples (a child is only eligible where its
//! action is legal in the sample; UCB uses availability counts), adds one node, and scores the leaf:
//! with two players by the learned value model ([`ValueLeaf`]), with three by the viewer's static
//! evaluation (expected flags, with every card serving one flag only, and each player's next few
//! draws in the sample taken as coming; see [`StaticLeaf`]); the model reads the sample the same way.
//! Claims (every provable one) are not tree decisions, nor are draws
//! where only a troop makes sense.
//! Progressive widening, ordered by a prior, keeps the tree narrow in this wide game. The budget is a
//! number of playouts: reproducible under a seed, natively and in WebAssembly.
//!
//! Here: the bot, which runs the trees and picks the move. One tree's playouts are in
//! `tree.rs`, the parameters in `config.rs`, the leaf and the sampling in `leaf.rs` and
//! `model_leaf.rs`.

use std::sync::Arc;

use rand::RngCore;
use rand_chacha::ChaCha8Rng;

use super::config::Config;
#[cfg(doc)]
use super::leaf::StaticLeaf;
use super::leaf::{Leaf, Sampler};
use super::model_leaf::ValueLeaf;
use super::parallel_trees::{combine, draw_by_visits, totals, RootEdge};
use super::prior::Prior;
use super::tree::{automatic, Search};
use crate::action::Action;
use crate::bot::tactics_guard;
use crate::bot::value::handmade::Knowledge;
use crate::bot::{prepare, Bot, Level};
use crate::error::Error;
use crate::phase::Phase;
use crate::position::view::PlayerView;
use crate::position::Position;

/// Counters of the work done, for benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Decisions searched (forced answers and claims are not searched).
    pub decisions: u64,
    /// Playouts run.
    pub playouts: u64,
    /// Actions played inside playouts (the tree's, claims and draws included).
    pub playout_actions: u64,
}

/// The Information-Set MCTS bot with a budget of playouts per decision, split over one or more
/// independent trees (root parallelism, see [`SearchBot::with_trees`]).
///
/// ```
/// use battleline::bot::{Bot, SearchBot};
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 8).unwrap();
/// let player = game.position().current();
/// let mut bot = SearchBot::new(200, 1);
/// let action = bot.choose(&game.view(player).unwrap()).unwrap();
/// assert!(game.legal_actions().contains(&action));
/// assert_eq!(bot.stats().playouts, 200);
/// ```
#[derive(Clone, Debug)]
pub struct SearchBot {
    /// Playouts per tree.
    playouts: u32,
    /// Playouts per tree in a three-player game (a level's own budget there: see
    /// [`Level::three_player_playouts`]; `playouts` for a bot built with a number).
    three_player_playouts: u32,
    trees: u32,
    rng: ChaCha8Rng,
    stats: SearchStats,
    config: Config,
    /// How playouts are valued where they stop ([`ValueLeaf`] of `config` unless given).
    leaf: Arc<dyn Leaf>,
    /// How playouts are dealt, when not a uniform sample of the view.
    sampler: Option<Arc<dyn Sampler>>,
    /// The mean reward of the action chosen at the last searched decision (the lab's diagnostics).
    #[cfg_attr(not(feature = "lab-hooks"), allow(dead_code))]
    last_value: Option<f32>,
}

impl SearchBot {
    /// A search bot running `playouts` playouts per decision (at least 1), seeded.
    pub fn new(playouts: u32, seed: u64) -> SearchBot {
        SearchBot::configured(playouts, seed, Config::default())
    }

    /// A search bot whose every decision searches `trees` independent trees of `playouts` playouts
    /// each (both at least 1, trees at most [`crate::bot::MAX_TREES`]) and takes the root action they
    /// visited most in all.
    ///
    /// ```
    /// use battleline::bot::{Bot, SearchBot};
    /// use battleline::{Game, Options};
    /// let game = Game::new(Options::default(), 8).unwrap();
    /// let view = game.view(game.position().current()).unwrap();
    /// let mut bot = SearchBot::with_trees(100, 2, 1);
    /// assert!(game.legal_actions().contains(&bot.choose(&view).unwrap()));
    /// assert_eq!(bot.stats().playouts, 200);
    /// ```
    pub fn with_trees(playouts: u32, trees: u32, seed: u64) -> SearchBot {
        SearchBot { trees: trees.clamp(1, crate::bot::MAX_TREES), ..SearchBot::new(playouts, seed) }
    }

    /// The search bot of a level: its playouts a decision ([`Level::playouts`]), with three players
    /// its budget there ([`Level::three_player_playouts`]), and how it picks its move from the visits
    /// ([`Level::root_temperature`]).
    ///
    /// ```
    /// use battleline::bot::{Bot, Level, SearchBot};
    /// use battleline::{Game, Options};
    /// let game = Game::new(Options { players: 3, tactics: false, ..Options::default() }, 5).unwrap();
    /// assert_eq!(Level::Hard.three_player_playouts(), 10_000); // hard's 12,000 with two players
    /// let mut bot = SearchBot::level(Level::Medium, 1);
    /// let action = bot.choose(&game.view(game.position().current()).unwrap()).unwrap();
    /// assert!(game.legal_actions().contains(&action));
    /// assert_eq!(bot.stats().playouts, u64::from(Level::Medium.three_player_playouts()) * bot.stats().decisions);
    /// ```
    pub fn level(level: Level, seed: u64) -> SearchBot {
        let config = Config { root_temperature: level.root_temperature(), ..Config::default() };
        SearchBot {
            three_player_playouts: level.three_player_playouts().max(1),
            ..SearchBot::configured(level.playouts(), seed, config)
        }
    }

    /// A search bot with explicit parameters (for measuring them; the levels use the defaults).
    #[cfg(feature = "lab-hooks")]
    pub fn with_config(playouts: u32, seed: u64, config: Config) -> SearchBot {
        SearchBot::configured(playouts, seed, config)
    }

    fn configured(playouts: u32, seed: u64, config: Config) -> SearchBot {
        SearchBot {
            playouts: playouts.max(1),
            three_player_playouts: playouts.max(1),
            trees: 1,
            rng: crate::rng_from_seed(seed),
            stats: SearchStats::default(),
            config,
            leaf: Arc::new(ValueLeaf::new(&config)),
            sampler: None,
            last_value: None,
        }
    }

    /// The same bot valuing its playouts' leaves with `leaf` instead of [`ValueLeaf`] (the hand-made
    /// [`StaticLeaf`], say).
    #[cfg(feature = "lab-hooks")]
    pub fn with_leaf(self, leaf: Arc<dyn Leaf>) -> SearchBot {
        SearchBot { leaf, ..self }
    }

    /// Deals the playouts of the decisions to come with `sampler` (`None`: uniform samples of the
    /// view, as the levels do).
    #[cfg(feature = "lab-hooks")]
    pub fn set_sampler(&mut self, sampler: Option<Arc<dyn Sampler>>) {
        self.sampler = sampler;
    }

    /// The same bot searching `trees` trees a decision (1 to [`crate::bot::MAX_TREES`]).
    #[cfg(feature = "lab-hooks")]
    pub fn trees(self, trees: u32) -> SearchBot {
        SearchBot { trees: trees.clamp(1, crate::bot::MAX_TREES), ..self }
    }

    /// The work done so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The searching player's mean reward (0..1) over the playouts through the action chosen at the
    /// last searched decision, over all trees: how the search rated its own move (for diagnosing
    /// lost games). `None` before any searched decision.
    #[cfg(feature = "lab-hooks")]
    pub fn last_value(&self) -> Option<f32> {
        self.last_value
    }
}

impl Bot for SearchBot {
    fn choose(&mut self, view: &PlayerView) -> Result<Action, Error> {
        Ok(match self.decide(view, None)? {
            Decision::Forced(action) => action,
            Decision::Searched(searched) => searched.action,
        })
    }

    fn stats(&self) -> Option<SearchStats> {
        Some(self.stats)
    }
}

/// A decision of the search bot: an answer given without searching, or a search's choice with every
/// root action's statistics.
pub(crate) enum Decision {
    /// The only sensible answer (a single legal action, a claim, a troop draw): not searched.
    Forced(Action),
    /// The search's choice.
    Searched(Searched),
}

/// A searched decision: the action chosen and each root action's visits, rewards and per-flag chances
/// over all trees (the flags only when asked for).
pub(crate) struct Searched {
    pub(crate) action: Action,
    /// Read by the coach only, which native programs go without (bot/mod.rs).
    #[cfg_attr(not(any(target_arch = "wasm32", test, feature = "lab-hooks")), allow(dead_code))]
    pub(crate) edges: Vec<RootEdge>,
}

impl SearchBot {
    /// The search's decision with its root statistics, for the coach (`evaluate`, hints, the review):
    /// the same choice as [`Bot::choose`] under the same seed, the leaves' chances per flag kept, and
    /// each action of `rate` that is legal given at least a tenth of the budget's playouts through it
    /// (after the choice is made, so that rating a move never changes the choice).
    #[cfg(any(target_arch = "wasm32", test, feature = "lab-hooks"))]
    pub(crate) fn analyse(&mut self, view: &PlayerView, rate: &[Action]) -> Result<Decision, Error> {
        self.decide(view, Some(rate))
    }

    /// The action chosen, as [`Bot::choose`] chooses it, and each root action's visits over all trees
    /// (empty for an answer given without searching): the learned policy's training target.
    #[cfg(feature = "lab-hooks")]
    pub fn choose_with_visits(&mut self, view: &PlayerView) -> Result<(Action, Vec<(Action, u32)>), Error> {
        Ok(match self.decide(view, None)? {
            Decision::Forced(action) => (action, Vec::new()),
            Decision::Searched(searched) => {
                (searched.action, searched.edges.iter().map(|e| (e.action, e.visits)).collect())
            }
        })
    }

    /// Searches each tree in turn. The seeds of trees 1 and up are drawn first; tree 0 goes on with
    /// the bot's generator, which makes a one-tree bot the plain search.
    fn decide(&mut self, view: &PlayerView, rate: Option<&[Action]>) -> Result<Decision, Error> {
        let turn = match prepare(view)? {
            Err(forced) => return Ok(Decision::Forced(forced)),
            Ok(turn) => turn,
        };
        if let Some(action) = automatic(&turn.position) {
            if turn.legal.contains(&action) {
                return Ok(Decision::Forced(action));
            }
        }
        let root_order = root_order(&turn.position, &turn.legal);
        let root_priors = self.config.policy.map_or_else(Vec::new, |p| p.priors(&turn.position, &root_order));
        let seeds: Vec<u64> = (1..self.trees).map(|_| self.rng.next_u64()).collect();
        let playouts = match turn.position.players() {
            3 => self.three_player_playouts,
            _ => self.playouts,
        };
        self.stats.decisions += 1;
        let mut trees = Vec::with_capacity(seeds.len() + 1);
        let mut rated = Vec::with_capacity(seeds.len() + 1);
        for tree in 0..=seeds.len() {
            let mut own_rng;
            let rng = match tree.checked_sub(1) {
                None => &mut self.rng,
                Some(i) => {
                    own_rng = crate::rng_from_seed(seeds[i]);
                    &mut own_rng
                }
            };
            let (sampler, leaf) = (self.sampler.as_deref(), self.leaf.as_ref());
            let mut search = Search::new(&turn.determinizer, sampler, leaf, root_order.clone(), rng, self.config);
            search.set_root_priors(root_priors.clone());
            search.track_flags = rate.is_some();
            for _ in 0..playouts {
                search.iterate();
            }
            self.stats.playouts += u64::from(playouts);
            let edges = search.root_edges();
            let minimum = (playouts / 10).max(1);
            for &action in rate.unwrap_or_default().iter().filter(|a| turn.legal.contains(a)) {
                let visits = edges.iter().find(|e| e.action == action).map_or(0, |e| e.visits);
                search.forced = Some(action);
                for _ in visits..minimum {
                    search.iterate();
                    self.stats.playouts += 1;
                }
                search.forced = None;
            }
            self.stats.playout_actions += search.actions;
            if rate.is_some() {
                rated.push(search.root_edges());
            }
            trees.push(edges);
        }
        let guarded = match self.config.guard_tactics && turn.position.phase() == Phase::Play {
            true => tactics_guard::guarded(&turn.position, &trees),
            false => None,
        };
        let picked = match self.config.root_temperature > 0.0 {
            true => draw_by_visits(&trees, self.config.root_temperature, &mut self.rng),
            false => combine(&trees),
        };
        let action = guarded.or(picked).unwrap_or(root_order[0]);
        let chosen = totals(&trees).into_iter().find(|edge| edge.action == action);
        self.last_value = chosen.filter(|e| e.visits > 0).map(|e| e.reward / e.visits as f32);
        let edges = if rate.is_some() { totals(&rated) } else { totals(&trees) };
        Ok(Decision::Searched(Searched { action, edges }))
    }
}

/// The root's actions, most promising first by the heuristic's evaluation, so that widening tries
/// them in that order.
pub(super) fn root_order(position: &Position, legal: &[Action]) -> Vec<Action> {
    let me = position.current();
    let prior = Prior::new(position);
    let mut scored: Vec<(f32, Action)> = legal
        .iter()
        .map(|&action| {
            let score = match action {
                Action::Play { .. }
                | Action::Environment { .. }
                | Action::Redeploy { .. }
                | Action::Deserter { .. }
                | Action::Traitor { .. } => {
                    let mut after = *position;
                    match after.apply(&action) {
                        Ok(()) => Knowledge::new(&after, me).evaluate(&after) + prior.score(&action) * 0.01,
                        Err(_) => f32::NEG_INFINITY,
                    }
                }
                _ => prior.score(&action),
            };
            (score, action)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().map(|(_, a)| a).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_value_is_the_chosen_actions_mean_reward() {
        use crate::{Game, Options};
        let game = Game::new(Options::default(), 8).unwrap();
        let view = game.view(game.position().current()).unwrap();
        let mut bot = SearchBot::new(400, 3);
        assert_eq!(bot.last_value, None, "nothing searched yet");
        let action = bot.choose(&view).unwrap();
        let value = bot.last_value.expect("a searched decision rates its move");
        assert!((0.0..=1.0).contains(&value), "{value}");
        // The same search again, to read the chosen action's own statistics.
        let turn = prepare(&view).unwrap().unwrap();
        let mut rng = crate::rng_from_seed(3);
        let leaf = ValueLeaf::new(&Config::default());
        let order = root_order(&turn.position, &turn.legal);
        let mut search = Search::new(&turn.determinizer, None, &leaf, order, &mut rng, Config::default());
        (0..400).for_each(|_| search.iterate());
        let edge = search.root_edges().into_iter().find(|e| e.action == action).unwrap();
        assert_eq!(value, edge.reward / edge.visits as f32);
    }

    // Easy searches as a plain search of its budget does, then draws its move from the visits: the same
    // tree under the same seed, a visited action, now and then not the most visited one. Medium and hard
    // take the most visited, as the plain search does.
    #[test]
    fn easy_draws_its_move_from_the_same_search_where_the_other_levels_take_the_most_visited() {
        use crate::{Game, Options};
        let mut drawn_elsewhere = 0;
        for seed in 0..40 {
            let game = Game::new(Options::default(), 100 + seed).unwrap();
            let view = game.view(game.position().current()).unwrap();
            let searched = |bot: &mut SearchBot| match bot.decide(&view, None).unwrap() {
                Decision::Searched(searched) => searched,
                Decision::Forced(action) => panic!("the first move is searched, not forced ({action})"),
            };
            let easy = searched(&mut SearchBot::level(Level::Easy, seed));
            let plain = searched(&mut SearchBot::new(Level::Easy.playouts(), seed));
            assert_eq!(easy.edges, plain.edges, "seed {seed}: the same search");
            let visits = |action: Action| easy.edges.iter().find(|e| e.action == action).map_or(0, |e| e.visits);
            assert!(visits(easy.action) > 0, "seed {seed}: easy plays an action its search visited");
            drawn_elsewhere += usize::from(easy.action != plain.action);
            for level in [Level::Medium, Level::Hard] {
                let mut bot = SearchBot::level(level, seed);
                bot.playouts = 300; // hard's budget would make this test slow; the pick is what is checked
                let (by_level, plain) = (searched(&mut bot), searched(&mut SearchBot::new(300, seed)));
                assert_eq!((by_level.action, by_level.edges), (plain.action, plain.edges), "seed {seed}, {level}");
            }
        }
        // On a first move 30 playouts spread over many candidates, so the draw often leaves the most visited.
        assert!(
            (10..=36).contains(&drawn_elsewhere),
            "easy played another move than the most visited {drawn_elsewhere} times in 40"
        );
    }
}
