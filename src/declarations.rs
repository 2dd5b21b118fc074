//! The TypeScript declarations of the values the wasm API exchanges, derived from the Rust types with
//! ts-rs (the derives are on the types themselves, test builds only) and kept in
//! `src/wasm/declarations.d.ts`, which the wasm layer puts into the package's declarations
//! (src/wasm/types.rs). The test below fails when that file is not what the Rust types give:
//! `BLESS=1 cargo test --lib declarations` writes it anew. Only the card and flag notation, the
//! JavaScript-side inputs and errors are written by hand (src/wasm/types.rs).

use ts_rs::{Config, TS};

use crate::action::{Action, DeckKind};
use crate::card::Card;
use crate::error::ErrorCode;
use crate::flag::FlagId;
use crate::formation::{FormationKind, Strength};
use crate::js_shapes::ClaimableFlag;
use crate::match_score::MatchScore;
use crate::options::{ClaimTiming, Options};
use crate::outcome::{GameResult, Victory};
use crate::phase::Phase;
use crate::position::inspect::SideFormation;
use crate::position::setup::Setup;
use crate::position::view::{FlagView, HandSize, KnownDeckCard, PlayerView, TurnView};
use crate::proof::{OpponentBest, Proof};
use crate::record::Record;
use crate::ts_layout::declaration;

/// Declares a type that serializes itself in the engine's notation as the notation's hand-written
/// TypeScript name (src/wasm/types.rs).
macro_rules! notation {
    ($type:ty, $name:literal) => {
        impl TS for $type {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;

            fn name(_: &Config) -> String {
                $name.into()
            }

            fn inline(config: &Config) -> String {
                Self::name(config)
            }
        }
    };
}

// A card is written `"r7"`, `"alexander"`; a flag is its number, 1 to 9.
notation!(Card, "CardName");
notation!(FlagId, "FlagNumber");

/// The whole file, in the order a reader meets the types.
fn declarations() -> String {
    let config = Config::new().with_large_int("number");
    let mut out = String::from(
        "// Derived from the Rust types by src/declarations.rs (ts-rs); do not edit: run\n\
         // `BLESS=1 cargo test --lib declarations` after changing a type.\n",
    );
    let all = [
        declaration::<DeckKind>(&config),
        declaration::<ClaimTiming>(&config),
        declaration::<Options>(&config),
        declaration::<Action>(&config),
        declaration::<Phase>(&config),
        declaration::<FormationKind>(&config),
        declaration::<Strength>(&config),
        declaration::<Victory>(&config),
        declaration::<GameResult>(&config),
        declaration::<HandSize>(&config),
        declaration::<FlagView>(&config),
        declaration::<KnownDeckCard>(&config),
        declaration::<TurnView>(&config),
        declaration::<PlayerView>(&config),
        declaration::<Setup>(&config),
        declaration::<OpponentBest>(&config),
        declaration::<Proof>(&config),
        declaration::<ClaimableFlag>(&config),
        declaration::<SideFormation>(&config),
        declaration::<MatchScore>(&config),
        #[cfg(feature = "events")]
        declaration::<crate::event::Event>(&config),
        #[cfg(feature = "events")]
        declaration::<crate::game::LogEntry>(&config),
        declaration::<Record>(&config),
        declaration::<ErrorCode>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Level>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Evaluation>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::FlagChange>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Reach>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Reason>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::SideOutlook>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::FlagOutlook>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Outlook>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Previous>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Hint>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Thresholds>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Judgement>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::ReviewedDecision>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Out>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Drawn>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Cause>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Step>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::TurningPoint>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::GameStory>(&config),
        #[cfg(feature = "bots")]
        declaration::<crate::bot::Review>(&config),
    ];
    for item in all {
        out.push('\n');
        out.push_str(&item);
    }
    out
}

#[test]
fn the_wasm_declarations_are_derived_from_the_rust_types() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/wasm/declarations.d.ts");
    let derived = declarations();
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(path, &derived).expect("src/wasm/declarations.d.ts is writable");
    }
    let kept = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        kept == derived,
        "src/wasm/declarations.d.ts is not what the Rust types give; run `BLESS=1 cargo test --lib declarations` \
         and review the difference"
    );
}
