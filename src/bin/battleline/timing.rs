//! The claim timing as a command-line value, shared by the subcommands that deal games.

use battleline::ClaimTiming;
use clap::ValueEnum;

/// The claim timing of R-VAR-1, named as in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Timing {
    /// Play, claim, draw (the default rule).
    #[value(name = "afterPlay")]
    AfterPlay,
    /// Claim, play, draw (the advanced rule).
    #[value(name = "startOfTurn")]
    StartOfTurn,
    /// Play, draw, claim.
    #[value(name = "endOfTurn")]
    EndOfTurn,
}

impl From<Timing> for ClaimTiming {
    fn from(timing: Timing) -> ClaimTiming {
        match timing {
            Timing::AfterPlay => ClaimTiming::AfterPlay,
            Timing::StartOfTurn => ClaimTiming::StartOfTurn,
            Timing::EndOfTurn => ClaimTiming::EndOfTurn,
        }
    }
}
