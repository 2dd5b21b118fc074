//! Target `actions`: a seeded game (any options) driven by the bytes: mostly legal actions, sometimes
//! an arbitrary action by any player. A refused action must leave the game exactly as it was and be
//! refused with the code `check` gives; an accepted one must be among the legal actions; the setup,
//! views and the view-only legal actions must agree with the game throughout.

use battleline::bot;
use battleline::{Action, Card, DeckKind, FlagId, Game, Position, MAX_SEED};

use super::input::Input;

/// At most this many steps per input, so that every input runs in milliseconds.
const MAX_STEPS: usize = 600;

/// An arbitrary action: any kind, any card id, any flag.
pub fn arbitrary_action(input: &mut Input) -> Action {
    let card = Card::from_id(input.byte() % 70).unwrap_or_else(|| Card::troops().next().unwrap());
    let flag = FlagId::from_index(input.below(9)).unwrap();
    let deck = if input.flip() { DeckKind::Troop } else { DeckKind::Tactics };
    match input.byte() % 14 {
        0 => Action::Play { card, flag },
        1 => Action::Environment { card, flag },
        2 => Action::Scout,
        3 => Action::ScoutDraw { deck },
        4 => Action::ScoutReturn { card },
        5 => Action::Redeploy { card, to: input.flip().then_some(flag) },
        6 => Action::Deserter { card },
        7 => Action::Traitor { card, to: flag },
        8 => Action::Claim { flag },
        9 => Action::EndClaims,
        10 => Action::Draw { deck },
        11 => Action::Pass,
        12 => Action::NextGame,
        _ => serde_json::from_str(&format!(r#"{{"type":"play","card":"{card}","flag":{}}}"#, flag.number()))
            .expect("a well-formed action"),
    }
}

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let options = input.options();
    let seed = input.u64() & MAX_SEED;
    let mut game = Game::new(options, seed).expect("valid options and seed");
    for step in 0..MAX_STEPS {
        if input.is_empty() || game.is_match_over() {
            break;
        }
        let legal = game.legal_actions();
        let current = game.position().current();
        let choice = input.byte();
        let (player, action) = if choice < 200 {
            (current, legal[usize::from(choice) % legal.len()])
        } else {
            (input.below(4), arbitrary_action(&mut input))
        };
        let before = game.clone();
        let verdict = game.check(player, &action);
        match game.apply_as(player, &action) {
            Ok(()) => {
                assert!(verdict.is_ok(), "{action} by {player} was applied but check said {verdict:?}");
                // Any seat may start the next game of a match (every view offers it); otherwise only
                // the listed actions of the current player are accepted.
                let listed = legal.contains(&action) && (player == current || action == Action::NextGame);
                assert!(listed, "{action} by {player} is not listed as legal");
            }
            Err(error) => {
                assert_eq!(verdict.map_err(|e| e.code), Err(error.code), "{action} by {player}");
                assert!(!(player == current && legal.contains(&action)), "legal {action} was refused: {error}");
                let seated = player < options.players;
                assert!(!(seated && action == Action::NextGame && legal.contains(&action)), "{action}: {error}");
                assert_eq!(game.position(), before.position(), "refused {action} changed the position");
                assert_eq!(game.actions(), before.actions(), "refused {action} changed the record");
                assert_eq!(game.position().digest(), before.position().digest());
            }
        }
        if step % 16 == 0 {
            agree(&game);
        }
    }
    agree(&game);
}

/// The full state, the views and the view-only legal actions all describe the same game.
fn agree(game: &Game) {
    let position = game.position();
    let setup = position.to_setup();
    assert_eq!(Position::from_setup(&setup).as_ref(), Ok(position), "the setup does not round-trip");
    for player in 0..game.options().players {
        let view = game.view(player).expect("a seated player");
        let json = serde_json::to_string(&view).expect("a view serialises");
        let back: battleline::PlayerView = serde_json::from_str(&json).expect("a view parses back");
        let listed = bot::legal_actions(&back).expect("a real view is consistent");
        if player == position.current() {
            assert_eq!(listed, game.legal_actions(), "the view's legal actions differ from the game's");
        } else if !position.is_over() {
            assert!(listed.is_empty(), "player {player} has actions on another's turn");
        }
    }
}
