//! Formations (R-FORM): the kinds, their strength, and the best formation a complete side makes,
//! wild cards (R-MORALE) taking their best values.
//!
//! The same analytic core answers two questions: the strength of a complete side
//! ([`best_strength`]), and the strongest formation an incomplete side can still reach with cards
//! from a pool of unseen troops (used by the claim proof, R-CLAIM). It never enumerates
//! combinations: for each kind, strongest first, it finds the largest sum of a completion fitting
//! that kind's pattern with a few bit operations on per-colour value masks. The first kind with a
//! fitting completion is the answer, because a completion fitting a pattern is at least that kind.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Colour, Tactic};
use crate::card_set::CardSet;

/// The formation kinds, weakest first so that the derived order is the strength order (R-FORM-2).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FormationKind {
    /// Anything else.
    Host,
    /// Consecutive values, any colours.
    SkirmishLine,
    /// Same colour, not consecutive.
    BattalionOrder,
    /// Same value.
    Phalanx,
    /// Same colour, consecutive values.
    Wedge,
}

impl FormationKind {
    /// The English name used in explanations (R-FORM-2).
    ///
    /// ```
    /// use battleline::FormationKind;
    /// assert_eq!(FormationKind::Wedge.name(), "Wedge");
    /// assert_eq!(FormationKind::BattalionOrder.name(), "Battalion Order");
    /// assert!(FormationKind::Phalanx > FormationKind::BattalionOrder);
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FormationKind::Wedge => "Wedge",
            FormationKind::Phalanx => "Phalanx",
            FormationKind::BattalionOrder => "Battalion Order",
            FormationKind::SkirmishLine => "Skirmish Line",
            FormationKind::Host => "Host",
        }
    }

    /// The kind's rank in R-FORM-2, weakest first: Host 0, Skirmish Line 1, Battalion Order 2,
    /// Phalanx 3, Wedge 4. The one table of it; evaluations scale it as they like.
    ///
    /// ```
    /// use battleline::FormationKind;
    /// assert_eq!(FormationKind::Host.rank(), 0);
    /// assert_eq!(FormationKind::Wedge.rank(), 4);
    /// ```
    pub const fn rank(self) -> u8 {
        match self {
            FormationKind::Host => 0,
            FormationKind::SkirmishLine => 1,
            FormationKind::BattalionOrder => 2,
            FormationKind::Phalanx => 3,
            FormationKind::Wedge => 4,
        }
    }
}

/// What a formation is worth: kind first, then the sum of values (R-FORM-3).
/// Under Fog every formation counts as a Host, so only the sum decides (R-ENV-1).
///
/// ```
/// use battleline::{best_strength, Card, FormationKind};
/// let cards = |text: &str| text.split(' ').map(|c| c.parse::<Card>().unwrap()).collect::<Vec<_>>();
/// let wedge = best_strength(&cards("r3 r4 r5"), false);
/// assert_eq!((wedge.kind, wedge.sum), (FormationKind::Wedge, 12));
/// assert!(wedge > best_strength(&cards("b9 g9 y9"), false), "a Wedge beats a Phalanx (R-FORM-3)");
/// let fog = |text: &str| best_strength(&cards(text), true);
/// assert!(fog("r3 r4 r5") < fog("b9 g9 y9"), "under Fog only sums count (R-ENV-1)");
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Strength {
    /// The kind (always `Host` under Fog).
    pub kind: FormationKind,
    /// The sum of the values.
    pub sum: u8,
}

/// The strength of a complete side (3 cards, or 4 with Mud; any length 1..=4 is evaluated the same
/// way), wild cards taking the colours and values that make it strongest (R-FORM-2, R-FORM-3,
/// R-FORM-5, R-MORALE). Under Fog only the sum counts and the kind is always `Host` (R-ENV-1).
/// Tactics cards other than the four morale cards are ignored; an empty slice is a Host of sum 0.
///
/// ```
/// use battleline::{best_strength, Card, FormationKind, Strength};
/// let cards = |text: &str| -> Vec<Card> { text.split(' ').map(|t| t.parse().unwrap()).collect() };
/// assert_eq!(best_strength(&cards("r5 r7 r6"), false), Strength { kind: FormationKind::Wedge, sum: 18 });
/// // Alexander becomes red 10 next to red 8 and red 9.
/// assert_eq!(best_strength(&cards("r8 alexander r9"), false), Strength { kind: FormationKind::Wedge, sum: 27 });
/// // Under Fog only the sum counts.
/// assert_eq!(best_strength(&cards("r8 alexander r9"), true), Strength { kind: FormationKind::Host, sum: 27 });
/// ```
pub fn best_strength(cards: &[Card], fog: bool) -> Strength {
    complete_strength(&Shape::of(cards.iter().copied()), fog)
}

/// The strength of a side of this shape as it stands (no card added): the same as
/// [`best_completion`] with `need = 0`, directly when the side holds troops only.
pub(crate) fn complete_strength(shape: &Shape, fog: bool) -> Strength {
    if shape.has_wilds() || shape.count == 0 {
        return best_completion(shape, 0, &Pool::EMPTY, fog, FormationKind::Host)
            .map_or(Strength { kind: FormationKind::Host, sum: 0 }, |done| done.strength);
    }
    let sum = shape.sum.min(u16::from(u8::MAX)) as u8;
    if fog {
        return Strength { kind: FormationKind::Host, sum };
    }
    let values = shape.values;
    // `naturals` distinct consecutive values (the troops are all the side holds).
    let run = values >> values.trailing_zeros() == (1u16 << shape.naturals) - 1;
    let one_colour = shape.colours & shape.colours.wrapping_sub(1) == 0;
    let one_value = values & values.wrapping_sub(1) == 0;
    let kind = if run && one_colour {
        FormationKind::Wedge
    } else if one_value {
        FormationKind::Phalanx
    } else if one_colour {
        FormationKind::BattalionOrder
    } else if run {
        FormationKind::SkirmishLine
    } else {
        FormationKind::Host
    };
    Strength { kind, sum }
}

/// Value masks: bit `v - 1` stands for value `v`.
const VALUE_8: u16 = 1 << 7;
const VALUES_1_TO_3: u16 = 0b111;

/// What a side already holds, reduced to what formations care about.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Shape {
    /// Troop and morale cards on the side.
    count: u8,
    /// Troop cards.
    naturals: u8,
    /// Mask of the troops' values.
    values: u16,
    /// Mask of the troops' colours (bit = colour index).
    colours: u8,
    /// Sum of the troops' values.
    sum: u16,
    leaders: u8,
    companions: u8,
    shields: u8,
}

impl Shape {
    /// The shape of these cards (tactics other than morale cards are ignored).
    pub(crate) fn of(cards: impl Iterator<Item = Card>) -> Shape {
        let mut shape = Shape::default();
        for card in cards {
            if let Some((colour, value)) = card.troop() {
                shape.naturals = shape.naturals.saturating_add(1);
                shape.values |= 1 << (value - 1);
                shape.colours |= 1 << colour.index();
                shape.sum = shape.sum.saturating_add(u16::from(value));
            } else {
                match card.as_tactic() {
                    Some(Tactic::Alexander | Tactic::Darius) => shape.leaders = shape.leaders.saturating_add(1),
                    Some(Tactic::Companion) => shape.companions = shape.companions.saturating_add(1),
                    Some(Tactic::Shield) => shape.shields = shape.shields.saturating_add(1),
                    _ => continue,
                }
            }
            shape.count = shape.count.saturating_add(1);
        }
        shape
    }

    /// Whether the troops' values are pairwise different (needed by consecutive formations).
    fn distinct_values(&self) -> bool {
        self.values.count_ones() == u32::from(self.naturals)
    }

    /// Whether the side holds a morale card.
    fn has_wilds(&self) -> bool {
        self.leaders | self.companions | self.shields != 0
    }

    /// The wilds' contribution when each takes its highest value (Battalion Order, Host).
    fn wild_max(&self) -> u16 {
        u16::from(self.leaders) * 10 + u16::from(self.companions) * 8 + u16::from(self.shields) * 3
    }

    /// The colours a same-colour formation may take: the troops' colour, or any when there is none.
    fn colour_candidates(&self) -> u8 {
        match self.colours {
            0 => 0b11_1111,
            one if one & (one - 1) == 0 => one,
            _ => 0,
        }
    }
}

/// The troops that may still come, as per-colour value masks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pool {
    /// Value mask per colour.
    colour: [u16; 6],
    /// Values present in any colour.
    any: u16,
    /// Number of cards.
    total: u8,
}

impl Pool {
    /// No card at all.
    pub(crate) const EMPTY: Pool = Pool { colour: [0; 6], any: 0, total: 0 };

    /// The pool of the troop cards of `set` (tactics are dropped).
    pub(crate) fn new(set: CardSet) -> Pool {
        let set = set.troops();
        let mut pool = Pool::EMPTY;
        for (c, slot) in pool.colour.iter_mut().enumerate() {
            *slot = set.colour_values(c);
            pool.any |= *slot;
        }
        pool.total = set.len() as u8;
        pool
    }

    /// How many colours hold value `v + 1`.
    fn count(&self, v: usize) -> usize {
        self.colour.iter().filter(|&&mask| mask >> v & 1 == 1).count()
    }

    /// Number of cards in the pool.
    pub(crate) fn len(&self) -> usize {
        usize::from(self.total)
    }
}

/// The best formation a side can reach, and the troops it adds to get there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Completion {
    pub(crate) strength: Strength,
    added: [Card; 4],
    added_len: u8,
}

impl Completion {
    fn new(kind: FormationKind, sum: u16) -> Completion {
        Completion {
            strength: Strength { kind, sum: sum.min(u16::from(u8::MAX)) as u8 },
            added: [Card::troop_unchecked(Colour::Red, 1); 4],
            added_len: 0,
        }
    }

    /// A side completed without adding cards.
    pub(crate) fn as_it_stands(strength: Strength) -> Completion {
        Completion { strength, ..Completion::new(FormationKind::Host, 0) }
    }

    fn add(&mut self, colour: usize, value: usize) {
        if let Some(slot) = self.added.get_mut(usize::from(self.added_len)) {
            *slot = Card::troop_unchecked(Colour::ALL[colour], value as u8 + 1);
            self.added_len += 1;
        }
    }

    /// The troops added to the side, highest value first within a kind's own order.
    pub(crate) fn added(&self) -> &[Card] {
        &self.added[..usize::from(self.added_len)]
    }
}

/// The strongest formation reachable by adding exactly `need` distinct troops from `pool` to a side
/// of this shape, wilds at their best; kinds weaker than `min_kind` are not examined. `None` when no
/// completion of kind `min_kind` or stronger exists (in particular when the pool is too small).
pub(crate) fn best_completion(
    shape: &Shape,
    need: usize,
    pool: &Pool,
    fog: bool,
    min_kind: FormationKind,
) -> Option<Completion> {
    if need > 4 || usize::from(pool.total) < need {
        return None;
    }
    let n = usize::from(shape.count) + need;
    if n == 0 {
        return Some(Completion::new(FormationKind::Host, 0));
    }
    if !fog {
        // Strongest kind first; the first that fits is the answer.
        if let Some(done) = best_run(shape, need, n, pool, true) {
            return Some(done);
        }
        if min_kind <= FormationKind::Phalanx {
            if let Some(done) = best_phalanx(shape, need, n, pool) {
                return Some(done);
            }
        }
        if min_kind <= FormationKind::BattalionOrder {
            if let Some(done) = best_battalion(shape, need, pool) {
                return Some(done);
            }
        }
        if min_kind <= FormationKind::SkirmishLine {
            if let Some(done) = best_run(shape, need, n, pool, false) {
                return Some(done);
            }
        }
    }
    if min_kind > FormationKind::Host {
        return None;
    }
    // Host: anything goes, so the top `need` values of the pool (R-FORM-2 5, R-ENV-1).
    let mut done = Completion::new(FormationKind::Host, 0);
    let mut sum = shape.sum + shape.wild_max();
    let mut left = need;
    for v in (0..10).rev() {
        for c in 0..6 {
            if left > 0 && pool.colour[c] >> v & 1 == 1 {
                done.add(c, v);
                sum += v as u16 + 1;
                left -= 1;
            }
        }
    }
    done.strength.sum = sum.min(u16::from(u8::MAX)) as u8;
    Some(done)
}

/// Wedge (`same_colour`) or Skirmish Line: `n` distinct consecutive values, highest run first.
fn best_run(shape: &Shape, need: usize, n: usize, pool: &Pool, same_colour: bool) -> Option<Completion> {
    if !shape.distinct_values() || n > 10 {
        return None;
    }
    let colours = if same_colour { shape.colour_candidates() } else { 1 };
    if colours == 0 {
        return None;
    }
    let kind = if same_colour { FormationKind::Wedge } else { FormationKind::SkirmishLine };
    if !shape.has_wilds() {
        return best_plain_run(shape, n, pool, colours, kind);
    }
    let run = (1u16 << n) - 1;
    for start in (0..=10 - n).rev() {
        let values = run << start;
        if shape.values & !values != 0 {
            continue;
        }
        let missing = values & !shape.values;
        for c in (0..6).filter(|c| colours >> c & 1 == 1) {
            let avail = if same_colour { pool.colour[c] } else { pool.any };
            let Some(draw) = fill_run(shape, missing, avail) else {
                continue;
            };
            debug_assert_eq!(draw.count_ones() as usize, need);
            let sum = (n * (start + 1) + n * (n - 1) / 2) as u16;
            let mut done = Completion::new(kind, sum);
            for v in (0..10).rev().filter(|v| draw >> v & 1 == 1) {
                let colour = if same_colour { c } else { (0..6).find(|&k| pool.colour[k] >> v & 1 == 1).unwrap_or(0) };
                done.add(colour, v);
            }
            return Some(done);
        }
    }
    None
}

/// [`best_run`] for a side without wild cards: the same answer (highest run, then lowest colour),
/// found for all starts at once. Bit `s` of a colour's mask says that values `s + 1 ..= s + n` are
/// each on the side or in the pool.
fn best_plain_run(shape: &Shape, n: usize, pool: &Pool, colours: u8, kind: FormationKind) -> Option<Completion> {
    let same_colour = kind == FormationKind::Wedge;
    // The starts whose run holds every value already on the side.
    let starts = if shape.values == 0 {
        0x3ff
    } else {
        let low = shape.values.trailing_zeros() as usize;
        let high = 15 - shape.values.leading_zeros() as usize;
        if high + 1 > low + n {
            return None;
        }
        let first = (high + 1).saturating_sub(n);
        ((1u16 << (low + 1)) - 1) & !((1u16 << first) - 1)
    };
    let fits = |avail: u16| {
        let have = avail | shape.values;
        (1..n).fold(have, |acc, k| acc & have >> k) & starts
    };
    let (start, c) = if same_colour {
        let mut found = 0u16;
        let mut fitting = [0u16; 6];
        for c in (0..6).filter(|c| colours >> c & 1 == 1) {
            fitting[c] = fits(pool.colour[c]);
            found |= fitting[c];
        }
        if found == 0 {
            return None;
        }
        let start = 15 - found.leading_zeros() as usize;
        (start, (0..6).find(|&c| fitting[c] >> start & 1 == 1).unwrap_or(0))
    } else {
        let found = fits(pool.any);
        if found == 0 {
            return None;
        }
        (15 - found.leading_zeros() as usize, 0)
    };
    let draw = ((1u16 << n) - 1) << start & !shape.values;
    let sum = (n * (start + 1) + n * (n - 1) / 2) as u16;
    let mut done = Completion::new(kind, sum);
    for v in (0..10).rev().filter(|v| draw >> v & 1 == 1) {
        let colour = if same_colour { c } else { (0..6).find(|&k| pool.colour[k] >> v & 1 == 1).unwrap_or(0) };
        done.add(colour, v);
    }
    Some(done)
}

/// The wilds each take a different value of `missing` (Companion only 8, Shield only 1..3, a Leader
/// any); every missing value no wild takes must be in `avail`. Returns the values to draw from the
/// pool, or `None` when the wilds cannot be placed so.
fn fill_run(shape: &Shape, missing: u16, avail: u16) -> Option<u16> {
    let required = missing & !avail;
    let mut used = 0u16;
    if shape.companions > 1 || (shape.companions == 1 && missing & VALUE_8 == 0) {
        return None;
    }
    if shape.companions == 1 {
        used |= VALUE_8;
    }
    // Shields cover required values among 1..3 first; a Leader can cover anything, so that is never worse.
    let slots = missing & VALUES_1_TO_3 & !used;
    let shields = u32::from(shape.shields);
    if slots.count_ones() < shields {
        return None;
    }
    let first = highest_bits(slots & required, shields);
    used |= first | highest_bits(slots & !first, shields - first.count_ones());
    // Leaders cover the remaining required values, then any free ones.
    let leaders = u32::from(shape.leaders);
    let free = missing & !used;
    let still_required = required & !used;
    if free.count_ones() < leaders || still_required.count_ones() > leaders {
        return None;
    }
    used |= still_required | highest_bits(free & !still_required, leaders - still_required.count_ones());
    let draw = missing & !used;
    (draw & !avail == 0).then_some(draw)
}

/// The `count` highest set bits of `mask` (all of them when there are fewer).
fn highest_bits(mask: u16, count: u32) -> u16 {
    let mut rest = mask;
    let mut out = 0;
    for _ in 0..count {
        if rest == 0 {
            break;
        }
        let bit = 1 << (15 - rest.leading_zeros());
        out |= bit;
        rest &= !bit;
    }
    out
}

/// Phalanx: every card the same value, highest value first.
fn best_phalanx(shape: &Shape, need: usize, n: usize, pool: &Pool) -> Option<Completion> {
    let values = match shape.values {
        0 => 0x3ff,
        one if one & (one - 1) == 0 => one,
        _ => return None,
    };
    for v in (0..10).rev().filter(|v| values >> v & 1 == 1) {
        let companion_fits = shape.companions == 0 || v == 7;
        let shield_fits = shape.shields == 0 || v <= 2;
        if !companion_fits || !shield_fits || pool.count(v) < need {
            continue;
        }
        let mut done = Completion::new(FormationKind::Phalanx, (n * (v + 1)) as u16);
        for c in (0..6).filter(|&c| pool.colour[c] >> v & 1 == 1).take(need) {
            done.add(c, v);
        }
        return Some(done);
    }
    None
}

/// Battalion Order: every card the same colour; the best colour's top values.
fn best_battalion(shape: &Shape, need: usize, pool: &Pool) -> Option<Completion> {
    let colours = shape.colour_candidates();
    let mut best: Option<(u16, usize, u16)> = None;
    for c in (0..6).filter(|c| colours >> c & 1 == 1) {
        if (pool.colour[c].count_ones() as usize) < need {
            continue;
        }
        let top = highest_bits(pool.colour[c], need as u32);
        let sum = (0..10).filter(|v| top >> v & 1 == 1).map(|v| v as u16 + 1).sum::<u16>();
        if best.is_none_or(|(s, _, _)| sum > s) {
            best = Some((sum, c, top));
        }
    }
    let (sum, c, top) = best?;
    let mut done = Completion::new(FormationKind::BattalionOrder, shape.sum + shape.wild_max() + sum);
    for v in (0..10).rev().filter(|v| top >> v & 1 == 1) {
        done.add(c, v);
    }
    Some(done)
}

#[cfg(test)]
mod tests;
