//! The brute-force claim oracle, shared by `tests/rules/claim_oracle.rs` and the `proofs` fuzz target
//! (`tests/fuzz_checks`). It does not use the engine's formation code: it enumerates every set of
//! `need` distinct unseen cards that could complete each incomplete opponent side, every colour and
//! value each wild card could take (Leader 6 × 1..10, Companion 6 × 8, Shield 6 × 1..3), classifies
//! each resulting side plainly (sorted values; same colour; consecutive; same value) and keeps the best.

#![allow(dead_code)]

use std::collections::BTreeMap;

use battleline::{is_claimable_with_retired, prove_with_retired, Card, CardSet, Flag, FormationKind, Strength, Tactic};

/// A troop as (colour 0..6, value 1..10).
pub type Troop = (u8, u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wild {
    Leader,
    Companion,
    Shield,
}

/// Every (colour, value) a wild card may take.
pub fn wild_options(wild: Wild) -> Vec<Troop> {
    let values: Vec<u8> = match wild {
        Wild::Leader => (1..=10).collect(),
        Wild::Companion => vec![8],
        Wild::Shield => vec![1, 2, 3],
    };
    (0..6).flat_map(|c| values.iter().map(move |&v| (c, v))).collect()
}

/// (kind rank: Host 0, Skirmish Line 1, Battalion Order 2, Phalanx 3, Wedge 4; sum), compared as a tuple.
pub type Plain = (u8, u32);

/// Classify a side of fixed troops (at most 4), the plain way.
pub fn classify(side: &[Troop], fog: bool) -> Plain {
    let sum: u32 = side.iter().map(|&(_, v)| u32::from(v)).sum();
    if fog {
        return (0, sum);
    }
    let mut buffer = [0u8; 4];
    let values = &mut buffer[..side.len()];
    for (slot, &(_, v)) in values.iter_mut().zip(side) {
        *slot = v;
    }
    values.sort_unstable();
    let same_colour = side.iter().all(|&(c, _)| c == side[0].0);
    let consecutive = values.windows(2).all(|w| w[1] == w[0] + 1);
    let same_value = values.windows(2).all(|w| w[1] == w[0]);
    let kind = if same_colour && consecutive {
        4
    } else if same_value {
        3
    } else if same_colour {
        2
    } else if consecutive {
        1
    } else {
        0
    };
    (kind, sum)
}

/// A side being built: up to 4 troops.
#[derive(Clone, Copy)]
pub struct Side {
    cards: [Troop; 4],
    len: usize,
}

impl Side {
    pub fn new(troops: &[Troop]) -> Side {
        let mut side = Side { cards: [(0, 0); 4], len: 0 };
        for &troop in troops {
            side.push(troop);
        }
        side
    }

    pub fn push(&mut self, troop: Troop) {
        self.cards[self.len] = troop;
        self.len += 1;
    }

    pub fn pop(&mut self) {
        self.len -= 1;
    }

    pub fn cards(&self) -> &[Troop] {
        &self.cards[..self.len]
    }
}

/// The best classification of troops plus wilds, trying every assignment of every wild.
pub fn evaluate(troops: &[Troop], wilds: &[Wild], options: &[Vec<Troop>; 3], fog: bool) -> Plain {
    evaluate_side(&mut Side::new(troops), wilds, options, fog)
}

pub fn evaluate_side(side: &mut Side, wilds: &[Wild], options: &[Vec<Troop>; 3], fog: bool) -> Plain {
    let Some((&first, rest)) = wilds.split_first() else {
        return classify(side.cards(), fog);
    };
    let mut best = (0, 0);
    for &choice in &options[first as usize] {
        side.push(choice);
        best = best.max(evaluate_side(side, rest, options, fog));
        side.pop();
    }
    best
}

/// The best plain strength over every completion of `troops + wilds` with `need` distinct cards of
/// `unseen`; `None` when there are fewer than `need` unseen cards.
pub fn best_completion(
    troops: &[Troop],
    wilds: &[Wild],
    need: usize,
    unseen: &[Troop],
    options: &[Vec<Troop>; 3],
    fog: bool,
) -> Option<Plain> {
    struct Search<'a> {
        unseen: &'a [Troop],
        wilds: &'a [Wild],
        options: &'a [Vec<Troop>; 3],
        fog: bool,
        best: Option<Plain>,
    }
    fn go(search: &mut Search<'_>, side: &mut Side, from: usize, need: usize) {
        if need == 0 {
            let value = evaluate_side(side, search.wilds, search.options, search.fog);
            search.best = Some(search.best.map_or(value, |b| b.max(value)));
            return;
        }
        for i in from..search.unseen.len() {
            if search.unseen.len() - i < need {
                break;
            }
            side.push(search.unseen[i]);
            go(search, side, i + 1, need - 1);
            side.pop();
        }
    }
    let mut search = Search { unseen, wilds, options, fog, best: None };
    go(&mut search, &mut Side::new(troops), 0, need);
    search.best
}

/// Troops and wilds of a list of engine cards (the engine is used for card notation only).
pub fn split(cards: &[Card]) -> (Vec<Troop>, Vec<Wild>) {
    let mut troops = Vec::new();
    let mut wilds = Vec::new();
    for &card in cards {
        match (card.troop(), card.as_tactic()) {
            (Some((colour, value)), _) => troops.push((colour.index() as u8, value)),
            (None, Some(Tactic::Alexander | Tactic::Darius)) => wilds.push(Wild::Leader),
            (None, Some(Tactic::Companion)) => wilds.push(Wild::Companion),
            (None, Some(Tactic::Shield)) => wilds.push(Wild::Shield),
            other => panic!("unexpected card on a side: {other:?}"),
        }
    }
    (troops, wilds)
}

pub fn plain(strength: Strength) -> Plain {
    let kind = match strength.kind {
        FormationKind::Host => 0,
        FormationKind::SkirmishLine => 1,
        FormationKind::BattalionOrder => 2,
        FormationKind::Phalanx => 3,
        FormationKind::Wedge => 4,
    };
    (kind, u32::from(strength.sum))
}

// ---------------------------------------------------------------------------------------------
// Judging one claim against the oracle.
// ---------------------------------------------------------------------------------------------

/// One claim to judge.
pub struct Position {
    /// The flag.
    pub flag: Flag,
    /// Players in the game.
    pub players: usize,
    /// Who claims.
    pub claimant: usize,
    /// The troops that may still come.
    pub unseen: CardSet,
    /// The seat that resigned from a three-player game (R-3P-RESIGN-2): no opponent, and no claimant.
    pub retired: Option<usize>,
}

/// Number of wild assignments the oracle tries for a side with these wilds.
pub fn assignments(wilds: &[Wild]) -> u64 {
    wilds
        .iter()
        .map(|w| match w {
            Wild::Leader => 60,
            Wild::Companion => 6,
            Wild::Shield => 18,
        })
        .product()
}

pub fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Oracle work for one position: evaluations times wild assignments, summed over opponents.
pub fn cost(position: &Position) -> u64 {
    let flag = &position.flag;
    let unseen = position.unseen.len() as u64;
    (0..position.players)
        .filter(|&p| Some(p) != position.retired)
        .map(|p| {
            let side: Vec<Card> = flag.sides[p].iter().collect();
            let (_, wilds) = split(&side);
            let need = flag.capacity().saturating_sub(side.len()) as u64;
            choose(unseen, need) * assignments(&wilds)
        })
        .sum()
}

/// At most this much oracle work per position (an evaluation of one assignment is a few ns).
pub const BUDGET: u64 = 60_000;

#[derive(Default)]
pub struct Stats {
    pub positions: u64,
    pub claimable: u64,
    pub by_need: BTreeMap<usize, u64>,
    pub fog: u64,
    pub mud: u64,
    pub fog_and_mud: u64,
    pub wilds: u64,
    pub three_players: u64,
    /// Positions with a resigned seat (R-3P-RESIGN-2).
    pub retired: u64,
    pub empty_opponent: u64,
    pub complete_vs_complete: u64,
    pub cannot_complete: u64,
    pub counterexamples: u64,
}

impl Stats {
    pub fn merge(&mut self, other: Stats) {
        self.positions += other.positions;
        self.claimable += other.claimable;
        for (need, count) in other.by_need {
            *self.by_need.entry(need).or_default() += count;
        }
        self.fog += other.fog;
        self.mud += other.mud;
        self.fog_and_mud += other.fog_and_mud;
        self.wilds += other.wilds;
        self.three_players += other.three_players;
        self.retired += other.retired;
        self.empty_opponent += other.empty_opponent;
        self.complete_vs_complete += other.complete_vs_complete;
        self.cannot_complete += other.cannot_complete;
        self.counterexamples += other.counterexamples;
    }
}

pub fn check(position: &Position, options: &[Vec<Troop>; 3], stats: &mut Stats) {
    let Position { flag, players, claimant, unseen, retired } = position;
    let (players, claimant, unseen, retired) = (*players, *claimant, *unseen, *retired);
    let fog = flag.fog.is_some();
    let capacity = flag.capacity();
    let unseen_troops: Vec<Troop> =
        unseen.iter().map(|c| c.troop().map(|(k, v)| (k.index() as u8, v)).unwrap()).collect();
    let side = |p: usize| -> Vec<Card> { flag.sides[p].iter().collect() };
    let context =
        || format!("flag {flag:?}, players {players}, retired {retired:?}, claimant {claimant}, unseen {unseen:?}");

    let proof = prove_with_retired(flag, players, retired, claimant, unseen);
    assert_eq!(
        is_claimable_with_retired(flag, players, retired, claimant, unseen),
        proof.claimable,
        "is_claimable disagrees with prove: {}",
        context()
    );

    // Oracle verdict.
    let mine_complete = flag.sides[claimant].len() >= capacity;
    // The opponents: every other seat still in the game (a resigned seat's side counts for nothing).
    let opponents: Vec<usize> = (0..players).filter(|&p| p != claimant && Some(p) != retired).collect();
    let expected = if flag.claimed.is_some() || !mine_complete || retired == Some(claimant) {
        assert!(!proof.claimable && proof.opponents.is_empty(), "{}", context());
        false
    } else {
        let (troops, wilds) = split(&side(claimant));
        let mine = evaluate(&troops, &wilds, options, fog);
        assert_eq!(proof.claimant_strength.map(plain), Some(mine), "claimant strength: {}", context());
        assert_eq!(proof.opponents.len(), opponents.len(), "{}", context());
        let mut all_lose = true;
        for (&o, opponent) in opponents.iter().zip(&proof.opponents) {
            assert_eq!(opponent.player, o);
            let cards = side(o);
            let (troops, wilds) = split(&cards);
            let need = capacity.saturating_sub(cards.len());
            *stats.by_need.entry(need).or_default() += 1;
            if cards.is_empty() {
                stats.empty_opponent += 1;
            }
            let (best, beats) = if need == 0 {
                stats.complete_vs_complete += 1;
                let theirs = evaluate(&troops, &wilds, options, fog);
                let mine_first = flag.completed[claimant].unwrap() < flag.completed[o].unwrap();
                (Some(theirs), theirs > mine || (theirs == mine && !mine_first))
            } else {
                let best = best_completion(&troops, &wilds, need, &unseen_troops, options, fog);
                (best, best.is_some_and(|b| b > mine))
            };
            if best.is_none() {
                stats.cannot_complete += 1;
            }
            assert_eq!(opponent.complete, need == 0, "{}", context());
            assert_eq!(opponent.strength.map(plain), best, "best strength of player {o}: {}", context());
            assert_eq!(opponent.beats_claimant, beats, "verdict for player {o}: {}", context());
            // The reported cards really make the reported formation from unseen cards.
            assert_eq!(&opponent.cards[..cards.len()], &cards[..], "{}", context());
            assert_eq!(&opponent.cards[cards.len()..], &opponent.added[..], "{}", context());
            if let Some(best) = best {
                assert_eq!(opponent.added.len(), need, "{}", context());
                let added = CardSet::from_cards(opponent.added.iter().copied());
                assert_eq!(added.len(), need, "added cards are distinct: {}", context());
                assert!(added.difference(unseen).is_empty(), "added cards are unseen: {}", context());
                let (troops, wilds) = split(&opponent.cards);
                assert_eq!(evaluate(&troops, &wilds, options, fog), best, "added cards make the best: {}", context());
                if beats && need > 0 {
                    stats.counterexamples += 1;
                }
            } else {
                assert!(opponent.added.is_empty(), "{}", context());
            }
            all_lose &= !beats;
        }
        all_lose
    };
    assert_eq!(proof.claimable, expected, "verdict: {} ({})", context(), proof.reason);

    stats.positions += 1;
    stats.claimable += u64::from(expected);
    stats.fog += u64::from(fog);
    stats.mud += u64::from(flag.mud.is_some());
    stats.fog_and_mud += u64::from(fog && flag.mud.is_some());
    stats.wilds += u64::from((0..players).any(|p| flag.sides[p].iter().any(|c| !c.is_troop())));
    stats.three_players += u64::from(players == 3);
    stats.retired += u64::from(retired.is_some());
}
