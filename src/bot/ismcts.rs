//! The search bot: single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley and
//! Whitehouse, 2012). Every playout samples the hidden cards anew from the viewer's knowledge
//! ([`Determinizer`]), walks down one tree shared by all samples (a child is only eligible where its
//! action is legal in the sample; UCB uses availability counts), adds one node, optionally plays on
//! with the fast policy, and scores the leaf with the viewer's static evaluation (expected flags, with
//! every card serving one flag only, and each player's next few draws in the sample taken as coming).
//! Claims (every provable one) are not tree decisions, nor are draws
//! where only a troop makes sense.
//! Progressive widening, ordered by a prior, keeps the tree narrow in this wide game. The budget is a
//! number of playouts: reproducible under a seed, natively and in WebAssembly.

use rand::RngCore;
use rand_chacha::ChaCha8Rng;

use super::action_set::ActionSet;
use super::determinize::Determinizer;
use super::eval::{EvalParams, Knowledge};
use super::inference::HandPosterior;
use super::rollout::{claim, policy, Noise, Prior};
use super::tactics_guard;
use super::trees::{combine, totals, RootEdge};
use super::win_chance::win_chance;
use super::{prepare, Bot};
use crate::action::{Action, DeckKind};
use crate::error::Error;
use crate::card_set::CardSet;
use crate::flag::{Player, FLAG_COUNT};
use crate::phase::Phase;
use crate::position::view::PlayerView;
use crate::position::Position;

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
        }
    }
}

/// Counters of the work done, for benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Decisions searched (forced answers and claims are not searched).
    pub decisions: u64,
    /// Playouts run.
    pub playouts: u64,
    /// Actions played inside playouts (tree and fast policy).
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
    trees: u32,
    rng: ChaCha8Rng,
    stats: SearchStats,
    config: Config,
    /// The mean reward of the action chosen at the last searched decision (diagnostics).
    last_value: Option<f32>,
    /// The opponent's true hand for the next decision (experiments only, see `reveal_opponent_hand`).
    revealed: Option<(Player, CardSet)>,
}

impl SearchBot {
    /// A search bot running `playouts` playouts per decision (at least 1), seeded.
    pub fn new(playouts: u32, seed: u64) -> SearchBot {
        SearchBot::with_config(playouts, seed, Config::default())
    }

    /// A search bot whose every decision searches `trees` independent trees of `playouts` playouts
    /// each (both at least 1, trees at most [`super::MAX_TREES`]) and takes the root action they
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
        SearchBot { trees: trees.clamp(1, super::MAX_TREES), ..SearchBot::new(playouts, seed) }
    }

    /// A search bot with explicit parameters (tuning experiments).
    #[doc(hidden)]
    pub fn with_config(playouts: u32, seed: u64, config: Config) -> SearchBot {
        SearchBot {
            playouts: playouts.max(1),
            trees: 1,
            rng: crate::rng_from_seed(seed),
            stats: SearchStats::default(),
            config,
            last_value: None,
            revealed: None,
        }
    }

    /// The same bot searching `trees` trees a decision (1 to [`super::MAX_TREES`]).
    #[doc(hidden)]
    pub fn trees(self, trees: u32) -> SearchBot {
        SearchBot { trees: trees.clamp(1, super::MAX_TREES), ..self }
    }

    /// The work done so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The searching player's mean reward (0..1) over the playouts through the action chosen at the
    /// last searched decision, over all trees: how the search rated its own move (for diagnosing
    /// lost games). `None` before any searched decision.
    #[doc(hidden)]
    pub fn last_value(&self) -> Option<f32> {
        self.last_value
    }

    /// Shows the search the true hand of `opponent` for its next decision, which then samples only
    /// the decks: what knowing the opponent's hand is worth, the most any inference about it could
    /// give (`examples/tune.rs`, key `oracle`). Cheating: never for play. A hand the view does not
    /// allow (cards the viewer sees, the wrong size) is ignored.
    #[doc(hidden)]
    pub fn reveal_opponent_hand(&mut self, opponent: Player, hand: CardSet) {
        self.revealed = Some((opponent, hand));
    }
}

impl Bot for SearchBot {
    /// Searches each tree in turn. The seeds of trees 1 and up are drawn first; tree 0 goes on with
    /// the bot's generator, which makes a one-tree bot the plain search.
    fn choose(&mut self, view: &PlayerView) -> Result<Action, Error> {
        let turn = match prepare(view)? {
            Err(forced) => return Ok(forced),
            Ok(turn) => turn,
        };
        if let Some(action) = automatic(&turn.position) {
            if turn.legal.contains(&action) {
                return Ok(action);
            }
        }
        let root_order = root_order(&turn.position, &turn.legal);
        let revealed = self.revealed.take();
        let posterior = match self.config.infer_temperature > 0.0 {
            _ if revealed.is_some() => revealed.and_then(|(p, hand)| HandPosterior::known(&turn.determinizer, p, hand)),
            true => {
                let (depth, pool) = (self.config.infer_depth as usize, self.config.infer_pool as usize);
                HandPosterior::new(&turn.determinizer, view, depth, pool, self.config.infer_temperature, &mut self.rng)
            }
            false => None,
        };
        let seeds: Vec<u64> = (1..self.trees).map(|_| self.rng.next_u64()).collect();
        self.stats.decisions += 1;
        let mut trees = Vec::with_capacity(seeds.len() + 1);
        for tree in 0..=seeds.len() {
            let mut own_rng;
            let rng = match tree.checked_sub(1) {
                None => &mut self.rng,
                Some(i) => {
                    own_rng = crate::rng_from_seed(seeds[i]);
                    &mut own_rng
                }
            };
            let mut search = Search::new(&turn.determinizer, root_order.clone(), rng, self.config);
            search.posterior = posterior.as_ref();
            for _ in 0..self.playouts {
                search.iterate();
            }
            self.stats.playouts += u64::from(self.playouts);
            self.stats.playout_actions += search.actions;
            trees.push(search.root_edges());
        }
        let guarded = match self.config.guard_tactics && turn.position.phase() == Phase::Play {
            true => tactics_guard::guarded(&turn.position, &trees),
            false => None,
        };
        let action = guarded.or_else(|| combine(&trees)).unwrap_or(root_order[0]);
        let chosen = totals(&trees).into_iter().find(|edge| edge.action == action);
        self.last_value = chosen.filter(|e| e.visits > 0).map(|e| e.reward / e.visits as f32);
        Ok(action)
    }

    fn stats(&self) -> Option<SearchStats> {
        Some(self.stats)
    }
}

/// The root's actions, most promising first by the heuristic's evaluation, so that widening tries
/// them in that order.
fn root_order(position: &Position, legal: &[Action]) -> Vec<Action> {
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

struct Node {
    /// The action leading here (unused at the root).
    action: Action,
    /// Who played it.
    player: Player,
    visits: u32,
    /// Playouts in which this node's action was legal when its parent was visited.
    available: u32,
    /// Sum of the rewards of `player`.
    reward: f32,
    children: Vec<usize>,
}

struct Search<'a> {
    determinizer: &'a Determinizer,
    /// Candidate opponent hands by weight, when inferring (see `Config::infer_temperature`).
    posterior: Option<&'a HandPosterior>,
    root_order: Vec<Action>,
    rng: &'a mut ChaCha8Rng,
    config: Config,
    nodes: Vec<Node>,
    /// Scratch buffers.
    legal: Vec<Action>,
    path: Vec<usize>,
    actions: u64,
}

impl<'a> Search<'a> {
    fn new(
        determinizer: &'a Determinizer,
        root_order: Vec<Action>,
        rng: &'a mut ChaCha8Rng,
        config: Config,
    ) -> Search<'a> {
        let root = Node { action: Action::Pass, player: 0, visits: 0, available: 0, reward: 0.0, children: Vec::new() };
        Search {
            determinizer,
            posterior: None,
            root_order,
            rng,
            config,
            nodes: vec![root],
            legal: Vec::with_capacity(64),
            path: Vec::with_capacity(64),
            actions: 0,
        }
    }

    /// One playout: sample, select, expand, play out, back up.
    fn iterate(&mut self) {
        let mut position = match self.posterior {
            Some(posterior) => posterior.sample(self.determinizer, self.rng),
            None => self.determinizer.sample(self.rng),
        };
        let mut noise = Noise::new(self.rng);
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        loop {
            self.automatic_steps(&mut position);
            if position.is_over() {
                break;
            }
            if self.path.len() > self.config.max_depth as usize {
                break;
            }
            let player = position.current();
            let (eligible, best) = self.select(node, &position);
            let limit = widening_limit(&self.config, self.nodes[node].visits);
            if eligible < limit || best.is_none() {
                if let Some(action) = self.unexpanded(node, &position) {
                    let child = self.nodes.len();
                    self.nodes.push(Node {
                        action,
                        player,
                        visits: 0,
                        available: 1,
                        reward: 0.0,
                        children: Vec::new(),
                    });
                    self.nodes[node].children.push(child);
                    self.step(&mut position, action);
                    self.path.push(child);
                    break;
                }
            }
            let Some(next) = best else { break };
            self.step(&mut position, self.nodes[next].action);
            self.path.push(next);
            node = next;
        }
        let rewards = self.playout(&mut position, &mut noise);
        for &n in &self.path {
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.reward += rewards[node.player];
        }
    }

    /// Counts the children legal in this sample (marking them available) and picks the best by UCB.
    fn select(&mut self, node: usize, position: &Position) -> (usize, Option<usize>) {
        let player = position.current();
        let mut best: Option<(f32, usize)> = None;
        let mut eligible = 0;
        // Legal in this sample: asked of the engine one child at a time, or, for a node with many
        // children, looked up in the engine's list of legal actions (the same answer, cheaper).
        let listed = (self.nodes[node].children.len() >= LIST_LEGAL_FROM).then(|| {
            position.legal_actions_into(&mut self.legal);
            let mut set = ActionSet::default();
            self.legal.iter().for_each(|action| set.insert(action));
            set
        });
        for i in 0..self.nodes[node].children.len() {
            let child = self.nodes[node].children[i];
            let action = &self.nodes[child].action;
            let legal = match &listed {
                Some(set) => set.contains(action),
                None => position.is_legal(player, action),
            };
            if !legal {
                continue;
            }
            eligible += 1;
            let c = &mut self.nodes[child];
            c.available += 1;
            let visits = c.visits.max(1) as f32;
            let ucb = c.reward / visits + self.config.exploration * ((c.available as f32).ln() / visits).sqrt();
            if best.is_none_or(|(b, _)| ucb > b) {
                best = Some((ucb, child));
            }
        }
        (eligible, best.map(|(_, c)| c))
    }

    fn step(&mut self, position: &mut Position, action: Action) {
        if position.apply(&action).is_err() {
            // Unreachable: tree actions are checked for this sample. Keep the playout going anyway.
            position.legal_actions_into(&mut self.legal);
            if let Some(&fallback) = self.legal.first() {
                position.apply(&fallback).ok();
            }
        }
        self.actions += 1;
    }

    /// The most promising legal action of this sample that is not yet a child of `node`.
    fn unexpanded(&mut self, node: usize, position: &Position) -> Option<Action> {
        let children = &self.nodes[node].children;
        if node == 0 {
            // The root's actions are the same in every sample: expand them in order.
            return self.root_order.get(children.len()).copied();
        }
        let mut expanded = ActionSet::default();
        for &c in children {
            expanded.insert(&self.nodes[c].action);
        }
        position.legal_actions_into(&mut self.legal);
        if self.legal.iter().all(|a| expanded.contains(a)) {
            return None;
        }
        let prior = Prior::new(position);
        let mut best: Option<(f32, Action)> = None;
        for action in self.legal.iter().filter(|a| !expanded.contains(a)) {
            let score = prior.score(action);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, *action));
            }
        }
        best.map(|(_, a)| a)
    }

    /// Claims and draws are never tree decisions (see [`automatic`]).
    fn automatic_steps(&mut self, position: &mut Position) {
        while let Some(action) = automatic(position) {
            if position.apply(&action).is_err() {
                break;
            }
            self.actions += 1;
        }
    }

    /// Plays on with the fast policy; each player's reward (win 1, draw ½, loss 0), or the static
    /// evaluation's estimate when the playout is cut off.
    fn playout(&mut self, position: &mut Position, noise: &mut Noise) -> [f32; 3] {
        let mut left = self.config.playout_actions;
        if self.config.endgame_rollout.is_some_and(|cards| position.troop_deck_len() <= cards as usize) {
            left = u32::MAX;
        }
        while !position.is_over() && left > 0 {
            let action = policy(position, noise);
            self.step(position, action);
            left -= 1;
        }
        self.leaf_rewards(position)
    }

    /// Each player's reward: the result of a finished game (win 1, draw shared), otherwise the viewer's
    /// evaluation of the position (expected flags, from what the viewer would know there and, with
    /// `leaf_foresight`, the sample's next draws and opponents' hands) turned into a chance to win,
    /// every opponent getting the rest (they are taken to play against the viewer).
    fn leaf_rewards(&self, position: &Position) -> [f32; 3] {
        let players = position.players();
        let mut out = [0.0; 3];
        if let Some(result) = position.result() {
            for (p, slot) in out.iter_mut().enumerate().take(players) {
                *slot = match result.winner {
                    Some(w) if w == p => 1.0,
                    Some(_) => 0.0,
                    None => 1.0 / players as f32,
                };
            }
            return out;
        }
        let me = self.determinizer.viewer();
        let knowledge = match self.config.leaf_foresight {
            Some(draws) => Knowledge::with_foresight(position, me, self.config.eval, draws as usize),
            None => Knowledge::with_params(position, me, self.config.eval),
        };
        let chances = knowledge.chances(position);
        let value = knowledge.value(players, &chances);
        // Centred on a fair share of the flags (4.5 with two players, 3 with three): there the viewer's
        // chance is a half. With three players the centre 4.5 read an even position as a likely loss;
        // centred on 3, search:medium scored +0.041 ± 0.018 against two heuristic bots over 900 paired
        // games, hard −0.027 ± 0.032 over 300 (docs/BOT_EXPERIMENTS.md). Two-player games are unchanged.
        let center = FLAG_COUNT as f32 / players as f32;
        let mut mine = 1.0 / (1.0 + (-(value - center) / self.config.eval_scale).exp());
        if players == 2 && self.config.win_weight > 0.0 {
            let w = self.config.win_weight;
            mine = (1.0 - w) * mine + w * win_chance(&chances);
        }
        out[..players].fill(1.0 - mine);
        out[me] = mine;
        out
    }

    /// The root's children, in the order they were expanded (the first playout always expands one).
    fn root_edges(&self) -> Vec<RootEdge> {
        let root = &self.nodes[0];
        root.children
            .iter()
            .map(|&c| &self.nodes[c])
            .map(|n| RootEdge { action: n.action, visits: n.visits, reward: n.reward })
            .collect()
    }
}

/// The action the search takes without searching: every provable claim (a proved claim never hurts),
/// and a troop draw when the hand is short of troops or already holds two tactics cards (searched,
/// those draws let the evaluation, blind to what a hand of tactics cards costs, fill the hand with
/// them until the player can only pass). `None` where the search decides.
fn automatic(position: &Position) -> Option<Action> {
    let me = position.current();
    let hand = position.hand(me);
    let draw = |deck| if position.phase() == Phase::Draw { Action::Draw { deck } } else { Action::ScoutDraw { deck } };
    match position.phase() {
        Phase::Claim => Some(claim(position, me)),
        Phase::Draw | Phase::ScoutDraw { .. } => {
            let short = hand.troops().len() < MIN_TROOPS_BEFORE_TACTICS || hand.tactics().len() >= MAX_TACTICS_HELD;
            if position.tactics_deck_len() == 0 || (short && position.troop_deck_len() > 0) {
                Some(draw(DeckKind::Troop))
            } else if position.troop_deck_len() == 0 {
                Some(draw(DeckKind::Tactics))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Children from which `Search::select` lists the legal actions once instead of checking each child.
const LIST_LEGAL_FROM: usize = 64;

/// A hand with fewer troops than this draws a troop.
const MIN_TROOPS_BEFORE_TACTICS: usize = 4;
/// A hand with this many tactics cards draws a troop.
const MAX_TACTICS_HELD: usize = 2;

fn widening_limit(config: &Config, visits: u32) -> usize {
    (config.widen_c * (visits as f32).powf(config.widen_alpha)).max(1.0) as usize
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
        assert_eq!(bot.last_value(), None, "nothing searched yet");
        let action = bot.choose(&view).unwrap();
        let value = bot.last_value().expect("a searched decision rates its move");
        assert!((0.0..=1.0).contains(&value), "{value}");
        // The same search again, to read the chosen action's own statistics.
        let turn = prepare(&view).unwrap().unwrap();
        let mut rng = crate::rng_from_seed(3);
        let mut search =
            Search::new(&turn.determinizer, root_order(&turn.position, &turn.legal), &mut rng, Config::default());
        (0..400).for_each(|_| search.iterate());
        let edge = search.root_edges().into_iter().find(|e| e.action == action).unwrap();
        assert_eq!(value, edge.reward / edge.visits as f32);
    }
}
