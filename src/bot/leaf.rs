//! The search's leaf evaluation: the chance that each player wins the game from a sampled (fully
//! known) position, without playing it out.
//!
//! For every unclaimed flag each side's prospects are the strongest formation it can reach with its
//! own hand (sure) or with its hand and the troops it will draw from the sampled deck (hoped, less a
//! penalty per card still to draw); a logistic of the difference is the chance to win the flag.
//! Treating flags as independent, the chance to win the game is then exact over the 2^9 ways the
//! flags can fall (three adjacent flags or five, R-END-1). Averaging over samples is the search's job.

use crate::card_set::CardSet;
use crate::flag::{Flag, Player, FLAG_COUNT};
use crate::formation::{best_completion, FormationKind, Pool, Shape};
use crate::position::Position;

use super::eval::points;

/// Points taken off a hoped-for formation for each card of it still to be drawn.
const MISSING: f32 = 12.0;
/// Logistic temperature (points; one formation kind is 40).
const TEMPERATURE: f32 = 16.0;
/// The same under Fog (sums only).
const TEMPERATURE_FOG: f32 = 4.0;

/// A side's prospects at one flag.
#[derive(Clone, Copy, Debug)]
enum Prospect {
    /// The side is complete with these points.
    Done(f32),
    /// Incomplete: the expected points, and the best points reachable at all.
    Open { expected: f32, best: f32 },
    /// The side can no longer be completed.
    Never,
}

struct Hands {
    hand: CardSet,
    sure: Pool,
    hoped: Pool,
}

fn prospect(flag: &Flag, player: Player, hands: &Hands) -> Prospect {
    let fog = flag.fog.is_some();
    let side = &flag.sides[player];
    let shape = Shape::of(side.iter());
    let need = flag.capacity().saturating_sub(side.len());
    if need == 0 {
        let done = best_completion(&shape, 0, &Pool::EMPTY, fog, FormationKind::Host);
        return Prospect::Done(done.map_or(0.0, |d| points(d.strength, fog)));
    }
    let sure = best_completion(&shape, need, &hands.sure, fog, FormationKind::Host).map(|d| points(d.strength, fog));
    let hoped = best_completion(&shape, need, &hands.hoped, fog, FormationKind::Host);
    match (sure, hoped) {
        (_, None) => Prospect::Never,
        (sure, Some(hoped)) => {
            let missing = hoped.added().iter().filter(|c| !hands.hand.contains(**c)).count() as f32;
            let best = points(hoped.strength, fog);
            let expected = sure.map_or(best - MISSING * missing, |s| s.max(best - MISSING * missing));
            Prospect::Open { expected, best }
        }
    }
}

/// The chance that `a` beats `b` at this flag (two players).
fn flag_chance(flag: &Flag, a: Player, b: Player, pa: Prospect, pb: Prospect) -> f32 {
    let temperature = if flag.fog.is_some() { TEMPERATURE_FOG } else { TEMPERATURE };
    flag_chance_at(flag, a, b, pa, pb, temperature)
}

fn flag_chance_at(flag: &Flag, a: Player, b: Player, pa: Prospect, pb: Prospect, temperature: f32) -> f32 {
    match (pa, pb) {
        (Prospect::Done(x), Prospect::Done(y)) => {
            let first = matches!((flag.completed[a], flag.completed[b]), (Some(s), Some(t)) if s < t);
            if x > y || (x == y && first) {
                1.0
            } else {
                0.0
            }
        }
        (Prospect::Done(x), Prospect::Open { best, .. }) if best <= x => 1.0,
        (Prospect::Open { best, .. }, Prospect::Done(y)) if best <= y => 0.0,
        (Prospect::Never, Prospect::Never) => 0.5,
        (_, Prospect::Never) => 1.0,
        (Prospect::Never, _) => 0.0,
        (pa, pb) => logistic((expected(pa) - expected(pb)) / temperature),
    }
}

fn expected(p: Prospect) -> f32 {
    match p {
        Prospect::Done(x) => x,
        Prospect::Open { expected, .. } => expected,
        Prospect::Never => f32::MIN,
    }
}

fn logistic(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Each player's chance to win the game from this sampled position (they sum to 1 in two-player
/// games). A finished game is 1 / ½ / 0.
pub(crate) fn win_chances(position: &Position) -> [f32; 3] {
    let players = position.players();
    if let Some(result) = position.result() {
        let mut out = [0.0; 3];
        for (p, slot) in out.iter_mut().enumerate().take(players) {
            *slot = match result.winner {
                Some(w) if w == p => 1.0,
                Some(_) => 0.0,
                None => 1.0 / players as f32,
            };
        }
        return out;
    }
    // Troops each player will draw if everyone draws troops from now on, the current player first.
    let mut future = [CardSet::EMPTY; 3];
    for (i, card) in position.troop_deck().enumerate() {
        future[(position.current() + i) % players].insert(card);
    }
    let hands: Vec<Hands> = (0..players)
        .map(|p| {
            let hand = position.hand(p).troops();
            Hands { hand, sure: Pool::new(hand), hoped: Pool::new(hand.union(future[p])) }
        })
        .collect();
    // chance[p][f]: player p wins flag f.
    let mut chance = [[0.0f32; FLAG_COUNT]; 3];
    for (f, flag) in position.flags().iter().enumerate() {
        if let Some(owner) = flag.claimed {
            chance[owner][f] = 1.0;
            continue;
        }
        let prospects: Vec<Prospect> = (0..players).map(|p| prospect(flag, p, &hands[p])).collect();
        for p in 0..players {
            chance[p][f] =
                (0..players).filter(|&q| q != p).map(|q| flag_chance(flag, p, q, prospects[p], prospects[q])).product();
        }
        if players > 2 {
            let total: f32 = (0..players).map(|p| chance[p][f]).sum();
            if total > 0.0 {
                (0..players).for_each(|p| chance[p][f] /= total);
            }
        }
    }
    if players == 2 {
        let win = game_chance(&chance[0]);
        return [win, 1.0 - win, 0.0];
    }
    // Three players: by expected flags (4 flags or 3 adjacent win, R-3P), normalised.
    let mut out = [0.0; 3];
    let strengths: Vec<f32> = (0..players).map(|p| (chance[p].iter().sum::<f32>() * 1.2).exp()).collect();
    let total: f32 = strengths.iter().sum();
    for p in 0..players {
        out[p] = strengths[p] / total;
    }
    out
}

/// Player 0's chance to win a two-player game when they take flag f with chance `p[f]`, flags
/// independent: three adjacent or five flags win (R-END-1); if both sides would reach a winning
/// set, it counts half.
fn game_chance(p: &[f32; FLAG_COUNT]) -> f32 {
    let mut probs = [0.0f32; 1 << FLAG_COUNT];
    probs[0] = 1.0;
    for (f, &pf) in p.iter().enumerate() {
        let bit = 1 << f;
        for mask in 0..bit {
            let base = probs[mask];
            probs[mask | bit] = base * pf;
            probs[mask] = base * (1.0 - pf);
        }
    }
    probs.iter().zip(OUTCOMES.iter()).map(|(pr, o)| pr * o).sum()
}

/// Player 0's result for each way the nine flags fall (bit f set: player 0 holds flag f).
static OUTCOMES: [f32; 1 << FLAG_COUNT] = outcomes();

const fn outcomes() -> [f32; 1 << FLAG_COUNT] {
    let mut out = [0.0f32; 1 << FLAG_COUNT];
    let mut mask = 0;
    while mask < (1 << FLAG_COUNT) {
        let mine = wins(mask);
        let theirs = wins(!mask & ((1 << FLAG_COUNT) - 1));
        out[mask] = if mine && theirs {
            0.5
        } else if mine {
            1.0
        } else {
            0.0
        };
        mask += 1;
    }
    out
}

const fn wins(mask: usize) -> bool {
    if mask.count_ones() >= 5 {
        return true;
    }
    let mut f = 0;
    while f + 2 < FLAG_COUNT {
        if mask >> f & 0b111 == 0b111 {
            return true;
        }
        f += 1;
    }
    false
}

/// Constants of the allocation evaluation (experiments).
const ALLOC_MISSING: f32 = 14.0;
const ALLOC_TEMPERATURE: f32 = 18.0;
const ALLOC_TEMPERATURE_FOG: f32 = 5.0;

/// Each player's prospects at every flag, hand cards allocated to one flag each (most committed
/// flags first); the deck is what may still come to anybody.
fn allocated(position: &Position, player: Player, deck: CardSet) -> [Prospect; FLAG_COUNT] {
    let mut out = [Prospect::Never; FLAG_COUNT];
    let mut order: [(usize, usize); FLAG_COUNT] = [(0, 0); FLAG_COUNT];
    let mut n = 0;
    for (f, flag) in position.flags().iter().enumerate() {
        if flag.claimed.is_some() {
            continue;
        }
        let side = &flag.sides[player];
        if side.len() >= flag.capacity() {
            let fog = flag.fog.is_some();
            let done = best_completion(&Shape::of(side.iter()), 0, &Pool::EMPTY, fog, FormationKind::Host);
            out[f] = Prospect::Done(done.map_or(0.0, |d| points(d.strength, fog)));
            continue;
        }
        order[n] = (side.len(), f);
        n += 1;
    }
    order[..n].sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut remaining = position.hand(player).troops();
    for &(_, f) in &order[..n] {
        let flag = position.flag(crate::flag::FlagId::all().nth(f).unwrap_or_else(|| unreachable!()));
        let fog = flag.fog.is_some();
        let side = &flag.sides[player];
        let shape = Shape::of(side.iter());
        let need = flag.capacity() - side.len();
        let sure = best_completion(&shape, need, &Pool::new(remaining), fog, FormationKind::Host);
        let hoped = best_completion(&shape, need, &Pool::new(remaining.union(deck)), fog, FormationKind::Host);
        let Some(hoped) = hoped else {
            out[f] = sure.map_or(Prospect::Never, |s| {
                let x = points(s.strength, fog);
                Prospect::Open { expected: x, best: x }
            });
            continue;
        };
        let missing = hoped.added().iter().filter(|c| !remaining.contains(**c)).count() as f32;
        let best = points(hoped.strength, fog);
        let mut expected = best - ALLOC_MISSING * missing;
        match sure {
            Some(s) => {
                expected = expected.max(points(s.strength, fog));
                for card in s.added() {
                    remaining.remove(*card);
                }
            }
            None => {
                for card in hoped.added() {
                    remaining.remove(*card);
                }
            }
        }
        out[f] = Prospect::Open { expected, best };
    }
    out
}

/// Win chances from allocated prospects, for two players; `game` aggregates with [`game_chance`],
/// otherwise by expected flags (scaled by `scale`).
pub(crate) fn allocated_chances(position: &Position, game: bool, scale: f32) -> [f32; 3] {
    if position.is_over() || position.players() != 2 {
        return win_chances(position);
    }
    let deck: CardSet = position.troop_deck().collect();
    let mine = allocated(position, 0, deck);
    let theirs = allocated(position, 1, deck);
    let mut p = [0.0f32; FLAG_COUNT];
    for (f, flag) in position.flags().iter().enumerate() {
        p[f] = match flag.claimed {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => {
                let t = if flag.fog.is_some() { ALLOC_TEMPERATURE_FOG } else { ALLOC_TEMPERATURE };
                flag_chance_at(flag, 0, 1, mine[f], theirs[f], t)
            }
        };
    }
    let win = if game {
        game_chance(&p)
    } else {
        let q = p.map(|x| 1.0 - x);
        let windows = |p: &[f32; FLAG_COUNT]| p.windows(3).map(|w| w[0] * w[1] * w[2]).sum::<f32>();
        let value = p.iter().sum::<f32>() + 1.5 * (windows(&p) - windows(&q));
        logistic((value - 4.5) / scale)
    };
    [win, 1.0 - win, 0.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_chance_follows_the_flags() {
        assert_eq!(game_chance(&[1.0; 9]), 1.0);
        assert_eq!(game_chance(&[0.0; 9]), 0.0);
        assert!((game_chance(&[0.5; 9]) - 0.5).abs() < 1e-5);
        let mut three = [0.0; 9];
        three[3..6].fill(1.0);
        assert_eq!(game_chance(&three), 0.5, "a breakthrough each");
    }
}
