//! Fair play at the engine's boundary: over thousands of random games, every player's view and every
//! input a bot receives (the view, the legal actions, the final view) name only cards that player may
//! see, and the digest a player may be given (the view digest) cannot tell hidden deals apart.

use battleline::bot::Determinizer;
use battleline::{CardSet, Game, Options, Player, Position};
use rand::seq::IndexedRandom;
use serde_json::Value;

use crate::shared::{cards_named, variants};

/// What `player` may see: their hand, every face-up card, and the cards they put back with Scout.
fn visible_to(position: &Position, player: Player) -> CardSet {
    position.hand(player).union(position.face_up()).union(position.scout_returned(player))
}

fn assert_names_only_visible(what: &str, value: &Value, position: &Position, player: Player) {
    let mut named = CardSet::EMPTY;
    cards_named(value, &mut named);
    let hidden = named.difference(visible_to(position, player));
    assert!(hidden.is_empty(), "{what} for player {player} names hidden cards {hidden:?}");
}

// Views and bot inputs over thousands of games: a turn message carries the view and the legal actions,
// the end message the final view; none names a card the receiving player may not see.
#[test]
fn views_and_bot_inputs_never_name_a_hidden_card() {
    let mut rng = battleline::rng_from_seed(18);
    let (mut games, mut checked) = (0, 0);
    for seed in 0..2_000u64 {
        let options = variants()[seed as usize % variants().len()];
        let mut game = Game::new(options, 7_000_000 + seed).unwrap();
        loop {
            let position = *game.position();
            for player in 0..options.players {
                let view = serde_json::to_value(game.view(player).unwrap()).unwrap();
                assert_names_only_visible("the view", &view, &position, player);
                checked += 1;
            }
            if game.is_match_over() {
                break;
            }
            let legal = game.legal_actions();
            let current = position.current();
            assert_names_only_visible("the legal actions", &serde_json::to_value(&legal).unwrap(), &position, current);
            game.apply(legal.choose(&mut rng).unwrap()).unwrap();
        }
        games += 1;
    }
    assert!(checked > 100_000, "{checked} views over {games} games");
}

// The view digest is all a player may be given: deals that differ only in cards hidden from the viewer
// give the same view digest (so it cannot tell them apart), while the full-state digest differs.
#[test]
fn the_view_digest_cannot_tell_hidden_deals_apart() {
    let mut rng = battleline::rng_from_seed(6);
    let mut compared = 0;
    for seed in 0..40u64 {
        let mut game = Game::new(Options::default(), seed).unwrap();
        for _ in 0..(seed as usize * 3) % 60 {
            if game.is_match_over() {
                break;
            }
            let action = *game.legal_actions().choose(&mut rng).unwrap();
            game.apply(&action).unwrap();
        }
        let position = *game.position();
        let me = position.current();
        let view = position.view(me).unwrap();
        let other = Determinizer::new(&view).unwrap().sample(&mut battleline::rng_from_seed(seed + 100));
        if other == position {
            continue;
        }
        assert_eq!(other.view(me).unwrap().digest(), view.digest(), "seed {seed}: the view digest saw a hidden card");
        assert_ne!(other.digest(), position.digest(), "the full-state digest covers the hidden cards");
        compared += 1;
    }
    assert!(compared > 30);
}
