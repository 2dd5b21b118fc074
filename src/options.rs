//! Game options: players, tactics on or off (R-VAR-2), claim timing (R-VAR-1), match length (R-MATCH).

use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorCode};

/// When in a turn the claim step comes (R-VAR-1).
///
/// ```
/// use battleline::{ClaimTiming, Options};
/// assert_eq!(Options::default().claim_timing, ClaimTiming::AfterPlay);
/// let timing: ClaimTiming = serde_json::from_str("\"startOfTurn\"").unwrap();
/// assert_eq!(timing, ClaimTiming::StartOfTurn);
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ClaimTiming {
    /// Play, claim, draw (the default, R-TURN-1).
    #[default]
    AfterPlay,
    /// Claim, play, draw (the advanced rule).
    StartOfTurn,
    /// Play, draw, claim.
    EndOfTurn,
}

/// The options of a game or match, validated: every `Options` value is playable.
///
/// ```
/// use battleline::{ClaimTiming, Options};
/// let options: Options = serde_json::from_str(r#"{"claimTiming": "startOfTurn"}"#).unwrap();
/// assert_eq!(options.players, 2);
/// assert!(options.tactics);
/// assert_eq!(options.claim_timing, ClaimTiming::StartOfTurn);
/// // Three players play without tactics (R-3P); asking for them is an error.
/// assert!(serde_json::from_str::<Options>(r#"{"players": 3, "tactics": true}"#).is_err());
/// assert!(!serde_json::from_str::<Options>(r#"{"players": 3}"#).unwrap().tactics);
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "GameOptions"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "OptionsInput")]
pub struct Options {
    /// 2 or 3 players.
    #[cfg_attr(test, ts(type = "2 | 3"))]
    pub players: usize,
    /// Whether the tactics deck is used (R-VAR-2); always false with three players.
    pub tactics: bool,
    /// When the claim step comes.
    pub claim_timing: ClaimTiming,
    /// Games in the match (1 = a single game), 1..=99.
    pub games: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options { players: 2, tactics: true, claim_timing: ClaimTiming::AfterPlay, games: 1 }
    }
}

impl Options {
    /// Checks the options, naming the first bad one.
    pub fn validate(self) -> Result<Options, Error> {
        let bad = |message: String| Err(Error::new(ErrorCode::BadOptions, message));
        if !(2..=3).contains(&self.players) {
            return bad(format!("players must be 2 or 3, not {}", self.players));
        }
        if self.players == 3 && self.tactics {
            return bad("three-player games are played without tactics cards (R-3P)".into());
        }
        if !(1..=99).contains(&self.games) {
            return bad(format!("a match has 1..99 games, not {}", self.games));
        }
        Ok(self)
    }
}

/// The JSON form, where every field is optional; tactics default to on for two players only.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct OptionsInput {
    players: Option<usize>,
    tactics: Option<bool>,
    claim_timing: Option<ClaimTiming>,
    games: Option<u32>,
}

impl TryFrom<OptionsInput> for Options {
    type Error = Error;

    fn try_from(input: OptionsInput) -> Result<Options, Error> {
        let players = input.players.unwrap_or(2);
        Options {
            players,
            tactics: input.tactics.unwrap_or(players == 2),
            claim_timing: input.claim_timing.unwrap_or_default(),
            games: input.games.unwrap_or(1),
        }
        .validate()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // R-VAR-1: three claim timings, afterPlay by default.
    #[test]
    fn r_var_1_claim_timing_defaults_to_after_play() {
        assert_eq!(Options::default().claim_timing, ClaimTiming::AfterPlay);
        for (text, timing) in [
            ("afterPlay", ClaimTiming::AfterPlay),
            ("startOfTurn", ClaimTiming::StartOfTurn),
            ("endOfTurn", ClaimTiming::EndOfTurn),
        ] {
            let options: Options = serde_json::from_str(&format!(r#"{{"claimTiming":"{text}"}}"#)).unwrap();
            assert_eq!(options.claim_timing, timing);
        }
    }

    #[test]
    fn bad_options_are_named() {
        for (json, needle) in [
            (r#"{"players": 4}"#, "players"),
            (r#"{"games": 0}"#, "games"),
            (r#"{"players": 3, "tactics": true}"#, "R-3P"),
            (r#"{"colour": "red"}"#, "colour"),
        ] {
            let err = serde_json::from_str::<Options>(json).unwrap_err().to_string();
            assert!(err.contains(needle), "{json}: {err}");
        }
    }
}
