//! Components (R-COMP-1..3) and set-up (R-SETUP-1..3), seen through games.

use crate::rules_common;

use battleline::{Action, Card, CardSet, Colour, ErrorCode, FlagId, Game, Options, Tactic, TacticKind};
use rules_common::*;

/// Every card of a game, wherever it lies.
fn all_cards(game: &Game) -> CardSet {
    let p = game.position();
    let mut set = CardSet::from_cards(p.troop_deck().chain(p.tactics_deck()));
    for player in 0..p.players() {
        set = set.union(p.hand(player)).union(p.discards(player));
    }
    set.union(p.face_up())
}

// R-COMP-1: a game holds 60 troop cards: six colours in rule order, values 1..10, named by value.
#[test]
fn r_comp_1_sixty_troops_in_a_game() {
    let game = Game::new(default_options(), 3).unwrap();
    let troops = all_cards(&game).troops();
    assert_eq!(troops.len(), 60);
    for colour in Colour::ALL {
        let values: Vec<u8> =
            troops.iter().filter_map(Card::troop).filter(|(c, _)| *c == colour).map(|(_, v)| v).collect();
        assert_eq!(values, (1..=10).collect::<Vec<u8>>(), "{colour:?}");
    }
    let letters: String = Colour::ALL.iter().map(|c| c.letter()).collect();
    assert_eq!(letters, "roygbp");
    let names: Vec<&str> = (1..=10).rev().map(Card::unit_name).collect();
    assert_eq!(
        names,
        [
            "Elephants",
            "Chariots",
            "Heavy Cavalry",
            "Light Cavalry",
            "Hypaspists",
            "Phalangists",
            "Hoplites",
            "Javelineers",
            "Peltasts",
            "Skirmishers"
        ]
    );
}

// R-COMP-2: ten tactics cards, one of each, in three families; all in the tactics deck at the start.
#[test]
fn r_comp_2_ten_tactics_one_of_each() {
    let game = Game::new(default_options(), 4).unwrap();
    let deck: Vec<Card> = game.position().tactics_deck().collect();
    assert_eq!(deck.len(), 10);
    assert_eq!(CardSet::from_cards(deck.iter().copied()), CardSet::ALL_TACTICS);
    assert_eq!(all_cards(&game).len(), 70);
    let family = |kind| -> Vec<Tactic> { Tactic::ALL.into_iter().filter(|t| t.kind() == kind).collect() };
    assert_eq!(family(TacticKind::Morale), [Tactic::Alexander, Tactic::Darius, Tactic::Companion, Tactic::Shield]);
    assert_eq!(family(TacticKind::Environment), [Tactic::Fog, Tactic::Mud]);
    assert_eq!(family(TacticKind::Guile), [Tactic::Scout, Tactic::Redeploy, Tactic::Deserter, Tactic::Traitor]);
    let leaders: Vec<Tactic> = Tactic::ALL.into_iter().filter(|t| t.is_leader()).collect();
    assert_eq!(leaders, [Tactic::Alexander, Tactic::Darius]);
}

// R-COMP-3: nine flags in a line, shown as 1..9.
#[test]
fn r_comp_3_nine_flags_numbered_one_to_nine() {
    let game = Game::new(default_options(), 5).unwrap();
    let view = game.view(0).unwrap();
    assert_eq!(view.flags.len(), 9);
    let numbers: Vec<u8> = view.flags.iter().map(|f| f.flag.number()).collect();
    assert_eq!(numbers, (1..=9).collect::<Vec<u8>>());
    let json = serde_json::to_value(&view).unwrap();
    let shown: Vec<u64> = json["flags"].as_array().unwrap().iter().map(|f| f["flag"].as_u64().unwrap()).collect();
    assert_eq!(shown, (1..=9).collect::<Vec<u64>>());
    assert_eq!(FlagId::from_number(0).unwrap_err().code, ErrorCode::BadFlag);
    assert_eq!(FlagId::from_number(10).unwrap_err().code, ErrorCode::BadFlag);
    assert!(serde_json::from_str::<Action>(r#"{"type":"play","card":"r1","flag":10}"#).is_err());
    assert_eq!(serde_json::from_str::<Action>(r#"{"type":"play","card":"r1","flag":9}"#).unwrap(), play("r1", 9));
}

// R-SETUP-1: seven troop cards each, the rest the troop deck; tactics a separate face-down deck; hands
// then mix troops and tactics.
#[test]
fn r_setup_1_deal_and_mixed_hands() {
    for seed in 0..20 {
        let game = Game::new(default_options(), seed).unwrap();
        let p = game.position();
        for player in 0..2 {
            assert_eq!((p.hand(player).len(), p.hand(player).troops().len()), (7, 7));
        }
        assert_eq!((p.troop_deck_len(), p.tactics_deck_len()), (46, 10));
        assert!(p.flags().iter().all(|f| f.sides.iter().all(|s| s.is_empty())));
        let view = game.view(1 - p.current()).unwrap();
        assert_eq!(view.troop_deck, 46);
        assert!(view.hand_sizes.iter().all(|h| h.troops == 7 && h.tactics == 0));
    }
    // Drawing from the tactics deck puts a tactic among the troops.
    let mut game = Game::new(default_options(), 1).unwrap();
    let player = game.position().current();
    let card = game.position().hand(player).iter().next().unwrap();
    game.apply(&Action::Play { card, flag: flag(1) }).unwrap();
    game.apply(&DRAW_TACTICS).unwrap();
    let hand = game.position().hand(player);
    assert_eq!((hand.troops().len(), hand.tactics().len()), (6, 1));
}

// R-SETUP-2: a random player starts.
#[test]
fn r_setup_2_random_player_starts() {
    let mut starts = [0u32; 3];
    for seed in 0..200 {
        starts[Game::new(default_options(), seed).unwrap().position().current()] += 1;
    }
    assert!(starts[0] > 60 && starts[1] > 60 && starts[2] == 0, "{starts:?}");
    let mut starts = [0u32; 3];
    for seed in 0..300 {
        starts[Game::new(three_player_options(), seed).unwrap().position().current()] += 1;
    }
    assert!(starts.iter().all(|&n| n > 60), "{starts:?}");
}

// R-SETUP-3: one seed plus the actions replays a game exactly (every intermediate position too).
#[test]
fn r_setup_3_seed_and_actions_replay_exactly() {
    use rand::seq::IndexedRandom;
    let mut rng = battleline::rng_from_seed(33);
    for (k, options) in
        [default_options(), basic_options(), three_player_options(), Options { games: 3, ..default_options() }]
            .into_iter()
            .enumerate()
    {
        let mut game = Game::new(options, 1234 + k as u64).unwrap();
        let mut positions = vec![*game.position()];
        while !game.is_match_over() {
            let action = *game.legal_actions().choose(&mut rng).unwrap();
            game.apply(&action).unwrap();
            positions.push(*game.position());
        }
        let json = game.record().to_json();
        let replayed = Game::from_record(&battleline::Record::from_json(&json).unwrap()).unwrap();
        assert_eq!(replayed.position(), game.position());
        assert_eq!(replayed.scores(), game.scores());
        for n in [0, 1, positions.len() / 2, positions.len() - 1] {
            assert_eq!(*game.replay_to(n).unwrap().position(), positions[n], "after {n} actions");
        }
        // The same seed deals the same game; another seed another one.
        assert_eq!(Game::new(options, 1234 + k as u64).unwrap().position(), &positions[0]);
        assert_ne!(Game::new(options, 4321 + k as u64).unwrap().position(), &positions[0]);
    }
}
