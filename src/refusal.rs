//! Why an action is refused: a small value carrying the facts, cheap to return in search (no string is
//! built), with the stable [`ErrorCode`] from [`Refusal::code`] and the sentence for people from
//! `Display`, built only when asked. [`Error`] is made from it for the public API.
//!
//! The checks that produce refusals live in one place, `validate.rs` ([`crate::Position::validate`]).

use std::fmt;

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic};
use crate::card_set::CardSet;
use crate::error::{Error, ErrorCode};
use crate::flag::{Flag, FlagId, Player};
use crate::phase::Phase;
use crate::proof::prove_with_retired;

/// Why an action is illegal now. `code()` is the stable code; `to_string()` the explanation.
///
/// ```
/// use battleline::{Action, ErrorCode, Options, Position, Refusal};
/// let position = Position::deal(Options::default(), &mut battleline::rng_from_seed(1), 0);
/// let refusal = position.validate(1, &Action::Pass).unwrap_err();
/// assert_eq!(refusal, Refusal::NotYourTurn { player: 1, current: 0 });
/// assert_eq!(refusal.code(), ErrorCode::NotYourTurn);
/// assert_eq!(refusal.to_string(), "it is player 0's turn, not player 1's");
/// assert!(!position.is_legal(1, &Action::Pass));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// The game is over (`game_over`).
    GameOver {
        /// The refused action.
        action: Action,
    },
    /// The player has no seat in this game (`bad_player`).
    NoSuchPlayer {
        /// The player named.
        player: Player,
        /// Players in the game.
        players: usize,
    },
    /// Another player is to move (`not_your_turn`).
    NotYourTurn {
        /// The player named.
        player: Player,
        /// The player to move.
        current: Player,
    },
    /// `NextGame` while a game is going on (`wrong_phase`).
    NextGameTooEarly,
    /// The action does not belong to the current step (`wrong_phase`).
    WrongStep {
        /// The refused action.
        action: Action,
        /// The current step.
        phase: Phase,
    },
    /// A tactics card in a game without tactics (`tactics_disabled`, R-VAR-2).
    NoTactics {
        /// The card named.
        card: Card,
    },
    /// A draw from the tactics deck in a game without tactics (`tactics_disabled`).
    NoTacticsDeck,
    /// The card is not in the player's hand (`card_not_in_hand`).
    NotInHand {
        /// The player.
        player: Player,
        /// The card.
        card: Card,
    },
    /// The player is one tactics card ahead (`tactics_limit`, R-TAC-1).
    TacticsLimit {
        /// The player.
        player: Player,
        /// Tactics cards the player has played.
        played: u8,
        /// The tactics card that must wait.
        card: Card,
    },
    /// A second Leader (`leader_limit`, R-TAC-2).
    LeaderLimit {
        /// The player.
        player: Player,
        /// The Leader kept in hand.
        card: Card,
    },
    /// A card played to a claimed flag (`flag_claimed`, R-CLAIM-4).
    PlayOnClaimed {
        /// The flag.
        flag: FlagId,
    },
    /// Fog or Mud placed at a claimed flag (`flag_claimed`).
    EnvironmentOnClaimed {
        /// The flag.
        flag: FlagId,
        /// Fog or Mud.
        card: Card,
    },
    /// Fog or Mud redeployed to a claimed flag (`flag_claimed`).
    RedeployToClaimed {
        /// The destination.
        flag: FlagId,
        /// Fog or Mud.
        card: Card,
    },
    /// A guile card aimed at a card of a claimed flag (`flag_claimed`, R-CLAIM-4).
    TargetFrozen {
        /// The card aimed at.
        card: Card,
        /// Its claimed flag.
        flag: FlagId,
    },
    /// A claim of a claimed flag (`flag_claimed`).
    AlreadyClaimed {
        /// The flag.
        flag: FlagId,
        /// Who claimed it.
        owner: Player,
    },
    /// The player's side of the flag is full (`flag_full`).
    FlagFull {
        /// The player.
        player: Player,
        /// The flag.
        flag: FlagId,
        /// The side's capacity (3, or 4 with Mud).
        capacity: usize,
    },
    /// `Play` with a card that is not a troop or morale card (`wrong_card`).
    NotASideCard {
        /// The card.
        card: Card,
    },
    /// `Environment` with a card that is not Fog or Mud (`wrong_card`).
    NotEnvironment {
        /// The card.
        card: Card,
    },
    /// Scout with both decks empty (`bad_target`, R-GUILE-5).
    NothingToScout,
    /// The guile card's target is not a card of the right player on the board (`bad_target`).
    NoSuchTarget {
        /// Redeploy, Deserter or Traitor.
        guile: Tactic,
        /// The card aimed at.
        card: Card,
    },
    /// Redeploy to the flag the card already lies at (`bad_target`).
    RedeploySameFlag {
        /// The card.
        card: Card,
        /// Its flag.
        flag: FlagId,
    },
    /// Traitor aimed at a tactics card (`bad_target`, R-GUILE-4).
    TraitorTroopsOnly {
        /// The card.
        card: Card,
    },
    /// A claim by a player whose side is not complete (`side_incomplete`).
    SideIncomplete {
        /// The player.
        player: Player,
        /// The flag.
        flag: FlagId,
        /// Cards on the side.
        cards: usize,
        /// Cards needed.
        capacity: usize,
    },
    /// A claim the engine cannot prove (`claim_not_provable`, R-CLAIM-1). It keeps the flag as it was
    /// and the unseen troops so that the message can name a counterexample when asked (boxed: the
    /// other refusals stay small, and refused claims are rare).
    ClaimNotProvable {
        /// The flag.
        flag: FlagId,
        /// The claimant.
        player: Player,
        /// The flag's cards at the time.
        at: Box<Flag>,
        /// Players in the game.
        players: usize,
        /// The seat that resigned, if any (R-3P-RESIGN-2: no side in the contest).
        retired: Option<Player>,
        /// The troops not face up at the time (R-CLAIM-2).
        unseen: CardSet,
    },
    /// A draw from an empty deck (`deck_empty`).
    DeckEmpty {
        /// The deck.
        deck: DeckKind,
    },
    /// A pass by a player who holds a playable troop (`must_play`, R-TURN-4).
    MustPlay {
        /// The player.
        player: Player,
    },
    /// A resignation sent for another seat (`bad_player`).
    ResignForOther {
        /// Who sent it.
        player: Player,
        /// The seat it names.
        seat: Player,
    },
    /// A resignation in a two-player game (`cannot_resign`, R-3P-RESIGN-1): it would end the match,
    /// which the host decides.
    ResignTwoPlayers,
    /// A resignation by a seat that is already out (`cannot_resign`).
    AlreadyResigned {
        /// The seat.
        player: Player,
    },
    /// A resignation when only two players remain (`cannot_resign`, R-3P-RESIGN-1).
    TwoRemain {
        /// The seat that resigned before.
        retired: Player,
    },
    /// An action by a seat that resigned (`bad_player`).
    Resigned {
        /// The seat.
        player: Player,
    },
}

impl Refusal {
    /// The stable machine-readable code.
    ///
    /// ```
    /// use battleline::{ErrorCode, Refusal};
    /// assert_eq!(Refusal::NothingToScout.code(), ErrorCode::BadTarget);
    /// ```
    pub const fn code(&self) -> ErrorCode {
        match self {
            Refusal::GameOver { .. } => ErrorCode::GameOver,
            Refusal::NoSuchPlayer { .. } => ErrorCode::BadPlayer,
            Refusal::NotYourTurn { .. } => ErrorCode::NotYourTurn,
            Refusal::NextGameTooEarly | Refusal::WrongStep { .. } => ErrorCode::WrongPhase,
            Refusal::NoTactics { .. } | Refusal::NoTacticsDeck => ErrorCode::TacticsDisabled,
            Refusal::NotInHand { .. } => ErrorCode::CardNotInHand,
            Refusal::TacticsLimit { .. } => ErrorCode::TacticsLimit,
            Refusal::LeaderLimit { .. } => ErrorCode::LeaderLimit,
            Refusal::PlayOnClaimed { .. }
            | Refusal::EnvironmentOnClaimed { .. }
            | Refusal::RedeployToClaimed { .. }
            | Refusal::TargetFrozen { .. }
            | Refusal::AlreadyClaimed { .. } => ErrorCode::FlagClaimed,
            Refusal::FlagFull { .. } => ErrorCode::FlagFull,
            Refusal::NotASideCard { .. } | Refusal::NotEnvironment { .. } => ErrorCode::WrongCard,
            Refusal::NothingToScout
            | Refusal::NoSuchTarget { .. }
            | Refusal::RedeploySameFlag { .. }
            | Refusal::TraitorTroopsOnly { .. } => ErrorCode::BadTarget,
            Refusal::SideIncomplete { .. } => ErrorCode::SideIncomplete,
            Refusal::ClaimNotProvable { .. } => ErrorCode::ClaimNotProvable,
            Refusal::DeckEmpty { .. } => ErrorCode::DeckEmpty,
            Refusal::MustPlay { .. } => ErrorCode::MustPlay,
            Refusal::ResignForOther { .. } | Refusal::Resigned { .. } => ErrorCode::BadPlayer,
            Refusal::ResignTwoPlayers | Refusal::AlreadyResigned { .. } | Refusal::TwoRemain { .. } => {
                ErrorCode::CannotResign
            }
        }
    }
}

/// Who a guile card must aim at, for its refusal message.
fn guile_target(guile: Tactic) -> (&'static str, &'static str) {
    match guile {
        Tactic::Redeploy => ("redeploy", "one of your own"),
        Tactic::Deserter => ("deserter", "an opponent's"),
        _ => ("traitor", "an opponent's troop"),
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver { action } => write!(f, "the game is over; {action} is not possible"),
            Refusal::NoSuchPlayer { player, players } => {
                write!(f, "there is no player {player} in a {players}-player game")
            }
            Refusal::NotYourTurn { player, current } => write!(f, "it is player {current}'s turn, not player {player}'s"),
            Refusal::NextGameTooEarly => f.write_str("next game is only possible once a game of a match is over"),
            Refusal::WrongStep { action, phase } => {
                write!(f, "{action} is not possible now: the current step is {phase}")
            }
            Refusal::NoTactics { card } => write!(f, "{card} is a tactics card and this game has no tactics"),
            Refusal::NoTacticsDeck => f.write_str("this game has no tactics deck"),
            Refusal::NotInHand { player, card } => write!(f, "{card} is not in player {player}'s hand"),
            Refusal::TacticsLimit { player, played, card } => write!(
                f,
                "player {player} has played {played} tactics cards, one more than the opponent: {card} must wait (R-TAC-1)"
            ),
            Refusal::LeaderLimit { player, card } => {
                write!(f, "player {player} already played a Leader; {card} stays in hand (R-TAC-2)")
            }
            Refusal::PlayOnClaimed { flag } => write!(f, "flag {flag} is claimed; nothing more can be played there"),
            Refusal::EnvironmentOnClaimed { flag, card } => {
                write!(f, "flag {flag} is claimed; {card} cannot be placed there")
            }
            Refusal::RedeployToClaimed { flag, card } => write!(f, "flag {flag} is claimed; {card} cannot go there"),
            Refusal::TargetFrozen { card, flag } => {
                write!(f, "{card} lies at claimed flag {flag}, which is frozen (R-CLAIM-4)")
            }
            Refusal::AlreadyClaimed { flag, owner } => write!(f, "flag {flag} is already claimed by player {owner}"),
            Refusal::FlagFull { player, flag, capacity } => {
                write!(f, "player {player}'s side of flag {flag} is full ({capacity} cards)")
            }
            Refusal::NotASideCard { card } => {
                write!(f, "{card} is not a troop or morale card: use the {card} action")
            }
            Refusal::NotEnvironment { card } => write!(f, "{card} is not fog or mud"),
            Refusal::NothingToScout => f.write_str("both decks are empty: scout has nothing to draw (R-GUILE-5)"),
            Refusal::NoSuchTarget { guile, card } => {
                let (name, whose) = guile_target(*guile);
                write!(f, "{name} needs {whose} card on the board, and {card} is not one")
            }
            Refusal::RedeploySameFlag { card, flag } => {
                write!(f, "redeploy must move {card} to another flag than {flag}")
            }
            Refusal::TraitorTroopsOnly { card } => write!(f, "traitor takes troop cards only, not {card} (R-GUILE-4)"),
            Refusal::SideIncomplete { player, flag, cards, capacity } => {
                write!(f, "player {player}'s side of flag {flag} holds {cards} of {capacity} cards")
            }
            Refusal::ClaimNotProvable { flag, player, at, players, retired, unseen } => {
                // The explanation is a proof search: done here, only when someone reads it.
                let proof = prove_with_retired(at, *players, *retired, *player, *unseen);
                write!(f, "flag {flag} cannot be claimed: {}", proof.reason)
            }
            Refusal::DeckEmpty { deck } => {
                let name = match deck {
                    DeckKind::Troop => "troop",
                    DeckKind::Tactics => "tactics",
                };
                write!(f, "the {name} deck is empty")
            }
            Refusal::MustPlay { player } => {
                write!(f, "player {player} holds a troop card and has room for it, so must play (R-TURN-4)")
            }
            Refusal::ResignForOther { player, seat } => write!(f, "player {player} cannot resign for player {seat}"),
            Refusal::ResignTwoPlayers => {
                f.write_str("a two-player game has no seat to retire: resigning ends the match (R-3P-RESIGN-1)")
            }
            Refusal::AlreadyResigned { player } => write!(f, "player {player} has already resigned"),
            Refusal::TwoRemain { retired } => write!(
                f,
                "player {retired} has resigned and only two players remain: resigning now ends the match (R-3P-RESIGN-1)"
            ),
            Refusal::Resigned { player } => write!(f, "player {player} has resigned and plays no more"),
        }
    }
}

impl From<Refusal> for Error {
    fn from(refusal: Refusal) -> Error {
        Error::new(refusal.code(), refusal.to_string())
    }
}

impl std::error::Error for Refusal {}

#[cfg(test)]
mod tests;
