//! Determinization: a full [`Position`] sampled consistently with what one player may know.
//!
//! The cards the viewer cannot see are every card of the game minus their own hand, the board (sides,
//! Fog, Mud) and the discard piles. The cards the viewer returned with Scout go back at their known
//! depths; each opponent's hand gets exactly its troop and tactics counts from the rest, uniformly at
//! random; what is left is shuffled into the decks around the known cards. The view is validated once
//! through [`Setup`] and [`Position::from_setup`], so a view that describes no possible game is
//! refused (`bad_input`), never a panic; later samples only re-deal the hidden cards. A spectator's
//! view ([`crate::Game::spectator_view`]: no hand, though the seat holds cards) is sampled too: then the
//! viewing seat's hand is dealt from the hidden cards like every other.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::action::DeckKind;
use crate::card::{Card, Tactic, TROOP_COUNT};
use crate::card_set::CardSet;
use crate::error::{Error, ErrorCode};
use crate::flag::{Player, MAX_PLAYERS};
use crate::position::setup::Setup;
use crate::position::view::PlayerView;
use crate::position::Position;

fn bad(message: String) -> Error {
    Error::new(ErrorCode::BadInput, message)
}

/// A validated view, ready to be sampled many times cheaply.
///
/// ```
/// use battleline::bot::Determinizer;
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 3).unwrap();
/// let view = game.view(0).unwrap();
/// let determinizer = Determinizer::new(&view).unwrap();
/// let sample = determinizer.sample(&mut battleline::rng_from_seed(1));
/// // The sample agrees with everything player 0 knows …
/// assert_eq!(sample.view(0).unwrap(), game.position().view(0).unwrap());
/// // … and deals player 1 a hand of the right size.
/// assert_eq!(sample.hand(1).len(), 7);
/// ```
#[derive(Clone, Debug)]
pub struct Determinizer {
    /// The viewer.
    me: Player,
    /// Number of players.
    players: usize,
    /// The viewer's hand.
    own_hand: CardSet,
    /// A spectator's view: the viewing seat's hand is hidden and dealt like the others.
    spectator: bool,
    /// The sample template: public state and the viewer's cards; opponents' hands and decks are filled in.
    base: Position,
    /// The troop cards nobody can see from this view, in id order.
    hidden_troops: Vec<Card>,
    /// The hidden tactics cards, in id order.
    hidden_tactics: Vec<Card>,
    /// Each player's hand size (troops, tactics).
    hand_sizes: [(usize, usize); MAX_PLAYERS],
    /// Deck sizes (troop, tactics).
    deck_lens: (usize, usize),
    /// The viewer's returned cards: (deck, depth from the top, card).
    known_in_decks: Vec<(DeckKind, usize, Card)>,
}

impl Determinizer {
    /// Checks the view for consistency and splits the hidden cards from the known ones (`bad_input`
    /// naming the first inconsistency).
    pub fn new(view: &PlayerView) -> Result<Determinizer, Error> {
        let options = view.options.validate().map_err(|e| bad(e.message))?;
        let players = options.players;
        let me = view.player;
        if me >= players {
            return Err(bad(format!("the view is player {me}'s, but the game has {players} players")));
        }
        if view.hand_sizes.len() != players {
            return Err(bad(format!(
                "handSizes needs one entry per player ({players}), not {}",
                view.hand_sizes.len()
            )));
        }
        check_counts(view, options.tactics)?;
        let mut hand_sizes = [(0, 0); MAX_PLAYERS];
        for (p, size) in view.hand_sizes.iter().enumerate() {
            hand_sizes[p] = (usize::from(size.troops), usize::from(size.tactics));
        }
        let own_troops = view.hand.iter().filter(|c| c.is_troop()).count();
        let spectator = view.hand.is_empty() && hand_sizes[me] != (0, 0);
        if !spectator && (own_troops, view.hand.len() - own_troops) != hand_sizes[me] {
            return Err(bad("the viewer's hand does not match their own hand size".into()));
        }
        let own_hand = CardSet::from_cards(view.hand.iter().copied());
        if own_hand.len() != view.hand.len() {
            // The sample deals the hand as a set: a card listed twice would vanish unnoticed.
            return Err(bad("a card appears twice in the viewer's hand".into()));
        }

        // Every card the viewer sees. A card seen twice, a card in the wrong deck or a tactics card in a
        // game without them is refused by the engine's own validation of the sample below
        // (Position::from_setup), like every other fact of the board; only what the dealing itself
        // needs is checked here.
        let mut seen = own_hand;
        for flag in &view.flags {
            seen = seen.union(CardSet::from_cards(flag.sides.iter().flatten().copied()));
            if flag.fog.is_some() {
                seen.insert(Card::tactic(Tactic::Fog));
            }
            if flag.mud.is_some() {
                seen.insert(Card::tactic(Tactic::Mud));
            }
        }
        seen = seen.union(CardSet::from_cards(view.discards.iter().flatten().copied()));
        let deck_lens = (view.troop_deck, view.tactics_deck);
        let mut known_in_decks = Vec::with_capacity(view.scout_returned.len());
        for known in &view.scout_returned {
            seen.insert(known.card);
            let (deck, depth) = (known.deck, usize::from(known.depth));
            let len = if deck == DeckKind::Troop { deck_lens.0 } else { deck_lens.1 };
            if depth >= len {
                return Err(bad(format!("{} cannot lie at depth {depth} of the {deck:?} deck", known.card)));
            }
            known_in_decks.push((deck, depth, known.card));
        }

        let all = if options.tactics { CardSet::ALL_TROOPS.union(CardSet::ALL_TACTICS) } else { CardSet::ALL_TROOPS };
        let hidden = all.difference(seen);
        let hidden_troops: Vec<Card> = hidden.troops().iter().collect();
        let hidden_tactics: Vec<Card> = hidden.tactics().iter().collect();
        // The hidden cards must fill exactly the opponents' hands and the unknown places of the decks.
        // Every term is bounded by check_counts (at most 70 cards), and the sums are checked anyway: a
        // wrapped sum once let a view with a deck of 2^64 - 202 cards through.
        let known = |deck: DeckKind| known_in_decks.iter().filter(|k| k.0 == deck).count();
        let others = || (0..players).filter(|&p| p != me || spectator);
        let slots = |in_hands: usize, deck_len: usize, deck: DeckKind| {
            in_hands
                .checked_add(deck_len)
                .and_then(|n| n.checked_sub(known(deck)))
                .ok_or_else(|| bad(format!("the {deck:?} deck and the hands of the view do not add up")))
        };
        let troop_slots = slots(others().map(|p| hand_sizes[p].0).sum(), deck_lens.0, DeckKind::Troop)?;
        let tactic_slots = slots(others().map(|p| hand_sizes[p].1).sum(), deck_lens.1, DeckKind::Tactics)?;
        if troop_slots != hidden_troops.len() || tactic_slots != hidden_tactics.len() {
            return Err(bad(format!(
                "the view hides {} troop and {} tactics cards, but the other hands and the decks hold \
                 {troop_slots} and {tactic_slots}",
                hidden_troops.len(),
                hidden_tactics.len()
            )));
        }

        let mut determinizer = Determinizer {
            me,
            players,
            own_hand,
            spectator,
            base: Position::deal(options, &mut crate::rng_from_seed(0), 0),
            hidden_troops,
            hidden_tactics,
            hand_sizes,
            deck_lens,
            known_in_decks,
        };
        // The template goes through the engine's own validation once (flags, turn, step, counts).
        let (hands, troop_deck, tactics_deck) = determinizer.deal(&mut crate::rng_from_seed(0));
        let setup = Setup {
            options,
            current: view.current,
            phase: view.phase,
            turn: view.turn,
            hands: hands[..players].iter().map(|h| h.iter().collect()).collect(),
            troop_deck,
            tactics_deck,
            flags: view.flags.clone(),
            discards: view.discards.clone(),
            tactics_played: view.tactics_played.clone(),
            leader_played: view.leader_played.clone(),
            scout_returned: (0..players)
                .map(|p| if p == me { view.scout_returned.iter().map(|k| k.card).collect() } else { Vec::new() })
                .collect(),
            passes_in_row: view.passes_in_row,
            // Hidden (R-TURN-6): the engine derives it from the sampled hands.
            voluntary_pass: None,
            result: view.result,
            retired: view.retired,
        };
        determinizer.base = Position::from_setup(&setup)?;
        Ok(determinizer)
    }

    /// The viewer.
    pub fn viewer(&self) -> Player {
        self.me
    }

    /// One position consistent with the view; every consistent deal is equally likely.
    pub fn sample(&self, rng: &mut ChaCha8Rng) -> Position {
        let (hands, troop_deck, tactics_deck) = self.deal(rng);
        self.base
            .with_hidden_cards(hands, &troop_deck, &tactics_deck)
            .expect("a deal of exactly the hidden cards of a validated view")
    }

    /// One position consistent with the view in which `player`, an opponent of the viewer, holds
    /// `hand`: a hand of that player's size drawn from the hidden cards (a hand of another sample of
    /// this determinizer, or one that [`Determinizer::allows_hand`]). The other hidden cards are dealt
    /// as by [`Determinizer::sample`]. For samplers that pick the opponent's hand (the lab's inference
    /// about it).
    #[cfg(feature = "lab-hooks")]
    pub fn sample_with_hand(&self, player: Player, hand: CardSet, rng: &mut ChaCha8Rng) -> Position {
        let (hands, troop_deck, tactics_deck) = self.deal_with(Some((player, hand)), rng);
        self.base
            .with_hidden_cards(hands, &troop_deck, &tactics_deck)
            .expect("a hand of a sample of this view and the other hidden cards")
    }

    /// Whether `hand` may be `player`'s hand in this view: an opponent's, of their hand's size, of
    /// cards hidden from the viewer.
    #[cfg(feature = "lab-hooks")]
    pub fn allows_hand(&self, player: Player, hand: CardSet) -> bool {
        let hidden = CardSet::from_cards(self.hidden_troops.iter().chain(&self.hidden_tactics).copied());
        player != self.me
            && player < self.players
            && hand.difference(hidden).is_empty()
            && (hand.troops().len(), hand.tactics().len()) == self.hand_sizes[player]
    }

    /// Deals the hidden cards: every hand (the viewer's as it is) and both decks, top card first.
    fn deal(&self, rng: &mut ChaCha8Rng) -> ([CardSet; MAX_PLAYERS], Vec<Card>, Vec<Card>) {
        self.deal_with(None, rng)
    }

    /// [`Determinizer::deal`], with one opponent's hand given (`fixed`) instead of dealt.
    fn deal_with(
        &self,
        fixed: Option<(Player, CardSet)>,
        rng: &mut ChaCha8Rng,
    ) -> ([CardSet; MAX_PLAYERS], Vec<Card>, Vec<Card>) {
        let mut troops = self.hidden_troops.clone();
        let mut tactics = self.hidden_tactics.clone();
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        if let Some((player, hand)) = fixed {
            troops.retain(|&card| !hand.contains(card));
            tactics.retain(|&card| !hand.contains(card));
            hands[player] = hand;
        }
        troops.shuffle(rng);
        tactics.shuffle(rng);
        hands[self.me] = self.own_hand;
        let dealt = |p: Player| (p != self.me || self.spectator) && fixed.is_none_or(|(f, _)| f != p);
        for p in (0..self.players).filter(|&p| dealt(p)) {
            let (t, x) = self.hand_sizes[p];
            hands[p] = troops.drain(troops.len() - t..).chain(tactics.drain(tactics.len() - x..)).collect();
        }
        let troop_deck = self.fill_deck(DeckKind::Troop, self.deck_lens.0, troops);
        let tactics_deck = self.fill_deck(DeckKind::Tactics, self.deck_lens.1, tactics);
        (hands, troop_deck, tactics_deck)
    }

    /// A deck of `len` cards, top first: the known ones at their depths, `rest` around them.
    fn fill_deck(&self, deck: DeckKind, len: usize, rest: Vec<Card>) -> Vec<Card> {
        let mut slots: Vec<Option<Card>> = vec![None; len];
        for &(d, depth, card) in &self.known_in_decks {
            if d == deck {
                slots[depth] = Some(card);
            }
        }
        let mut rest = rest.into_iter();
        slots.into_iter().filter_map(|slot| slot.or_else(|| rest.next())).collect()
    }
}

/// Bounds every count of the view by what a real game can reach, before any arithmetic on them:
/// decks and hands hold at most the game's 60 troop and 10 tactics cards, a player plays at most 10
/// tactics cards, and the game in progress is one of the match's. The error names the field.
fn check_counts(view: &PlayerView, tactics: bool) -> Result<(), Error> {
    let tactics_cards = if tactics { Tactic::ALL.len() } else { 0 };
    let at_most = |field: String, value: usize, limit: usize, what: &str| {
        if value <= limit {
            Ok(())
        } else {
            Err(bad(format!("{field} is {value}, but {what} at most {limit}")))
        }
    };
    at_most("troopDeck".into(), view.troop_deck, TROOP_COUNT, "the troop deck holds")?;
    at_most("tacticsDeck".into(), view.tactics_deck, tactics_cards, "the tactics deck holds")?;
    for (p, size) in view.hand_sizes.iter().enumerate() {
        at_most(format!("handSizes[{p}].troops"), size.troops.into(), TROOP_COUNT, "a hand holds")?;
        at_most(format!("handSizes[{p}].tactics"), size.tactics.into(), tactics_cards, "a hand holds")?;
    }
    for (p, &played) in view.tactics_played.iter().enumerate() {
        at_most(format!("tacticsPlayed[{p}]"), played.into(), tactics_cards, "a player plays")?;
    }
    if view.game_index >= view.options.games {
        return Err(bad(format!(
            "gameIndex is {}, but the match has {} games (numbered from 0)",
            view.game_index, view.options.games
        )));
    }
    Ok(())
}

/// One position consistent with `view`, sampled with `rng` (see [`Determinizer`]).
///
/// ```
/// use battleline::{bot::determinize, Game, Options};
/// let game = Game::new(Options::default(), 5).unwrap();
/// let view = game.view(1).unwrap();
/// let sample = determinize(&view, &mut battleline::rng_from_seed(9)).unwrap();
/// assert_eq!(sample.hand(1), game.position().hand(1));
/// assert_eq!(sample.legal_actions().len(), game.position().legal_actions().len());
/// ```
pub fn determinize(view: &PlayerView, rng: &mut ChaCha8Rng) -> Result<Position, Error> {
    Ok(Determinizer::new(view)?.sample(rng))
}
