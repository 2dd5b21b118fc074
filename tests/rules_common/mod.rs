//! Building exact situations for the rules tests (`tests/rules_*.rs`).
//!
//! A [`Board`] starts from a real deal (`Game::new(options, seed).position().to_setup()`), empties both
//! hands into the bottom of the decks and then moves named cards between places (hand, deck top, flag
//! side, discard pile, Fog/Mud). Every card stays in exactly one place, so `Position::from_setup`
//! accepts the result; [`Board::position`] validates it. Actions are then applied with
//! `position.apply(..)` and checked, refusals with [`refused`], which also checks that nothing changed
//! and that the refused action is not listed as legal.
#![allow(dead_code)]

use battleline::{
    Action, Card, CardSet, ClaimTiming, DeckKind, Error, ErrorCode, FlagId, Game, Options, Phase, Player, Position,
    Setup, Tactic,
};

/// A card from its notation (`"r5"`, `"alexander"`).
pub fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("bad card {text:?} in a test: {e}"))
}

/// Cards from space-separated notation.
pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

/// A set of cards from notation.
pub fn set(text: &str) -> CardSet {
    CardSet::from_cards(cards(text))
}

/// A flag by its number 1..9.
pub fn flag(number: i64) -> FlagId {
    FlagId::from_number(number).expect("flag 1..9")
}

pub fn play(c: &str, f: i64) -> Action {
    Action::Play { card: card(c), flag: flag(f) }
}

pub fn env(c: &str, f: i64) -> Action {
    Action::Environment { card: card(c), flag: flag(f) }
}

pub fn redeploy(c: &str, to: Option<i64>) -> Action {
    Action::Redeploy { card: card(c), to: to.map(flag) }
}

pub fn deserter(c: &str) -> Action {
    Action::Deserter { card: card(c) }
}

pub fn traitor(c: &str, to: i64) -> Action {
    Action::Traitor { card: card(c), to: flag(to) }
}

pub fn claim(f: i64) -> Action {
    Action::Claim { flag: flag(f) }
}

pub fn scout_return(c: &str) -> Action {
    Action::ScoutReturn { card: card(c) }
}

pub const DRAW_TROOP: Action = Action::Draw { deck: DeckKind::Troop };
pub const DRAW_TACTICS: Action = Action::Draw { deck: DeckKind::Tactics };
pub const SCOUT_TROOP: Action = Action::ScoutDraw { deck: DeckKind::Troop };
pub const SCOUT_TACTICS: Action = Action::ScoutDraw { deck: DeckKind::Tactics };

/// The ordinary steps of a turn under a claim timing (R-VAR-1).
pub fn steps(timing: ClaimTiming) -> [Phase; 3] {
    match timing {
        ClaimTiming::AfterPlay => [Phase::Play, Phase::Claim, Phase::Draw],
        ClaimTiming::StartOfTurn => [Phase::Claim, Phase::Play, Phase::Draw],
        ClaimTiming::EndOfTurn => [Phase::Play, Phase::Draw, Phase::Claim],
    }
}

/// Two players, tactics, claims after the play: the default game.
pub fn default_options() -> Options {
    Options::default()
}

/// Two players without tactics (R-VAR-2).
pub fn basic_options() -> Options {
    Options { tactics: false, ..Options::default() }
}

/// Options with this claim timing (two players, tactics).
pub fn timing_options(claim_timing: ClaimTiming) -> Options {
    Options { claim_timing, ..Options::default() }
}

/// Three players (R-3P, no tactics).
pub fn three_player_options() -> Options {
    Options { players: 3, tactics: false, ..Options::default() }
}

/// An exact situation under construction.
#[derive(Clone, Debug)]
pub struct Board {
    pub setup: Setup,
    /// The arrival time of the next card put on a side (R-FORM-4).
    next_arrival: u32,
}

impl Board {
    /// Empty hands, empty flags and discards, every card in the decks (dealt order, hands at the bottom),
    /// player 0 at the first step of their turn.
    pub fn new(options: Options) -> Board {
        let mut setup = Game::new(options, 1).expect("valid options").position().to_setup();
        for hand in &mut setup.hands {
            for card in hand.drain(..) {
                if card.is_troop() {
                    setup.troop_deck.push(card);
                } else {
                    setup.tactics_deck.push(card);
                }
            }
        }
        // Derived from the hands (R-TURN-6): a board states only what its test means.
        setup.voluntary_pass = None;
        let mut board = Board { setup, next_arrival: 0 };
        board.turn(0, steps(options.claim_timing)[0]);
        board
    }

    /// Shorthand for the default two-player game with tactics.
    pub fn standard() -> Board {
        Board::new(default_options())
    }

    fn flag_mut(&mut self, number: i64) -> &mut battleline::FlagView {
        &mut self.setup.flags[flag(number).index()]
    }

    /// Removes `card` from wherever it lies. Panics if it is nowhere (a broken test).
    pub fn take(&mut self, card: Card) {
        let s = &mut self.setup;
        let remove = |list: &mut Vec<Card>| {
            let before = list.len();
            list.retain(|c| *c != card);
            before != list.len()
        };
        let mut found = false;
        for list in s.hands.iter_mut().chain(s.discards.iter_mut()) {
            found |= remove(list);
        }
        found |= remove(&mut s.troop_deck);
        found |= remove(&mut s.tactics_deck);
        for list in &mut s.scout_returned {
            remove(list);
        }
        for f in &mut s.flags {
            for (p, side) in f.sides.iter_mut().enumerate() {
                if let Some(at) = side.iter().position(|c| *c == card) {
                    side.remove(at);
                    f.arrived[p].remove(at);
                    found = true;
                }
            }
            if card == Card::tactic(Tactic::Fog) && f.fog.take().is_some() {
                found = true;
            }
            if card == Card::tactic(Tactic::Mud) && f.mud.take().is_some() {
                found = true;
            }
        }
        assert!(found, "{card} is nowhere in the setup");
        for g in 1..=9 {
            self.stamp(g);
        }
    }

    /// Adds the cards to player `p`'s hand.
    pub fn hand(&mut self, p: Player, text: &str) -> &mut Board {
        for c in cards(text) {
            self.take(c);
            self.setup.hands[p].push(c);
        }
        self
    }

    /// Adds the cards, in play order, to player `p`'s side of flag `f`, each arriving now, so cards put
    /// by earlier calls count as arrived earlier and their sides as completed earlier (R-FORM-4).
    pub fn side(&mut self, f: i64, p: Player, text: &str) -> &mut Board {
        for c in cards(text) {
            self.take(c);
            let at = self.next_arrival;
            self.next_arrival += 1;
            let view = self.flag_mut(f);
            view.sides[p].push(c);
            view.arrived[p].push(at);
        }
        for g in 1..=9 {
            self.stamp(g);
        }
        self
    }

    fn capacity(&self, f: i64) -> usize {
        if self.setup.flags[flag(f).index()].mud.is_some() {
            4
        } else {
            3
        }
    }

    /// Each side's completion time: when its latest card arrived, if the side is complete.
    fn stamp(&mut self, f: i64) {
        let capacity = self.capacity(f);
        let view = self.flag_mut(f);
        for p in 0..view.sides.len() {
            let complete = view.sides[p].len() >= capacity;
            view.completed[p] = if complete { view.arrived[p].iter().max().copied() } else { None };
        }
    }

    /// Fog beside flag `f`, placed by `owner`.
    pub fn fog(&mut self, f: i64, owner: Player) -> &mut Board {
        self.take(Card::tactic(Tactic::Fog));
        self.flag_mut(f).fog = Some(owner);
        self
    }

    /// Mud beside flag `f`, placed by `owner`. Place Mud before the sides.
    pub fn mud(&mut self, f: i64, owner: Player) -> &mut Board {
        self.take(Card::tactic(Tactic::Mud));
        self.flag_mut(f).mud = Some(owner);
        self.stamp(f);
        self
    }

    /// Flag `f` claimed by `p`.
    pub fn claimed(&mut self, f: i64, p: Player) -> &mut Board {
        self.flag_mut(f).claimed_by = Some(p);
        self
    }

    /// Face-up cards in player `p`'s discard pile.
    pub fn discard(&mut self, p: Player, text: &str) -> &mut Board {
        for c in cards(text) {
            self.take(c);
            self.setup.discards[p].push(c);
        }
        self
    }

    /// Puts the cards on top of their decks, the first named card topmost.
    pub fn deck_top(&mut self, text: &str) -> &mut Board {
        for c in cards(text).into_iter().rev() {
            self.take(c);
            if c.is_troop() {
                self.setup.troop_deck.insert(0, c);
            } else {
                self.setup.tactics_deck.insert(0, c);
            }
        }
        self
    }

    /// Moves every card left in the troop deck to player `p`'s discard pile (face up).
    pub fn troop_deck_to_discard(&mut self, p: Player) -> &mut Board {
        let deck = std::mem::take(&mut self.setup.troop_deck);
        self.setup.discards[p].extend(deck);
        self
    }

    /// Moves every card left in the tactics deck to player `p`'s discard pile.
    pub fn tactics_deck_to_discard(&mut self, p: Player) -> &mut Board {
        let deck = std::mem::take(&mut self.setup.tactics_deck);
        self.setup.discards[p].extend(deck);
        self
    }

    /// Keeps only the first `n` cards (from the top) of the troop deck; the rest go to `p`'s discards.
    pub fn troop_deck_keep(&mut self, n: usize, p: Player) -> &mut Board {
        let rest = self.setup.troop_deck.split_off(n.min(self.setup.troop_deck.len()));
        self.setup.discards[p].extend(rest);
        self
    }

    /// Keeps only the first `n` cards of the tactics deck; the rest go to `p`'s discards.
    pub fn tactics_deck_keep(&mut self, n: usize, p: Player) -> &mut Board {
        let rest = self.setup.tactics_deck.split_off(n.min(self.setup.tactics_deck.len()));
        self.setup.discards[p].extend(rest);
        self
    }

    /// Tactics cards played so far by each player (R-TAC-1).
    pub fn tactics_played(&mut self, counts: &[u8]) -> &mut Board {
        self.setup.tactics_played = counts.to_vec();
        self
    }

    /// Whether player `p` has played a Leader (R-TAC-2).
    pub fn leader_played(&mut self, p: Player) -> &mut Board {
        self.setup.leader_played[p] = true;
        self
    }

    /// Player `p` to move, at `phase` (an ordinary step), with a fresh turn.
    pub fn turn(&mut self, p: Player, phase: Phase) -> &mut Board {
        let step = steps(self.setup.options.claim_timing).iter().position(|s| *s == phase).expect("ordinary step");
        self.setup.current = p;
        self.setup.phase = phase;
        self.setup.turn.step = step as u8;
        self.setup.turn.skip_draw = false;
        self.setup.turn.passed = false;
        self.setup.turn.claimed = false;
        self
    }

    /// Consecutive passing turns so far (R-TURN-6).
    pub fn passes_in_row(&mut self, n: u8) -> &mut Board {
        self.setup.passes_in_row = n;
        self
    }

    /// The validated position.
    pub fn position(&self) -> Position {
        Position::from_setup(&self.setup).unwrap_or_else(|e| panic!("test setup refused: {e}\n{:#?}", self.setup))
    }
}

/// Applies the actions in order, failing with the step that was refused.
pub fn apply_all(position: &mut Position, actions: &[Action]) {
    for (i, action) in actions.iter().enumerate() {
        position.apply(action).unwrap_or_else(|e| {
            panic!(
                "action {} ({action}) refused: {e}\nphase {:?}, player {}",
                i + 1,
                position.phase(),
                position.current()
            )
        });
        assert_cards_conserved(position);
    }
}

/// Checks that `action` by the current player is refused with `code`, changes nothing and is not
/// listed as legal. Returns the error for message checks.
pub fn refused(position: &mut Position, action: Action, code: ErrorCode) -> Error {
    let before = *position;
    assert!(!position.legal_actions().contains(&action), "{action} is listed as legal but expected {code}");
    let err = position.apply(&action).expect_err(&format!("{action} was accepted, expected {code}"));
    assert_eq!(err.code, code, "{action}: {err}");
    assert!(!err.message.is_empty());
    assert_eq!(*position, before, "refused {action} changed the position");
    err
}

/// Checks that `action` is legal now: listed and accepted by `check`.
pub fn assert_legal(position: &Position, action: Action) {
    assert_eq!(position.check(position.current(), &action), Ok(()), "{action} should be legal");
    assert!(position.legal_actions().contains(&action), "{action} accepted but not listed");
}

/// Every card exactly once: hands, decks, flags (sides, Fog, Mud) and discard piles.
pub fn assert_cards_conserved(position: &Position) {
    let mut all: Vec<Card> = Vec::new();
    for p in 0..position.players() {
        all.extend(position.hand(p).iter());
        all.extend(position.discards(p).iter());
    }
    all.extend(position.troop_deck());
    all.extend(position.tactics_deck());
    for f in position.flags() {
        for side in &f.sides {
            all.extend(side.iter());
        }
        all.extend(f.fog.map(|_| Card::tactic(Tactic::Fog)));
        all.extend(f.mud.map(|_| Card::tactic(Tactic::Mud)));
    }
    let distinct = CardSet::from_cards(all.iter().copied());
    assert_eq!(distinct.len(), all.len(), "a card lies in two places");
    assert_eq!(all.len(), if position.options().tactics { 70 } else { 60 }, "cards lost or created");
}

/// The cards of player `p`'s side of flag `f`, in play order.
pub fn side_of(position: &Position, f: i64, p: Player) -> Vec<Card> {
    position.flag(flag(f)).sides[p].iter().collect()
}

/// The troop deck as notation, top first.
pub fn deck_cards(position: &Position, deck: DeckKind) -> Vec<Card> {
    match deck {
        DeckKind::Troop => position.troop_deck().collect(),
        DeckKind::Tactics => position.tactics_deck().collect(),
    }
}

/// Plays uniformly random legal actions until the game in progress is over (not the match).
pub fn play_out_game(game: &mut Game, rng: &mut impl rand::Rng) {
    use rand::seq::IndexedRandom;
    let mut steps = 0;
    while !game.position().is_over() {
        let legal = game.legal_actions();
        let action = *legal.choose(rng).expect("a game in progress has a legal action");
        game.apply(&action).expect("listed actions are accepted");
        steps += 1;
        assert!(steps < 5_000, "the game does not end");
    }
}
