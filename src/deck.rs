//! A face-down deck: an ordered pile drawn from the top, fixed-size so that positions stay `Copy`.

use crate::card::Card;

/// A deck of at most `N` cards; the top is the end of the array.
#[derive(Clone, Copy)]
pub struct Deck<const N: usize> {
    cards: [u8; N],
    len: u8,
}

impl<const N: usize> Deck<N> {
    /// The deck holding `cards`, the last one on top. Cards beyond `N` are dropped.
    pub fn from_cards(cards: impl IntoIterator<Item = Card>) -> Deck<N> {
        let mut deck = Deck { cards: [0; N], len: 0 };
        for card in cards {
            deck.put_on_top(card);
        }
        deck
    }

    /// Number of cards.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the deck is empty.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Takes the top card.
    pub fn draw(&mut self) -> Option<Card> {
        let len = self.len.checked_sub(1)?;
        self.len = len;
        Card::from_id(self.cards[len as usize])
    }

    /// Puts a card on top (Scout's return). A full deck ignores it rather than panic.
    pub fn put_on_top(&mut self, card: Card) {
        if let Some(slot) = self.cards.get_mut(self.len as usize) {
            *slot = card.id();
            self.len += 1;
        }
    }

    /// The cards from the top down.
    pub fn iter_from_top(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.len()].iter().rev().filter_map(|&id| Card::from_id(id))
    }
}

// Slots above `len` hold stale ids: equality and hashing look at the live cards only.
impl<const N: usize> PartialEq for Deck<N> {
    fn eq(&self, other: &Deck<N>) -> bool {
        self.cards[..self.len()] == other.cards[..other.len()]
    }
}

impl<const N: usize> Eq for Deck<N> {}

impl<const N: usize> std::hash::Hash for Deck<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cards[..self.len()].hash(state);
    }
}

impl<const N: usize> std::fmt::Debug for Deck<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter_from_top()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_from_the_top_and_returns_on_top() {
        let cards: Vec<Card> = ["r1", "r2", "r3"].iter().map(|t| t.parse().unwrap()).collect();
        let mut deck: Deck<4> = Deck::from_cards(cards.iter().copied());
        assert_eq!(deck.draw(), Some(cards[2]));
        deck.put_on_top(cards[0]);
        assert_eq!(deck.iter_from_top().collect::<Vec<_>>(), vec![cards[0], cards[1], cards[0]]);
        assert_eq!(
            (deck.draw(), deck.draw(), deck.draw(), deck.draw()),
            (Some(cards[0]), Some(cards[1]), Some(cards[0]), None)
        );
        assert!(deck.is_empty());
    }
}
