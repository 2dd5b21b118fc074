//! A game or match: options, the seeded generator (R-SETUP-3), the position of the game in progress,
//! the results of finished games (R-MATCH) and the record of every action.

use rand_chacha::ChaCha8Rng;

use crate::action::Action;
use crate::error::{Error, ErrorCode};
#[cfg(feature = "events")]
use crate::event::Event;
use crate::flag::Player;
#[cfg(feature = "long-seeds")]
use crate::long_seed::LongSeed;
use crate::options::Options;
use crate::outcome::GameResult;
#[cfg(feature = "setups")]
use crate::position::setup::Setup;
use crate::position::view::PlayerView;
use crate::position::{rng_from_seed, Position};
use crate::record::{PartialRecord, Record, MAX_SEED};
#[cfg(feature = "events")]
use serde::Serialize;

/// A match of one or more games, and everything needed to replay it.
///
/// ```
/// use battleline::{Action, ErrorCode, Game, Options};
/// let mut game = Game::new(Options::default(), 2024).unwrap();
/// let player = game.position().current();
/// let card = game.position().hand(player).iter().next().unwrap();
/// let flag = battleline::FlagId::from_number(5).unwrap();
/// game.apply(&Action::Play { card, flag }).unwrap();
/// // A second card in the same turn is refused (the turn has moved on) and changes nothing.
/// let before = game.clone();
/// let second = game.position().hand(player).iter().next().unwrap();
/// let err = game.apply(&Action::Play { card: second, flag }).unwrap_err();
/// assert_eq!(err.code, ErrorCode::WrongPhase);
/// assert_eq!(game.position(), before.position());
/// assert_eq!(game.record(), before.record());
/// // The whole match replays from its record.
/// assert_eq!(Game::from_record(&game.record()).unwrap().position(), game.position());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    options: Options,
    seed: u64,
    /// The 256-bit seed that started the generator instead of `seed`, if any.
    #[cfg(feature = "long-seeds")]
    long_seed: Option<LongSeed>,
    rng: ChaCha8Rng,
    position: Position,
    /// Who started the game in progress (R-MATCH-2).
    first_player: Player,
    /// Results of the games before the one in progress.
    finished: Vec<GameResult>,
    actions: Vec<Action>,
    /// What each action did, in order (unredacted: [`Game::log`] redacts per player).
    #[cfg(feature = "events")]
    log: Vec<LogEntry>,
    /// The first game's starting position when it was not dealt from the seed ([`Game::from_setup`]).
    #[cfg(feature = "setups")]
    start: Option<Box<Setup>>,
}

/// One action of the game's log and what it did.
#[cfg(feature = "events")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LogEntry {
    /// The action's place in the record (0-based).
    pub index: u32,
    /// Who played it.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub player: Player,
    /// The action; `None` where it names a card hidden from the viewer (another player's Scout return).
    pub action: Option<Action>,
    /// What it did.
    pub events: Vec<Event>,
}

impl Game {
    /// A new game or match. The seed must be at most 2^53 - 1 (it travels through JavaScript numbers).
    pub fn new(options: Options, seed: u64) -> Result<Game, Error> {
        if seed > MAX_SEED {
            return Err(Error::new(ErrorCode::BadOptions, format!("seed {seed} is above the largest seed {MAX_SEED}")));
        }
        Game::dealt(options, seed, rng_from_seed(seed))
    }

    /// A new game or match whose generator starts from 256 bits instead of a u64 seed: the deal of an
    /// online server, which no one can search for from the cards they see. [`Game::seed`] is then 0,
    /// and the record carries the long seed (a secret until the match is over). Only with the feature
    /// `long-seeds` (on by default).
    ///
    /// ```
    /// use battleline::{Game, LongSeed, Options, Record};
    /// let long = LongSeed::from_bytes([9; 32]);
    /// let mut game = Game::with_long_seed(Options::default(), long).unwrap();
    /// let first = game.legal_actions()[0];
    /// game.apply(&first).unwrap();
    /// let record = Record::from_json(&game.record().to_json()).unwrap();
    /// assert_eq!(record.long_seed, Some(long));
    /// assert_eq!(Game::from_record(&record).unwrap().position(), game.position());
    /// ```
    #[cfg(feature = "long-seeds")]
    pub fn with_long_seed(options: Options, long_seed: LongSeed) -> Result<Game, Error> {
        let mut game = Game::dealt(options, 0, long_seed.rng())?;
        game.long_seed = Some(long_seed);
        Ok(game)
    }

    /// A new match whose first game is dealt by `rng` (seeded from `seed`, or from a long seed with
    /// `seed` 0).
    fn dealt(options: Options, seed: u64, mut rng: ChaCha8Rng) -> Result<Game, Error> {
        let options = options.validate()?;
        let position = Position::new_game(options, &mut rng);
        let first_player = position.current();
        Ok(Game {
            options,
            seed,
            #[cfg(feature = "long-seeds")]
            long_seed: None,
            rng,
            position,
            first_player,
            finished: Vec::new(),
            actions: Vec::new(),
            #[cfg(feature = "events")]
            log: Vec::new(),
            #[cfg(feature = "setups")]
            start: None,
        })
    }

    /// A game starting from a given position instead of a deal (feature `setups`, on by default): a lesson, a puzzle, an endgame to study.
    /// The setup is checked like [`Position::from_setup`] (`bad_input`); the seed deals the later games
    /// of a match. The record carries the setup, so it replays exactly.
    ///
    /// ```
    /// use battleline::{Game, Options, Record};
    /// let dealt = Game::new(Options::default(), 3).unwrap();
    /// let mut setup = dealt.position().to_setup();
    /// setup.hands.swap(0, 1); // the players' hands exchanged: not a deal of any seed
    /// let mut game = Game::from_setup(&setup, 0).unwrap();
    /// let first = game.legal_actions()[0];
    /// game.apply(&first).unwrap();
    /// let replayed = Game::from_record(&Record::from_json(&game.record().to_json()).unwrap()).unwrap();
    /// assert_eq!(replayed.position(), game.position());
    /// let card = setup.hands[1][0];
    /// setup.hands[0].push(card); // a card in two hands
    /// assert_eq!(Game::from_setup(&setup, 0).unwrap_err().code, battleline::ErrorCode::BadInput);
    /// ```
    #[cfg(feature = "setups")]
    pub fn from_setup(setup: &Setup, seed: u64) -> Result<Game, Error> {
        Game::new(setup.options, seed)?.starting_from(setup)
    }

    /// This new game with its first game starting from `setup` instead of its deal.
    #[cfg(feature = "setups")]
    fn starting_from(mut self, setup: &Setup) -> Result<Game, Error> {
        self.position = Position::from_setup(setup)?;
        self.first_player = self.position.current();
        self.start = Some(Box::new(self.position.to_setup()));
        Ok(self)
    }

    /// A new game with a seed drawn from the operating system (the browser's `crypto` in wasm).
    pub fn new_random(options: Options) -> Result<Game, Error> {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes)
            .map_err(|e| Error::new(ErrorCode::BadOptions, format!("no random seed available: {e}")))?;
        Game::new(options, u64::from_le_bytes(bytes) & MAX_SEED)
    }

    /// Replays a record, naming the first illegal action (`bad_record`).
    pub fn from_record(record: &Record) -> Result<Game, Error> {
        #[cfg(feature = "long-seeds")]
        let dealt = match record.long_seed {
            Some(_) if record.seed != 0 => Err(Error::new(ErrorCode::BadOptions, "a game with a long seed has seed 0")),
            Some(long_seed) => Game::with_long_seed(record.options, long_seed),
            None => Game::new(record.options, record.seed),
        };
        #[cfg(not(feature = "long-seeds"))]
        let dealt = Game::new(record.options, record.seed);
        let mut game = dealt.map_err(|e| Error::new(ErrorCode::BadRecord, e.message))?;
        #[cfg(feature = "setups")]
        if let Some(start) = &record.start {
            if start.options != record.options {
                return Err(Error::new(ErrorCode::BadRecord, "the start's options differ from the record's"));
            }
            game = game
                .starting_from(start)
                .map_err(|e| Error::new(ErrorCode::BadRecord, format!("start: {}", e.message)))?;
        }
        for (i, action) in record.actions.iter().enumerate() {
            game.apply(action).map_err(|e| {
                Error::new(
                    ErrorCode::BadRecord,
                    format!("action {} ({action}) is illegal: {}: {}", i + 1, e.code, e.message),
                )
            })?;
        }
        Ok(game)
    }

    /// Parses and replays the text of a record (`bad_record`), naming the first bad action: an illegal
    /// action before a malformed one is the one reported. Size and action count are bounded (see
    /// [`Record::from_json`]).
    ///
    /// ```
    /// use battleline::Game;
    /// let text = r#"{"format":"battleline-record","version":1,"options":{},"seed":1,
    ///     "actions":[{"type":"draw","deck":"troop"},{"type":"pass"},{"type":"pass"},{"type":"fly"}]}"#;
    /// let err = Game::from_record_json(text).unwrap_err();
    /// assert!(err.message.starts_with("action 1 "), "{}", err.message);
    /// ```
    pub fn from_record_json(text: &str) -> Result<Game, Error> {
        let partial = PartialRecord::from_json(text)?;
        let game = Game::from_record(&partial.record)?;
        match partial.malformed {
            Some(error) => Err(error),
            None => Ok(game),
        }
    }

    /// The game replayed to just after its first `n` actions (for stepping through a record).
    pub fn replay_to(&self, n: usize) -> Result<Game, Error> {
        if n > self.actions.len() {
            return Err(Error::new(
                ErrorCode::BadInput,
                format!("the record has {} actions, not {n}", self.actions.len()),
            ));
        }
        let mut record = self.record();
        record.actions.truncate(n);
        Game::from_record(&record)
    }

    /// The options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The seed (0 for a game dealt from a long seed).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The long seed, for a game started with [`Game::with_long_seed`].
    #[cfg(feature = "long-seeds")]
    pub fn long_seed(&self) -> Option<LongSeed> {
        self.long_seed
    }

    /// The game in progress (or just finished).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The actions so far.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The record so far.
    pub fn record(&self) -> Record {
        let record = Record::new(self.options, self.seed, self.actions.clone());
        #[cfg(feature = "long-seeds")]
        let record = record.with_long_seed(self.long_seed);
        #[cfg(feature = "setups")]
        let record = record.starting_from(self.start.clone());
        record
    }

    /// Which game of the match is in progress (0-based).
    pub fn game_index(&self) -> u32 {
        self.finished.len() as u32
    }

    /// Results of every finished game of the match, the current one included once over.
    pub fn results(&self) -> Vec<GameResult> {
        self.finished.iter().copied().chain(self.position.result()).collect()
    }

    /// Match points of each player (R-MATCH-1). A seat that resigned forfeits the match: it has none,
    /// for every game (R-3P-RESIGN-5).
    pub fn scores(&self) -> Vec<u32> {
        let mut scores = vec![0; self.options.players];
        for result in self.results() {
            for (score, points) in scores.iter_mut().zip(result.points()) {
                *score += points;
            }
        }
        if let Some(score) = self.position.retired().and_then(|p| scores.get_mut(p)) {
            *score = 0;
        }
        scores
    }

    /// `player` resigns from this three-player match (R-3P-RESIGN): [`Action::Resign`] played by that
    /// seat, recorded like every action, so the record replays it. Refused (`cannot_resign`, the game
    /// unchanged) in a two-player game and once a seat has resigned; `game_over` once the game is over.
    ///
    /// ```
    /// use battleline::{ErrorCode, Game, Options};
    /// let mut game = Game::new(Options { players: 3, tactics: false, ..Options::default() }, 7).unwrap();
    /// let out = (game.position().current() + 1) % 3;
    /// game.resign(out).unwrap();
    /// assert_eq!(game.position().retired(), Some(out));
    /// let replayed = Game::from_record(&game.record()).unwrap();
    /// assert_eq!(replayed.position(), game.position());
    /// let mut duel = Game::new(Options::default(), 7).unwrap();
    /// assert_eq!(duel.resign(0).unwrap_err().code, ErrorCode::CannotResign);
    /// ```
    pub fn resign(&mut self, player: Player) -> Result<(), Error> {
        self.apply_as(player, &Action::Resign { player })
    }

    /// Whether the whole match is over.
    pub fn is_match_over(&self) -> bool {
        self.position.is_over() && self.game_index() + 1 >= self.options.games
    }

    /// Whether `nextGame` is possible: a game is over and the match goes on.
    fn can_start_next_game(&self) -> bool {
        self.position.is_over() && !self.is_match_over()
    }

    /// The legal actions of the current player.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.can_start_next_game() {
            vec![Action::NextGame]
        } else {
            self.position.legal_actions()
        }
    }

    /// Checks an action by `player` without playing it.
    pub fn check(&self, player: Player, action: &Action) -> Result<(), Error> {
        self.check_player(player)?;
        match action {
            Action::NextGame if self.can_start_next_game() => Ok(()),
            Action::NextGame if self.position.is_over() => {
                Err(Error::new(ErrorCode::GameOver, "the match is over; there is no next game"))
            }
            _ => self.position.check(player, action),
        }
    }

    /// Plays an action for the current player (a resignation for the seat it names); a refused action
    /// changes nothing.
    pub fn apply(&mut self, action: &Action) -> Result<(), Error> {
        let player = match *action {
            Action::Resign { player } => player,
            _ => self.position.current(),
        };
        self.apply_as(player, action)
    }

    /// `bad_player` for a player not in the game: checked first by both `check` and `apply_as`, so that
    /// the two always give the same error (the fuzzer found them disagreeing once a game was over).
    fn check_player(&self, player: Player) -> Result<(), Error> {
        let players = self.options.players;
        if player >= players {
            return Err(Error::new(
                ErrorCode::BadPlayer,
                format!("there is no player {player} in a {players}-player game"),
            ));
        }
        Ok(())
    }

    /// Plays an action for `player`; `not_your_turn` if it is someone else's turn.
    pub fn apply_as(&mut self, player: Player, action: &Action) -> Result<(), Error> {
        self.check_player(player)?;
        #[cfg(feature = "events")]
        let before = self.position;
        if *action == Action::NextGame {
            self.check(player, action)?;
            self.start_next_game();
        } else {
            self.position.apply_as(player, action)?;
        }
        #[cfg(feature = "events")]
        self.log_action(before, player, action);
        self.actions.push(*action);
        Ok(())
    }

    /// Records what `action` did: `before` is the position it was played in.
    #[cfg(feature = "events")]
    fn log_action(&mut self, before: Position, player: Player, action: &Action) {
        let events = if *action == Action::NextGame {
            vec![Event::NextGame { game_index: self.game_index(), starter: self.position.current() }]
        } else {
            Event::of_action(&before, &self.position, player, action)
        };
        self.log.push(LogEntry { index: self.actions.len() as u32, player, action: Some(*action), events });
    }

    /// What every action did, as `viewer` may know it (a drawn or Scout-returned card only for its
    /// player; `None`: a spectator, who sees none). Entries from index `from` on.
    ///
    /// ```
    /// use battleline::{Action, Event, Game, Options};
    /// let mut game = Game::new(Options::default(), 5).unwrap();
    /// while !matches!(game.legal_actions()[0], Action::Draw { .. }) {
    ///     game.apply(&game.legal_actions()[0]).unwrap();
    /// }
    /// let drawer = game.position().current();
    /// game.apply(&game.legal_actions()[0]).unwrap();
    /// let mine = game.log(Some(drawer), 0);
    /// let theirs = game.log(Some(1 - drawer), 0);
    /// assert!(matches!(mine.last().unwrap().events[0], Event::Drew { card: Some(_), .. }));
    /// assert!(matches!(theirs.last().unwrap().events[0], Event::Drew { card: None, .. }));
    /// ```
    #[cfg(feature = "events")]
    pub fn log(&self, viewer: Option<Player>, from: usize) -> Vec<LogEntry> {
        self.log
            .iter()
            .skip(from)
            .map(|entry| LogEntry {
                events: entry.events.iter().map(|e| e.redacted_for(viewer)).collect(),
                // Another player's Scout return names the card put back: hidden like the event.
                action: entry
                    .action
                    .filter(|a| !matches!(a, Action::ScoutReturn { .. }) || viewer == Some(entry.player)),
                ..entry.clone()
            })
            .collect()
    }

    /// The whole log with every card: for hosts and referees, never for a player's screen.
    #[cfg(feature = "events")]
    pub fn full_log(&self) -> &[LogEntry] {
        &self.log
    }

    /// R-MATCH-2: the winner starts the next game; after a draw, the next player in seat order does. A
    /// seat that resigned stays out for the rest of the match (R-3P-RESIGN-5): its hand is dealt, so
    /// that the deal is the seed's, and never played.
    fn start_next_game(&mut self) {
        let Some(result) = self.position.result() else { return };
        self.finished.push(result);
        let first = result.winner.unwrap_or_else(|| self.position.next_active(self.first_player));
        self.first_player = first;
        let retired = self.position.retired();
        self.position = Position::deal(self.options, &mut self.rng, first);
        if let Some(player) = retired {
            self.position.retire(player);
        }
    }

    /// A player's view, with the match's fields; `None` for a player not in the game.
    pub fn view(&self, player: Player) -> Option<PlayerView> {
        let mut view = self.position.view(player)?;
        view.game_index = self.game_index();
        view.scores = self.scores();
        Some(view)
    }

    /// A spectator's view ([`Position::spectator_view`]: no hand), with the match's fields.
    pub fn spectator_view(&self) -> PlayerView {
        let mut view = self.position.spectator_view();
        view.game_index = self.game_index();
        view.scores = self.scores();
        view
    }
}
