//! What an applied action did, as plain data: the card played and where, the card drawn (for those who may
//! see it), where a guile card took its card from, cards discarded when Mud leaves, a claim with its
//! formation, the end of a game with its winning flags, the next game's starter. [`crate::Game`] records
//! them in its log, and [`Event::redacted_for`] strips what a player may not know, as a view does.
//!
//! Events are read from the positions before and after the action, both fully known to the engine, so the
//! rules' hot path (`Position::apply`, millions of times a second in the bots) does no bookkeeping for them.

use serde::Serialize;

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic};
use crate::flag::{FlagId, Player, FLAG_COUNT};
use crate::formation::Strength;
use crate::outcome::{breakthrough, GameResult, Victory};
use crate::position::Position;

/// One thing that happened. Serialized with a `type` tag like [`Action`].
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "GameEvent"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[non_exhaustive]
pub enum Event {
    /// A troop or morale card went to the player's side of a flag (also Leaders).
    Played {
        /// Who played it.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
        /// The card.
        card: Card,
        /// Where.
        flag: FlagId,
    },
    /// Fog or Mud was placed at a flag.
    Environment {
        /// Who placed it.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
        /// Fog or Mud.
        #[cfg_attr(test, ts(type = "\"fog\" | \"mud\""))]
        card: Card,
        /// Where.
        flag: FlagId,
    },
    /// Scout was played: draws and returns follow.
    Scouted {
        /// Who played it.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
    },
    /// A card was drawn. `card` is `None` for those who may not see it.
    Drew {
        /// Who drew.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
        /// From which deck.
        deck: DeckKind,
        /// The card, or `None` when redacted (or when the deck was empty).
        card: Option<Card>,
    },
    /// A card went back on top of its deck with Scout. `card` is `None` for those who may not see it.
    Returned {
        /// Who returned it.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
        /// Onto which deck.
        deck: DeckKind,
        /// The card, or `None` when redacted.
        card: Option<Card>,
    },
    /// Redeploy, Deserter or Traitor took a card (or Fog, Mud) from a flag.
    Moved {
        /// Who played the guile card.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
        /// Redeploy, Deserter or Traitor.
        #[cfg_attr(test, ts(type = "\"redeploy\" | \"deserter\" | \"traitor\""))]
        by: Card,
        /// The card taken.
        card: Card,
        /// The flag it was taken from.
        from: FlagId,
        /// Whose side (or whose Fog, Mud) it was.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        owner: Player,
        /// Where it went: a flag, or `None` for its owner's discard pile.
        to: Option<FlagId>,
    },
    /// A card left a side without being played or taken: Mud left and a four-card side went down to three
    /// (to its owner's discard pile).
    Discarded {
        /// The side's owner.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
        /// The card.
        card: Card,
        /// The flag.
        flag: FlagId,
    },
    /// A flag was claimed.
    Claimed {
        /// The claimant.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
        /// The flag.
        flag: FlagId,
        /// The claimant's formation there (under Fog, only its sum counted).
        formation: Option<Strength>,
        /// Fog lies at the flag.
        fog: bool,
    },
    /// The player resigned from a three-player game: the two others play on (R-3P-RESIGN). Their cards
    /// that left unclaimed flags follow as `discarded` events.
    Resigned {
        /// Who resigned.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
    },
    /// The player passed (R-TURN-4).
    Passed {
        /// Who passed.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
    },
    /// The game ended.
    GameEnded {
        /// The result.
        result: GameResult,
        /// The flags that won it: the three adjacent ones of a breakthrough, else all the winner's.
        #[cfg_attr(test, ts(type = "Array<FlagNumber>"))]
        flags: WinningFlags,
    },
    /// The next game of the match began.
    NextGame {
        /// Which game (0-based).
        game_index: u32,
        /// Who starts it (R-MATCH-2).
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        starter: Player,
    },
}

/// The flags that won a game, at most five (four with three players).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WinningFlags {
    flags: [Option<FlagId>; FLAG_COUNT],
}

impl WinningFlags {
    /// The flags, left to right.
    pub fn iter(&self) -> impl Iterator<Item = FlagId> + '_ {
        self.flags.iter().flatten().copied()
    }
}

impl Serialize for WinningFlags {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl Event {
    /// The event as `viewer` may know it: a drawn or returned card is hidden from everyone but the player
    /// who drew or returned it (as in their views). `None` is a spectator: every such card hidden.
    pub fn redacted_for(self, viewer: Option<Player>) -> Event {
        match self {
            Event::Drew { player, deck, .. } if viewer != Some(player) => Event::Drew { player, deck, card: None },
            Event::Returned { player, deck, .. } if viewer != Some(player) => {
                Event::Returned { player, deck, card: None }
            }
            other => other,
        }
    }

    /// The events of `action`, played by `player`, that turned `before` into `after`.
    pub(crate) fn of_action(before: &Position, after: &Position, player: Player, action: &Action) -> Vec<Event> {
        let mut events = Vec::with_capacity(2);
        match *action {
            Action::Play { card, flag } => events.push(Event::Played { player, card, flag }),
            Action::Environment { card, flag } => events.push(Event::Environment { player, card, flag }),
            Action::Scout => events.push(Event::Scouted { player }),
            Action::ScoutDraw { deck } | Action::Draw { deck } => {
                let card = after.hand(player).difference(before.hand(player)).iter().next();
                events.push(Event::Drew { player, deck, card });
            }
            Action::ScoutReturn { card } => {
                events.push(Event::Returned { player, deck: DeckKind::of(card), card: Some(card) })
            }
            Action::Redeploy { card, to } => {
                moved(&mut events, before, player, Card::tactic(Tactic::Redeploy), card, to)
            }
            Action::Deserter { card } => moved(&mut events, before, player, Card::tactic(Tactic::Deserter), card, None),
            Action::Traitor { card, to } => {
                moved(&mut events, before, player, Card::tactic(Tactic::Traitor), card, Some(to))
            }
            Action::Claim { flag } => {
                let formation =
                    after.formations(flag).into_iter().find(|s| s.player == player).and_then(|s| s.strength);
                events.push(Event::Claimed { player, flag, formation, fog: after.flag(flag).fog.is_some() });
            }
            Action::Pass => events.push(Event::Passed { player }),
            Action::Resign { player } => events.push(Event::Resigned { player }),
            Action::EndClaims | Action::NextGame => {}
        }
        discarded(&mut events, before, after, action);
        if let (None, Some(result)) = (before.result(), after.result()) {
            events.push(Event::GameEnded { result, flags: winning_flags(after, result) });
        }
        events
    }
}

fn moved(events: &mut Vec<Event>, before: &Position, player: Player, by: Card, card: Card, to: Option<FlagId>) {
    if let Some((from, owner)) = before.find_on_board(card) {
        events.push(Event::Moved { player, by, card, from, owner, to });
    }
}

/// Side cards gone from a flag that the action itself did not take: Mud leaving (R-ENV-3), a
/// resigning player's cards leaving the unclaimed flags (R-3P-RESIGN-2).
fn discarded(events: &mut Vec<Event>, before: &Position, after: &Position, action: &Action) {
    let taken = match *action {
        Action::Redeploy { card, .. } | Action::Deserter { card } | Action::Traitor { card, .. } => Some(card),
        _ => None,
    };
    if taken.is_none() && !matches!(action, Action::Resign { .. }) {
        return;
    }
    for flag in FlagId::all() {
        for player in 0..before.players() {
            let now = &after.flag(flag).sides[player];
            let gone = before.flag(flag).sides[player].iter().filter(|&c| !now.iter().any(|d| d == c));
            for card in gone.filter(|&c| Some(c) != taken) {
                events.push(Event::Discarded { player, card, flag });
            }
        }
    }
}

/// The flags that won: a breakthrough's three adjacent flags, otherwise every flag the winner holds.
fn winning_flags(after: &Position, result: GameResult) -> WinningFlags {
    let mut out = WinningFlags::default();
    let Some(winner) = result.winner else { return out };
    let held = FlagId::all().filter(|&f| after.flag(f).claimed == Some(winner)).fold(0u16, |m, f| m | 1 << f.index());
    let run = if result.victory == Victory::Breakthrough { breakthrough(held) } else { None };
    let flags = FlagId::all().filter(|f| run.unwrap_or(held) >> f.index() & 1 == 1);
    for (slot, flag) in out.flags.iter_mut().zip(flags) {
        *slot = Some(flag);
    }
    out
}
