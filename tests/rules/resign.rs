//! R-3P-RESIGN: a player leaves a three-player game and the two others play on. Each test does what a
//! host does (one seat sends `resign` at some moment of a real game) and checks the rule through the
//! public API only: refusals that change nothing, the resigned side leaving the open flags, turns that
//! skip the seat, games that still end with a winner who stayed, forfeited points, and records that
//! replay the resignation.

use battleline::{
    Action, Card, CardSet, ClaimTiming, ErrorCode, FlagId, Game, Options, Player, Position, Record, Victory,
};
use rand::seq::IndexedRandom;
use rand::Rng;

fn three(claim_timing: ClaimTiming) -> Options {
    Options { players: 3, tactics: false, claim_timing, ..Options::default() }
}

/// Plays random legal actions until `stop` says so or the game is over; false if it ended first.
fn play_until(game: &mut Game, rng: &mut rand_chacha::ChaCha8Rng, stop: impl Fn(&Game) -> bool) -> bool {
    while !game.position().is_over() {
        if stop(game) {
            return true;
        }
        let action = *game.legal_actions().choose(rng).expect("a game not over has a legal action");
        game.apply(&action).unwrap();
    }
    false
}

/// Every troop card once: hands, discards, the deck and the board (R-3P: 60 troops, no tactics).
fn assert_60_troops(position: &Position) {
    let mut cards: Vec<Card> = position.troop_deck().collect();
    for p in 0..3 {
        cards.extend(position.hand(p).iter().chain(position.discards(p).iter()));
        cards.extend(position.flags().iter().flat_map(|f| f.sides[p].iter()));
    }
    assert_eq!(CardSet::from_cards(cards.iter().copied()).len(), 60, "a card lost or doubled");
    assert_eq!(cards.len(), 60);
}

fn refused(game: &mut Game, player: Player, code: ErrorCode) {
    let before = game.clone();
    let err = game.apply_as(player, &Action::Resign { player }).unwrap_err();
    assert_eq!(err.code, code, "{err}");
    assert_eq!(game.position(), before.position(), "a refused resignation changed the position");
    assert_eq!(game.record(), before.record(), "a refused resignation was recorded");
}

#[test]
fn r_3p_resign_1_refusals_leave_the_game_as_it_was() {
    // A two-player game: resigning ends the match, which is the host's call, not a rule of the game.
    let mut duel = Game::new(Options::default(), 5).unwrap();
    refused(&mut duel, 0, ErrorCode::CannotResign);
    refused(&mut duel, 1, ErrorCode::CannotResign);

    let mut game = Game::new(three(ClaimTiming::AfterPlay), 5).unwrap();
    // Only for oneself, and only a seat of the game.
    let before = game.clone();
    let err = game.apply_as(0, &Action::Resign { player: 1 }).unwrap_err();
    assert_eq!(err.code, ErrorCode::BadPlayer, "{err}");
    assert_eq!(game.position(), before.position());
    refused(&mut game, 3, ErrorCode::BadPlayer);

    // One seat out: it cannot leave twice, and neither of the two left can (that ends the match).
    let out = (game.position().current() + 2) % 3;
    game.resign(out).unwrap();
    refused(&mut game, out, ErrorCode::CannotResign);
    for p in (0..3).filter(|&p| p != out) {
        refused(&mut game, p, ErrorCode::CannotResign);
    }
    // The resigned seat plays nothing more, even an action that is legal for the player to move.
    let action = game.legal_actions()[0];
    let before = game.clone();
    assert_eq!(game.apply_as(out, &action).unwrap_err().code, ErrorCode::BadPlayer);
    assert_eq!(game.position(), before.position());

    // Nobody resigns from a game that is over.
    let mut rng = battleline::rng_from_seed(1);
    let mut over = Game::new(three(ClaimTiming::AfterPlay), 6).unwrap();
    play_until(&mut over, &mut rng, |_| false);
    refused(&mut over, 0, ErrorCode::GameOver);
}

#[test]
fn r_3p_resign_1_any_seat_may_resign_at_any_step_of_any_turn() {
    let mut rng = battleline::rng_from_seed(2);
    let mut seen_out_of_turn = 0;
    let mut seen_on_turn = 0;
    for seed in 0..60u64 {
        let timing = [ClaimTiming::AfterPlay, ClaimTiming::StartOfTurn, ClaimTiming::EndOfTurn][seed as usize % 3];
        let mut game = Game::new(three(timing), seed).unwrap();
        let after = rng.random_range(0..120);
        if !play_until(&mut game, &mut rng, |g| g.actions().len() >= after) {
            continue;
        }
        let out = rng.random_range(0..3);
        let current = game.position().current();
        game.resign(out).unwrap();
        assert_eq!(game.position().retired(), Some(out));
        assert_eq!(game.actions().last(), Some(&Action::Resign { player: out }), "the record holds it");
        if out == current {
            seen_on_turn += 1;
            assert_eq!(game.position().current(), (out + 1) % 3, "the next seat starts a turn");
        } else {
            seen_out_of_turn += 1;
            assert_eq!(game.position().current(), current, "the turn in progress goes on");
        }
    }
    assert!(seen_on_turn > 5 && seen_out_of_turn > 10, "{seen_on_turn} on turn, {seen_out_of_turn} out of turn");
}

/// Random three-player games; one seat resigns at a random moment of each (some on their own turn).
fn games_with_a_resignation(count: u64, seed: u64) -> Vec<(Game, Player, Position)> {
    let mut rng = battleline::rng_from_seed(seed);
    let mut out = Vec::new();
    for k in 0..count {
        let timing = [ClaimTiming::AfterPlay, ClaimTiming::StartOfTurn, ClaimTiming::EndOfTurn][k as usize % 3];
        let mut game = Game::new(three(timing), seed * 1000 + k).unwrap();
        let after = rng.random_range(0..150);
        if !play_until(&mut game, &mut rng, |g| g.actions().len() >= after) {
            continue;
        }
        let seat = if rng.random_bool(0.3) { game.position().current() } else { rng.random_range(0..3) };
        let before = *game.position();
        game.resign(seat).unwrap();
        out.push((game, seat, before));
    }
    out
}

#[test]
fn r_3p_resign_2_the_resigned_side_leaves_every_open_flag_and_nothing_else_moves() {
    let mut moved_cards = 0;
    for (game, out, before) in games_with_a_resignation(120, 7) {
        let after = game.position();
        assert_60_troops(after);
        let mut left = CardSet::EMPTY;
        for (b, a) in before.flags().iter().zip(after.flags()) {
            assert_eq!((a.claimed, a.fog, a.mud), (b.claimed, b.fog, b.mud), "claims, Fog and Mud stay");
            for p in 0..3 {
                if p == out && b.claimed.is_none() {
                    assert!(a.sides[p].is_empty(), "the resigned side left the open flag");
                    left = left.union(CardSet::from_cards(b.sides[p].iter()));
                } else {
                    assert!(a.sides[p].iter().eq(b.sides[p].iter()), "the other sides, and claimed flags, stay");
                }
            }
        }
        moved_cards += left.len();
        assert_eq!(after.discards(out), before.discards(out).union(left), "they go to the discard pile");
        assert_eq!(after.face_up(), before.face_up(), "nothing new is seen");
        for p in 0..3 {
            assert_eq!(after.hand(p), before.hand(p), "hands stay (the resigned one out of play)");
        }
        assert_eq!(after.passes_in_row(), 0, "a new row of passes starts (R-3P-RESIGN-3)");
    }
    assert!(moved_cards > 100, "too few cards left the board to test anything: {moved_cards}");
}

#[test]
fn r_3p_resign_2_a_flag_held_back_only_by_the_resigned_side_can_be_claimed() {
    // Find, in real games, a complete side whose claim only the seat about to resign prevents.
    let mut rng = battleline::rng_from_seed(11);
    let mut found = 0;
    'games: for seed in 0..400u64 {
        let mut game = Game::new(three(ClaimTiming::AfterPlay), seed).unwrap();
        while !game.position().is_over() {
            let position = *game.position();
            for flag in FlagId::all() {
                for claimant in 0..3 {
                    let proof = position.explain_claim(claimant, flag);
                    let beaters: Vec<Player> =
                        proof.opponents.iter().filter(|o| o.beats_claimant).map(|o| o.player).collect();
                    if proof.claimant_strength.is_none() || beaters.len() != 1 || beaters[0] == claimant {
                        continue;
                    }
                    let out = beaters[0];
                    let mut resigned = game.clone();
                    resigned.resign(out).unwrap();
                    let now = resigned.position();
                    assert!(now.can_claim(claimant, flag), "{flag:?}: only player {out} held back {claimant}");
                    assert!(now.explain_claim(claimant, flag).opponents.iter().all(|o| o.player != out));
                    // The claim is offered when the claimant's claim step comes (nothing can beat
                    // the side any more: the flag's cards never change, the unseen ones only go).
                    let mut rest = resigned;
                    while !rest.position().is_over() && rest.position().flag(flag).claimed.is_none() {
                        let p = rest.position();
                        if p.current() == claimant && p.phase() == battleline::Phase::Claim {
                            assert!(rest.legal_actions().contains(&Action::Claim { flag }), "{flag:?}");
                            break;
                        }
                        let action = *rest.legal_actions().choose(&mut rng).unwrap();
                        rest.apply(&action).unwrap();
                    }
                    found += 1;
                    if found >= 20 {
                        break 'games;
                    }
                    continue 'games;
                }
            }
            let action = *game.legal_actions().choose(&mut rng).unwrap();
            game.apply(&action).unwrap();
        }
    }
    assert!(found >= 20, "only {found} flags held back by one opponent alone");
}

#[test]
fn r_3p_resign_3_turns_skip_the_resigned_seat_to_the_end_r_3p_resign_4() {
    let mut rng = battleline::rng_from_seed(5);
    let (mut won, mut exhausted) = (0, 0);
    for (mut game, out, _) in games_with_a_resignation(150, 3) {
        let mut steps = 0;
        while !game.position().is_over() {
            let before = game.position().current();
            assert_ne!(before, out, "the resigned seat is never asked to move");
            let action = *game.legal_actions().choose(&mut rng).unwrap();
            game.apply(&action).unwrap();
            let now = game.position().current();
            let next = if (before + 1) % 3 == out { (before + 2) % 3 } else { (before + 1) % 3 };
            assert!(now == before || now == next || game.position().is_over(), "{before} then {now}, {out} out");
            assert_60_troops(game.position());
            steps += 1;
            assert!(steps < 3_000, "the game does not end (R-TURN-6 with two left)");
        }
        let result = game.position().result().unwrap();
        assert_ne!(result.winner, Some(out), "the resigned seat cannot win");
        let held = |p: Player| game.position().flags().iter().map(|f| f.claimed == Some(p)).collect::<Vec<_>>();
        match (result.victory, result.winner) {
            (Victory::Breakthrough, Some(w)) => assert!(held(w).windows(3).any(|r| r.iter().all(|&h| h))),
            (Victory::Envelopment, Some(w)) => assert!(held(w).iter().filter(|&&h| h).count() >= 4),
            (Victory::Exhaustion, winner) => {
                exhausted += 1;
                // Only the two who stayed are compared (R-3P-RESIGN-4).
                let stayed: Vec<Player> = (0..3).filter(|&p| p != out).collect();
                let flags = result.flags;
                if let Some(w) = winner {
                    let other = stayed.iter().copied().find(|&p| p != w).unwrap();
                    assert!(flags[w] > flags[other], "{flags:?}");
                }
            }
            _ => unreachable!("a win needs a winner"),
        }
        won += u32::from(result.winner.is_some());
        // The record, resignation included, replays to the same game (through its JSON too).
        let replayed = Game::from_record(&Record::from_json(&game.record().to_json()).unwrap()).unwrap();
        assert_eq!(replayed.position(), game.position());
        assert_eq!(replayed.position().retired(), Some(out));
    }
    assert!(won > 50 && exhausted > 0, "{won} won, {exhausted} by passes");
}

#[test]
fn r_3p_resign_5_the_resigned_seat_forfeits_the_match_and_sits_out_its_later_games() {
    let mut rng = battleline::rng_from_seed(9);
    let mut later_games = 0;
    for seed in 0..40u64 {
        let options = Options { games: 3, ..three(ClaimTiming::AfterPlay) };
        let mut game = Game::new(options, seed).unwrap();
        // The first game is played out, so the seat to resign may hold points already.
        play_until(&mut game, &mut rng, |_| false);
        let out = rng.random_range(0..3);
        game.apply(&Action::NextGame).unwrap();
        game.resign(out).unwrap();
        assert_eq!(game.scores()[out], 0, "no points at all once resigned");
        while !game.is_match_over() {
            let position = *game.position();
            assert_eq!(position.retired(), Some(out), "out for the rest of the match");
            if !position.is_over() {
                assert_ne!(position.current(), out);
            }
            let action = *game.legal_actions().choose(&mut rng).unwrap();
            if action == Action::NextGame {
                later_games += 1;
                let result = position.result().unwrap();
                game.apply(&action).unwrap();
                // R-MATCH-2: the winner starts; after a draw, the next seat still in the game.
                assert_ne!(game.position().current(), out);
                if let Some(w) = result.winner {
                    assert_eq!(game.position().current(), w);
                }
                continue;
            }
            game.apply(&action).unwrap();
        }
        let score = game.match_score();
        assert_eq!(score.scores[out], 0);
        assert!(score.scores.iter().all(|&s| s >= score.scores[out]), "the resigned seat ranks last");
        assert_eq!(game.view(out).unwrap().retired, Some(out), "every view says who is out");
        assert_eq!(game.spectator_view().retired, Some(out));
        let replayed = Game::from_record(&game.record()).unwrap();
        assert_eq!(replayed.scores(), game.scores());
    }
    assert!(later_games > 20, "{later_games} later games");
}

#[test]
fn r_3p_resign_2_a_position_with_a_resigned_seat_round_trips_through_its_setup() {
    for (game, out, _) in games_with_a_resignation(40, 13) {
        let setup = game.position().to_setup();
        assert_eq!(setup.retired, Some(out));
        let json = serde_json::to_string(&setup).unwrap();
        let back = Position::from_setup(&serde_json::from_str(&json).unwrap()).unwrap();
        assert_eq!(back, *game.position());
        // A resigned seat cannot hold cards at an open flag, nor be the one to move.
        if let Some(i) = back.flags().iter().position(|f| f.claimed.is_none()) {
            let mut broken = setup.clone();
            let card = broken.troop_deck.pop();
            if let Some(card) = card {
                broken.flags[i].sides[out].push(card);
                assert_eq!(Position::from_setup(&broken).unwrap_err().code, ErrorCode::BadInput);
            }
        }
        if !back.is_over() {
            let mut broken = setup.clone();
            broken.current = out;
            assert_eq!(Position::from_setup(&broken).unwrap_err().code, ErrorCode::BadInput);
        }
    }
}
