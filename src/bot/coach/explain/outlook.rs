//! Each open flag as the viewer sees it: the sides' best reachable formations, who completes first and
//! who can prove the flag.

use crate::flag::{FlagId, Player};

use super::board::{Board, Knowledge};
use super::{FlagOutlook, SideOutlook};

/// Every unclaimed flag, left to right.
pub(super) fn flags(board: &Board) -> Vec<FlagOutlook> {
    FlagId::all().filter(|&id| board.flag(id).claimed.is_none()).map(|id| flag(board, id)).collect()
}

/// One flag.
pub(super) fn flag(board: &Board, id: FlagId) -> FlagOutlook {
    let f = board.flag(id);
    let players = board.players();
    let sides = (0..players)
        .map(|player| SideOutlook {
            player,
            need: f.capacity().saturating_sub(f.sides[player].len()) as u8,
            formed: board.formed(id, player),
            best: board.reach(id, player, Knowledge::Viewer),
        })
        .collect::<Vec<_>>();
    FlagOutlook {
        flag: id,
        fog: f.fog.is_some(),
        capacity: f.capacity() as u8,
        first: first(board, id, &sides),
        provable: (0..players).find(|&p| board.provable(id, p)),
        sides,
    }
}

/// Who completes first: the earliest complete side, else the side needing strictly fewer cards.
fn first(board: &Board, id: FlagId, sides: &[SideOutlook]) -> Option<Player> {
    let f = board.flag(id);
    let complete = (0..sides.len()).filter_map(|p| f.completed[p].map(|at| (at, p))).min();
    if let Some((_, player)) = complete {
        return Some(player);
    }
    let fewest = sides.iter().map(|s| s.need).min()?;
    let mut least = sides.iter().filter(|s| s.need == fewest);
    match (least.next(), least.next()) {
        (Some(side), None) => Some(side.player),
        _ => None,
    }
}
