//! Tests of `handmade.rs`, in a file of their own so that the module itself stays short.

use super::*;
use crate::card::Card;
use crate::options::Options;
use crate::random_play::{choose, chooser, deal};

/// The allocation as first written: every flag searched again from the cards left.
fn allocated_by_recomputing(knowledge: &Knowledge, position: &Position) -> [Option<Option<f32>>; FLAG_COUNT] {
    let mut out = [None; FLAG_COUNT];
    let mut order: Vec<(f32, FlagId)> = FlagId::all()
        .filter(|&id| position.flag(id).claimed.is_none() && !position.flag(id).is_complete(knowledge.me))
        .map(|id| (knowledge.mine(position.flag(id)).unwrap_or(f32::NEG_INFINITY), id))
        .collect();
    order.sort_by(|a, b| b.0.total_cmp(&a.0));
    let (mut hand, mut mine) = (knowledge.hand, knowledge.all_mine);
    for (_, id) in order {
        let found = knowledge.mine_from(position.flag(id), hand, &Pool::new(hand), &Pool::new(mine));
        out[id.index()] = Some(found.map(|expected| expected.points));
        if let Some(expected) = found {
            hand = hand.difference(expected.used);
            mine = mine.difference(expected.used);
        }
    }
    out
}

/// Where [`situation`] puts a card, seen from the player to move.
#[derive(Clone, Copy)]
enum Place {
    MySide(usize),
    TheirSide(usize),
    TheirHand,
    /// The next place from the top of the troop deck (the first such card is the top).
    Deck,
}

/// A two-player position without tactics: both hands empty, every troop in the deck, then each
/// named card moved to its place. Returns the position and the player to move.
fn situation(places: &[(&str, Place)]) -> (Position, Player) {
    let mut setup = deal(Options { tactics: false, ..Options::default() }, 1).to_setup();
    let me = setup.current;
    let emptied: Vec<Card> = setup.hands.iter_mut().flat_map(|hand| hand.drain(..)).collect();
    setup.troop_deck.extend(emptied);
    let mut top = Vec::new();
    for &(text, place) in places {
        let card: Card = text.parse().unwrap();
        setup.troop_deck.retain(|&c| c != card);
        match place {
            Place::MySide(flag) => setup.flags[flag].sides[me].push(card),
            Place::TheirSide(flag) => setup.flags[flag].sides[1 - me].push(card),
            Place::TheirHand => setup.hands[1 - me].push(card),
            Place::Deck => top.push(card),
        }
    }
    top.append(&mut setup.troop_deck);
    setup.troop_deck = top;
    // The cards' arrival times follow from their completion times (none here: no side is complete).
    setup.flags.iter_mut().for_each(|f| f.arrived.clear());
    (Position::from_setup(&setup).unwrap(), me)
}

/// Blue 8-9-10, a Wedge: four kinds up, plus the sum.
const WEDGE_8_TO_10: f32 = 4.0 * KIND_STEP + 27.0;

#[test]
fn foresight_holds_the_next_draw_of_the_player_to_move() {
    let (position, me) = situation(&[("b9", Place::MySide(0)), ("b10", Place::MySide(0)), ("b8", Place::Deck)]);
    let flag = position.flag(FlagId::all().next().unwrap());
    let plain = Knowledge::with_params(&position, me, EvalParams::SEARCH);
    assert_eq!(plain.mine(flag), Some(WEDGE_8_TO_10 - MISSING_OWN), "hoped for, at the flat cost");
    let none = Knowledge::with_foresight(&position, me, EvalParams::SEARCH, 0);
    assert_eq!(none.mine(flag), Some(WEDGE_8_TO_10 - MISSING_OWN), "no draw looked at");
    let one = Knowledge::with_foresight(&position, me, EvalParams::SEARCH, 1);
    assert!(one.hand.contains("b8".parse().unwrap()));
    assert_eq!(one.mine(flag), Some(WEDGE_8_TO_10), "the top card is the mover's next draw: held");
}

#[test]
fn foresight_gives_the_second_card_to_the_opponent() {
    let places = [("b9", Place::MySide(0)), ("b10", Place::MySide(0)), ("r1", Place::Deck), ("b8", Place::Deck)];
    let (position, me) = situation(&places);
    let flag = position.flag(FlagId::all().next().unwrap());
    let one = Knowledge::with_foresight(&position, me, EvalParams::SEARCH, 1);
    assert!(!one.hand.contains("b8".parse().unwrap()) && !one.all_mine.contains("b8".parse().unwrap()));
    // Without Blue 8 no Wedge is left: the best hope is Blue 7, 9, 10 (a Battalion Order).
    assert_eq!(one.mine(flag), Some(2.0 * KIND_STEP + 26.0 - MISSING_OWN));
}

#[test]
fn foresight_gives_an_opponent_the_formation_their_hand_completes_at_no_cost() {
    let places = [("r9", Place::TheirSide(1)), ("r10", Place::TheirSide(1)), ("r8", Place::TheirHand)];
    let (position, me) = situation(&places);
    let id = FlagId::all().nth(1).unwrap();
    let flag = position.flag(id);
    let plain = Knowledge::with_params(&position, me, EvalParams::SEARCH);
    assert_eq!(plain.theirs(flag, 1 - me).map(|t| t.points), Some(WEDGE_8_TO_10 - MISSING_OPPONENT), "only hoped for");
    let seen = Knowledge::with_foresight(&position, me, EvalParams::SEARCH, 0);
    assert_eq!(seen.theirs(flag, 1 - me).map(|t| t.points), Some(WEDGE_8_TO_10), "in their sampled hand");
    // The leaf's chance at that flag falls accordingly.
    assert!(seen.chance(&position, id, None) < plain.chance(&position, id, None));
}

#[test]
fn the_duels_read_the_numbers_the_chance_uses() {
    let mut duels = 0;
    for seed in 0..30 {
        let mut position = deal(Options::default(), seed);
        let (mut legal, mut rng) = (Vec::new(), chooser(seed));
        while let Some(action) = choose(&position, &mut legal, &mut rng) {
            position.apply(&action).unwrap();
            for me in 0..2 {
                let knowledge = Knowledge::with_foresight(&position, me, EvalParams::SEARCH, 3);
                let chances = knowledge.chances(&position);
                for (id, duel, chance) in knowledge.duels(&position, 1 - me) {
                    assert!((chance - logistic(duel.diff / SEARCH_TEMPERATURE)).abs() < 1e-6, "seed {seed}");
                    assert_eq!(chance, chances[id.index()], "seed {seed}");
                    assert!(duel.my_cards < duel.capacity || duel.their_cards < duel.capacity);
                    duels += 1;
                }
            }
        }
    }
    assert!(duels > 5_000, "{duels} duels");
}

#[test]
fn reusing_untouched_formations_allocates_exactly_as_recomputing() {
    let mut checked = 0;
    let mut shared_differs_from_alone = 0;
    for tactics in [false, true] {
        for seed in 0..150 {
            let options = Options { tactics, ..Options::default() };
            let mut position = deal(options, seed);
            let (mut legal, mut rng) = (Vec::new(), chooser(seed));
            while let Some(action) = choose(&position, &mut legal, &mut rng) {
                for me in 0..position.players() {
                    let knowledge = Knowledge::with_params(&position, me, EvalParams::SEARCH);
                    let fast = knowledge.allocated(&position).map(|f| f.map(|e| e.map(|e| e.points)));
                    assert_eq!(fast, allocated_by_recomputing(&knowledge, &position), "seed {seed}");
                    let alone = FlagId::all().map(|id| knowledge.mine(position.flag(id)));
                    shared_differs_from_alone +=
                        fast.iter().zip(alone).filter(|(f, a)| matches!(f, Some(f) if f != a)).count();
                    checked += 1;
                }
                position.apply(&action).unwrap();
            }
        }
    }
    assert!(checked > 20_000, "{checked} positions");
    // The cards are really shared out: some flags get less than they would alone.
    assert!(shared_differs_from_alone > 1_000, "{shared_differs_from_alone} flags changed by sharing");
}
