//! The review's story on whole games: every lost game has a turning point with its cause, a game lost
//! while following every hint is lost to the draws or the opponent, the steps chain into one curve that
//! ends at the result, and both sides are judged.

use super::*;
use crate::bot::{hint, play_game, Bot, HeuristicBot, RandomBot, SearchBot};
use crate::options::Options;

/// The loser of a finished one-game record.
fn loser(review: &Review) -> Option<Player> {
    let story = review.games.first()?;
    story.winner.map(|w| 1 - w)
}

/// Checks what every review must hold: one curve from step to step ending at the result, causes that
/// point at real decisions and draws, turning points that are steps.
fn check_story(record: &Record, review: &Review) {
    let full = Game::from_record(record).unwrap();
    for pair in review.steps.windows(2) {
        if pair[0].game == pair[1].game {
            assert!((pair[0].after - pair[1].before).abs() < 1e-6, "the steps chain: {pair:?}");
        }
    }
    for step in &review.steps {
        match &step.cause {
            Cause::Decision { player, decision } => {
                let d = &review.decisions[*decision];
                assert_eq!((d.player, d.index), (*player, step.index));
                // A marked decision moves the chance by its loss; an unmarked one (within the noise) not at all.
                let moved = if d.judgement.is_some() { d.loss } else { 0.0 };
                assert!(
                    (step.swing() - if *player == review.player { -moved } else { moved }).abs() < 1e-5,
                    "{step:?} {d:?}"
                );
            }
            Cause::Draws { draws, others } => {
                assert!(others.is_empty(), "two players: every decision is a step");
                for drawn in draws {
                    assert!(drawn.index < step.index);
                    assert!(matches!(record.actions[drawn.index], Action::Draw { .. } | Action::ScoutDraw { .. }));
                    // The card was in the drawer's hand right after the draw, and not before.
                    let before = full.replay_to(drawn.index).unwrap();
                    let after = full.replay_to(drawn.index + 1).unwrap();
                    assert!(!before.position().hand(drawn.player).contains(drawn.card));
                    assert!(after.position().hand(drawn.player).contains(drawn.card));
                }
            }
        }
    }
    let story = &review.games[0];
    assert!(story.over);
    let last = review.steps.last().unwrap();
    let result = match story.winner {
        Some(w) if w == review.player => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    assert_eq!(last.after, result, "the curve ends at the result");
    let total = story.own + story.opponents + story.luck;
    assert!((total - (story.end - story.start)).abs() < 1e-3, "the split adds up: {story:?}");
    for point in &review.turning_points {
        assert!((review.steps[point.step].swing() - point.swing).abs() < 1e-6);
    }
}

#[test]
fn every_review_of_a_lost_game_names_a_turning_point_with_its_cause() {
    let mut lost = 0;
    // The medium budget: the easy search's thirty playouts rate most moves from a visit or two.
    for seed in 0..3u64 {
        let (mut a, mut b) = (RandomBot::new(seed), HeuristicBot::new(seed + 50));
        let game = play_game(Options::default(), 100 + seed, &mut [&mut a, &mut b]).unwrap();
        let record = game.record();
        for player in 0..2 {
            let review = Reviewer::new(&record, player, Level::Medium, seed).unwrap().finish().unwrap();
            check_story(&record, &review);
            if loser(&review) != Some(player) {
                continue;
            }
            lost += 1;
            let falls: Vec<&TurningPoint> = review.turning_points.iter().filter(|p| p.swing < 0.0).collect();
            assert!(!falls.is_empty(), "seed {seed} player {player}: a lost game has a turning point");
            for point in falls {
                // A cause: the decision with the reasons of the move played, or the cards.
                match &review.steps[point.step].cause {
                    Cause::Decision { decision, .. } => {
                        let d = &review.decisions[*decision];
                        assert!(d.loss > 0.0, "a fall at a decision is a move that gave something up");
                        assert_ne!(d.played, d.best);
                    }
                    Cause::Draws { .. } => {}
                }
            }
        }
        // Both sides are judged, each with its accuracy.
        let review = Reviewer::new(&record, 0, Level::Medium, seed).unwrap().finish().unwrap();
        assert!(review.decisions.iter().any(|d| d.player == 0) && review.decisions.iter().any(|d| d.player == 1));
        let acc: Vec<f32> = review.accuracy.iter().map(|a| a.unwrap()).collect();
        assert!(acc.iter().all(|a| (0.0..=100.0).contains(a)), "{acc:?}");
        assert!(acc[0] < acc[1], "random moves are less accurate than the heuristic's: {acc:?}");
    }
    assert!(lost >= 3, "{lost} lost games reviewed");
}

/// A whole game where player 0 plays every hint of the coach at `level` and player 1 is the search at
/// the hard coach's budget (3,000 playouts). Each hint is asked with the seed the review gives that
/// decision's search, so that the review weighs the very hint the player followed.
fn follow_hints(seed: u64, level: Level, review_seed: u64) -> Game {
    let mut game = Game::new(Options::default(), seed).unwrap();
    let mut strong = SearchBot::new(Level::Hard.coach_playouts(), seed + 7);
    while !game.position().is_over() {
        let mover = game.position().current();
        let view = game.view(mover).unwrap();
        let action = if mover == 0 {
            hint(&view, level, decision_seed(review_seed, game.actions().len())).unwrap().action
        } else {
            strong.choose(&view).unwrap()
        };
        game.apply(&action).unwrap();
    }
    game
}

#[test]
fn a_game_lost_while_following_every_hint_is_lost_to_the_draws_or_the_opponent() {
    let mut found = 0;
    for seed in 0..8u64 {
        let game = follow_hints(300 + seed, Level::Medium, seed);
        let record = game.record();
        let review = Reviewer::new(&record, 0, Level::Medium, seed).unwrap().finish().unwrap();
        check_story(&record, &review);
        if loser(&review) != Some(0) {
            continue;
        }
        found += 1;
        let story = &review.games[0];
        // Where it was lost: the hints were the review's own moves, so the fall came from the draws and
        // the opponent's moves, and the turning points that fell name them.
        let mine: Vec<&ReviewedDecision> = review.decisions.iter().filter(|d| d.player == 0).collect();
        let followed = mine.iter().filter(|d| d.played == d.best).count();
        assert!(
            followed * 10 >= mine.len() * 9,
            "seed {seed}: {followed} of {} hints are the review's moves",
            mine.len()
        );
        assert!(story.luck + story.opponents < story.own, "seed {seed}: {story:?}");
        let falls: Vec<&TurningPoint> = review.turning_points.iter().filter(|p| p.swing < 0.0).collect();
        assert!(!falls.is_empty(), "seed {seed}");
        let elsewhere =
            falls.iter().filter(|p| !matches!(review.steps[p.step].cause, Cause::Decision { player: 0, .. })).count();
        assert!(elsewhere * 2 > falls.len(), "seed {seed}: {:?}", review.turning_points);
        if found == 2 {
            break;
        }
    }
    assert!(found >= 1, "the hint follower lost no game of eight");
}

#[test]
fn accuracy_follows_the_chance_given_up() {
    assert!(decision_accuracy(0.0) > 99.99);
    assert!(decision_accuracy(0.05) > decision_accuracy(0.10));
    assert!(decision_accuracy(0.10) > decision_accuracy(0.20));
    assert!((decision_accuracy(0.20) - 39.9).abs() < 1.0, "{}", decision_accuracy(0.20));
    assert_eq!(decision_accuracy(1.0), 0.0);
}
