//! Cards and their notation (R-COMP-1, R-COMP-2).
//!
//! A card is one byte: troops are `0..60` (`colour * 10 + value - 1`), tactics `60..70` in the order
//! of [`Tactic::ALL`]. The text notation is `r1`…`p10` for troops and the lower-case tactic name
//! (`alexander`, `fog`, …) for tactics; JSON uses the same strings.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{Error, ErrorCode};

/// The six troop colours, in the order of R-COMP-1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Red.
    Red,
    /// Orange.
    Orange,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
    /// Blue.
    Blue,
    /// Purple.
    Purple,
}

impl Colour {
    /// All colours in rule order.
    pub const ALL: [Colour; 6] =
        [Colour::Red, Colour::Orange, Colour::Yellow, Colour::Green, Colour::Blue, Colour::Purple];

    /// The one-letter notation (`r`, `o`, `y`, `g`, `b`, `p`).
    ///
    /// ```
    /// use battleline::Colour;
    /// assert_eq!(Colour::Blue.letter(), 'b');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'r',
            Colour::Orange => 'o',
            Colour::Yellow => 'y',
            Colour::Green => 'g',
            Colour::Blue => 'b',
            Colour::Purple => 'p',
        }
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Orange => "orange",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Purple => "purple",
        }
    }

    /// The colour's index in rule order (0..6).
    pub const fn index(self) -> usize {
        self as usize
    }

    fn from_letter(letter: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.letter() == letter)
    }
}

/// The ten tactics cards (R-COMP-2).
///
/// ```
/// use battleline::{Card, Tactic};
/// let card = Card::tactic(Tactic::Companion);
/// assert_eq!(card.to_string(), "companion");
/// assert_eq!(card.as_tactic(), Some(Tactic::Companion));
/// assert!(card.is_side_card() && !card.is_troop());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tactic {
    /// Alexander, a Leader: any colour, any value (R-MORALE-1).
    Alexander,
    /// Darius, a Leader: any colour, any value (R-MORALE-1).
    Darius,
    /// Companion Cavalry: value 8, any colour (R-MORALE-2).
    Companion,
    /// Shield Bearers: value 1, 2 or 3, any colour (R-MORALE-3).
    Shield,
    /// Fog: the flag is decided by sums alone (R-ENV-1).
    Fog,
    /// Mud: four cards a side at the flag (R-ENV-2).
    Mud,
    /// Scout: draw three, return two (R-GUILE-1).
    Scout,
    /// Redeploy: move or discard one of the player's own cards (R-GUILE-2).
    Redeploy,
    /// Deserter: discard one of the opponent's cards (R-GUILE-3).
    Deserter,
    /// Traitor: take one of the opponent's troops (R-GUILE-4).
    Traitor,
}

/// The three families of tactics cards, which are played differently (R-TAC).
///
/// ```
/// use battleline::{Tactic, TacticKind};
/// assert_eq!(Tactic::Mud.kind(), TacticKind::Environment);
/// assert_eq!(Tactic::Traitor.kind(), TacticKind::Guile);
/// assert!(Tactic::Darius.is_leader());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TacticKind {
    /// Played onto a side like a troop (R-MORALE).
    Morale,
    /// Placed beside a flag, affecting both sides (R-ENV).
    Environment,
    /// Played to the discard pile with an immediate effect (R-GUILE).
    Guile,
}

impl Tactic {
    /// All tactics in card-id order.
    pub const ALL: [Tactic; 10] = [
        Tactic::Alexander,
        Tactic::Darius,
        Tactic::Companion,
        Tactic::Shield,
        Tactic::Fog,
        Tactic::Mud,
        Tactic::Scout,
        Tactic::Redeploy,
        Tactic::Deserter,
        Tactic::Traitor,
    ];

    /// The notation, which is also the JSON string.
    ///
    /// ```
    /// use battleline::Tactic;
    /// assert_eq!(Tactic::Companion.name(), "companion");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Tactic::Alexander => "alexander",
            Tactic::Darius => "darius",
            Tactic::Companion => "companion",
            Tactic::Shield => "shield",
            Tactic::Fog => "fog",
            Tactic::Mud => "mud",
            Tactic::Scout => "scout",
            Tactic::Redeploy => "redeploy",
            Tactic::Deserter => "deserter",
            Tactic::Traitor => "traitor",
        }
    }

    /// Morale, environment or guile.
    pub const fn kind(self) -> TacticKind {
        match self {
            Tactic::Alexander | Tactic::Darius | Tactic::Companion | Tactic::Shield => TacticKind::Morale,
            Tactic::Fog | Tactic::Mud => TacticKind::Environment,
            _ => TacticKind::Guile,
        }
    }

    /// Alexander or Darius (R-TAC-2).
    pub const fn is_leader(self) -> bool {
        matches!(self, Tactic::Alexander | Tactic::Darius)
    }
}

/// One of the 70 cards.
///
/// ```
/// use battleline::{Card, Colour, Tactic};
/// let card: Card = "b7".parse().unwrap();
/// assert_eq!(card.troop(), Some((Colour::Blue, 7)));
/// assert_eq!(Card::tactic(Tactic::Fog).to_string(), "fog");
/// assert!("x3".parse::<Card>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// Number of troop cards.
pub const TROOP_COUNT: usize = 60;
/// Number of cards of both kinds.
pub const CARD_COUNT: usize = 70;

impl Card {
    /// The troop card of a colour and a value 1..=10. Values outside that range are an error.
    pub fn new_troop(colour: Colour, value: u8) -> Result<Card, Error> {
        if !(1..=10).contains(&value) {
            return Err(Error::new(ErrorCode::BadCard, format!("troop value {value} is not in 1..10")));
        }
        Ok(Card::troop_unchecked(colour, value))
    }

    pub(crate) const fn troop_unchecked(colour: Colour, value: u8) -> Card {
        Card(colour as u8 * 10 + value - 1)
    }

    /// The tactics card.
    pub const fn tactic(tactic: Tactic) -> Card {
        Card(TROOP_COUNT as u8 + tactic as u8)
    }

    /// The card with this id (0..70), if any.
    pub fn from_id(id: u8) -> Option<Card> {
        ((id as usize) < CARD_COUNT).then_some(Card(id))
    }

    /// The card's id: troops 0..60, tactics 60..70.
    pub const fn id(self) -> u8 {
        self.0
    }

    /// Whether this is a troop card.
    pub const fn is_troop(self) -> bool {
        (self.0 as usize) < TROOP_COUNT
    }

    /// Colour and value of a troop card.
    pub fn troop(self) -> Option<(Colour, u8)> {
        self.is_troop().then(|| (Colour::ALL[(self.0 / 10) as usize], self.0 % 10 + 1))
    }

    /// The tactic of a tactics card.
    pub fn as_tactic(self) -> Option<Tactic> {
        (!self.is_troop()).then(|| Tactic::ALL[self.0 as usize - TROOP_COUNT])
    }

    /// Whether the card can stand on a side of a flag: troops and morale tactics.
    pub fn is_side_card(self) -> bool {
        self.as_tactic().is_none_or(|t| t.kind() == TacticKind::Morale)
    }

    /// Every card: 60 troops then 10 tactics.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..CARD_COUNT as u8).map(Card)
    }

    /// The 60 troop cards.
    pub fn troops() -> impl Iterator<Item = Card> {
        (0..TROOP_COUNT as u8).map(Card)
    }

    /// The 10 tactics cards.
    pub fn tactics() -> impl Iterator<Item = Card> {
        (TROOP_COUNT as u8..CARD_COUNT as u8).map(Card)
    }

    /// The unit name of a troop value (R-COMP-1), for text output.
    pub fn unit_name(value: u8) -> &'static str {
        const NAMES: [&str; 10] = [
            "Skirmishers",
            "Peltasts",
            "Javelineers",
            "Hoplites",
            "Phalangists",
            "Hypaspists",
            "Light Cavalry",
            "Heavy Cavalry",
            "Chariots",
            "Elephants",
        ];
        NAMES.get((value as usize).wrapping_sub(1)).copied().unwrap_or("?")
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.troop(), self.as_tactic()) {
            (Some((colour, value)), _) => write!(f, "{}{}", colour.letter(), value),
            (None, Some(tactic)) => f.write_str(tactic.name()),
            (None, None) => unreachable!("a card is a troop or a tactic"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = Error;

    fn from_str(text: &str) -> Result<Card, Error> {
        let bad =
            || Error::new(ErrorCode::BadCard, format!("unknown card {text:?} (expected r1..p10 or a tactic name)"));
        let lower = text.trim().to_ascii_lowercase();
        if let Some(tactic) = Tactic::ALL.into_iter().find(|t| t.name() == lower) {
            return Ok(Card::tactic(tactic));
        }
        let mut chars = lower.chars();
        let colour = chars.next().and_then(Colour::from_letter).ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(bad());
        }
        let value: u8 = digits.parse().map_err(|_| bad())?;
        Card::new_troop(colour, value).map_err(|_| bad())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(|e: Error| serde::de::Error::custom(e.message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // R-COMP-1: 60 troops, six colours by ten values, named by value.
    #[test]
    fn r_comp_1_sixty_troops_six_colours_ten_values() {
        let troops: Vec<Card> = Card::troops().collect();
        assert_eq!(troops.len(), 60);
        for colour in Colour::ALL {
            let values: Vec<u8> =
                troops.iter().filter_map(|c| c.troop()).filter(|(k, _)| *k == colour).map(|(_, v)| v).collect();
            assert_eq!(values, (1..=10).collect::<Vec<u8>>());
        }
        assert_eq!(Card::unit_name(10), "Elephants");
        assert_eq!(Card::unit_name(1), "Skirmishers");
        assert_eq!(Colour::ALL.map(|c| c.name()), ["red", "orange", "yellow", "green", "blue", "purple"]);
    }

    // R-COMP-2: ten tactics cards, one of each, in three families.
    #[test]
    fn r_comp_2_ten_tactics_in_three_families() {
        let tactics: Vec<Tactic> = Card::tactics().filter_map(Card::as_tactic).collect();
        assert_eq!(tactics, Tactic::ALL.to_vec());
        let count = |kind| tactics.iter().filter(|t| t.kind() == kind).count();
        assert_eq!(count(TacticKind::Morale), 4);
        assert_eq!(count(TacticKind::Environment), 2);
        assert_eq!(count(TacticKind::Guile), 4);
        assert_eq!(tactics.iter().filter(|t| t.is_leader()).count(), 2);
    }

    #[test]
    fn notation_round_trips_for_every_card() {
        for card in Card::all() {
            let text = card.to_string();
            assert_eq!(text.parse::<Card>().unwrap(), card, "{text}");
            let json = serde_json::to_string(&card).unwrap();
            assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
        }
        assert_eq!("R10".parse::<Card>().unwrap().to_string(), "r10");
    }

    #[test]
    fn bad_notation_is_refused_with_bad_card() {
        for text in ["", "r", "r0", "r11", "r01", "z5", "b-1", "b1000", "fogg", "r 5", "🂡"] {
            let err = text.parse::<Card>().unwrap_err();
            assert_eq!(err.code, ErrorCode::BadCard, "{text}");
            assert!(err.message.contains("unknown card"), "{}", err.message);
        }
    }
}
