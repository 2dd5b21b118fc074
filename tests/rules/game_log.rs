//! The game's log (`Game::log`): what each action did, redacted per player like the view. Tests that try
//! to cheat: along whole bot games (tactics with Scout, three players), no player's log names a card of
//! another player's hand or of a deck other than the cards that player put back with Scout; events agree
//! with the state change they report; the log of a replayed record is the same.
#![cfg(feature = "events")]

use battleline::bot::{self, Bot};
use battleline::{Action, Card, DeckKind, Event, Game, Options, Record, Victory};

use crate::shared::strings;

fn games() -> impl Iterator<Item = (Options, u64)> {
    let three = Options { players: 3, tactics: false, ..Options::default() };
    (0..16u64).map(|s| (Options::default(), 500 + s)).chain((0..4u64).map(move |s| (three, 600 + s)))
}

#[test]
fn no_players_log_names_a_card_hidden_from_them() {
    let mut scout_returns_hidden = 0;
    for (options, seed) in games() {
        let mut game = Game::new(options, seed).unwrap();
        let mut bot = bot::RandomBot::new(seed);
        let mut checked = 0;
        // A card a player once held (dealt, drawn) stays known to them wherever it goes: the Scout return
        // they made and their own draws may name it; nothing else may.
        let mut held = vec![battleline::CardSet::EMPTY; options.players];
        while !game.position().is_over() {
            for (p, cards) in held.iter_mut().enumerate() {
                *cards = cards.union(game.position().hand(p));
            }
            let action = bot.choose(&game.view(game.position().current()).unwrap()).unwrap();
            game.apply(&action).unwrap();
            let position = game.position();
            for (p, cards) in held.iter_mut().enumerate() {
                *cards = cards.union(position.hand(p));
            }
            for (viewer, held) in held.iter().enumerate() {
                let mut named = Vec::new();
                strings(&serde_json::to_value(game.log(Some(viewer), 0)).unwrap(), &mut named);
                let others = (0..position.players()).filter(|&p| p != viewer).map(|p| position.hand(p));
                let decks = position.troop_deck().chain(position.tactics_deck());
                let known = position.scout_returned(viewer);
                for card in others.flat_map(|hand| hand.iter().collect::<Vec<_>>()).chain(decks) {
                    if !known.contains(card) && !held.contains(card) {
                        assert!(
                            !named.contains(&card.to_string()),
                            "seed {seed}: {card} leaked to {viewer} by the log"
                        );
                        checked += 1;
                    }
                }
            }
            if let Action::ScoutReturn { card } = action {
                let mover = game.full_log().last().unwrap().player;
                for viewer in (0..position.players()).filter(|&p| p != mover) {
                    let entry = game.log(Some(viewer), game.full_log().len() - 1).remove(0);
                    assert_eq!(entry.action, None, "{card}: another player's Scout return is hidden");
                    scout_returns_hidden += 1;
                }
            }
        }
        assert!(checked > 1000, "seed {seed}: only {checked} hidden cards looked for");
        // A spectator sees no drawn card at all.
        let spectator = game.log(None, 0);
        let draws = spectator.iter().flat_map(|e| &e.events).filter(|e| matches!(e, Event::Drew { .. })).count();
        assert!(draws > 10);
        assert!(
            spectator.iter().flat_map(|e| &e.events).all(|e| !matches!(e, Event::Drew { card: Some(_), .. })),
            "a spectator sees a draw"
        );
    }
    assert!(scout_returns_hidden > 0, "no Scout return was played: the test looked at none");
}

#[test]
fn events_agree_with_the_change_they_report() {
    let mut seen = [0usize; 4]; // draws, moves, claims, game ends
    for (options, seed) in games() {
        let mut game = Game::new(options, seed).unwrap();
        let mut bot = bot::RandomBot::new(seed);
        while !game.position().is_over() {
            let before = *game.position();
            let player = before.current();
            let action = bot.choose(&game.view(player).unwrap()).unwrap();
            game.apply(&action).unwrap();
            let after = game.position();
            let entry = game.full_log().last().unwrap().clone();
            assert_eq!((entry.player, entry.action), (player, Some(action)));
            assert_eq!(entry.index as usize, game.actions().len() - 1);
            for event in entry.events {
                match event {
                    Event::Drew { player: p, deck, card } => {
                        let new: Vec<Card> = after.hand(p).difference(before.hand(p)).iter().collect();
                        assert_eq!(card.map(|c| vec![c]).unwrap_or_default(), new, "the drawn card is the new one");
                        assert!(card.is_none_or(|c| DeckKind::of(c) == deck));
                        seen[0] += 1;
                    }
                    Event::Moved { card, from, to, .. } => {
                        assert!(
                            before.flag(from).sides.iter().any(|s| s.iter().any(|c| c == card)) || !card.is_side_card()
                        );
                        if let Some(to) = to.filter(|_| card.is_side_card()) {
                            assert!(after.flag(to).sides[player].iter().any(|c| c == card), "{card} arrived at {to}");
                        }
                        seen[1] += 1;
                    }
                    Event::Claimed { player: p, flag, formation, .. } => {
                        assert_eq!(after.flag(flag).claimed, Some(p));
                        let side = after.formations(flag).into_iter().find(|s| s.player == p).unwrap();
                        assert_eq!(formation, side.strength);
                        seen[2] += 1;
                    }
                    Event::GameEnded { result, flags } => {
                        assert_eq!(Some(result), after.result());
                        let flags: Vec<_> = flags.iter().collect();
                        if let Some(winner) = result.winner {
                            assert!(flags.iter().all(|&f| after.flag(f).claimed == Some(winner)));
                            if result.victory == Victory::Breakthrough {
                                assert_eq!(flags.len(), 3);
                                assert!(flags.windows(2).all(|w| w[1].index() == w[0].index() + 1), "adjacent");
                            }
                        }
                        seen[3] += 1;
                    }
                    _ => {}
                }
            }
        }
        let replayed = Game::from_record(&Record::from_json(&game.record().to_json()).unwrap()).unwrap();
        assert_eq!(replayed.full_log(), game.full_log(), "seed {seed}: the replay's log is the same");
    }
    assert!(seen.iter().all(|&n| n > 0), "every kind of event was checked: {seen:?}");
}

#[test]
fn the_next_game_of_a_match_says_who_starts() {
    let mut game = Game::new(Options { games: 2, ..Options::default() }, 7).unwrap();
    let mut bot = bot::RandomBot::new(7);
    while !game.position().is_over() {
        let action = bot.choose(&game.view(game.position().current()).unwrap()).unwrap();
        game.apply(&action).unwrap();
    }
    game.apply(&Action::NextGame).unwrap();
    let entry = game.log(Some(0), game.actions().len() - 1).remove(0);
    assert_eq!(entry.events, vec![Event::NextGame { game_index: 1, starter: game.position().current() }]);
}
