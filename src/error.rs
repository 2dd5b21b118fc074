//! The one error type of the engine: a stable machine-readable code and a message naming what was wrong.

use std::fmt;

use serde::Serialize;

/// Stable error codes. The string form (`code.as_str()`) never changes once published: clients match on it.
///
/// ```
/// use battleline::{Action, ErrorCode, Game, Options};
/// let mut game = Game::new(Options::default(), 3).unwrap();
/// let err = game.apply(&Action::Draw { deck: battleline::DeckKind::Troop }).unwrap_err();
/// assert_eq!(err.code, ErrorCode::WrongPhase);
/// assert_eq!(serde_json::to_string(&err.code).unwrap(), "\"wrong_phase\"");
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "EngineErrorCode"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The action names a player whose turn it is not.
    NotYourTurn,
    /// The action does not belong to the current step of the turn.
    WrongPhase,
    /// The card is not in the acting player's hand.
    CardNotInHand,
    /// The side of the flag has no room.
    FlagFull,
    /// The flag is already claimed and frozen (R-CLAIM-4).
    FlagClaimed,
    /// The player is already one tactics card ahead (R-TAC-1).
    TacticsLimit,
    /// The player already played a Leader (R-TAC-2).
    LeaderLimit,
    /// The claim cannot be proved (R-CLAIM-1).
    ClaimNotProvable,
    /// The claimant's own side is not complete.
    SideIncomplete,
    /// The card cannot be used with this action (a guile card played to a flag, a troop as a tactic, …).
    WrongCard,
    /// A guile card's target does not exist or may not be chosen (R-GUILE-5).
    BadTarget,
    /// The player holds a playable troop card and so may not pass (R-TURN-4).
    MustPlay,
    /// The deck is empty.
    DeckEmpty,
    /// Tactics cards are not used in this game (R-VAR-2).
    TacticsDisabled,
    /// The game (or match) is over.
    GameOver,
    /// A flag number outside 1..9.
    BadFlag,
    /// Unknown card notation.
    BadCard,
    /// Malformed action data.
    BadAction,
    /// Invalid game options.
    BadOptions,
    /// A game record that is malformed, truncated or tampered with.
    BadRecord,
    /// A player number that does not exist in this game.
    BadPlayer,
    /// Malformed input to a query (a hypothetical flag, a view, …).
    BadInput,
    /// The seat may not resign from the game: a two-player game, a seat already out, or only two
    /// players left (R-3P-RESIGN-1).
    CannotResign,
}

impl ErrorCode {
    /// The stable string (`"flag_full"`, …).
    ///
    /// ```
    /// assert_eq!(battleline::ErrorCode::FlagFull.as_str(), "flag_full");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::WrongPhase => "wrong_phase",
            ErrorCode::CardNotInHand => "card_not_in_hand",
            ErrorCode::FlagFull => "flag_full",
            ErrorCode::FlagClaimed => "flag_claimed",
            ErrorCode::TacticsLimit => "tactics_limit",
            ErrorCode::LeaderLimit => "leader_limit",
            ErrorCode::ClaimNotProvable => "claim_not_provable",
            ErrorCode::SideIncomplete => "side_incomplete",
            ErrorCode::WrongCard => "wrong_card",
            ErrorCode::BadTarget => "bad_target",
            ErrorCode::MustPlay => "must_play",
            ErrorCode::DeckEmpty => "deck_empty",
            ErrorCode::TacticsDisabled => "tactics_disabled",
            ErrorCode::GameOver => "game_over",
            ErrorCode::BadFlag => "bad_flag",
            ErrorCode::BadCard => "bad_card",
            ErrorCode::BadAction => "bad_action",
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::BadRecord => "bad_record",
            ErrorCode::BadPlayer => "bad_player",
            ErrorCode::BadInput => "bad_input",
            ErrorCode::CannotResign => "cannot_resign",
        }
    }

    /// Every code, for documentation and exhaustive tests.
    pub const ALL: [ErrorCode; 23] = [
        ErrorCode::NotYourTurn,
        ErrorCode::WrongPhase,
        ErrorCode::CardNotInHand,
        ErrorCode::FlagFull,
        ErrorCode::FlagClaimed,
        ErrorCode::TacticsLimit,
        ErrorCode::LeaderLimit,
        ErrorCode::ClaimNotProvable,
        ErrorCode::SideIncomplete,
        ErrorCode::WrongCard,
        ErrorCode::BadTarget,
        ErrorCode::MustPlay,
        ErrorCode::DeckEmpty,
        ErrorCode::TacticsDisabled,
        ErrorCode::GameOver,
        ErrorCode::BadFlag,
        ErrorCode::BadCard,
        ErrorCode::BadAction,
        ErrorCode::BadOptions,
        ErrorCode::BadRecord,
        ErrorCode::BadPlayer,
        ErrorCode::BadInput,
        ErrorCode::CannotResign,
    ];
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error: what kind (`code`) and what exactly (`message`).
///
/// ```
/// use battleline::{Card, ErrorCode};
/// let err = "z9".parse::<Card>().unwrap_err();
/// assert_eq!(err.code, ErrorCode::BadCard);
/// assert!(err.to_string().starts_with("bad_card: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Error {
    /// The stable code.
    pub code: ErrorCode,
    /// A sentence naming the card, flag or step at fault.
    pub message: String,
}

/// The longest message an error carries, in bytes of UTF-8. Messages quote what was refused; a quoted
/// 15 MiB record once made a 31.5 M-character message, so a longer one is cut here, for every error.
pub const MAX_MESSAGE_BYTES: usize = 2_000;

impl Error {
    /// An error of this code with this message (cut to [`MAX_MESSAGE_BYTES`]).
    ///
    /// ```
    /// use battleline::{Error, ErrorCode, MAX_MESSAGE_BYTES};
    /// let error = Error::new(ErrorCode::BadRecord, "x".repeat(10_000_000));
    /// assert!(error.message.len() <= MAX_MESSAGE_BYTES);
    /// assert!(error.message.ends_with("… (cut)"));
    /// ```
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Error {
        Error { code, message: bounded(message.into()) }
    }
}

/// `message` cut to [`MAX_MESSAGE_BYTES`]. Not inlined: `Error::new` is generic and called in many
/// places, and the wasm size budget would pay for a copy at each.
#[inline(never)]
fn bounded(mut message: String) -> String {
    if message.len() > MAX_MESSAGE_BYTES {
        const CUT: &str = "… (cut)";
        let mut end = MAX_MESSAGE_BYTES - CUT.len();
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        message.truncate(end);
        message.push_str(CUT);
    }
    message
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_snake_case_and_match_serde() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "duplicate {code}");
            assert!(code.as_str().bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
            assert_eq!(serde_json::to_string(&code).unwrap(), format!("\"{}\"", code.as_str()));
        }
    }
}
