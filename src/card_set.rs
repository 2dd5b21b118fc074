//! A set of cards as a 70-bit mask: hands, discards and "unseen" sets are copied and tested often
//! (claim proofs, search), so they must be `Copy` and allocation-free.

use serde::{Serialize, Serializer};

use crate::card::{Card, CARD_COUNT, TROOP_COUNT};

/// A set of cards.
///
/// ```
/// use battleline::{Card, CardSet};
/// let mut set = CardSet::EMPTY;
/// set.insert("r3".parse().unwrap());
/// assert!(set.contains("r3".parse().unwrap()));
/// assert_eq!(set.len(), 1);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u128);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 60 troop cards.
    pub const ALL_TROOPS: CardSet = CardSet((1u128 << TROOP_COUNT) - 1);
    /// All 10 tactics cards.
    pub const ALL_TACTICS: CardSet = CardSet(((1u128 << CARD_COUNT) - 1) & !((1u128 << TROOP_COUNT) - 1));

    /// The set of the given cards.
    pub fn from_cards(cards: impl IntoIterator<Item = Card>) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in cards {
            set.insert(card);
        }
        set
    }

    /// Whether the card is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.id() & 1 == 1
    }

    /// Adds a card.
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1u128 << card.id();
    }

    /// Removes a card; returns whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1u128 << card.id());
        had
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Cards in both sets.
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards in either set.
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards of `self` not in `other`.
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The troop cards of the set.
    pub const fn troops(self) -> CardSet {
        self.intersection(CardSet::ALL_TROOPS)
    }

    /// The tactics cards of the set.
    pub const fn tactics(self) -> CardSet {
        self.intersection(CardSet::ALL_TACTICS)
    }

    /// The ten-bit mask of values (bit `v - 1` for value `v`) of the troops of one colour (index 0..6).
    pub const fn colour_values(self, colour_index: usize) -> u16 {
        (self.0 >> (colour_index * 10) & 0x3ff) as u16
    }

    /// The raw 70-bit mask (bit = card id).
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set with this raw mask; bits beyond the 70 cards are dropped.
    pub const fn from_bits(bits: u128) -> CardSet {
        CardSet(bits & ((1u128 << CARD_COUNT) - 1))
    }

    /// The cards in id order (troops by colour then value, then tactics).
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let id = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Card::from_id(id)
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        CardSet::from_cards(iter)
    }
}

impl std::fmt::Debug for CardSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_partition_the_seventy_cards() {
        assert_eq!(CardSet::ALL_TROOPS.len(), 60);
        assert_eq!(CardSet::ALL_TACTICS.len(), 10);
        assert!(CardSet::ALL_TROOPS.intersection(CardSet::ALL_TACTICS).is_empty());
        assert_eq!(CardSet::ALL_TROOPS.union(CardSet::ALL_TACTICS).iter().count(), 70);
        assert_eq!(CardSet::from_bits(u128::MAX).len(), 70);
    }

    #[test]
    fn colour_values_reads_one_colour() {
        let set: CardSet = ["b2", "b10", "r2"].iter().map(|t| t.parse().unwrap()).collect();
        assert_eq!(set.colour_values(4), 0b10_0000_0010);
        assert_eq!(set.colour_values(0), 0b10);
        assert_eq!(set.colour_values(1), 0);
    }
}
