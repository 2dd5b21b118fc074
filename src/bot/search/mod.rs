//! The search bot: Information-Set Monte Carlo Tree Search, one file a part.
//!
//! - `bot.rs`: [`SearchBot`](bot::SearchBot), which runs the trees of a decision and picks the move;
//! - `tree.rs`: one tree, its nodes and its playouts;
//! - `parallel_trees.rs`: several independent trees a decision, their root statistics added up;
//! - `leaf.rs`: the search's two points of extension (how a playout is dealt, how its last position is
//!   valued) and the hand-made valuation; `model_leaf.rs`: the levels' valuation by the learned model;
//! - `policy.rs`: the learned policy, each legal action's prior probability (opt-in);
//! - `prior.rs`: the cheap prior that orders each node's candidates, and the claims made unsearched;
//! - `config.rs`: the search's parameters; `action_set.rs`: a set of actions as a bitmap.

pub(crate) mod action_set;
pub(crate) mod bot;
pub(crate) mod config;
pub(crate) mod leaf;
pub(crate) mod model_leaf;
pub(crate) mod parallel_trees;
pub(crate) mod policy;
pub(crate) mod prior;
pub(crate) mod tree;
