//! The words of a proof's reason: the claimant's formation, each opponent's best reachable one, and why
//! the claim fails or holds.

use std::fmt::{self, Write as _};

use crate::card::Card;
use crate::flag::Flag;
use crate::formation::Strength;

use super::OpponentBest;

/// "a Wedge (sum 24)", or "a sum of 24" under Fog.
struct Formation {
    strength: Strength,
    fog: bool,
}

impl fmt::Display for Formation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.fog {
            write!(f, "a sum of {}", self.strength.sum)
        } else {
            write!(f, "a {} (sum {})", self.strength.kind.name(), self.strength.sum)
        }
    }
}

/// "your Wedge (sum 12)", or "your sum of 12" under Fog.
struct Yours {
    strength: Strength,
    fog: bool,
}

impl fmt::Display for Yours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.fog {
            write!(f, "your sum of {}", self.strength.sum)
        } else {
            write!(f, "your {} (sum {})", self.strength.kind.name(), self.strength.sum)
        }
    }
}

/// Cards in notation, separated by spaces: "b8 b9 b7".
struct List<'a>(&'a [Card]);

impl fmt::Display for List<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

/// The cards an opponent's side held before `added`.
fn existing(best: &OpponentBest) -> &[Card] {
    &best.cards[..best.cards.len() - best.added.len()]
}

/// Why the claim fails: the first opponent who beats the claimant, with the counterexample.
pub(super) fn refusal_reason(winner: &OpponentBest, mine: Strength, fog: bool) -> String {
    let p = winner.player;
    let theirs = Formation { strength: winner.strength.unwrap_or(mine), fog };
    let yours = Yours { strength: mine, fog };
    let mut out = String::with_capacity(128);
    // Writing to a String cannot fail.
    let _ = if winner.complete {
        if theirs.strength == mine {
            write!(
                out,
                "player {p}'s complete side {} is {theirs}, which ties {yours} and was completed first",
                List(&winner.cards)
            )
        } else {
            write!(out, "player {p}'s complete side {} is {theirs}, which beats {yours}", List(&winner.cards))
        }
    } else if existing(winner).is_empty() {
        write!(
            out,
            "player {p} can still fill their empty side with {} into {theirs}, which beats {yours}",
            List(&winner.added)
        )
    } else {
        write!(
            out,
            "player {p} can still complete {} with {} into {theirs}, which beats {yours}",
            List(existing(winner)),
            List(&winner.added)
        )
    };
    out
}

/// Why the claim succeeds: every opponent's best reachable formation.
pub(super) fn acceptance_reason(
    flag: &Flag,
    opponents: &[OpponentBest],
    mine: Strength,
    fog: bool,
    unseen: usize,
) -> String {
    let mut out = String::with_capacity(160);
    let _ = write!(out, "no opponent can beat {}: ", Yours { strength: mine, fog });
    for (i, o) in opponents.iter().enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        let p = o.player;
        // Writing to a String cannot fail.
        let _ = match o.strength {
            None => {
                let need = flag.capacity().saturating_sub(flag.sides[p].len());
                let cards = if need == 1 { "card" } else { "cards" };
                write!(out, "player {p} cannot complete their side: it needs {need} more {cards} and only {unseen} may still come")
            }
            Some(strength) => {
                let theirs = Formation { strength, fog };
                let have = existing(o);
                let _ = if o.complete {
                    write!(out, "player {p}'s complete side {} is {theirs}", List(&o.cards))
                } else if have.is_empty() {
                    write!(out, "player {p} can at best fill their empty side with {} into {theirs}", List(&o.added))
                } else {
                    write!(out, "player {p} can at best complete {} with {} into {theirs}", List(have), List(&o.added))
                };
                match (strength == mine, o.complete) {
                    (true, true) => write!(out, ", a tie, and was completed later"),
                    (true, false) => write!(out, ", only a tie, and would complete later"),
                    _ => Ok(()),
                }
            }
        };
    }
    out
}
