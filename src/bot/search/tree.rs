//! One search tree: its nodes and its playouts (sample the hidden cards, select by UCB among the
//! children legal in the sample, with PUCT's bonus where a learned policy guides the search, widen
//! progressively, value the leaf, back up), and the actions the
//! search takes without searching. The bot that runs the trees and picks the move is in `bot.rs`;
//! how a playout is dealt and valued, in `leaf.rs`.

use rand::RngCore;
use rand_chacha::ChaCha8Rng;

use super::action_set::ActionSet;
use super::config::Config;
use super::leaf::{result_rewards, Leaf, Sampler};
use super::parallel_trees::RootEdge;
use super::policy::PolicyModel;
use super::prior::{claim, Prior};
use crate::action::{Action, DeckKind};
use crate::bot::determinize::Determinizer;
use crate::flag::{Player, FLAG_COUNT};
use crate::phase::Phase;
use crate::position::Position;

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
    /// The learned policy's probability of the action where its parent was expanded (0 without one).
    prior: f32,
    children: Vec<usize>,
    /// With a learned policy: the policy's probability of each action legal where this node was first
    /// widened, best first, scored once (scoring every legal action at each widening made the search
    /// 70% slower). Empty until then, and always without a policy.
    order: Vec<(Action, f32)>,
}

impl Node {
    /// A node just added below its parent: `player` plays `action` there, with the policy's `prior`.
    fn unvisited(action: Action, player: Player, prior: f32) -> Node {
        Node { action, player, visits: 0, available: 1, reward: 0.0, prior, children: Vec::new(), order: Vec::new() }
    }
}

pub(in crate::bot) struct Search<'a> {
    determinizer: &'a Determinizer,
    /// How each playout is dealt, when not a uniform sample of the view.
    sampler: Option<&'a dyn Sampler>,
    /// How a playout's last position is valued.
    leaf: &'a dyn Leaf,
    root_order: Vec<Action>,
    /// The learned policy's probability of each action of `root_order` (empty without a policy).
    root_priors: Vec<f32>,
    rng: &'a mut ChaCha8Rng,
    config: Config,
    nodes: Vec<Node>,
    /// Scratch buffers.
    legal: Vec<Action>,
    path: Vec<usize>,
    /// Actions played in playouts so far (the tree's, claims and draws included).
    pub(in crate::bot) actions: u64,
    /// Whether each root child keeps the sum of its leaves' chances per flag (`RootEdge::flags`), for
    /// the coach's win chances; the playouts are the same either way.
    pub(in crate::bot) track_flags: bool,
    /// A root action every playout goes through while set (rating a move the search would not try
    /// often enough, see `SearchBot::analyse`).
    pub(in crate::bot) forced: Option<Action>,
    /// Per root child (by node), the sums of `track_flags`.
    root_flags: Vec<(usize, [f32; FLAG_COUNT])>,
}

impl<'a> Search<'a> {
    pub(in crate::bot) fn new(
        determinizer: &'a Determinizer,
        sampler: Option<&'a dyn Sampler>,
        leaf: &'a dyn Leaf,
        root_order: Vec<Action>,
        rng: &'a mut ChaCha8Rng,
        config: Config,
    ) -> Search<'a> {
        let root = Node {
            action: Action::Pass,
            player: 0,
            visits: 0,
            available: 0,
            reward: 0.0,
            prior: 0.0,
            children: Vec::new(),
            order: Vec::new(),
        };
        Search {
            determinizer,
            sampler,
            leaf,
            root_order,
            root_priors: Vec::new(),
            rng,
            config,
            nodes: vec![root],
            legal: Vec::with_capacity(64),
            path: Vec::with_capacity(64),
            actions: 0,
            track_flags: false,
            forced: None,
            root_flags: Vec::new(),
        }
    }

    /// The learned policy's probabilities of the root's actions, in the order of `root_order`.
    pub(in crate::bot) fn set_root_priors(&mut self, priors: Vec<f32>) {
        self.root_priors = priors;
    }

    /// One playout: sample, select, expand, value the leaf, back up.
    pub(in crate::bot) fn iterate(&mut self) {
        let mut position = match self.sampler {
            Some(sampler) => sampler.sample(self.determinizer, self.rng),
            None => self.determinizer.sample(self.rng),
        };
        let leaf_seed = self.rng.next_u64();
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        loop {
            self.automatic_steps(&mut position);
            if position.is_over() {
                break;
            }
            let player = position.current();
            if let (0, Some(action)) = (node, self.forced) {
                let (child, fresh) = self.root_child(action, player);
                self.step(&mut position, action);
                self.path.push(child);
                if fresh {
                    break;
                }
                node = child;
                continue;
            }
            let (eligible, best) = self.select(node, &position);
            let limit = widening_limit(&self.config, self.nodes[node].visits);
            if eligible < limit || best.is_none() {
                if let Some((action, prior)) = self.unexpanded(node, &position) {
                    let child = self.nodes.len();
                    self.nodes.push(Node::unvisited(action, player, prior));
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
        let viewer = self.determinizer.viewer();
        let rewards = match (result_rewards(&position), self.track_flags) {
            (Some(rewards), false) => rewards,
            (None, false) => self.leaf.rewards(&position, viewer, leaf_seed),
            (result, true) => {
                let (rewards, chances) = match result {
                    Some(rewards) => (rewards, self.leaf.flag_chances(&position, viewer)),
                    None => self.leaf.rewards_and_flags(&position, viewer, leaf_seed),
                };
                if let (Some(&child), Some(chances)) = (self.path.get(1), chances) {
                    match self.root_flags.iter_mut().find(|(c, _)| *c == child) {
                        Some((_, sums)) => sums.iter_mut().zip(chances).for_each(|(sum, p)| *sum += p),
                        None => self.root_flags.push((child, chances)),
                    }
                }
                rewards
            }
        };
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
            let mut ucb = c.reward / visits + self.config.exploration * ((c.available as f32).ln() / visits).sqrt();
            if self.config.policy.is_some() {
                // PUCT's bonus: the policy's favourites are tried first, the bonus fading with visits.
                ucb += self.config.policy_weight * c.prior * (c.available as f32).sqrt() / (1 + c.visits) as f32;
            }
            if best.is_none_or(|(b, _)| ucb > b) {
                best = Some((ucb, child));
            }
        }
        (eligible, best.map(|(_, c)| c))
    }

    /// The root's child for `action` (legal in every sample: the root's actions are the viewer's), added
    /// when missing; whether it was added.
    fn root_child(&mut self, action: Action, player: Player) -> (usize, bool) {
        let found = self.nodes[0].children.iter().copied().find(|&c| self.nodes[c].action == action);
        if let Some(child) = found {
            self.nodes[child].available += 1;
            return (child, false);
        }
        let child = self.nodes.len();
        let prior = self.root_order.iter().position(|a| *a == action).and_then(|i| self.root_priors.get(i));
        let prior = prior.copied().unwrap_or(0.0);
        self.nodes.push(Node::unvisited(action, player, prior));
        self.nodes[0].children.push(child);
        (child, true)
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

    /// The most promising legal action of this sample that is not yet a child of `node`, with the
    /// learned policy's probability of it (0 without a policy): the policy's favourite where there is
    /// one, else the hand-made prior's.
    fn unexpanded(&mut self, node: usize, position: &Position) -> Option<(Action, f32)> {
        let children = &self.nodes[node].children;
        if node == 0 {
            // The root's actions are the same in every sample: expand them in order.
            let i = children.len();
            let prior = self.root_priors.get(i).copied().unwrap_or(0.0);
            return self.root_order.get(i).map(|&a| (a, prior));
        }
        let mut expanded = ActionSet::default();
        for &c in children {
            expanded.insert(&self.nodes[c].action);
        }
        position.legal_actions_into(&mut self.legal);
        if self.legal.iter().all(|a| expanded.contains(a)) {
            return None;
        }
        if let Some(policy) = self.config.policy {
            return self.policy_unexpanded(policy, node, position, &expanded);
        }
        let prior = Prior::new(position);
        let mut best: Option<(f32, Action)> = None;
        for action in self.legal.iter().filter(|a| !expanded.contains(a)) {
            let score = prior.score(action);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, *action));
            }
        }
        best.map(|(_, a)| (a, 0.0))
    }

    /// [`Search::unexpanded`] with a learned policy: the first action of the node's cached order that
    /// is legal in this sample and not yet a child. The order is scored on the node's first widening;
    /// a sample where none of it is left (other cards in the hand of the player to move) is scored
    /// afresh, uncached.
    fn policy_unexpanded(
        &mut self,
        policy: &PolicyModel,
        node: usize,
        position: &Position,
        expanded: &ActionSet,
    ) -> Option<(Action, f32)> {
        if self.nodes[node].order.is_empty() {
            let priors = policy.priors(position, &self.legal);
            let mut order: Vec<(Action, f32)> = self.legal.iter().copied().zip(priors).collect();
            // Stable: equal probabilities keep the engine's order, so a search repeats itself.
            order.sort_by(|a, b| b.1.total_cmp(&a.1));
            self.nodes[node].order = order;
        }
        let mut legal = ActionSet::default();
        self.legal.iter().for_each(|a| legal.insert(a));
        let cached = self.nodes[node].order.iter().find(|(a, _)| !expanded.contains(a) && legal.contains(a));
        if let Some(&(action, p)) = cached {
            return Some((action, p));
        }
        let priors = policy.priors(position, &self.legal);
        let fresh = self.legal.iter().zip(&priors).filter(|(a, _)| !expanded.contains(a));
        fresh.fold(None, |best: Option<(Action, f32)>, (a, &p)| match best {
            Some((_, b)) if b >= p => best,
            _ => Some((*a, p)),
        })
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

    /// The root's children, in the order they were expanded (the first playout always expands one).
    pub(in crate::bot) fn root_edges(&self) -> Vec<RootEdge> {
        let root = &self.nodes[0];
        root.children
            .iter()
            .map(|&c| {
                let n = &self.nodes[c];
                let flags = self.root_flags.iter().find(|(child, _)| *child == c).map_or([0.0; FLAG_COUNT], |f| f.1);
                RootEdge { action: n.action, visits: n.visits, reward: n.reward, flags }
            })
            .collect()
    }
}

/// The action the search takes without searching: every provable claim (a proved claim never hurts),
/// and a troop draw when the hand is short of troops or already holds two tactics cards (searched,
/// those draws let the evaluation, blind to what a hand of tactics cards costs, fill the hand with
/// them until the player can only pass). `None` where the search decides.
pub(in crate::bot) fn automatic(position: &Position) -> Option<Action> {
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
    use crate::bot::search::bot::root_order;
    use crate::bot::search::leaf::StaticLeaf;
    use crate::bot::{prepare, Turn};
    use crate::{Game, Options};

    /// 600 playouts of the search of `turn`.
    fn searched<'a>(turn: &'a Turn, leaf: &'a StaticLeaf, rng: &'a mut ChaCha8Rng, config: Config) -> Search<'a> {
        let order = root_order(&turn.position, &turn.legal);
        let mut search = Search::new(&turn.determinizer, None, leaf, order, rng, config);
        (0..600).for_each(|_| search.iterate());
        search
    }

    /// With a learned policy, each node below the root scores its legal actions once, on its first
    /// widening, and widens in that order: its first child is the favourite of that scoring, with that
    /// probability. Without a policy nothing is scored or kept.
    #[test]
    fn a_policy_guided_node_scores_its_actions_once_and_widens_in_that_order() {
        let model = PolicyModel::from_bytes(include_bytes!("../../../lab/policies/gen1.bin")).unwrap();
        let guided = Config { policy: Some(Box::leak(Box::new(model))), policy_weight: 0.5, ..Config::default() };
        let mut checked = 0;
        for seed in 0..4 {
            let game = Game::new(Options::default(), seed).unwrap();
            let view = game.view(game.position().current()).unwrap();
            let Ok(turn) = prepare(&view).unwrap() else { continue };
            let leaf = StaticLeaf::new(&guided);
            let mut rng = crate::rng_from_seed(seed);
            let search = searched(&turn, &leaf, &mut rng, guided);
            for node in search.nodes.iter().skip(1).filter(|n| !n.children.is_empty()) {
                let order = &node.order;
                assert!(!order.is_empty(), "a widened node keeps its scoring");
                assert!(order.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
                let total: f32 = order.iter().map(|o| o.1).sum();
                assert!((total - 1.0).abs() < 1e-3, "{total}");
                let first = &search.nodes[node.children[0]];
                assert_eq!((first.action, first.prior), order[0], "the first child is the favourite");
                checked += 1;
            }
            let mut rng = crate::rng_from_seed(seed);
            let plain = searched(&turn, &leaf, &mut rng, Config::default());
            assert!(plain.nodes.iter().all(|n| n.order.is_empty()), "nothing is scored without a policy");
        }
        assert!(checked > 100, "{checked} nodes checked");
    }
}
