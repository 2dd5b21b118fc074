//! The names of the bots: the page's [`Level`]s and every [`BotKind`] a caller may ask for by name
//! (`random`, `heuristic`, `search:N`…), with their budgets and the parsing of those names.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

#[cfg(feature = "lab-hooks")]
use super::SearchConfig;
use super::{Bot, HeuristicBot, RandomBot, SearchBot, MAX_TREES};
use crate::error::{Error, ErrorCode};

/// The three strengths of the search bot offered on the page, defined by playout budgets (one tree
/// each).
///
/// ```
/// use battleline::bot::Level;
/// assert_eq!("hard".parse::<Level>().unwrap(), Level::Hard);
/// assert!(Level::Easy.playouts() < Level::Medium.playouts());
/// assert_eq!(serde_json::to_string(&Level::Medium).unwrap(), "\"medium\"");
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SearchLevel"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Level {
    /// A quick search (well under 100 ms a move).
    Easy,
    /// A middle budget.
    Medium,
    /// The strongest level offered (a tenth of a second or two a move in WebAssembly).
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// Playouts per decision (with two players; see [`Level::three_player_playouts`]).
    pub const fn playouts(self) -> u32 {
        match self {
            // Ten times apart up to medium (easy also draws its move, see `Level::root_temperature`).
            // Hard plays 12,000: over 6,000 on the same deals, pooled over the three claim timings,
            // +0.022 ± 0.012 against `heuristic` (0.850, 0.927, 0.887) and +0.023 ± 0.018 head to head
            // against the hard of before issue 51 (0.542, 0.545, 0.557); a median of 178 ms a move in
            // Chromium against the 250 allowed (docs/BOT_EXPERIMENTS.md, "hard at 12,000 playouts").
            Level::Easy => 30,
            Level::Medium => 300,
            Level::Hard => 12_000,
        }
    }

    /// How the level picks its move from the search's visits (the search's `root_temperature`): 0,
    /// the most visited, at medium and hard; easy draws it with probability proportional to
    /// `visits^(1 / 0.7)`, so that it sometimes plays its second or third choice. Fewer playouts did
    /// not make easy weaker without tactics: medium against easy scored 0.58 to 0.61 there at 30, 20,
    /// 15, 10 and 5 playouts, and 0.63 at 1; with the move drawn at 0.7 it scored 0.71 and 0.72 there
    /// (0.82 to 0.84 with tactics), above the 0.65 the levels' order asks (docs/BOT_EXPERIMENTS.md,
    /// "easy draws its move").
    pub const fn root_temperature(self) -> f32 {
        match self {
            Level::Easy => 0.7,
            Level::Medium | Level::Hard => 0.0,
        }
    }

    /// Playouts per decision of the coach at this level (hints, the review, any number of players):
    /// the computer's two-player budget, but 3,000 at hard, the budget its calibration was fitted at,
    /// so that a review judging every move of a game stays a matter of seconds (docs/COACH.md).
    pub const fn coach_playouts(self) -> u32 {
        match self {
            Level::Easy | Level::Medium => self.playouts(),
            Level::Hard => 3_000,
        }
    }

    /// Playouts per decision in a three-player game: hard plays 10,000 there (against 3,000 on the
    /// same deals +0.029 ± 0.011 over 3,450 games in six sets; against two `heuristic` bots 0.533 over
    /// 2,453 games under `afterPlay`, 0.545 over 1,320 under `startOfTurn`; docs/BOT_EXPERIMENTS.md,
    /// "Three players at 10,000 playouts"), about 140 ms a move in Chromium (not measured
    /// above 10,000 with three players). Easy and medium keep their budgets.
    pub const fn three_player_playouts(self) -> u32 {
        match self {
            Level::Easy | Level::Medium => self.playouts(),
            Level::Hard => 10_000,
        }
    }

    /// The name (`easy`, `medium`, `hard`).
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = Error;

    fn from_str(text: &str) -> Result<Level, Error> {
        Level::ALL.into_iter().find(|l| l.name() == text).ok_or_else(|| {
            Error::new(ErrorCode::BadInput, format!("unknown level {text:?} (expected easy, medium or hard)"))
        })
    }
}

/// The most playouts a search decision may run, over all its trees: about 10 s a move natively and
/// some 15 s in WebAssembly, over 300 times the `hard` level. A bigger budget from a caller (a level string
/// such as `search:4294967295x16`) is `bad_input` rather than a search that runs for days.
pub const MAX_PLAYOUTS: u32 = 1_000_000;

/// Which bot, with its budget: `random`, `heuristic`, `search:easy|medium|hard` (or the level's name
/// alone: `easy`, `medium`, `hard`), `search:N` (N playouts a decision) or `search:NxT` (T trees of N
/// playouts each).
///
/// ```
/// use battleline::bot::{BotKind, Level};
/// assert_eq!("search:hard".parse::<BotKind>().unwrap(), BotKind::Level(Level::Hard));
/// assert_eq!(BotKind::level(Level::Hard).to_string(), "search:hard");
/// assert_eq!("search:500".parse::<BotKind>().unwrap().to_string(), "search:500");
/// assert_eq!("search:500x2".parse::<BotKind>().unwrap(), BotKind::Search { playouts: 500, trees: 2 });
/// // A number of playouts is that number with three players too, unlike a level (hard: 10,000 there).
/// assert_eq!("search:3000x1".parse::<BotKind>().unwrap().to_string(), "search:3000");
/// assert_eq!("search:30000x2".parse::<BotKind>().unwrap().to_string(), "search:30000x2");
/// assert_eq!("heuristic".parse::<BotKind>().unwrap(), BotKind::Heuristic);
/// assert_eq!("hard".parse::<BotKind>().unwrap(), BotKind::level(Level::Hard));
/// assert!("search:0".parse::<BotKind>().is_err());
/// assert!("search:10x0".parse::<BotKind>().is_err());
/// assert!("search:10x17".parse::<BotKind>().is_err()); // at most MAX_TREES trees
/// assert!("search:500000x2".parse::<BotKind>().is_ok()); // at most MAX_PLAYOUTS in all
/// assert!("search:500001x2".parse::<BotKind>().is_err());
/// assert!("search:4294967295x16".parse::<BotKind>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Uniformly random legal actions.
    Random,
    /// The rule-of-thumb player.
    Heuristic,
    /// The search bot of a level: [`Level::playouts`] a decision, [`Level::three_player_playouts`]
    /// with three players.
    Level(Level),
    /// Information-Set MCTS with this many playouts a decision.
    Search {
        /// Playouts per tree and decision (at least 1).
        playouts: u32,
        /// Independent trees per decision (at least 1).
        trees: u32,
    },
    /// `heuristic:unguarded`: the heuristic without the guard against immediate winning tactics
    /// plays (for measuring the guard; the lab's hooks only).
    #[cfg(feature = "lab-hooks")]
    HeuristicUnguarded,
    /// `heuristic:sniper`: plays a tactics card only when it wins on the spot (a test opponent; the
    /// lab's hooks only).
    #[cfg(feature = "lab-hooks")]
    HeuristicSniper,
    /// `search:…:unguarded`: the search without that guard (the lab's hooks only).
    #[cfg(feature = "lab-hooks")]
    SearchUnguarded {
        /// Playouts per tree and decision.
        playouts: u32,
        /// Independent trees per decision.
        trees: u32,
    },
}

impl BotKind {
    /// The search bot of a level.
    pub const fn level(level: Level) -> BotKind {
        BotKind::Level(level)
    }

    /// A bot of this kind, seeded.
    pub fn build(self, seed: u64) -> Box<dyn Bot + Send> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Heuristic => Box::new(HeuristicBot::new(seed)),
            BotKind::Level(level) => Box::new(SearchBot::level(level, seed)),
            BotKind::Search { playouts, trees } => Box::new(SearchBot::with_trees(playouts, trees, seed)),
            #[cfg(feature = "lab-hooks")]
            BotKind::HeuristicUnguarded => Box::new(HeuristicBot::unguarded(seed)),
            #[cfg(feature = "lab-hooks")]
            BotKind::HeuristicSniper => Box::new(HeuristicBot::sniper(seed)),
            #[cfg(feature = "lab-hooks")]
            BotKind::SearchUnguarded { playouts, trees } => {
                let config = SearchConfig { guard_tactics: false, ..SearchConfig::default() };
                Box::new(SearchBot::with_config(playouts, seed, config).trees(trees))
            }
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotKind::Random => f.write_str("random"),
            BotKind::Heuristic => f.write_str("heuristic"),
            #[cfg(feature = "lab-hooks")]
            BotKind::HeuristicUnguarded => f.write_str("heuristic:unguarded"),
            #[cfg(feature = "lab-hooks")]
            BotKind::HeuristicSniper => f.write_str("heuristic:sniper"),
            #[cfg(feature = "lab-hooks")]
            BotKind::SearchUnguarded { playouts, trees } => {
                write!(f, "{}:unguarded", BotKind::Search { playouts: *playouts, trees: *trees })
            }
            BotKind::Level(level) => write!(f, "search:{level}"),
            BotKind::Search { playouts, trees: 1 } => write!(f, "search:{playouts}"),
            BotKind::Search { playouts, trees } => write!(f, "search:{playouts}x{trees}"),
        }
    }
}

impl FromStr for BotKind {
    type Err = Error;

    fn from_str(text: &str) -> Result<BotKind, Error> {
        let bad = || {
            Error::new(
                ErrorCode::BadInput,
                format!(
                    "unknown bot {text:?} (expected random, heuristic, easy, medium, hard, search:easy|medium|hard, \
                     search:N or search:NxT with T from 1 to {MAX_TREES})"
                ),
            )
        };
        #[cfg(feature = "lab-hooks")]
        if let Some(guarded) = text.strip_suffix(":unguarded") {
            return match guarded.parse::<BotKind>() {
                Ok(BotKind::Heuristic) => Ok(BotKind::HeuristicUnguarded),
                Ok(BotKind::Search { playouts, trees }) => Ok(BotKind::SearchUnguarded { playouts, trees }),
                Ok(BotKind::Level(level)) => Ok(BotKind::SearchUnguarded { playouts: level.playouts(), trees: 1 }),
                Ok(_) => Err(bad()),
                Err(e) => Err(e),
            };
        }
        match text {
            "random" => return Ok(BotKind::Random),
            "heuristic" => return Ok(BotKind::Heuristic),
            #[cfg(feature = "lab-hooks")]
            "heuristic:sniper" => return Ok(BotKind::HeuristicSniper),
            "search" => return Ok(BotKind::level(Level::Medium)),
            _ => {}
        }
        if let Ok(level) = text.parse::<Level>() {
            return Ok(BotKind::level(level));
        }
        let budget = text.strip_prefix("search:").ok_or_else(bad)?;
        if let Ok(level) = budget.parse::<Level>() {
            return Ok(BotKind::level(level));
        }
        let (playouts, trees) = budget.split_once('x').unwrap_or((budget, "1"));
        match (playouts.parse::<u32>(), trees.parse::<u32>()) {
            (Ok(playouts), Ok(trees)) if playouts > 0 && (1..=MAX_TREES).contains(&trees) => {
                if u64::from(playouts) * u64::from(trees) > u64::from(MAX_PLAYOUTS) {
                    return Err(Error::new(
                        ErrorCode::BadInput,
                        format!(
                            "bot {text:?} asks for {playouts} playouts × {trees} trees a decision; the most is \
                             {MAX_PLAYOUTS} in all"
                        ),
                    ));
                }
                Ok(BotKind::Search { playouts, trees })
            }
            _ => Err(bad()),
        }
    }
}
