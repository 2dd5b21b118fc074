//! Whole games in which seat 0 follows every hint, the coach's harnesses' game (`hint_consistency`,
//! `coach_corpus`): each hint is given the last move of a hint that put a card on a flag, so that the
//! coach can tell a change of plan from a take-back; seat 1 is the search at the same level.

use battleline::bot::{hint_after, Bot, Hint, Level, Previous, SearchBot};
use battleline::{Action, Card, Game, Options, PlayerView};

/// The last hint that put a card on a flag (a `Play`, a `Traitor`, a `Redeploy` to a flag): its move and
/// the hand before it, the card and the card's arrival stamp at that flag.
pub struct Placed {
    /// What `hint_after` is given: the move and the hand it was chosen from.
    pub previous: Previous,
    /// The card it put on the board.
    pub card: Card,
    /// When that card arrived at its flag (the flag's arrival stamps).
    pub stamp: u32,
}

/// A decision of seat 0, handed to the caller before the hint's move is played.
pub struct Decision<'a> {
    /// The game before the move.
    pub game: &'a Game,
    /// Seat 0's view of it.
    pub view: &'a PlayerView,
    /// The hint, which seat 0 plays.
    pub hint: &'a Hint,
    /// The last hint that placed a card, as the hint was given it.
    pub placed: Option<&'a Placed>,
}

/// Plays the game dealt from `seed`: seat 0 plays every hint at `level` (the hint's seed is `seed` mixed
/// with the number of actions so far), seat 1 the search at the coach's budget of `level`
/// ([`Level::coach_playouts`]). `each` sees every decision of seat 0 before its move is played. Returns
/// the finished game.
pub fn follow_hints(level: Level, seed: u64, mut each: impl FnMut(Decision<'_>)) -> Game {
    let mut game = Game::new(Options::default(), seed).unwrap();
    let mut other = SearchBot::new(level.coach_playouts(), seed ^ 0xabc);
    let mut placed: Option<Placed> = None;
    while !game.position().is_over() {
        let view = game.view(game.position().current()).unwrap();
        if view.player == 1 {
            let action = other.choose(&view).unwrap();
            game.apply(&action).unwrap();
            continue;
        }
        let previous = placed.as_ref().map(|p| &p.previous);
        let hint = hint_after(&view, level, seed ^ game.actions().len() as u64, previous).unwrap();
        each(Decision { game: &game, view: &view, hint: &hint, placed: placed.as_ref() });
        game.apply(&hint.action).unwrap();
        let lands = match hint.action {
            Action::Play { card, flag } | Action::Traitor { card, to: flag } => Some((card, flag)),
            Action::Redeploy { card, to: Some(flag) } => Some((card, flag)),
            _ => None,
        };
        if let Some((card, flag)) = lands {
            let side = &game.position().flag(flag).sides[0];
            if let Some((_, stamp)) = side.iter().zip(side.arrivals()).find(|&(c, _)| c == card) {
                placed =
                    Some(Placed { previous: Previous { action: hint.action, hand: view.hand.clone() }, card, stamp });
            }
        }
    }
    game
}
