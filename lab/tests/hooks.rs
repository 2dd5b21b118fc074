//! The engine's hooks for the lab (`battleline::bot` with the feature `lab-hooks`, which only this crate
//! enables), used as the lab uses them: the hand-made and the learned leaves value a position for both
//! players, the search's prior ranks actions, and a search given the levels' own leaf plays as the levels.

use std::sync::Arc;

use battleline::bot::{Bot, Leaf, Prior, SearchBot, SearchConfig, StaticLeaf, ValueLeaf};
use battleline::{Action, Game, Options};

#[test]
fn the_hand_made_leaf_shares_the_reward_between_the_two_players() {
    let game = Game::new(Options::default(), 4).unwrap();
    let leaf = StaticLeaf::new(&SearchConfig::default());
    let rewards = leaf.rewards(game.position(), 0, 0);
    assert!((rewards[0] + rewards[1] - 1.0).abs() < 1e-6);
}

#[test]
fn the_learned_leaf_finds_a_fresh_deal_open() {
    let game = Game::new(Options::default(), 4).unwrap();
    let rewards = ValueLeaf::new(&SearchConfig::default()).rewards(game.position(), 0, 0);
    assert!((rewards[0] + rewards[1] - 1.0).abs() < 1e-6);
    assert!(rewards[0] > 0.2 && rewards[0] < 0.8, "a fresh deal is open: {}", rewards[0]);
}

#[test]
fn the_prior_ranks_a_card_played_first() {
    let game = Game::new(Options::default(), 2).unwrap();
    let prior = Prior::new(game.position());
    let best = game.legal_actions().into_iter().max_by(|a, b| prior.score(a).total_cmp(&prior.score(b)));
    assert!(matches!(best, Some(Action::Play { .. })));
}

#[test]
fn a_search_given_the_levels_leaf_plays_as_the_levels() {
    let game = Game::new(Options::default(), 8).unwrap();
    let view = game.view(game.position().current()).unwrap();
    let leaf = Arc::new(ValueLeaf::new(&SearchConfig::default()));
    let mut plain = SearchBot::new(200, 1);
    assert_eq!(SearchBot::new(200, 1).with_leaf(leaf).choose(&view), plain.choose(&view));
}
