//! The chance of winning the game from the chance of winning each flag, with two players: every way
//! the flags may fall is weighed, flags taken as independent, and a side wins with five flags or three
//! adjacent ones (R-END-1). Where both sides would (a breakthrough each, or five flags against a
//! breakthrough), the order of play decides, which the flags alone cannot tell: such an outcome counts
//! half.
//!
//! Why: the expected flags (the hand-made evaluation's value) read a position where the viewer needs
//! one of two open flags much like one where the viewer leads by half a flag anywhere. It is one of the
//! learned value model's inputs (`features.rs`); as a share of the hand-made leaf's reward it gained
//! nothing (the lab's `win_weight`, docs/BOT_EXPERIMENTS.md).

use std::sync::OnceLock;

use crate::flag::FLAG_COUNT;
use crate::outcome::Victory;

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
///
/// Every one of the 512 ways the flags may fall is weighed: the weights are built by doubling (flag
/// by flag, each outcome so far splits into the flag won and the flag lost), then summed against each
/// outcome's score in eight running sums. Plain loops over arrays, in a fixed order: the same bits on
/// every platform, and cheap enough for every leaf of the search (the learned model reads it).
pub fn win_chance(chances: &[f32; FLAG_COUNT]) -> f32 {
    // Every outcome's score, asked of the rules once.
    static SCORES: OnceLock<[f32; OUTCOMES]> = OnceLock::new();
    let scores = SCORES.get_or_init(|| std::array::from_fn(|mine| score(mine as u16)));
    let mut weights = [0.0f32; OUTCOMES];
    weights[0] = 1.0;
    for (i, &p) in chances.iter().enumerate() {
        let p = p.clamp(0.0, 1.0);
        let (low, high) = weights.split_at_mut(1 << i);
        for (lost, won) in low.iter_mut().zip(&mut high[..1 << i]) {
            *won = *lost * p;
            *lost *= 1.0 - p;
        }
    }
    let mut sums = [0.0f32; 8];
    for (w, s) in weights.chunks_exact(8).zip(scores.chunks_exact(8)) {
        for lane in 0..8 {
            sums[lane] += w[lane] * s[lane];
        }
    }
    sums.iter().sum()
}

/// The ways nine flags may fall.
const OUTCOMES: usize = 1 << FLAG_COUNT;

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
