//! Setups (and records that start from one) that play cannot reach, or from which a game could
//! never end, are refused. Every accepted setup can be played to its end by random legal actions.

use battleline::{ClaimTiming, ErrorCode, Game, Options, Phase, Position, Setup};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// More actions than any game from any setup takes (every card played, each tactic once, passes).
const LONGEST_GAME: usize = 2_000;

/// Plays random legal actions until the game is over; panics if a step has no legal action or the
/// game runs past [`LONGEST_GAME`].
fn play_to_the_end(mut position: Position, rng: &mut ChaCha8Rng, what: &str) {
    for _ in 0..LONGEST_GAME {
        if position.is_over() {
            return;
        }
        let legal = position.legal_actions();
        assert!(!legal.is_empty(), "{what}: no legal action at {:?} and not over", position.phase());
        let action = legal[rng.random_range(0..legal.len())];
        position.apply(&action).unwrap_or_else(|e| panic!("{what}: listed {action} refused: {e}"));
    }
    panic!("{what}: not over after {LONGEST_GAME} actions");
}

fn variants() -> Vec<Options> {
    let mut all = Vec::new();
    for timing in [ClaimTiming::AfterPlay, ClaimTiming::StartOfTurn, ClaimTiming::EndOfTurn] {
        for (players, tactics) in [(2, true), (2, false), (3, false)] {
            all.push(Options { players, tactics, claim_timing: timing, games: 1 });
        }
    }
    all
}

/// A dealt game's setup with both decks turned face up into player 0's discard pile.
fn decks_empty(options: Options) -> Setup {
    let mut setup = Game::new(options, 12).unwrap().position().to_setup();
    let decks: Vec<_> = setup.troop_deck.drain(..).chain(setup.tactics_deck.drain(..)).collect();
    setup.discards[0].extend(decks);
    setup.current = 0;
    setup
}

fn refused_for(setup: &Setup, needle: &str) {
    let error = Position::from_setup(setup).expect_err(needle);
    assert_eq!(error.code, ErrorCode::BadInput);
    assert!(error.message.contains(needle), "{error}");
}

// The case: a draw or Scout-draw step with both decks empty was accepted, not over and with no
// legal action (27 of 378 variant x timing x phase x step combinations); the page's import then showed
// "The computer player could not move" for good. Every combination (and every turn flag) is tried now:
// what is accepted has a legal action and plays to its end.
#[test]
fn no_accepted_setup_is_stuck_with_empty_decks() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    let phases = [
        Phase::Play,
        Phase::Claim,
        Phase::Draw,
        Phase::ScoutDraw { remaining: 1 },
        Phase::ScoutDraw { remaining: 3 },
        Phase::ScoutReturn { remaining: 1 },
        Phase::ScoutReturn { remaining: 2 },
    ];
    let (mut accepted, mut refused) = (0, 0);
    for options in variants() {
        let base = decks_empty(options);
        for phase in phases {
            for step in 0..3 {
                for flags in 0..4 {
                    let mut setup = base.clone();
                    setup.phase = phase;
                    setup.turn.step = step;
                    setup.turn.skip_draw = flags & 1 != 0;
                    setup.turn.passed = flags & 2 != 0;
                    let what = format!("{options:?} {phase:?} step {step} flags {flags}");
                    match Position::from_setup(&setup) {
                        Ok(position) => {
                            accepted += 1;
                            play_to_the_end(position, &mut rng, &what);
                        }
                        Err(error) => {
                            refused += 1;
                            assert_eq!(error.code, ErrorCode::BadInput, "{what}: {error}");
                        }
                    }
                }
            }
        }
    }
    println!("{accepted} accepted and played to the end, {refused} refused");
    assert!(accepted >= 18, "only {accepted} combinations accepted: the sweep tests little");
}

#[test]
fn a_draw_step_with_both_decks_empty_is_refused() {
    for options in variants() {
        let mut setup = decks_empty(options);
        // The draw step's place in the turn (R-VAR-1): play, claim, draw / claim, play, draw / play, draw, claim.
        setup.turn.step = if options.claim_timing == ClaimTiming::EndOfTurn { 1 } else { 2 };
        setup.phase = Phase::Draw;
        // The player has played a card this turn (a draw step holds at most 6).
        let played = setup.hands[0].pop().unwrap();
        setup.discards[0].push(played);
        refused_for(&setup, "no legal action");
    }
}

#[test]
fn a_scout_draw_with_both_decks_empty_is_refused() {
    let mut setup = decks_empty(Options::default());
    setup.phase = Phase::ScoutDraw { remaining: 2 };
    setup.turn.skip_draw = true;
    refused_for(&setup, "no legal action");
}

// Scout steps were accepted in games without tactics.
#[test]
fn scout_steps_without_tactics_are_refused() {
    for options in variants().into_iter().filter(|o| !o.tactics) {
        let mut setup = Game::new(options, 3).unwrap().position().to_setup();
        setup.phase = Phase::ScoutDraw { remaining: 1 };
        setup.turn.skip_draw = true;
        refused_for(&setup, "without tactics");
    }
}

// A 41-card hand: play never deals or draws more than 7 (9 inside Scout's steps).
#[test]
fn oversized_hands_are_refused() {
    let mut setup = Game::new(Options::default(), 4).unwrap().position().to_setup();
    let deck: Vec<_> = setup.troop_deck.drain(..).collect();
    setup.hands[1].extend(deck);
    assert_eq!(setup.hands[1].len(), 7 + 46);
    refused_for(&setup, "holds 53 cards");
    let mut eight = Game::new(Options::default(), 4).unwrap().position().to_setup();
    let card = eight.troop_deck.remove(0);
    eight.hands[0].push(card);
    refused_for(&eight, "holds 8 cards");
}

// Five flags (or three adjacent) held and no result: the game would have ended at the claim (R-END-1).
#[test]
fn won_flags_without_a_result_are_refused() {
    for (flags, victory) in [([1, 3, 5, 7, 9].as_slice(), "Envelopment"), ([4, 5, 6].as_slice(), "Breakthrough")] {
        let mut setup = Game::new(Options::default(), 5).unwrap().position().to_setup();
        for &f in flags {
            setup.flags[f - 1].claimed_by = Some(1);
        }
        refused_for(&setup, victory);
    }
    // Three players win with four flags (R-3P).
    let mut three =
        Game::new(Options { players: 3, tactics: false, ..Options::default() }, 5).unwrap().position().to_setup();
    for f in [1, 3, 5, 7] {
        three.flags[f - 1].claimed_by = Some(2);
    }
    refused_for(&three, "Envelopment");
}

// A finished game's result must agree with the flags.
#[test]
fn results_that_contradict_the_flags_are_refused() {
    let mut game = Game::new(Options::default(), 7).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    while !game.position().is_over() {
        let legal = game.legal_actions();
        game.apply(&legal[rng.random_range(0..legal.len())]).unwrap();
    }
    let finished = game.position().to_setup();
    assert!(Position::from_setup(&finished).is_ok());
    let mut other_winner = finished.clone();
    let result = other_winner.result.as_mut().unwrap();
    result.winner = result.winner.map(|w| 1 - w).or(Some(0));
    refused_for(&other_winner, "does not fit");
    let mut miscounted = finished;
    miscounted.result.as_mut().unwrap().flags[0] += 1;
    refused_for(&miscounted, "counts flags");
}

// A player passes only without a playable troop (R-TURN-4), and a row of passes changes nothing.
#[test]
fn a_row_of_passes_by_a_player_with_a_playable_troop_is_refused() {
    let mut setup = Game::new(Options::default(), 8).unwrap().position().to_setup();
    setup.passes_in_row = 1;
    refused_for(&setup, "playable troop card");
}

// The turn's flags fit its step: no pass before the play step, a pass skips the draw.
#[test]
fn turn_flags_play_cannot_reach_are_refused() {
    let mut passed_early = Game::new(Options::default(), 9).unwrap().position().to_setup();
    passed_early.turn.passed = true;
    passed_early.turn.skip_draw = true;
    refused_for(&passed_early, "before its play step");
    let mut drawing = Game::new(Options::default(), 9).unwrap().position().to_setup();
    drawing.phase = Phase::Draw;
    drawing.turn.step = 2;
    drawing.turn.skip_draw = true;
    let card = drawing.hands[drawing.current].pop().unwrap();
    drawing.discards[drawing.current].push(card);
    refused_for(&drawing, "draws no card");
}

// A record that starts from a setup goes through the same checks: the stuck setup cannot come in
// through `start` either (the page's import reads records).
#[test]
fn records_starting_from_a_stuck_setup_are_refused() {
    let setup = decks_empty(Options::default());
    let game = Game::from_setup(&setup, 1).unwrap();
    let mut record = serde_json::to_value(game.record()).unwrap();
    assert!(Game::from_record_json(&record.to_string()).is_ok());
    record["start"]["phase"] = serde_json::json!({"step": "draw"});
    let played = record["start"]["hands"][0].as_array_mut().unwrap().pop().unwrap();
    record["start"]["discards"][0].as_array_mut().unwrap().push(played);
    record["start"]["turn"]["step"] = serde_json::json!(2);
    let error = Game::from_record_json(&record.to_string()).unwrap_err();
    assert!(error.message.contains("no legal action"), "{error}");
}

// The property the fuzz target `setups` checks, on seeded mutations of real games: whatever
// `from_setup` accepts plays to its end.
#[test]
fn every_accepted_mutated_setup_plays_to_its_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(3636);
    let (mut accepted, mut tried) = (0, 0);
    for options in variants() {
        for seed in 0..60 {
            let mut game = Game::new(options, seed).unwrap();
            for _ in 0..rng.random_range(0..120) {
                if game.position().is_over() {
                    break;
                }
                let legal = game.legal_actions();
                game.apply(&legal[rng.random_range(0..legal.len())]).unwrap();
            }
            let mut setup = game.position().to_setup();
            match rng.random_range(0..6) {
                0 => setup.phase = Phase::ScoutDraw { remaining: rng.random_range(1..4) },
                1 => setup.phase = Phase::ScoutReturn { remaining: rng.random_range(1..3) },
                2 => setup.passes_in_row = rng.random_range(0..3),
                3 => setup.turn.step = rng.random_range(0..3),
                4 => {
                    let decks: Vec<_> = setup.troop_deck.drain(..).chain(setup.tactics_deck.drain(..)).collect();
                    setup.discards[0].extend(decks);
                }
                _ => setup.turn.skip_draw = !setup.turn.skip_draw,
            }
            tried += 1;
            if let Ok(position) = Position::from_setup(&setup) {
                accepted += 1;
                play_to_the_end(position, &mut rng, &format!("{options:?} seed {seed}"));
            }
        }
    }
    println!("{accepted} of {tried} mutated setups accepted and played to the end");
    assert!(accepted > tried / 4, "{accepted} of {tried}");
}
