//! R-3P over many random three-player games (no tactics, every claim timing): all 60 troop cards are
//! accounted for after every action, every game ends (R-TURN-6 for three), the turn passes in seat
//! order, a winner holds 3 adjacent flags or any 4, and the record replays the game exactly.

use battleline::{Card, CardSet, ClaimTiming, Game, Options, Position, Record, Victory};
use rand::seq::IndexedRandom;

fn census(position: &Position) -> Vec<Card> {
    let mut cards: Vec<Card> = Vec::new();
    for p in 0..3 {
        cards.extend(position.hand(p).iter());
        cards.extend(position.discards(p).iter());
    }
    cards.extend(position.troop_deck());
    for flag in position.flags() {
        assert_eq!(flag.sides.len(), 3, "every flag has three sides");
        for p in 0..3 {
            cards.extend(flag.sides[p].iter());
        }
    }
    cards
}

fn assert_60_troops(position: &Position) {
    let cards = census(position);
    let set = CardSet::from_cards(cards.iter().copied());
    assert_eq!(set.len(), cards.len(), "a card is in two places: {cards:?}");
    assert_eq!(cards.len(), 60, "cards lost or created");
    assert!(cards.iter().all(|c| c.troop().is_some()), "only troop cards in a three-player game");
}

#[test]
fn r_3p_random_three_player_games_keep_60_troops_end_and_replay_exactly() {
    let mut rng = battleline::rng_from_seed(3);
    let mut games = 0;
    for (k, claim_timing) in
        [ClaimTiming::AfterPlay, ClaimTiming::StartOfTurn, ClaimTiming::EndOfTurn].into_iter().enumerate()
    {
        for seed in 0..100u64 {
            let options = Options { players: 3, tactics: false, claim_timing, ..Options::default() };
            let mut game = Game::new(options, seed * 3 + k as u64).unwrap();
            assert_60_troops(game.position());
            for p in 0..3 {
                assert_eq!(game.position().hand(p).len(), 7, "7 cards dealt to each of three players");
            }
            let mut steps = 0;
            while game.position().result().is_none() {
                let before = game.position().current();
                let legal = game.legal_actions();
                assert!(!legal.is_empty(), "no legal action in a game that is not over");
                let action = *legal.choose(&mut rng).unwrap();
                game.apply(&action).unwrap();
                assert_60_troops(game.position());
                let now = game.position().current();
                assert!(now == before || now == (before + 1) % 3, "play passes in seat order: {before} then {now}");
                steps += 1;
                assert!(steps < 3_000, "the game does not end (R-TURN-6)");
            }
            let result = game.position().result().unwrap();
            if let Some(w) = result.winner {
                let held: Vec<bool> = game.position().flags().iter().map(|f| f.claimed == Some(w)).collect();
                let adjacent = held.windows(3).any(|w| w.iter().all(|&h| h));
                let count = held.iter().filter(|&&h| h).count();
                match result.victory {
                    Victory::Breakthrough => assert!(adjacent, "breakthrough without 3 adjacent flags: {held:?}"),
                    Victory::Envelopment => assert!(count >= 4, "envelopment with fewer than 4 flags: {held:?}"),
                    Victory::Exhaustion => {}
                }
            }
            let replayed = Game::from_record(&Record::from_json(&game.record().to_json()).unwrap()).unwrap();
            assert_eq!(replayed.position(), game.position(), "the record replays the game exactly");
            games += 1;
        }
    }
    assert_eq!(games, 300);
}
