//! Formations (R-FORM): the kinds, their strength, and the best formation a complete side makes,
//! wild cards (R-MORALE) taking their best values.

use serde::Serialize;

/// The formation kinds, weakest first so that the derived order is the strength order (R-FORM-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FormationKind {
    /// Anything else.
    Host,
    /// Consecutive values, any colours.
    SkirmishLine,
    /// Same colour, not consecutive.
    BattalionOrder,
    /// Same value.
    Phalanx,
    /// Same colour, consecutive values.
    Wedge,
}

/// What a formation is worth: kind first, then the sum of values (R-FORM-3).
/// Under Fog every formation counts as a Host, so only the sum decides (R-ENV-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Strength {
    /// The kind (always `Host` under Fog).
    pub kind: FormationKind,
    /// The sum of the values.
    pub sum: u8,
}

// TODO(proof helper): best_strength(cards, fog) for a complete side, wild cards at their best.
