//! Root parallelism: a search decision may be split into independent trees, each searched from its
//! own seed (on the page, each in its own Web Worker, so that two cores think at once), whose root
//! statistics are then added up. The answer is the same whether the trees run one after the other or
//! side by side, natively or in WebAssembly.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::error::{Error, ErrorCode};

/// The most trees a decision may search (the trees' seeds are drawn up front, so the number must stay
/// small; two cores use two).
pub const MAX_TREES: u32 = 16;

/// One action at the root of a searched tree: how often the tree tried it and the rewards it got.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RootEdge {
    /// The root action.
    pub action: Action,
    /// Playouts that went through it.
    pub visits: u32,
    /// The sum of the searching player's rewards (each in 0..1) over those playouts.
    pub reward: f32,
}

/// What one tree of a decision answers.
///
/// ```
/// use battleline::bot::{BotKind, suggest_tree, combine_trees, suggest_with};
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 3).unwrap();
/// let view = game.view(game.position().current()).unwrap();
/// let kind = BotKind::Search { playouts: 100, trees: 2 };
/// let answers = [suggest_tree(&view, kind, 5, 0).unwrap(), suggest_tree(&view, kind, 5, 1).unwrap()];
/// assert_eq!(combine_trees(&view, &answers).unwrap(), suggest_with(&view, kind, 5).unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", deny_unknown_fields)]
pub enum TreeAnswer {
    /// Nothing to search: the only sensible action (forced, or a claim or draw the search never
    /// weighs). Every tree of the decision gives the same.
    Decided {
        /// The action.
        action: Action,
    },
    /// The root statistics of one searched tree.
    Searched {
        /// The root's actions in the order the tree tried them first.
        edges: Vec<RootEdge>,
    },
}

/// The decision of several trees: the root action with the most visits over all of them (ties go to
/// the greater reward, then to the action tried later). Errors (`bad_input`): no answers, answers
/// that disagree about a decided action or mix decided and searched ones, a searched tree without
/// edges.
pub(crate) fn combine(answers: &[TreeAnswer]) -> Result<Action, Error> {
    let bad = |message: &str| Error::new(ErrorCode::BadInput, message.to_string());
    let mut totals: Vec<RootEdge> = Vec::new();
    let mut decided: Option<Action> = None;
    for answer in answers {
        match answer {
            TreeAnswer::Decided { action } => {
                if decided.is_some_and(|d| d != *action) || !totals.is_empty() {
                    return Err(bad("the trees' answers disagree"));
                }
                decided = Some(*action);
            }
            TreeAnswer::Searched { edges } => {
                if decided.is_some() {
                    return Err(bad("the trees' answers disagree"));
                }
                if edges.is_empty() {
                    return Err(bad("a searched tree has no root actions"));
                }
                for edge in edges {
                    match totals.iter_mut().find(|t| t.action == edge.action) {
                        Some(total) => {
                            total.visits = total.visits.saturating_add(edge.visits);
                            total.reward += edge.reward;
                        }
                        None => totals.push(*edge),
                    }
                }
            }
        }
    }
    if let Some(action) = decided {
        return Ok(action);
    }
    totals
        .iter()
        .max_by(|a, b| a.visits.cmp(&b.visits).then(a.reward.total_cmp(&b.reward)))
        .map(|edge| edge.action)
        .ok_or_else(|| bad("no tree answers to combine"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::DeckKind;

    fn edge(deck: DeckKind, visits: u32, reward: f32) -> RootEdge {
        RootEdge { action: Action::Draw { deck }, visits, reward }
    }

    #[test]
    fn visits_add_up_across_trees() {
        let (troop, tactics) = (DeckKind::Troop, DeckKind::Tactics);
        let a = TreeAnswer::Searched { edges: vec![edge(troop, 60, 30.0), edge(tactics, 40, 20.0)] };
        let b = TreeAnswer::Searched { edges: vec![edge(tactics, 70, 35.0), edge(troop, 30, 15.0)] };
        assert_eq!(combine(std::slice::from_ref(&a)).unwrap(), Action::Draw { deck: troop });
        // 90 troop visits against 110 tactics visits over both trees.
        assert_eq!(combine(&[a, b]).unwrap(), Action::Draw { deck: tactics });
    }

    #[test]
    fn equal_visits_go_to_the_greater_reward() {
        let (troop, tactics) = (DeckKind::Troop, DeckKind::Tactics);
        let a = TreeAnswer::Searched { edges: vec![edge(troop, 50, 30.0), edge(tactics, 50, 20.0)] };
        assert_eq!(combine(&[a]).unwrap(), Action::Draw { deck: troop });
    }

    #[test]
    fn inconsistent_answers_are_refused() {
        let decided = |deck| TreeAnswer::Decided { action: Action::Draw { deck } };
        let searched = TreeAnswer::Searched { edges: vec![edge(DeckKind::Troop, 1, 1.0)] };
        let empty = TreeAnswer::Searched { edges: Vec::new() };
        for answers in [
            vec![],
            vec![decided(DeckKind::Troop), decided(DeckKind::Tactics)],
            vec![decided(DeckKind::Troop), searched.clone()],
            vec![searched, decided(DeckKind::Troop)],
            vec![empty],
        ] {
            assert_eq!(combine(&answers).unwrap_err().code, ErrorCode::BadInput, "{answers:?}");
        }
        assert_eq!(
            combine(&[decided(DeckKind::Troop), decided(DeckKind::Troop)]).unwrap(),
            Action::Draw { deck: DeckKind::Troop }
        );
    }
}
