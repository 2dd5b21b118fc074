//! The state of one game: every card's place, whose turn and which step. `Position` is `Copy` and
//! allocation-free so that search can clone it millions of times; the match around it, the record and
//! the seed live in [`crate::Game`].

pub(crate) mod inspect;
mod legal;
mod perform;
mod reachable;
mod retire;
pub(crate) mod setup;
mod turn;
mod validate;
pub(crate) mod view;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::card::{Card, Tactic};
use crate::card_set::CardSet;
use crate::claim_memo::ClaimMemo;
use crate::deck::Deck;
use crate::error::{Error, ErrorCode};
use crate::flag::{Flag, FlagId, Player, FLAG_COUNT, MAX_PLAYERS};
use crate::options::Options;
use crate::outcome::GameResult;
use crate::phase::{turn_steps, Phase};

/// Cards dealt to each player (R-SETUP-1, R-3P).
pub const HAND_SIZE: usize = 7;

/// One game in progress: validated by construction, changed only through [`Position::apply`].
///
/// ```
/// use battleline::{Options, Phase, Position};
/// let position = Position::deal(Options::default(), &mut battleline::rng_from_seed(7), 0);
/// assert_eq!(position.phase(), Phase::Play);
/// assert_eq!(position.hand(0).len(), 7);
/// assert_eq!(position.troop_deck_len(), 60 - 14);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    options: Options,
    flags: [Flag; FLAG_COUNT],
    hands: [CardSet; MAX_PLAYERS],
    troop_deck: Deck<60>,
    tactics_deck: Deck<10>,
    discards: [CardSet; MAX_PLAYERS],
    tactics_played: [u8; MAX_PLAYERS],
    leader_played: [bool; MAX_PLAYERS],
    /// Cards each player returned with Scout that are still in a deck (R-GUILE-1: they know them).
    scout_returned: [CardSet; MAX_PLAYERS],
    current: Player,
    phase: Phase,
    /// Index of the current ordinary step in [`turn_steps`] (Scout's steps sit inside the play step).
    step: u8,
    /// This turn draws no card: the player passed or played Scout (R-TURN-5, R-GUILE-1).
    skip_draw: bool,
    passed_this_turn: bool,
    claimed_this_turn: bool,
    /// Consecutive turns that were passes without a claim (R-TURN-6).
    passes_in_row: u8,
    result: Option<GameResult>,
    /// The seat that resigned from a three-player game (R-3P-RESIGN): out of every turn and every
    /// contest. At most one: with two players left, resigning ends the match instead.
    retired: Option<Player>,
    /// Every card face up: on the flags or in a discard pile. Kept as cards are played because a card
    /// that leaves a hand never returns to a hand or a deck (board and discards only move among
    /// themselves), so this is exactly the set of cards ever played; claim proofs read it constantly.
    face_up: CardSet,
    /// The latest arrival stamp of a card on the board (R-FORM-4), `None` while the board is empty: the
    /// next card to arrive is stamped one later. Kept as cards arrive and leave (a function of the
    /// board), because finding it anew on every play was a fifth of a random game's work.
    latest_arrival: Option<u32>,
    /// Claims known to be refused (a cache outside equality).
    claim_memo: ClaimMemo,
}

impl Position {
    /// Shuffles and deals a new game (R-SETUP-1) with `first` to move. All randomness comes from `rng`
    /// (R-SETUP-3).
    pub fn deal(options: Options, rng: &mut ChaCha8Rng, first: Player) -> Position {
        let mut troops: Vec<Card> = Card::troops().collect();
        troops.shuffle(rng);
        let mut tactics: Vec<Card> = if options.tactics { Card::tactics().collect() } else { Vec::new() };
        tactics.shuffle(rng);
        let mut position = Position {
            options,
            flags: [Flag::default(); FLAG_COUNT],
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            troop_deck: Deck::from_cards(troops),
            tactics_deck: Deck::from_cards(tactics),
            discards: [CardSet::EMPTY; MAX_PLAYERS],
            tactics_played: [0; MAX_PLAYERS],
            leader_played: [false; MAX_PLAYERS],
            scout_returned: [CardSet::EMPTY; MAX_PLAYERS],
            current: first % options.players,
            phase: Phase::Play,
            step: 0,
            skip_draw: false,
            passed_this_turn: false,
            claimed_this_turn: false,
            passes_in_row: 0,
            result: None,
            retired: None,
            face_up: CardSet::EMPTY,
            latest_arrival: None,
            claim_memo: ClaimMemo::default(),
        };
        for _ in 0..HAND_SIZE {
            for player in 0..options.players {
                if let Some(card) = position.troop_deck.draw() {
                    position.hands[player].insert(card);
                }
            }
        }
        position.phase = turn_steps(options.claim_timing)[0];
        position.skip_steps_with_nothing_to_do();
        position
    }

    /// A new game: a random first player (R-SETUP-2), then the deal, all from `rng`.
    pub fn new_game(options: Options, rng: &mut ChaCha8Rng) -> Position {
        let first = Position::random_first_player(options, rng);
        Position::deal(options, rng, first)
    }

    /// This position with its hidden cards dealt again: every hand, and both decks top card first.
    /// Everything else (board, discards, turn, the cards returned by Scout) stays. Refused
    /// (`bad_input`) unless the new deal holds exactly the hidden cards of this position, each once,
    /// with every hand of the same troop and tactics counts and both decks of the same lengths, so that
    /// nobody who cannot see those cards could tell the two positions apart. The search bot's sampler
    /// builds its positions through it.
    ///
    /// ```
    /// use battleline::{CardSet, Options, Position};
    /// let position = Position::new_game(Options::default(), &mut battleline::rng_from_seed(1));
    /// let troops: Vec<_> = position.troop_deck().collect();
    /// let tactics: Vec<_> = position.tactics_deck().collect();
    /// let mut hands = [CardSet::EMPTY; 3];
    /// hands[0] = position.hand(1);
    /// hands[1] = position.hand(0);
    /// let swapped = position.with_hidden_cards(hands, &troops, &tactics).unwrap();
    /// assert_eq!(swapped.hand(0), position.hand(1));
    /// // Dealing a card twice is refused.
    /// hands[1] = position.hand(1);
    /// assert!(position.with_hidden_cards(hands, &troops, &tactics).is_err());
    /// ```
    pub fn with_hidden_cards(
        &self,
        hands: [CardSet; MAX_PLAYERS],
        troop_deck: &[Card],
        tactics_deck: &[Card],
    ) -> Result<Position, Error> {
        let bad = |what: &str| Err(Error::new(ErrorCode::BadInput, format!("the new deal {what}")));
        if troop_deck.len() != self.troop_deck.len() || tactics_deck.len() != self.tactics_deck.len() {
            return bad("changes a deck's length");
        }
        let mut old = CardSet::EMPTY;
        let mut new = CardSet::EMPTY;
        let mut count = 0;
        for (player, (&hand, &before)) in hands.iter().zip(&self.hands).enumerate() {
            if hand.troops().len() != before.troops().len() || hand.tactics().len() != before.tactics().len() {
                return bad(&format!("changes the size of player {player}'s hand"));
            }
            old = old.union(before);
            new = new.union(hand);
            count += hand.len();
        }
        if troop_deck.iter().any(|card| !card.is_troop()) || tactics_deck.iter().any(|card| card.is_troop()) {
            return bad("puts a card in the wrong deck");
        }
        old = old.union(CardSet::from_cards(self.troop_deck.iter_from_top()));
        old = old.union(CardSet::from_cards(self.tactics_deck.iter_from_top()));
        new = new.union(CardSet::from_cards(troop_deck.iter().chain(tactics_deck).copied()));
        count += troop_deck.len() + tactics_deck.len();
        if new != old || count != new.len() {
            return bad("does not hold exactly the hidden cards, each once");
        }
        let mut position = *self;
        position.hands = hands;
        position.troop_deck = Deck::from_cards(troop_deck.iter().rev().copied());
        position.tactics_deck = Deck::from_cards(tactics_deck.iter().rev().copied());
        Ok(position)
    }

    /// A random first player (R-SETUP-2).
    pub fn random_first_player(options: Options, rng: &mut ChaCha8Rng) -> Player {
        rng.random_range(0..options.players)
    }

    /// The options of the game.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.options.players
    }

    /// Whose turn it is.
    pub fn current(&self) -> Player {
        self.current
    }

    /// The step the current player must take.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// A player's hand. Out-of-range players have an empty hand.
    pub fn hand(&self, player: Player) -> CardSet {
        self.hands.get(player).copied().unwrap_or_default()
    }

    /// The flag.
    pub fn flag(&self, flag: FlagId) -> &Flag {
        &self.flags[flag.index()]
    }

    /// All nine flags, left to right.
    pub fn flags(&self) -> &[Flag; FLAG_COUNT] {
        &self.flags
    }

    /// Cards left in the troop deck.
    pub fn troop_deck_len(&self) -> usize {
        self.troop_deck.len()
    }

    /// Cards left in the tactics deck.
    pub fn tactics_deck_len(&self) -> usize {
        self.tactics_deck.len()
    }

    /// The troop deck, top card first (hidden information: for referees and tests).
    pub fn troop_deck(&self) -> impl Iterator<Item = Card> + '_ {
        self.troop_deck.iter_from_top()
    }

    /// The tactics deck, top card first (hidden information).
    pub fn tactics_deck(&self) -> impl Iterator<Item = Card> + '_ {
        self.tactics_deck.iter_from_top()
    }

    /// A player's discard pile (face up, R-TAC-4).
    pub fn discards(&self, player: Player) -> CardSet {
        self.discards.get(player).copied().unwrap_or_default()
    }

    /// Tactics cards each player has played (R-TAC-1).
    pub fn tactics_played(&self) -> [u8; MAX_PLAYERS] {
        self.tactics_played
    }

    /// Whether each player has played a Leader (R-TAC-2).
    pub fn leader_played(&self) -> [bool; MAX_PLAYERS] {
        self.leader_played
    }

    /// The cards a player returned with Scout that still lie in a deck.
    pub fn scout_returned(&self, player: Player) -> CardSet {
        self.scout_returned.get(player).copied().unwrap_or_default()
    }

    /// Consecutive passing turns without a claim (R-TURN-6).
    pub fn passes_in_row(&self) -> u8 {
        self.passes_in_row
    }

    /// Every card face up: on the flags (cards and Fog/Mud) and in the discard piles.
    pub fn face_up(&self) -> CardSet {
        debug_assert_eq!(self.face_up, self.face_up_on_the_table(), "the face-up cache drifted");
        self.face_up
    }

    /// [`Position::face_up`] computed from the flags and discard piles.
    pub(crate) fn face_up_on_the_table(&self) -> CardSet {
        let mut seen = self.discards.iter().fold(CardSet::EMPTY, |acc, d| acc.union(*d));
        for flag in &self.flags {
            for side in &flag.sides {
                side.iter().for_each(|c| seen.insert(c));
            }
            if flag.fog.is_some() {
                seen.insert(Card::tactic(Tactic::Fog));
            }
            if flag.mud.is_some() {
                seen.insert(Card::tactic(Tactic::Mud));
            }
        }
        seen
    }

    /// The troop cards a claim proof must assume may still come: every troop not face up (R-CLAIM-2).
    pub fn unseen_troops(&self) -> CardSet {
        CardSet::ALL_TROOPS.difference(self.face_up())
    }

    /// The latest arrival stamp among the cards on the board, found anew (see `latest_arrival`).
    pub(crate) fn board_latest_arrival(&self) -> Option<u32> {
        self.flags.iter().flat_map(|f| f.sides.iter().filter_map(|s| s.latest_arrival())).max()
    }

    /// The player on the flag side holding `card`, with the flag, if the card lies on a side.
    pub(crate) fn find_on_board(&self, card: Card) -> Option<(FlagId, Player)> {
        FlagId::all().find_map(|f| {
            let flag = &self.flags[f.index()];
            let on_side = (0..self.players()).find(|&p| flag.sides[p].contains(card));
            let beside = match card.as_tactic() {
                Some(Tactic::Fog) => flag.fog,
                Some(Tactic::Mud) => flag.mud,
                _ => None,
            };
            on_side.or(beside).map(|p| (f, p))
        })
    }

    /// Whether the player holds a troop card and some unclaimed flag has room for it (R-TURN-4).
    pub fn can_play_troop(&self, player: Player) -> bool {
        !self.hand(player).troops().is_empty() && self.flags.iter().any(|f| f.has_room(player))
    }

    /// The seat that resigned from this three-player game, if one has (R-3P-RESIGN).
    pub fn retired(&self) -> Option<Player> {
        self.retired
    }

    /// Players still in the game: every seat but the one that resigned (R-3P-RESIGN-1).
    pub fn active_players(&self) -> usize {
        self.players() - usize::from(self.retired.is_some())
    }

    /// The player's opponents still in the game, in seat order after them (R-3P-RESIGN-2).
    pub(crate) fn opponents(&self, player: Player) -> impl Iterator<Item = Player> + use<> {
        let players = self.players();
        let retired = self.retired;
        (1..players).map(move |k| (player + k) % players).filter(move |&p| Some(p) != retired)
    }

    /// The next seat in seat order after `player` that is still in the game (R-3P-RESIGN-3).
    pub(crate) fn next_active(&self, player: Player) -> Player {
        let players = self.players();
        let next = (player + 1) % players;
        if Some(next) == self.retired {
            (next + 1) % players
        } else {
            next
        }
    }
}

/// A portable seeded generator: the same seed gives the same games on x86_64 and wasm32 (R-SETUP-3).
///
/// ```
/// use rand::Rng;
/// let a: u64 = battleline::rng_from_seed(42).random();
/// let b: u64 = battleline::rng_from_seed(42).random();
/// assert_eq!(a, b);
/// ```
pub fn rng_from_seed(seed: u64) -> ChaCha8Rng {
    use rand::SeedableRng;
    ChaCha8Rng::seed_from_u64(seed)
}
