//! The chance of winning the game from the chance of winning each flag, for a search leaf with two
//! players: every way the open flags may fall is weighed, flags taken as independent, and a side wins
//! with five flags or three adjacent ones (R-END-1). Where both sides would (a breakthrough each, or
//! five flags against a breakthrough), the order of play decides, which the flags alone cannot tell:
//! such an outcome counts half.
//!
//! Why: the expected flags (the evaluation's own value) read a position where the viewer needs one of
//! two open flags much like one where the viewer leads by half a flag anywhere. In lost games the search
//! rated such positions 0.8–0.9 with a few cards left in the deck (`examples/lost_games.rs`). No level
//! uses it: screened as a share of the leaf's reward ([`LabConfig::win_weight`](crate::LabConfig)),
//! it gained nothing (docs/BOT_EXPERIMENTS.md).

use battleline::{Victory, FLAG_COUNT};

/// All flags as bits, flag 1 the lowest.
const ALL: u16 = (1 << FLAG_COUNT) - 1;

/// Whether the flags of `mask` win the game (R-END-1, asked of the engine).
fn wins(mask: u16) -> bool {
    Victory::of_flags(mask, 2).is_some()
}

/// The first player's score when the flags of `mine` are theirs and every other flag the opponent's:
/// 1 for a win, 0 for a loss, a half where both sides meet a winning condition.
fn score(mine: u16) -> f32 {
    match (wins(mine), wins(!mine & ALL)) {
        (true, false) => 1.0,
        (false, true) => 0.0,
        _ => 0.5,
    }
}

/// The viewer's chance to win from `chances`, the chance of winning each flag (1 or 0 for a claimed
/// flag), every flag going to one of the two players.
pub fn win_chance(chances: &[f32; FLAG_COUNT]) -> f32 {
    let mut sure = 0u16;
    let mut open: Vec<(u16, f32)> = Vec::with_capacity(FLAG_COUNT);
    for (i, &p) in chances.iter().enumerate() {
        let bit = 1 << i;
        if p >= 1.0 {
            sure |= bit;
        } else if p > 0.0 {
            open.push((bit, p));
        }
    }
    fn walk(open: &[(u16, f32)], mine: u16, weight: f32) -> f32 {
        match open.split_first() {
            None => weight * score(mine),
            Some((&(bit, p), rest)) => walk(rest, mine | bit, weight * p) + walk(rest, mine, weight * (1.0 - p)),
        }
    }
    walk(&open, sure, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decided_flags_give_the_rules_winner() {
        // Five flags, none adjacent three: 1, 3, 5, 7, 9.
        let five = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0];
        assert_eq!(win_chance(&five), 1.0);
        // Flags 1 and 3 to 6 (five, three adjacent) against 2, 7, 8, 9 (three adjacent): both win.
        let both = [1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0];
        assert_eq!(win_chance(&both), 0.5);
        let none = [0.0; FLAG_COUNT];
        assert_eq!(win_chance(&none), 0.0);
    }

    #[test]
    fn needing_one_of_two_flags_is_worth_three_quarters_at_even_chances() {
        // Flags 1, 3, 5, 7 won, 2 and 4 open at a half each, the rest lost: any one of 2 and 4 makes
        // five (and a breakthrough); losing both gives the opponent 2, 4, 6, 8, 9 (five).
        let chances = [1.0, 0.5, 1.0, 0.5, 1.0, 0.0, 1.0, 0.0, 0.0];
        assert!((win_chance(&chances) - 0.75).abs() < 1e-6, "{}", win_chance(&chances));
    }

    #[test]
    fn the_chance_is_symmetric_between_the_players() {
        let chances = [0.3, 0.9, 0.5, 0.1, 0.65, 0.4, 0.8, 0.2, 0.55];
        let theirs = chances.map(|p| 1.0 - p);
        assert!((win_chance(&chances) + win_chance(&theirs) - 1.0).abs() < 1e-5);
        // Brute force over every outcome, as an independent check of the walk.
        let mut brute = 0.0f64;
        for mine in 0u16..1 << FLAG_COUNT {
            let weight: f64 = (0..FLAG_COUNT)
                .map(|i| if mine >> i & 1 == 1 { f64::from(chances[i]) } else { 1.0 - f64::from(chances[i]) })
                .product();
            brute += weight * f64::from(score(mine));
        }
        assert!((f64::from(win_chance(&chances)) - brute).abs() < 1e-5);
    }
}
