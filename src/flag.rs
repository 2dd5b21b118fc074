//! The nine flags (R-COMP-3) and what lies at each: the cards on every side in play order with the moment
//! each arrived, Fog and Mud, the owner once claimed, and each complete side's completion time (R-FORM-4).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::Card;
use crate::error::{Error, ErrorCode};

/// A player: 0, 1 (and 2 in a three-player game), in seat order.
pub type Player = usize;

/// The most players a game can have (R-3P).
pub const MAX_PLAYERS: usize = 3;

/// Number of flags.
pub const FLAG_COUNT: usize = 9;

/// A flag, numbered 1..9 in text and JSON, 0..8 inside.
///
/// ```
/// use battleline::FlagId;
/// let flag: FlagId = serde_json::from_str("9").unwrap();
/// assert_eq!(flag.index(), 8);
/// assert_eq!(flag.to_string(), "9");
/// assert!(serde_json::from_str::<FlagId>("10").is_err());
/// assert!(FlagId::from_number(0).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FlagId(u8);

impl FlagId {
    /// The flag at index 0..9 (left to right).
    pub fn from_index(index: usize) -> Option<FlagId> {
        (index < FLAG_COUNT).then_some(FlagId(index as u8))
    }

    /// The flag numbered 1..=9, as shown to people.
    pub fn from_number(number: i64) -> Result<FlagId, Error> {
        if (1..=FLAG_COUNT as i64).contains(&number) {
            Ok(FlagId(number as u8 - 1))
        } else {
            Err(Error::new(ErrorCode::BadFlag, format!("flag {number} does not exist (flags are 1..9)")))
        }
    }

    /// Index 0..9.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Number 1..=9.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// All nine flags, left to right.
    pub fn all() -> impl Iterator<Item = FlagId> {
        (0..FLAG_COUNT as u8).map(FlagId)
    }
}

impl fmt::Display for FlagId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl fmt::Debug for FlagId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "flag {}", self.number())
    }
}

impl Serialize for FlagId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for FlagId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<FlagId, D::Error> {
        // Accept any JSON number so that 3.0 works and 3.5 / 1e99 / -1 get a clear message, never a panic.
        let number = f64::deserialize(deserializer)?;
        if number.fract() != 0.0 || !number.is_finite() {
            return Err(serde::de::Error::custom(format!("flag {number} is not a whole number 1..9")));
        }
        if !(1.0..=FLAG_COUNT as f64).contains(&number) {
            // The number as given (a clamp once showed -2^64 - 1 as "flag -1").
            return Err(serde::de::Error::custom(format!("flag {number} does not exist (flags are 1..9)")));
        }
        FlagId::from_number(number as i64).map_err(|e| serde::de::Error::custom(e.message))
    }
}

/// The cards on one side of one flag, in the order they were played there (R-ENV-3 needs the order), each
/// with the moment it arrived on this side (R-FORM-4: a side's completion time is its latest card's).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SideCards {
    cards: [Option<Card>; 4],
    /// When each card arrived: a sequence number shared by the whole board, lower is earlier.
    arrived: [u32; 4],
    len: u8,
}

impl SideCards {
    /// The side holding these cards (at most 4; more is an error), all arrived at moment 0.
    pub fn from_cards(cards: &[Card]) -> Result<SideCards, Error> {
        SideCards::from_arrivals(cards, &[0; 4][..cards.len().min(4)])
    }

    /// The side holding these cards, `arrived[i]` being when card `i` arrived (one per card).
    pub fn from_arrivals(cards: &[Card], arrived: &[u32]) -> Result<SideCards, Error> {
        if cards.len() > 4 {
            return Err(Error::new(ErrorCode::FlagFull, format!("a side holds at most 4 cards, not {}", cards.len())));
        }
        if arrived.len() != cards.len() {
            let (n, m) = (arrived.len(), cards.len());
            return Err(Error::new(ErrorCode::BadInput, format!("{n} arrival times for {m} cards")));
        }
        let mut side = SideCards::default();
        for (&card, &at) in cards.iter().zip(arrived) {
            side.push(card, at);
        }
        Ok(side)
    }

    /// Number of cards.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the side has no card.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards in play order.
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.len()].iter().flatten().copied()
    }

    /// When each card arrived, in play order (lower is earlier).
    pub fn arrivals(&self) -> impl Iterator<Item = u32> + '_ {
        self.arrived[..self.len()].iter().copied()
    }

    /// When the latest of the side's cards arrived; `None` for an empty side (R-FORM-4).
    pub fn latest_arrival(&self) -> Option<u32> {
        self.arrivals().max()
    }

    /// Whether the card lies on this side.
    pub fn contains(&self, card: Card) -> bool {
        self.iter().any(|c| c == card)
    }

    /// Adds a card at the end, arrived at moment `at`. The caller checks room; a fifth card is ignored
    /// rather than panicking.
    pub(crate) fn push(&mut self, card: Card, at: u32) {
        let len = self.len();
        if let Some(slot) = self.cards.get_mut(len) {
            *slot = Some(card);
            self.arrived[len] = at;
            self.len += 1;
        }
    }

    /// Removes a card, keeping the order of the others; returns whether it was there.
    pub(crate) fn remove(&mut self, card: Card) -> bool {
        let Some(at) = self.iter().position(|c| c == card) else { return false };
        let len = self.len();
        self.cards.copy_within(at + 1..len, at);
        self.arrived.copy_within(at + 1..len, at);
        self.cards[len - 1] = None;
        self.arrived[len - 1] = 0;
        self.len -= 1;
        true
    }
}

impl fmt::Debug for SideCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for SideCards {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// Everything at one flag.
///
/// ```
/// use battleline::{Card, Flag, SideCards};
/// let cards = |text: &str| text.split(' ').map(|c| c.parse::<Card>().unwrap()).collect::<Vec<_>>();
/// let mut flag = Flag::default();
/// flag.sides[0] = SideCards::from_cards(&cards("r3 r4 r5")).unwrap();
/// assert!(flag.is_complete(0) && !flag.has_room(0));
/// assert!(flag.has_room(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Flag {
    /// Each player's side, in play order. Unused sides (two-player games) stay empty.
    pub sides: [SideCards; MAX_PLAYERS],
    /// Each complete side's completion time: when the latest of its cards arrived (lower is earlier,
    /// R-FORM-4), kept equal to [`SideCards::latest_arrival`]. `None` while the side is incomplete.
    pub completed: [Option<u32>; MAX_PLAYERS],
    /// Who placed Fog here, if it lies here (R-ENV-1).
    pub fog: Option<Player>,
    /// Who placed Mud here, if it lies here (R-ENV-2).
    pub mud: Option<Player>,
    /// Who claimed the flag; a claimed flag is frozen (R-CLAIM-4).
    pub claimed: Option<Player>,
}

impl Flag {
    /// Cards a side needs to be complete: 3, or 4 with Mud (R-TURN-2, R-ENV-2).
    ///
    /// ```
    /// use battleline::Flag;
    /// let mut flag = Flag::default();
    /// assert_eq!(flag.capacity(), 3);
    /// flag.mud = Some(0);
    /// assert_eq!(flag.capacity(), 4);
    /// ```
    pub const fn capacity(&self) -> usize {
        if self.mud.is_some() {
            4
        } else {
            3
        }
    }

    /// Whether the player's side is complete (R-FORM-1).
    pub const fn is_complete(&self, player: Player) -> bool {
        self.sides[player].len() >= self.capacity()
    }

    /// Sets every side's completion time from its cards (R-FORM-4): the latest arrival of a complete
    /// side, whatever Mud did in between; `None` for an incomplete side.
    pub(crate) fn update_completion_times(&mut self) {
        for player in 0..MAX_PLAYERS {
            self.completed[player] = if self.is_complete(player) { self.sides[player].latest_arrival() } else { None };
        }
    }

    /// Whether the player's side has room for another card.
    pub const fn has_room(&self, player: Player) -> bool {
        self.claimed.is_none() && self.sides[player].len() < self.capacity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(list: &[&str]) -> Vec<Card> {
        list.iter().map(|t| t.parse().unwrap()).collect()
    }

    // R-COMP-3: nine flags, numbered 1..9 for people and 0..8 inside.
    #[test]
    fn r_comp_3_nine_flags_numbered_one_to_nine() {
        let numbers: Vec<u8> = FlagId::all().map(FlagId::number).collect();
        assert_eq!(numbers, (1..=9).collect::<Vec<u8>>());
        assert_eq!(FlagId::from_number(10).unwrap_err().code, ErrorCode::BadFlag);
        for bad in ["0", "10", "-1", "3.5", "1e99", "\"3\"", "null"] {
            assert!(serde_json::from_str::<FlagId>(bad).is_err(), "{bad}");
        }
        assert_eq!(serde_json::from_str::<FlagId>("3.0").unwrap().index(), 2);
    }

    #[test]
    fn side_remove_keeps_play_order_and_arrival_times() {
        let mut side = SideCards::from_arrivals(&cards(&["r1", "r2", "r3", "r4"]), &[3, 5, 8, 9]).unwrap();
        assert!(side.remove(cards(&["r2"])[0]));
        assert_eq!(side.iter().collect::<Vec<_>>(), cards(&["r1", "r3", "r4"]));
        assert_eq!(side.arrivals().collect::<Vec<_>>(), [3, 8, 9]);
        assert!(side.remove(cards(&["r4"])[0]));
        assert_eq!(side.latest_arrival(), Some(8));
        side.push(cards(&["r4"])[0], 10);
        assert!(!side.remove(cards(&["b9"])[0]));
        assert_eq!(side.len(), 3);
        assert_eq!(side.latest_arrival(), Some(10));
        assert!(SideCards::from_arrivals(&cards(&["r1"]), &[]).is_err());
        assert!(SideCards::from_cards(&cards(&["r1", "r2", "r3", "r4", "r5"])).is_err());
    }

    // R-TURN-2: three cards a side, four where Mud lies.
    #[test]
    fn r_turn_2_room_is_three_or_four_with_mud() {
        let mut flag = Flag::default();
        for card in cards(&["r1", "r2", "r3"]) {
            assert!(flag.has_room(0));
            flag.sides[0].push(card, 0);
        }
        assert!(!flag.has_room(0) && flag.is_complete(0));
        flag.mud = Some(1);
        assert!(flag.has_room(0) && !flag.is_complete(0));
        flag.claimed = Some(1);
        assert!(!flag.has_room(1), "a claimed flag takes no card");
    }
}
