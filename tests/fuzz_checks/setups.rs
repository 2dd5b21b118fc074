//! Target `setups`: a setup either parsed from the bytes as JSON, or (most inputs) the setup of a
//! seeded game with fields overwritten by the bytes: counters at the top of their types, completion
//! stamps, steps, turn flags, empty decks, oversized hands, cards moved between places.
//! `Position::from_setup` refuses what play cannot reach with `bad_input` and never panics; what it
//! accepts round-trips, starts a game (`Game::from_setup`) whose record replays to the same position,
//! keeps its counters in range after every action (no wrap-around, in debug and release alike), and
//! is played to its end by random legal actions: no accepted setup is stuck or endless.

use battleline::{Card, ErrorCode, Game, Phase, Position, Setup, MAX_COMPLETION_STAMP, MAX_SEED};

use super::input::Input;

/// More actions than any game from any setup takes (every card played, each tactic once, passes).
const LONGEST_GAME: usize = 2_000;

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let setup = if input.byte() == 0 {
        match serde_json::from_str::<Setup>(&input.rest_text()) {
            Ok(setup) => setup,
            Err(_) => return,
        }
    } else {
        mutated(&mut input)
    };
    let position = match Position::from_setup(&setup) {
        Ok(position) => position,
        Err(error) => {
            assert!(matches!(error.code, ErrorCode::BadInput | ErrorCode::BadOptions | ErrorCode::FlagFull), "{error}");
            return;
        }
    };
    assert_eq!(Position::from_setup(&position.to_setup()), Ok(position), "the setup does not round-trip");
    let game = Game::from_setup(&setup, 0).expect("a setup Position::from_setup accepts starts a game");
    let replayed = Game::from_record_json(&game.record().to_json()).expect("its record replays");
    assert_eq!(replayed.position(), &position);
    play_to_the_end(position, &mut input);
}

/// A real setup with some fields overwritten.
fn mutated(input: &mut Input) -> Setup {
    let options = input.options();
    let mut game = Game::new(options, input.u64() & MAX_SEED).expect("valid options");
    for _ in 0..input.below(200) {
        if game.position().is_over() {
            break;
        }
        let legal = game.legal_actions();
        let action = legal[input.below(legal.len())];
        game.apply(&action).expect("a legal action");
    }
    let mut setup = game.position().to_setup();
    let players = setup.hands.len();
    for _ in 0..input.below(4) + 1 {
        let p = input.below(players);
        let f = input.below(9);
        match input.byte() % 14 {
            0 => setup.tactics_played[p] = input.byte(),
            1 => setup.flags[f].completed[p] = Some(input.u32()),
            2 => setup.flags[f].completed[p] = Some(MAX_COMPLETION_STAMP - u32::from(input.byte() % 4)),
            3 => {
                setup.phase = [
                    Phase::ScoutDraw { remaining: input.byte() % 5 },
                    Phase::ScoutReturn { remaining: input.byte() % 5 },
                ][input.below(2)]
            }
            4 => setup.turn.step = input.byte(),
            5 => setup.passes_in_row = input.byte(),
            6 => {
                // Move a card from a deck or hand to a side (the census must catch duplicates).
                if let Some(card) = setup.troop_deck.pop().or_else(|| setup.hands[p].pop()) {
                    setup.flags[f].sides[p].push(card);
                }
            }
            7 => setup.current = input.below(4),
            8 => setup.flags[f].claimed_by = input.flip().then(|| input.below(4)),
            10 => {
                // Both decks face up in a discard pile: draw steps have nothing to draw.
                let decks: Vec<Card> = setup.troop_deck.drain(..).chain(setup.tactics_deck.drain(..)).collect();
                setup.discards[p].extend(decks);
            }
            11 => {
                setup.turn.skip_draw = input.flip();
                setup.turn.passed = input.flip();
                setup.turn.claimed = input.flip();
            }
            12 => {
                // Deck cards into a hand (a 41-card hand once loaded).
                let n = input.below(setup.troop_deck.len() + 1);
                let cards: Vec<Card> = setup.troop_deck.drain(..n).collect();
                setup.hands[p].extend(cards);
            }
            13 => setup.voluntary_pass = [None, Some(false), Some(true)][input.below(3)],
            _ => {
                let card = Card::from_id(input.byte() % 70).expect("a card id");
                setup.scout_returned[p].push(card);
            }
        }
    }
    setup
}

/// Plays random legal actions (chosen by the input) from an accepted position until the game is over,
/// checking the counters after each: a step without a legal action, or a game longer than any game can
/// be, is a defect.
fn play_to_the_end(mut position: Position, input: &mut Input) {
    for _ in 0..LONGEST_GAME {
        if position.is_over() {
            return;
        }
        let legal = position.legal_actions();
        assert!(!legal.is_empty(), "an accepted setup is stuck: no legal action at {:?}", position.phase());
        let action = legal[input.below(legal.len())];
        position.apply(&action).unwrap_or_else(|e| panic!("listed {action} was refused: {e}"));
        // At most the setup's 10 plus the 10 cards themselves: far from the top of `u8`.
        let played: usize = position.tactics_played().iter().map(|&n| usize::from(n)).sum();
        assert!(played <= 20, "{played} tactics cards played");
        for flag in position.flags() {
            for stamp in flag.completed.iter().flatten() {
                assert!(*stamp <= MAX_COMPLETION_STAMP + 1000, "stamp {stamp}");
            }
        }
    }
    panic!("an accepted setup is not over after {LONGEST_GAME} actions");
}
