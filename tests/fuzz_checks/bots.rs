//! Target `bots`: the view of a seeded game after some actions, with fields overwritten by the bytes
//! (deck and hand sizes up to the top of their types, counters, completion stamps, cards, step, game
//! index). Every bot either refuses the view with a typed error or answers one of the actions the
//! view allows, never panics; an untouched view gets an action that is legal in the real game.

use battleline::bot::{self, BotKind};
use battleline::{Card, Game, KnownDeckCard, Phase, PlayerView, MAX_SEED};

use super::input::Input;

/// The bots tried on each view (small budgets: an input must run in milliseconds).
const BOTS: [BotKind; 3] = [BotKind::Random, BotKind::Heuristic, BotKind::Search { playouts: 12, trees: 2 }];

/// The first byte that makes the rest of the input a view in JSON (regression cases are written so).
pub const JSON_VIEW: u8 = 0xFF;

pub fn check(data: &[u8]) {
    if data.first() == Some(&JSON_VIEW) {
        if let Ok(view) = serde_json::from_slice::<PlayerView>(&data[1..]) {
            ask_every_bot(&view, 1);
        }
        return;
    }
    let mut input = Input::new(data);
    let options = input.options();
    let mut game = Game::new(options, input.u64() & MAX_SEED).expect("valid options");
    for _ in 0..input.below(120) {
        if game.is_match_over() {
            break;
        }
        let legal = game.legal_actions();
        game.apply(&legal[input.below(legal.len())]).expect("a legal action");
    }
    let player = if input.flip() { game.position().current() } else { input.below(options.players) };
    let mut view = game.view(player).expect("a seated player");
    let changes = input.below(4);
    for _ in 0..changes {
        mutate(&mut view, &mut input);
    }
    let seed = input.u64();
    let allowed = bot::legal_actions(&view);
    if changes == 0 {
        let expected = if player == game.position().current() || game.position().is_over() {
            game.legal_actions()
        } else {
            Vec::new()
        };
        assert_eq!(allowed.as_ref().ok(), Some(&expected), "an untouched view");
    }
    ask_every_bot(&view, seed);
}

/// Every bot answers an action the view allows, or refuses the view; none panics.
fn ask_every_bot(view: &PlayerView, seed: u64) {
    let allowed = bot::legal_actions(view);
    for kind in BOTS {
        match bot::suggest_with(view, kind, seed) {
            Ok(action) => {
                let allowed = allowed.as_ref().expect("a bot answered a view the engine refuses");
                assert!(allowed.contains(&action), "{kind} answered {action}, which the view does not allow");
            }
            Err(error) => {
                assert!(!error.message.is_empty());
            }
        }
    }
}

/// Overwrites one field of the view.
fn mutate(view: &mut PlayerView, input: &mut Input) {
    let players = view.hand_sizes.len().max(1);
    let p = input.below(players);
    let f = input.below(view.flags.len().max(1));
    match input.byte() % 12 {
        0 => view.troop_deck = [usize::MAX - 201, (1usize << 32) - 202, input.below(80), usize::MAX][input.below(4)],
        1 => view.tactics_deck = [usize::MAX - 9, input.below(20), usize::MAX][input.below(3)],
        2 => view.hand_sizes[p].troops = input.byte(),
        3 => view.hand_sizes[p].tactics = input.byte(),
        4 => view.tactics_played[p] = input.byte(),
        5 => {
            if let Some(flag) = view.flags.get_mut(f) {
                flag.completed[p] = Some(input.u32());
            }
        }
        6 => view.game_index = input.u32(),
        7 => view.turn.step = input.byte(),
        8 => {
            view.phase = [Phase::ScoutReturn { remaining: input.byte() }, Phase::ScoutDraw { remaining: input.byte() }]
                [input.below(2)]
        }
        9 => {
            let card = Card::from_id(input.byte() % 70).expect("a card id");
            view.hand.push(card);
        }
        10 => {
            let card = Card::from_id(input.byte() % 70).expect("a card id");
            let deck = battleline::DeckKind::of(card);
            view.scout_returned.push(KnownDeckCard { card, deck, depth: input.byte() });
        }
        _ => view.passes_in_row = input.byte(),
    }
}
