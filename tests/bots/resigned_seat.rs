//! The computer players in a three-player game where one seat has resigned (R-3P-RESIGN): they play
//! the two seats left from their views alone, every answer legal, and the seat that resigned is never
//! the one asked (its view offers it nothing to do).

use battleline::bot::{self, Bot, BotKind};
use battleline::{Game, Options};
use rand::seq::IndexedRandom;
use rand::Rng;

#[test]
fn r_3p_resign_3_bots_play_the_two_seats_left_and_never_the_resigned_one() {
    let mut rng = battleline::rng_from_seed(21);
    let options = Options { players: 3, tactics: false, ..Options::default() };
    let mut games = 0;
    for seed in 0..24u64 {
        let kind = [BotKind::Random, BotKind::Heuristic, BotKind::level(bot::Level::Easy)][seed as usize % 3];
        let mut game = Game::new(options, seed).unwrap();
        let before = rng.random_range(0..60);
        while game.actions().len() < before && !game.position().is_over() {
            let action = *game.legal_actions().choose(&mut rng).unwrap();
            game.apply(&action).unwrap();
        }
        if game.position().is_over() {
            continue;
        }
        let out = rng.random_range(0..3);
        game.resign(out).unwrap();
        let mut bots: Vec<Box<dyn Bot + Send>> = (0..3).map(|p| kind.build(seed * 3 + p)).collect();
        while !game.position().is_over() {
            let player = game.position().current();
            assert_ne!(player, out, "seed {seed}: the resigned seat is to move");
            let view = game.view(player).unwrap();
            assert_eq!(view.retired, Some(out));
            assert_eq!(bot::legal_actions(&view).unwrap(), game.legal_actions(), "seed {seed}");
            assert!(bot::legal_actions(&game.view(out).unwrap()).unwrap().is_empty(), "nothing for the seat out");
            let action = bots[player].choose(&view).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            game.apply(&action).unwrap_or_else(|e| panic!("seed {seed}: {kind} chose the illegal {action}: {e}"));
        }
        assert_ne!(game.position().result().unwrap().winner, Some(out));
        games += 1;
    }
    assert!(games >= 20, "{games} games");
}
