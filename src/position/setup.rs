//! `Setup`: a position as plain, unchecked data (every hand, the deck order, the board) and its
//! validation into a [`Position`]. It is the full-state dump of `battleline selfplay --dump`, the way
//! tests build exact situations, and the way search bots build a position from a sampled deal.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Tactic, TacticKind};
use crate::card_set::CardSet;
use crate::deck::Deck;
use crate::error::{Error, ErrorCode};
use crate::flag::{Flag, FlagId, SideCards, FLAG_COUNT, MAX_PLAYERS};
use crate::options::Options;
use crate::outcome::GameResult;
use crate::phase::{turn_steps, Phase};
use crate::position::view::{FlagView, TurnView};
use crate::position::Position;

/// Everything about a position, unchecked. [`Position::from_setup`] validates it.
///
/// ```
/// use battleline::{Game, Options, Position};
/// let game = Game::new(Options::default(), 8).unwrap();
/// let mut setup = game.position().to_setup();
/// assert_eq!(Position::from_setup(&setup).unwrap(), *game.position());
/// let stolen = setup.hands[1][0];
/// setup.hands[0].push(stolen); // one card in two hands
/// assert_eq!(Position::from_setup(&setup).unwrap_err().code, battleline::ErrorCode::BadInput);
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "FullState"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Setup {
    /// The options.
    pub options: Options,
    /// Whose turn it is.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub current: usize,
    /// The current step.
    pub phase: Phase,
    /// The turn in progress.
    pub turn: TurnView,
    /// Every player's hand.
    pub hands: Vec<Vec<Card>>,
    /// The troop deck, top card first.
    pub troop_deck: Vec<Card>,
    /// The tactics deck, top card first.
    pub tactics_deck: Vec<Card>,
    /// The nine flags.
    #[cfg_attr(test, ts(type = "Array<FlagState>"))]
    pub flags: Vec<FlagView>,
    /// Each player's discard pile.
    pub discards: Vec<Vec<Card>>,
    /// Tactics cards each player has played.
    pub tactics_played: Vec<u8>,
    /// Whether each player has played a Leader.
    pub leader_played: Vec<bool>,
    /// Cards each player returned with Scout that are still in a deck.
    pub scout_returned: Vec<Vec<Card>>,
    /// Consecutive passing turns without a claim.
    pub passes_in_row: u8,
    /// One of those passes was voluntary (R-TURN-6). Derived from the passing players' hands: always
    /// written; when a setup is read it may be left out, and if given it must agree with the hands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub voluntary_pass: Option<bool>,
    /// The result, if the game is over.
    pub result: Option<GameResult>,
    /// The seat that resigned from this three-player game (R-3P-RESIGN); left out when none has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "PlayerIndex"))]
    pub retired: Option<usize>,
}

impl Position {
    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        let players = 0..self.players();
        let view = self.view(0).expect("player 0 exists");
        Setup {
            options: self.options,
            current: self.current,
            phase: self.phase,
            turn: view.turn,
            hands: players.clone().map(|p| self.hands[p].iter().collect()).collect(),
            troop_deck: self.troop_deck().collect(),
            tactics_deck: self.tactics_deck().collect(),
            // A setup leaves the derived capacity out (0, not written): setups and their digests stay as they were.
            flags: view.flags.into_iter().map(|f| FlagView { capacity: 0, ..f }).collect(),
            discards: view.discards,
            tactics_played: view.tactics_played,
            leader_played: view.leader_played,
            scout_returned: players.map(|p| self.scout_returned[p].iter().collect()).collect(),
            passes_in_row: self.passes_in_row,
            voluntary_pass: Some(self.voluntary_pass()),
            result: self.result,
            retired: self.retired,
        }
    }

    /// Validates a setup: every card exactly once, sides within their room, a step that exists under
    /// the claim timing, a state play can reach and, unless the game is over, a legal action (see
    /// `reachable.rs`). The error (`bad_input`) names the first problem.
    pub fn from_setup(setup: &Setup) -> Result<Position, Error> {
        let bad = |message: String| Error::new(ErrorCode::BadInput, message);
        let options = setup.options.validate()?;
        let players = options.players;
        let per_player = |name: &str, len: usize| {
            if len == players {
                Ok(())
            } else {
                Err(bad(format!("{name} must have one entry per player ({players}), not {len}")))
            }
        };
        per_player("hands", setup.hands.len())?;
        per_player("discards", setup.discards.len())?;
        per_player("tacticsPlayed", setup.tactics_played.len())?;
        per_player("leaderPlayed", setup.leader_played.len())?;
        per_player("scoutReturned", setup.scout_returned.len())?;
        if setup.flags.len() != FLAG_COUNT {
            return Err(bad(format!("there must be 9 flags, not {}", setup.flags.len())));
        }
        if setup.current >= players {
            return Err(bad(format!("current player {} does not exist", setup.current)));
        }

        let mut census = Census::default();
        let mut flags = [Flag::default(); FLAG_COUNT];
        for (i, view) in setup.flags.iter().enumerate() {
            flags[i] = flag_from_view(view, i, players, &mut census)?;
        }
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let mut discards = [CardSet::EMPTY; MAX_PLAYERS];
        let mut scout_returned = [CardSet::EMPTY; MAX_PLAYERS];
        for p in 0..players {
            hands[p] = census.take_all(&setup.hands[p], &format!("player {p}'s hand"))?;
            discards[p] = census.take_all(&setup.discards[p], &format!("player {p}'s discards"))?;
            scout_returned[p] = CardSet::from_cards(setup.scout_returned[p].iter().copied());
        }
        let troops = census.take_all(&setup.troop_deck, "the troop deck")?;
        let tactics = census.take_all(&setup.tactics_deck, "the tactics deck")?;
        if !troops.tactics().is_empty() || !tactics.troops().is_empty() {
            return Err(bad("a card lies in the wrong deck".into()));
        }
        let expected = if options.tactics { 70 } else { 60 };
        if census.seen.len() != expected || (!options.tactics && !census.seen.tactics().is_empty()) {
            return Err(bad(format!("the setup holds {} cards; this game has {expected}", census.seen.len())));
        }
        let in_decks = troops.union(tactics);
        if let Some(p) = (0..players).find(|&p| !scout_returned[p].difference(in_decks).is_empty()) {
            return Err(bad(format!("player {p}'s scout-returned cards must still be in a deck")));
        }
        check_counters(setup, options)?;
        check_turn(setup, options, &hands)?;

        let mut position = Position {
            options,
            flags,
            hands,
            troop_deck: Deck::from_cards(setup.troop_deck.iter().rev().copied()),
            tactics_deck: Deck::from_cards(setup.tactics_deck.iter().rev().copied()),
            discards,
            tactics_played: std::array::from_fn(|p| setup.tactics_played.get(p).copied().unwrap_or(0)),
            leader_played: std::array::from_fn(|p| setup.leader_played.get(p).copied().unwrap_or(false)),
            scout_returned,
            current: setup.current,
            phase: setup.phase,
            step: setup.turn.step,
            skip_draw: setup.turn.skip_draw,
            passed_this_turn: setup.turn.passed,
            claimed_this_turn: setup.turn.claimed,
            passes_in_row: setup.passes_in_row,
            result: setup.result,
            retired: setup.retired,
            face_up: CardSet::EMPTY,
            latest_arrival: None,
            claim_memo: Default::default(),
        };
        position.face_up = position.face_up_on_the_table();
        position.latest_arrival = position.board_latest_arrival();
        position.check_reachable(setup.voluntary_pass)?;
        Ok(position)
    }
}

/// Cards met so far while validating, so that a card in two places is caught.
#[derive(Default)]
struct Census {
    seen: CardSet,
}

impl Census {
    fn take(&mut self, card: Card, place: &str) -> Result<(), Error> {
        if self.seen.contains(card) {
            return Err(Error::new(ErrorCode::BadInput, format!("{card} appears twice (again in {place})")));
        }
        self.seen.insert(card);
        Ok(())
    }

    fn take_all(&mut self, cards: &[Card], place: &str) -> Result<CardSet, Error> {
        for &card in cards {
            self.take(card, place)?;
        }
        Ok(CardSet::from_cards(cards.iter().copied()))
    }
}

fn flag_from_view(view: &FlagView, index: usize, players: usize, census: &mut Census) -> Result<Flag, Error> {
    let bad = |message: String| Error::new(ErrorCode::BadInput, format!("flag {}: {message}", index + 1));
    if view.flag != FlagId::from_index(index).expect("index < 9") {
        return Err(bad(format!("listed in place {} but numbered {}", index + 1, view.flag)));
    }
    if view.sides.len() != players || view.completed.len() != players {
        return Err(bad(format!("needs one side and one completion entry per player ({players})")));
    }
    if !view.arrived.is_empty() && view.arrived.len() != players {
        return Err(bad(format!("needs one list of arrival times per player ({players}), or none")));
    }
    let owner_ok = |p: Option<usize>| p.is_none_or(|p| p < players);
    if !owner_ok(view.fog) || !owner_ok(view.mud) || !owner_ok(view.claimed_by) {
        return Err(bad("fog, mud or claimedBy names a player who does not exist".into()));
    }
    let mut flag = Flag { fog: view.fog, mud: view.mud, claimed: view.claimed_by, ..Flag::default() };
    for (tactic, placed) in [(Tactic::Fog, view.fog), (Tactic::Mud, view.mud)] {
        if placed.is_some() {
            census.take(Card::tactic(tactic), &format!("flag {}", index + 1))?;
        }
    }
    for p in 0..players {
        let cards = &view.sides[p];
        if let Some(card) = cards.iter().find(|c| c.as_tactic().is_some_and(|t| t.kind() != TacticKind::Morale)) {
            return Err(bad(format!("{card} cannot stand on a side")));
        }
        if cards.len() > flag.capacity() {
            return Err(bad(format!("player {p}'s side holds {} cards, more than {}", cards.len(), flag.capacity())));
        }
        census.take_all(cards, &format!("flag {}", index + 1))?;
        flag.completed[p] = view.completed[p];
        if let Some(stamp) = flag.completed[p].filter(|&s| s > MAX_COMPLETION_STAMP) {
            return Err(bad(format!(
                "completed[{p}] is {stamp}, above {MAX_COMPLETION_STAMP}: no game stamps that many arrivals"
            )));
        }
        if (cards.len() >= flag.capacity()) != flag.completed[p].is_some() {
            return Err(bad(format!("player {p}'s completion time must be given exactly when the side is complete")));
        }
        let arrived = match view.arrived.get(p) {
            Some(arrived) => arrived.clone(),
            None => vec![view.completed[p].unwrap_or(0); cards.len()],
        };
        if let Some(stamp) = arrived.iter().find(|&&s| s > MAX_COMPLETION_STAMP) {
            return Err(bad(format!(
                "arrived[{p}] holds {stamp}, above {MAX_COMPLETION_STAMP}: no game stamps that many arrivals"
            )));
        }
        flag.sides[p] = SideCards::from_arrivals(cards, &arrived).map_err(|e| bad(format!("player {p}: {e}")))?;
        if flag.completed[p].is_some() && flag.completed[p] != flag.sides[p].latest_arrival() {
            return Err(bad(format!("player {p}'s completion time must be when the side's latest card arrived")));
        }
    }
    Ok(flag)
}

/// The largest arrival or completion time a setup may give (R-FORM-4). Play stamps each card arriving
/// on a side with the next number after the latest on the board, and fewer than 100 cards arrive in a
/// game (every side card played, plus Redeploy and Traitor), so this bound is far above any real game
/// and far below the top of `u32`, where the next stamp would saturate into a tie.
pub const MAX_COMPLETION_STAMP: u32 = 9_999;

/// Counters bounded by the cards of the game: each player plays at most the 10 tactics cards, all of
/// them together too (R-TAC-1 counts them, and `u8` must never wrap when one more is played).
fn check_counters(setup: &Setup, options: Options) -> Result<(), Error> {
    let limit = if options.tactics { Tactic::ALL.len() } else { 0 };
    let mut total = 0usize;
    for (p, &played) in setup.tactics_played.iter().enumerate() {
        total += usize::from(played);
        if usize::from(played) > limit || total > limit {
            return Err(Error::new(
                ErrorCode::BadInput,
                format!("tacticsPlayed[{p}] is {played}: the players play at most {limit} tactics cards in all"),
            ));
        }
    }
    Ok(())
}

fn check_turn(setup: &Setup, options: Options, hands: &[CardSet; MAX_PLAYERS]) -> Result<(), Error> {
    let bad = |message: String| Err(Error::new(ErrorCode::BadInput, message));
    let steps = turn_steps(options.claim_timing);
    let step = setup.turn.step as usize;
    let play_step = steps.iter().position(|&s| s == Phase::Play).unwrap_or(0);
    let consistent = match setup.phase {
        Phase::GameOver => setup.result.is_some(),
        // Scout draws up to three cards, then returns two, or fewer when the hand holds fewer (R-GUILE-1).
        Phase::ScoutDraw { remaining } => step == play_step && (1..=3).contains(&remaining) && setup.result.is_none(),
        Phase::ScoutReturn { remaining } => {
            step == play_step
                && (1..=2).contains(&remaining)
                && usize::from(remaining) <= hands[setup.current].len()
                && setup.result.is_none()
        }
        phase => steps.get(step) == Some(&phase) && setup.result.is_none(),
    };
    if !consistent {
        return bad(format!("phase {:?} does not fit step {step} of {:?}", setup.phase, options.claim_timing));
    }
    if let Some(winner) = setup.result.and_then(|r| r.winner).filter(|&w| w >= options.players) {
        return bad(format!("the result names player {winner} as the winner, who does not exist"));
    }
    if let Some(retired) = setup.retired {
        if options.players != 3 || retired >= options.players {
            return bad(format!("player {retired} cannot have resigned: only a seat of a three-player game can"));
        }
        if setup.result.is_none() && setup.current == retired {
            return bad(format!("player {retired} resigned and cannot be the player to move"));
        }
        if setup.result.and_then(|r| r.winner) == Some(retired) {
            return bad(format!("player {retired} resigned and cannot have won"));
        }
    }
    let active = options.players - usize::from(setup.retired.is_some());
    if usize::from(setup.passes_in_row) >= active && setup.result.is_none() {
        return bad("every player has passed in a row, so the game must be over".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn setups_round_trip_through_json_during_random_games() {
        use rand::seq::IndexedRandom;
        let mut rng = crate::rng_from_seed(4);
        for seed in 0..30 {
            let mut game = Game::new(Options::default(), seed).unwrap();
            while !game.is_match_over() {
                let setup = game.position().to_setup();
                let json = serde_json::to_string(&setup).unwrap();
                let back: Setup = serde_json::from_str(&json).unwrap();
                assert_eq!(Position::from_setup(&back).unwrap(), *game.position());
                let action = *game.legal_actions().choose(&mut rng).unwrap();
                game.apply(&action).unwrap();
            }
        }
    }

    #[test]
    fn broken_setups_are_named() {
        let base = Game::new(Options::default(), 9).unwrap().position().to_setup();
        let mut lost = base.clone();
        lost.troop_deck.pop();
        let mut fog_on_side = base.clone();
        fog_on_side.tactics_deck.retain(|c| *c != Card::tactic(Tactic::Fog));
        fog_on_side.flags[0].sides[0].push(Card::tactic(Tactic::Fog));
        let mut wrong_step = base.clone();
        wrong_step.phase = Phase::Draw;
        for (setup, needle) in [(lost, "69 cards"), (fog_on_side, "cannot stand"), (wrong_step, "does not fit")] {
            let err = Position::from_setup(&setup).unwrap_err();
            assert!(err.message.contains(needle), "{}", err.message);
        }
    }
}
