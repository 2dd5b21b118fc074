//! Matches (R-MATCH-1, R-MATCH-2) and the three-player game (R-3P).

use crate::rules_common;

use battleline::{Action, ErrorCode, Game, GameResult, Options, Phase, Victory};
use rules_common::*;

fn match_options(games: u32) -> Options {
    Options { games, ..Options::default() }
}

/// R-MATCH-1 by hand: the winner 5, everyone else 1 per claimed flag.
fn points(result: &GameResult, players: usize) -> Vec<u32> {
    (0..players).map(|p| if result.winner == Some(p) { 5 } else { u32::from(result.flags[p]) }).collect()
}

// R-MATCH-1: match scores add up game by game: 5 for the winner, 1 per flag for the loser.
#[test]
fn r_match_1_scores_add_up() {
    let mut rng = battleline::rng_from_seed(101);
    for seed in 0..20 {
        let mut game = Game::new(match_options(4), seed).unwrap();
        let mut expected = vec![0u32; 2];
        for index in 0..4 {
            assert_eq!(game.game_index(), index);
            play_out_game(&mut game, &mut rng);
            let result = game.position().result().unwrap();
            for (e, p) in expected.iter_mut().zip(points(&result, 2)) {
                *e += p;
            }
            assert_eq!(game.scores(), expected, "after game {}", index + 1);
            assert_eq!(game.view(0).unwrap().scores, expected);
            if let Some(w) = result.winner {
                assert!(result.flags[1 - w] < 5, "the loser scores at most 4");
            }
            if index < 3 {
                game.apply(&Action::NextGame).unwrap();
            }
        }
        assert!(game.is_match_over());
        assert_eq!(game.results().len(), 4);
    }
}

// R-MATCH-1: a single game scores too; a winner by breakthrough with fewer flags than the loser still gets 5.
#[test]
fn r_match_1_single_game_points() {
    let mut b = Board::standard();
    b.claimed(4, 1).claimed(6, 1).claimed(8, 1).claimed(9, 1);
    b.claimed(1, 0).claimed(2, 0).side(3, 1, "b1 g2 y4").side(3, 0, "r3 r4 r5");
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Pass, claim(3)]);
    let result = pos.result().unwrap();
    assert_eq!((result.winner, result.victory), (Some(0), Victory::Breakthrough));
    assert_eq!(result.points()[..2], [5, 4]);
    assert_eq!(pos.view(1).unwrap().scores, vec![5, 4]);
}

// R-MATCH-2: the winner of a game starts the next one.
#[test]
fn r_match_2_winner_starts_next_game() {
    let mut rng = battleline::rng_from_seed(202);
    let mut winners = [0u32; 2];
    for seed in 0..60 {
        let mut game = Game::new(match_options(3), seed).unwrap();
        play_out_game(&mut game, &mut rng);
        let result = game.position().result().unwrap();
        assert_eq!(game.legal_actions(), vec![Action::NextGame]);
        let current = game.position().current();
        assert_eq!(game.apply(&Action::Pass).unwrap_err().code, ErrorCode::GameOver);
        assert_eq!(game.check(current, &Action::NextGame), Ok(()));
        game.apply(&Action::NextGame).unwrap();
        assert_eq!(game.game_index(), 1);
        let p = game.position();
        assert!(!p.is_over());
        assert_eq!((p.hand(0).len(), p.hand(1).len(), p.troop_deck_len(), p.tactics_deck_len()), (7, 7, 46, 10));
        assert_eq!(p.phase(), Phase::Play);
        if let Some(winner) = result.winner {
            assert_eq!(p.current(), winner, "seed {seed}: the winner starts");
            winners[winner] += 1;
        }
    }
    assert!(winners[0] > 5 && winners[1] > 5, "{winners:?}");
}

// R-MATCH-2 (engine interpretation, not in RULES.md): after a drawn game, the next player in seat order
// after the previous game's first player starts.
#[test]
fn r_match_2_after_a_draw_next_seat_starts() {
    let mut rng = battleline::rng_from_seed(606);
    let mut draws = 0;
    for seed in 0..400 {
        let mut game = Game::new(Options { games: 2, ..basic_options() }, seed).unwrap();
        let first = game.position().current();
        play_out_game(&mut game, &mut rng);
        if game.position().result().unwrap().winner.is_some() {
            continue;
        }
        draws += 1;
        game.apply(&Action::NextGame).unwrap();
        assert_eq!(game.position().current(), (first + 1) % 2, "seed {seed}");
    }
    assert!(draws > 0, "no drawn game found");
}

// R-MATCH-2: `nextGame` only between games of a match.
#[test]
fn r_match_2_next_game_only_between_games() {
    let mut rng = battleline::rng_from_seed(303);
    let mut game = Game::new(match_options(2), 9).unwrap();
    assert_eq!(game.apply(&Action::NextGame).unwrap_err().code, ErrorCode::WrongPhase);
    play_out_game(&mut game, &mut rng);
    game.apply(&Action::NextGame).unwrap();
    play_out_game(&mut game, &mut rng);
    assert!(game.is_match_over());
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.apply(&Action::NextGame).unwrap_err().code, ErrorCode::GameOver);
    // A single game has no next game.
    let mut single = Game::new(Options::default(), 9).unwrap();
    play_out_game(&mut single, &mut rng);
    assert!(single.is_match_over());
    assert_eq!(single.apply(&Action::NextGame).unwrap_err().code, ErrorCode::GameOver);
}

// R-MATCH-2 (robustness): between games, a player who does not exist cannot start the next game.
#[test]
fn r_match_2_next_game_by_a_player_not_in_the_game() {
    let mut rng = battleline::rng_from_seed(404);
    let mut game = Game::new(match_options(2), 10).unwrap();
    play_out_game(&mut game, &mut rng);
    let err = game.apply_as(7, &Action::NextGame).unwrap_err();
    assert_eq!(err.code, ErrorCode::BadPlayer);
}

// R-3P: three players, no tactics, seven cards each, three sides of three cards at every flag.
#[test]
fn r_3p_setup_and_sides() {
    let err = Game::new(Options { players: 3, tactics: true, ..Options::default() }, 1).unwrap_err();
    assert_eq!(err.code, ErrorCode::BadOptions);
    let game = Game::new(three_player_options(), 8).unwrap();
    let p = game.position();
    assert_eq!(p.players(), 3);
    for player in 0..3 {
        assert_eq!((p.hand(player).len(), p.hand(player).troops().len()), (7, 7));
    }
    assert_eq!((p.troop_deck_len(), p.tactics_deck_len()), (60 - 21, 0));
    let view = game.view(0).unwrap();
    assert!(view.flags.iter().all(|f| f.sides.len() == 3 && f.completed.len() == 3));
    assert_eq!(view.hand_sizes.len(), 3);
    let json = serde_json::to_string(&view).unwrap();
    for other in [1, 2] {
        for card in p.hand(other).iter() {
            assert!(!json.contains(&format!("\"{card}\"")), "player {other}'s {card} leaked");
        }
    }
    assert!(game.view(3).is_none());
    // A side holds three cards.
    let mut b = Board::new(three_player_options());
    b.side(1, 0, "r1 r2 r3").hand(0, "r4");
    refused(&mut b.position(), play("r4", 1), ErrorCode::FlagFull);
}

// R-3P: play passes in seat order 1, 2, 3 (0, 1, 2 here).
#[test]
fn r_3p_seat_order() {
    let mut b = Board::new(three_player_options());
    b.hand(0, "r1 r2").hand(1, "o1 o2").hand(2, "y1 y2");
    let mut pos = b.position();
    let mut order = vec![pos.current()];
    for (c, f) in [("r1", 1), ("o1", 1), ("y1", 1), ("r2", 2), ("o2", 2), ("y2", 2)] {
        apply_all(&mut pos, &[play(c, f), DRAW_TROOP]);
        order.push(pos.current());
    }
    assert_eq!(order, [0, 1, 2, 0, 1, 2, 0]);
    assert_eq!(side_of(&pos, 1, 2), cards("y1"));
    refused(&mut pos, Action::Pass, ErrorCode::MustPlay);
    let err = pos.apply_as(1, &DRAW_TROOP).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotYourTurn);
}

// R-3P: a claim needs proof against both opponents.
#[test]
fn r_3p_claim_against_both_opponents() {
    let base = || {
        let mut b = Board::new(three_player_options());
        b.side(1, 1, "b1 g2 y4").side(1, 0, "r3 r4 r5").side(1, 2, "b8").turn(0, Phase::Claim);
        b
    };
    // Player 1 is beaten, but player 2's b8 may still become b7 b8 b9.
    let mut pos = base().position();
    let err = refused(&mut pos, claim(1), ErrorCode::ClaimNotProvable);
    assert!(err.message.contains("player 2"), "{}", err.message);
    // With b7 and b10 face up, neither opponent can win.
    let mut b = base();
    b.side(2, 1, "b7").side(2, 2, "b10");
    let mut pos = b.position();
    apply_all(&mut pos, &[claim(1)]);
    assert_eq!(pos.flag(flag(1)).claimed, Some(0));
    // A complete third side that wins blocks the claim, even though player 1 loses.
    let mut b = Board::new(three_player_options());
    b.side(1, 1, "b1 g2 y4").side(1, 2, "g7 g8 g9").side(1, 0, "r3 r4 r5").turn(0, Phase::Claim);
    let mut pos = b.position();
    refused(&mut pos, claim(1), ErrorCode::ClaimNotProvable);
    assert!(pos.can_claim(2, flag(1)), "player 2 beats both");
    assert!(!pos.can_claim(1, flag(1)));
}

// R-3P, R-FORM-4: ties pairwise by completion order among three sides.
#[test]
fn r_3p_ties_by_completion_order() {
    // Player 1 completed first, then player 0, then player 2: equal Phalanxes of fives.
    let mut b = Board::new(three_player_options());
    b.side(1, 1, "r5 o5 y5").side(1, 0, "g5 b5 p5").side(1, 2, "r6 o6 y4").turn(0, Phase::Claim);
    let mut pos = b.position();
    refused(&mut pos, claim(1), ErrorCode::ClaimNotProvable);
    assert!(pos.can_claim(1, flag(1)));
    assert!(!pos.can_claim(2, flag(1)));
}

// R-3P: three adjacent flags or any four flags win.
#[test]
fn r_3p_four_flags_or_three_adjacent_win() {
    let winning = || {
        let mut b = Board::new(three_player_options());
        b.side(9, 1, "b1 g2 y4").side(9, 2, "b2 g3 y5").side(9, 0, "r3 r4 r5").turn(0, Phase::Claim);
        b
    };
    // Four scattered flags.
    let mut b = winning();
    b.claimed(1, 0).claimed(3, 0).claimed(5, 0).claimed(2, 1).claimed(4, 2);
    let mut pos = b.position();
    apply_all(&mut pos, &[claim(9)]);
    let result = pos.result().unwrap();
    assert_eq!((result.winner, result.victory, result.flags), (Some(0), Victory::Envelopment, [4, 1, 1]));
    // Three scattered flags are not enough.
    let mut b = winning();
    b.claimed(1, 0).claimed(3, 0).claimed(2, 1);
    let mut pos = b.position();
    apply_all(&mut pos, &[claim(9)]);
    assert!(!pos.is_over());
    // Three adjacent.
    let mut b = winning();
    b.claimed(7, 0).claimed(8, 0);
    let mut pos = b.position();
    apply_all(&mut pos, &[claim(9)]);
    assert_eq!(pos.result().unwrap().victory, Victory::Breakthrough);
}

// R-3P, R-TURN-6: the game ends when all three pass in a row without a claim.
#[test]
fn r_3p_three_passes_end_the_game() {
    let mut b = Board::new(three_player_options());
    b.claimed(1, 2).claimed(5, 2).claimed(3, 0);
    let mut pos = b.position();
    apply_all(&mut pos, &[Action::Pass, Action::Pass]);
    assert!(!pos.is_over(), "two of three passes");
    apply_all(&mut pos, &[Action::Pass]);
    let result = pos.result().unwrap();
    assert_eq!((result.winner, result.victory, result.flags), (Some(2), Victory::Exhaustion, [1, 0, 2]));
    assert_eq!(result.points(), [1, 0, 5]);
}

// R-3P: random three-player games end, conserve the 60 cards, and a match scores three players.
#[test]
fn r_3p_random_games_end() {
    let mut rng = battleline::rng_from_seed(505);
    let mut endings = std::collections::HashMap::new();
    for seed in 0..100 {
        let mut game = Game::new(Options { games: 2, ..three_player_options() }, seed).unwrap();
        play_out_game(&mut game, &mut rng);
        assert_cards_conserved(game.position());
        let result = game.position().result().unwrap();
        *endings.entry(result.victory).or_insert(0) += 1;
        game.apply(&Action::NextGame).unwrap();
        if let Some(w) = result.winner {
            assert_eq!(game.position().current(), w, "R-MATCH-2 with three players");
        }
        play_out_game(&mut game, &mut rng);
        assert_eq!(game.scores().len(), 3);
        let expected: Vec<u32> = (0..3).map(|p| game.results().iter().map(|r| points(r, 3)[p]).sum::<u32>()).collect();
        assert_eq!(game.scores(), expected);
    }
    assert!(endings.len() >= 2, "{endings:?}");
}
