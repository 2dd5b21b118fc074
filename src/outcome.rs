//! How a game ends (R-END) and what a match scores (R-MATCH-1).

use serde::{Deserialize, Serialize};

use crate::flag::{Flag, Player, FLAG_COUNT};

/// Why a game ended.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Victory {
    /// Three adjacent flags (R-END-1).
    Breakthrough,
    /// Five flags, or four with three players (R-END-1, R-3P).
    Envelopment,
    /// Every player passed in a row without a claim; most flags wins (R-TURN-6).
    Exhaustion,
}

/// The result of a finished game.
///
/// ```
/// use battleline::{Game, Options, Victory};
/// let mut game = Game::new(Options::default(), 11).unwrap();
/// while !game.position().is_over() {
///     game.apply(&game.legal_actions()[0]).unwrap();
/// }
/// let result = game.position().result().unwrap();
/// if result.victory != Victory::Exhaustion {
///     let winner = result.winner.unwrap();
///     assert!(result.flags[winner] >= 3);
/// }
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameResult {
    /// The winner; `None` is a draw (R-TURN-6, equal counts).
    #[cfg_attr(test, ts(type = "PlayerIndex | null"))]
    pub winner: Option<Player>,
    /// How the game ended.
    pub victory: Victory,
    /// Flags claimed by each player.
    #[cfg_attr(test, ts(type = "[number, number, number]"))]
    pub flags: [u8; 3],
}

impl GameResult {
    /// Match points of each player for this game: 5 for the winner, 1 per claimed flag for the others (R-MATCH-1).
    ///
    /// ```
    /// use battleline::{GameResult, Victory};
    /// let result = GameResult { winner: Some(1), victory: Victory::Breakthrough, flags: [2, 3, 0] };
    /// assert_eq!(result.points(), [2, 5, 0]);
    /// ```
    pub fn points(&self) -> [u32; 3] {
        std::array::from_fn(|p| if self.winner == Some(p) { 5 } else { u32::from(self.flags[p]) })
    }
}

impl Victory {
    /// The victory that holding the flags of `owned` (bit `i` for the flag numbered `i + 1`) gives a
    /// player in a game of `players` players, if any (R-END-1: three adjacent flags, or five; four
    /// with three players, R-3P). For weighing outcomes of flags not yet claimed.
    ///
    /// ```
    /// use battleline::Victory;
    /// assert_eq!(Victory::of_flags(0b0_0011_1000, 2), Some(Victory::Breakthrough));
    /// assert_eq!(Victory::of_flags(0b1_0101_0101, 2), Some(Victory::Envelopment));
    /// assert_eq!(Victory::of_flags(0b0_0101_0101, 2), None);
    /// assert_eq!(Victory::of_flags(0b0_0101_0101, 3), Some(Victory::Envelopment));
    /// ```
    pub fn of_flags(owned: u16, players: usize) -> Option<Victory> {
        victory_of_flags(owned, envelopment(players))
    }
}

/// The number of flags that wins by envelopment (R-END-1, R-3P).
pub(crate) const fn envelopment(players: usize) -> usize {
    if players == 3 {
        4
    } else {
        5
    }
}

/// The first three adjacent flags among `owned` (bits, flag 1 the lowest), as bits: a breakthrough
/// (R-END-1); `None` without one.
pub(crate) fn breakthrough(owned: u16) -> Option<u16> {
    let starts = owned & (owned >> 1) & (owned >> 2);
    (starts != 0).then(|| 0b111 << starts.trailing_zeros())
}

/// Flags held by each player.
pub(crate) fn flag_counts(flags: &[Flag; FLAG_COUNT]) -> [u8; 3] {
    let mut counts = [0u8; 3];
    for owner in flags.iter().filter_map(|f| f.claimed) {
        counts[owner] += 1;
    }
    counts
}

/// Whether `player` has won by breakthrough or envelopment (R-END-1); `envelopment` is 5 (4 with three players).
pub(crate) fn victory_of(flags: &[Flag; FLAG_COUNT], player: Player, envelopment: usize) -> Option<Victory> {
    let owned = flags.iter().enumerate().filter(|(_, f)| f.claimed == Some(player)).fold(0, |m, (i, _)| m | 1 << i);
    victory_of_flags(owned, envelopment)
}

/// The same from the flags a player holds as bits (flag 1 the lowest).
fn victory_of_flags(owned: u16, envelopment: usize) -> Option<Victory> {
    if breakthrough(owned).is_some() {
        Some(Victory::Breakthrough)
    } else if owned.count_ones() as usize >= envelopment {
        Some(Victory::Envelopment)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(owners: &[Option<Player>; 9]) -> [Flag; 9] {
        std::array::from_fn(|i| Flag { claimed: owners[i], ..Flag::default() })
    }

    // R-END-1: three adjacent flags, or any five, win at once.
    #[test]
    fn r_end_1_breakthrough_and_envelopment() {
        let n = None;
        let a = Some(0);
        let b = Some(1);
        assert_eq!(victory_of(&board(&[n, a, a, a, n, n, n, n, n]), 0, 5), Some(Victory::Breakthrough));
        assert_eq!(victory_of(&board(&[a, a, n, a, n, a, n, a, n]), 0, 5), Some(Victory::Envelopment));
        assert_eq!(victory_of(&board(&[a, a, b, a, n, a, n, n, n]), 0, 5), None);
        assert_eq!(victory_of(&board(&[a, a, b, a, n, a, n, n, n]), 1, 5), None);
    }

    // R-END-1: the breakthrough is the first three adjacent flags held.
    #[test]
    fn r_end_1_the_breakthrough_is_three_adjacent_flags() {
        assert_eq!(breakthrough(0b0_0011_1000), Some(0b0_0011_1000));
        assert_eq!(breakthrough(0b1_1101_1110), Some(0b0_0000_1110));
        assert_eq!(breakthrough(0b1_1101_0110), Some(0b1_1100_0000));
        assert_eq!(breakthrough(0b1_0101_0111 & !0b1), None);
    }

    // R-3P: with three players, four flags envelop.
    #[test]
    fn r_3p_four_flags_envelop() {
        let n = None;
        let c = Some(2);
        assert_eq!(victory_of(&board(&[c, n, c, n, c, n, c, n, n]), 2, 4), Some(Victory::Envelopment));
        assert_eq!(victory_of(&board(&[c, n, c, n, c, n, n, n, n]), 2, 4), None);
    }

    // R-MATCH-1: winner 5 points, the others 1 per flag.
    #[test]
    fn r_match_1_points() {
        let draw = GameResult { winner: None, victory: Victory::Exhaustion, flags: [2, 2, 0] };
        assert_eq!(draw.points(), [2, 2, 0]);
        let win = GameResult { winner: Some(0), victory: Victory::Envelopment, flags: [5, 3, 0] };
        assert_eq!(win.points(), [5, 3, 0]);
    }
}
