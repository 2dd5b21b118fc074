//! A player's view: everything that player may know and nothing else. The opponent's hand is a count
//! and the decks are sizes; cards a player returned with Scout are shown to that player only.

use serde::{Deserialize, Serialize};

use crate::action::DeckKind;
use crate::card::Card;
use crate::flag::{Flag, FlagId, Player};
use crate::options::Options;
use crate::outcome::GameResult;
use crate::phase::Phase;
use crate::position::Position;

/// How many cards of each kind a player holds: all anyone sees of another player's hand.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HandSize {
    /// Troop cards held.
    pub troops: u8,
    /// Tactics cards held.
    pub tactics: u8,
}

/// A flag as everybody sees it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlagView {
    /// The flag (1..9 in JSON).
    pub flag: FlagId,
    /// Each player's side, cards in play order.
    pub sides: Vec<Vec<Card>>,
    /// Each complete side's completion time: when its latest card arrived (lower is earlier), or null
    /// while the side is incomplete (R-FORM-4).
    pub completed: Vec<Option<u32>>,
    /// When each card of each side arrived (parallel to `sides`; lower is earlier). Public: everybody
    /// saw the cards arrive. Optional when a setup is read: missing, every card of a complete side is
    /// taken to have arrived at its completion time and every other card at 0.
    #[serde(default)]
    pub arrived: Vec<Vec<u32>>,
    /// Who placed Fog here.
    #[cfg_attr(test, ts(type = "PlayerIndex | null"))]
    pub fog: Option<Player>,
    /// Who placed Mud here.
    #[cfg_attr(test, ts(type = "PlayerIndex | null"))]
    pub mud: Option<Player>,
    /// Who claimed the flag.
    #[cfg_attr(test, ts(type = "PlayerIndex | null"))]
    pub claimed_by: Option<Player>,
    /// How many cards complete a side here: 3, or 4 with Mud (R-ENV-2). Derived: 0 and not written in a
    /// [`crate::Setup`], ignored when one is read (Mud decides it).
    #[serde(default, skip_serializing_if = "is_zero")]
    #[cfg_attr(test, ts(optional = false))]
    pub capacity: u8,
}

/// A card the viewing player put back with Scout, still in a deck.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct KnownDeckCard {
    /// The card.
    pub card: Card,
    /// The deck it lies in.
    pub deck: DeckKind,
    /// Its place from the top (0 = the top card).
    pub depth: u8,
}

/// Public facts about the turn in progress, needed to rebuild the position (search bots do).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnView {
    /// Index of the ordinary step in the claim timing's order.
    pub step: u8,
    /// No draw this turn (pass or Scout).
    pub skip_draw: bool,
    /// The current player passed this turn.
    pub passed: bool,
    /// The current player claimed this turn.
    pub claimed: bool,
}

/// One player's view of the game (boardgame.io's `playerView`).
///
/// ```
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 11).unwrap();
/// let view = game.view(0).unwrap();
/// assert_eq!(view.hand.len(), 7);
/// assert_eq!(view.hand_sizes[1].troops, 7);
/// let json = serde_json::to_string(&view).unwrap();
/// for card in game.position().hand(1).iter() {
///     assert!(!json.contains(&format!("\"{card}\"")), "the opponent's {card} leaked");
/// }
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerView {
    /// Whose view this is.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub player: Player,
    /// The game's options.
    pub options: Options,
    /// Whose turn it is.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub current: Player,
    /// The current step.
    pub phase: Phase,
    /// The turn in progress.
    pub turn: TurnView,
    /// The viewer's hand, sorted.
    pub hand: Vec<Card>,
    /// Every player's hand size.
    pub hand_sizes: Vec<HandSize>,
    /// The nine flags.
    pub flags: Vec<FlagView>,
    /// Each player's discard pile (face up).
    pub discards: Vec<Vec<Card>>,
    /// Cards in the troop deck.
    pub troop_deck: usize,
    /// Cards in the tactics deck.
    pub tactics_deck: usize,
    /// Tactics cards each player has played.
    pub tactics_played: Vec<u8>,
    /// Whether each player has played a Leader.
    pub leader_played: Vec<bool>,
    /// Cards the viewer returned with Scout that are still in a deck.
    pub scout_returned: Vec<KnownDeckCard>,
    /// Consecutive passing turns without a claim. Whether one of them was voluntary (R-TURN-6) depends
    /// on the passer's hidden cards, so no view says; the result does once the game is over.
    pub passes_in_row: u8,
    /// Flags the viewer could claim right now (they are in their claim step or not).
    pub claimable: Vec<FlagId>,
    /// The result, once the game is over.
    pub result: Option<GameResult>,
    /// Which game of the match this is (0-based) and how many there are.
    pub game_index: u32,
    /// Match points so far (R-MATCH-1; none for a seat that resigned, R-3P-RESIGN-5).
    pub scores: Vec<u32>,
    /// The seat that resigned from this three-player game and is out of it (R-3P-RESIGN); left out
    /// when none has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "PlayerIndex"))]
    pub retired: Option<Player>,
}

impl PlayerView {
    /// A short digest of this view alone (FNV-1a of its JSON), equal on every platform for equal views.
    /// Safe to give the viewing player: positions that differ only in cards hidden from them have the
    /// same view digest, so it tells them nothing they do not see. The full-state digest
    /// ([`Position::digest`]) is for hosts and tests.
    ///
    /// ```
    /// use battleline::{Game, Options};
    /// let game = Game::new(Options::default(), 5).unwrap();
    /// let view = game.view(0).unwrap();
    /// assert_eq!(view.digest().len(), 16);
    /// assert_ne!(view.digest(), game.view(1).unwrap().digest());
    /// ```
    pub fn digest(&self) -> String {
        crate::position::inspect::fnv_digest(&serde_json::to_string(self).unwrap_or_default())
    }
}

impl Position {
    /// The view of `player`; `None` if there is no such player. Match fields are those of a single game.
    pub fn view(&self, player: Player) -> Option<PlayerView> {
        (player < self.players()).then(|| self.view_of(player))
    }

    /// What a spectator may know: seat 0's view without what is private to seat 0 (its hand, the cards
    /// it put back with Scout, the flags it could claim). A spectator sees every hand as a count only.
    ///
    /// ```
    /// use battleline::{Game, Options};
    /// let game = Game::new(Options::default(), 11).unwrap();
    /// let view = game.spectator_view();
    /// assert!(view.hand.is_empty());
    /// assert_eq!(view.hand_sizes[0].troops, 7);
    /// let json = serde_json::to_string(&view).unwrap();
    /// for card in game.position().hand(0).iter().chain(game.position().hand(1).iter()) {
    ///     assert!(!json.contains(&format!("\"{card}\"")), "{card} leaked to a spectator");
    /// }
    /// ```
    pub fn spectator_view(&self) -> PlayerView {
        PlayerView { hand: Vec::new(), scout_returned: Vec::new(), claimable: Vec::new(), ..self.view_of(0) }
    }

    /// The view of a player of the game (`player < self.players()`).
    fn view_of(&self, player: Player) -> PlayerView {
        let players = 0..self.players();
        let scout_returned = [DeckKind::Troop, DeckKind::Tactics]
            .into_iter()
            .flat_map(|deck| {
                let cards: Vec<Card> = match deck {
                    DeckKind::Troop => self.troop_deck().collect(),
                    DeckKind::Tactics => self.tactics_deck().collect(),
                };
                cards
                    .into_iter()
                    .enumerate()
                    .filter(|&(_, card)| self.scout_returned(player).contains(card))
                    .map(move |(depth, card)| KnownDeckCard { card, deck, depth: depth as u8 })
                    .collect::<Vec<_>>()
            })
            .collect();
        PlayerView {
            player,
            options: self.options(),
            current: self.current(),
            phase: self.phase(),
            turn: TurnView {
                step: self.step,
                skip_draw: self.skip_draw,
                passed: self.passed_this_turn,
                claimed: self.claimed_this_turn,
            },
            hand: self.hand(player).iter().collect(),
            hand_sizes: players
                .clone()
                .map(|p| HandSize {
                    troops: self.hand(p).troops().len() as u8,
                    tactics: self.hand(p).tactics().len() as u8,
                })
                .collect(),
            flags: FlagId::all().map(|f| flag_view(f, self.flag(f), self.players())).collect(),
            discards: players.clone().map(|p| self.discards(p).iter().collect()).collect(),
            troop_deck: self.troop_deck_len(),
            tactics_deck: self.tactics_deck_len(),
            tactics_played: self.tactics_played()[..self.players()].to_vec(),
            leader_played: self.leader_played()[..self.players()].to_vec(),
            scout_returned,
            passes_in_row: self.passes_in_row(),
            claimable: self.claimable_flags(player).collect(),
            result: self.result(),
            game_index: 0,
            scores: players.map(|p| self.points(p)).collect(),
            retired: self.retired,
        }
    }
}

impl Position {
    /// `player`'s match points for this game once it is over (R-MATCH-1): none for a seat that
    /// resigned (R-3P-RESIGN-5).
    pub(crate) fn points(&self, player: Player) -> u32 {
        match self.result {
            Some(result) if self.retired != Some(player) => result.points().get(player).copied().unwrap_or(0),
            _ => 0,
        }
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn flag_view(id: FlagId, flag: &Flag, players: usize) -> FlagView {
    FlagView {
        flag: id,
        sides: flag.sides[..players].iter().map(|s| s.iter().collect()).collect(),
        completed: flag.completed[..players].to_vec(),
        arrived: flag.sides[..players].iter().map(|s| s.arrivals().collect()).collect(),
        fog: flag.fog,
        mud: flag.mud,
        claimed_by: flag.claimed,
        capacity: flag.capacity() as u8,
    }
}
