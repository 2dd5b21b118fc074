//! Battle Line rules engine.
pub mod card;
pub mod card_set;
pub mod error;
pub mod flag;
pub mod formation;
pub mod proof;

pub use card::{Card, Colour, Tactic, TacticKind};
pub use card_set::CardSet;
pub use error::{Error, ErrorCode};
pub use flag::{Flag, FlagId, Player, SideCards, FLAG_COUNT, MAX_PLAYERS};
pub use formation::{FormationKind, Strength};
