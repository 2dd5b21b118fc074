//! Root parallelism: a search decision may search independent trees (`search:NxT`), each from its own
//! seed, whose root statistics are then added up. Measured against `heuristic`, two trees of 30,000
//! playouts were no stronger than one (see the README), so the levels use one tree; more trees are an
//! option for experiments, searched one after the other.

use crate::action::Action;
use crate::bot::value::portable::{portable_exp, portable_ln};
use crate::flag::FLAG_COUNT;

/// The most trees a decision may search (the trees' seeds are drawn up front, so the number must stay
/// small).
pub const MAX_TREES: u32 = 16;

/// One action at the root of a searched tree: how often the tree tried it and the rewards it got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RootEdge {
    /// The root action.
    pub(crate) action: Action,
    /// Playouts that went through it.
    pub(crate) visits: u32,
    /// The sum of the searching player's rewards (each in 0..1) over those playouts.
    pub(crate) reward: f32,
    /// Per flag, the sum of the leaf's chances that the searching player wins it over those playouts
    /// (kept only when the search is asked to, see `Search::track_flags`; zeros otherwise).
    pub(crate) flags: [f32; FLAG_COUNT],
}

/// Each root action's visits and rewards added up over the trees, in the order first tried.
pub(crate) fn totals(trees: &[Vec<RootEdge>]) -> Vec<RootEdge> {
    let mut totals: Vec<RootEdge> = Vec::new();
    for edge in trees.iter().flatten() {
        match totals.iter_mut().find(|t| t.action == edge.action) {
            Some(total) => {
                total.visits = total.visits.saturating_add(edge.visits);
                total.reward += edge.reward;
                total.flags.iter_mut().zip(edge.flags).for_each(|(sum, f)| *sum += f);
            }
            None => totals.push(*edge),
        }
    }
    totals
}

/// The decision of several trees, each given as its root's edges in the order it tried them: the root
/// action with the most visits over all trees (ties go to the greater reward, then to the action tried
/// later). With one tree it is that tree's most visited action. `None` without any edge.
pub(crate) fn combine(trees: &[Vec<RootEdge>]) -> Option<Action> {
    totals(trees)
        .iter()
        .max_by(|a, b| a.visits.cmp(&b.visits).then(a.reward.total_cmp(&b.reward)))
        .map(|edge| edge.action)
}

/// The root action drawn with probability proportional to `visits^(1 / temperature)` over all trees
/// (`temperature` above 0), from one draw of `rng`; `None` without a visited edge.
pub(crate) fn draw_by_visits(
    trees: &[Vec<RootEdge>],
    temperature: f32,
    rng: &mut impl rand::RngCore,
) -> Option<Action> {
    let totals = totals(trees);
    // In portable arithmetic, so that a seed draws the same move natively and in WebAssembly (the
    // system's `powf` differs between the two in the last bit); relative to the most visited, whose
    // weight is 1, so that no temperature overflows.
    let most = totals.iter().map(|e| e.visits).max().filter(|&v| v > 0)?;
    let top = portable_ln(f64::from(most));
    let power = |visits: u32| match visits {
        0 => 0.0,
        v => portable_exp((portable_ln(f64::from(v)) - top) / f64::from(temperature)),
    };
    let weights: Vec<f64> = totals.iter().map(|e| power(e.visits)).collect();
    let sum: f64 = weights.iter().sum();
    // A uniform number in 0..sum from 53 random bits: the same draw natively and in wasm.
    let mut at = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * sum;
    for (edge, weight) in totals.iter().zip(&weights) {
        if at < *weight {
            return Some(edge.action);
        }
        at -= weight;
    }
    totals.iter().zip(&weights).rev().find(|(_, w)| **w > 0.0).map(|(e, _)| e.action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::DeckKind;

    fn edge(deck: DeckKind, visits: u32, reward: f32) -> RootEdge {
        RootEdge { action: Action::Draw { deck }, visits, reward, flags: [0.0; FLAG_COUNT] }
    }

    #[test]
    fn visits_add_up_across_trees() {
        let (troop, tactics) = (DeckKind::Troop, DeckKind::Tactics);
        let a = vec![edge(troop, 60, 30.0), edge(tactics, 40, 20.0)];
        let b = vec![edge(tactics, 70, 35.0), edge(troop, 30, 15.0)];
        assert_eq!(combine(std::slice::from_ref(&a)), Some(Action::Draw { deck: troop }));
        // 90 troop visits against 110 tactics visits over both trees.
        assert_eq!(combine(&[a, b]), Some(Action::Draw { deck: tactics }));
        assert_eq!(combine(&[]), None);
    }

    #[test]
    fn a_drawn_root_action_follows_the_visits_raised_to_one_over_the_temperature() {
        let (troop, tactics) = (DeckKind::Troop, DeckKind::Tactics);
        // 30 and 10 visits: at temperature 1 troop is drawn 3 times in 4, at 0.5 (visits squared) 9 in 10.
        let trees = [vec![edge(troop, 20, 10.0), edge(tactics, 10, 5.0)], vec![edge(troop, 10, 5.0)]];
        let mut rng = crate::rng_from_seed(7);
        for (temperature, expected) in [(1.0, 0.75), (0.5, 0.9)] {
            let draws = 4000;
            let troops = (0..draws)
                .filter(|_| draw_by_visits(&trees, temperature, &mut rng) == Some(Action::Draw { deck: troop }))
                .count();
            let share = troops as f64 / f64::from(draws);
            assert!((share - expected).abs() < 0.03, "temperature {temperature}: troop drawn {share}");
        }
        // An action never visited is never drawn; no edge, no action.
        let unvisited = [vec![edge(troop, 0, 0.0), edge(tactics, 5, 1.0)]];
        assert!((0..200).all(|_| draw_by_visits(&unvisited, 1.0, &mut rng) == Some(Action::Draw { deck: tactics })));
        assert_eq!(draw_by_visits(&[], 1.0, &mut rng), None);
        // A temperature near 0 takes the most visited, as its limit does (the weights never overflow).
        assert!((0..50).all(|_| draw_by_visits(&trees, 1e-30, &mut rng) == Some(Action::Draw { deck: troop })));
    }

    #[test]
    fn equal_visits_go_to_the_greater_reward_then_to_the_later_action() {
        let (troop, tactics) = (DeckKind::Troop, DeckKind::Tactics);
        let by_reward = vec![edge(troop, 50, 30.0), edge(tactics, 50, 20.0)];
        assert_eq!(combine(&[by_reward]), Some(Action::Draw { deck: troop }));
        let tied = vec![edge(troop, 50, 20.0), edge(tactics, 50, 20.0)];
        assert_eq!(combine(&[tied]), Some(Action::Draw { deck: tactics }));
    }
}
