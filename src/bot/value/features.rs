//! What the learned value model ([`super::model`]) reads of a two-player position, seen from one
//! player: the hand-made evaluation's reading of every flag (its chance, each side's expected
//! formation and the cards it lacks), the board's plain facts (cards a side, claims, Fog, Mud), the
//! hands' and decks' sizes, the tactics cards held and played, whose turn it is, and the hand-made
//! evaluation's own verdicts on the whole position.
//!
//! Why these and not one input per card and place: the model must run at every leaf of the search
//! (about 100,000 times a second) and fit in the browser, so it starts from what the hand-made
//! evaluation already computes well (the chance at one flag) and learns what it does badly: how the
//! flags add up to a win (five, or three adjacent), how much a difference of formations means with
//! this many cards left, and what the tactics cards in hand are worth.
//!
//! A search leaf is a sampled position, and its knowledge counts each player's next draws in the
//! sample as held (`Knowledge::with_foresight`); the training data reads real positions the same way
//! (the true deck and hand), so the model learns the chance to win given that knowledge.

use super::flags_to_game::win_chance;
use super::handmade::Knowledge;
use super::portable::sigmoid;
use crate::card::TROOP_COUNT;
use crate::flag::{FlagId, Player, FLAG_COUNT};
use crate::position::Position;

/// Inputs about the whole position.
const GLOBALS: usize = 37;
/// Inputs about each flag.
const PER_FLAG: usize = 13;
/// The model's inputs.
pub const INPUTS: usize = GLOBALS + FLAG_COUNT * PER_FLAG;

/// Troops in the deck after the deal (60 less two hands of seven).
const FULL_TROOP_DECK: f32 = 46.0;
/// Formation points (kind and sum, see `handmade::points`) are divided by this.
const POINTS_SCALE: f32 = 200.0;

/// The inputs for `me` in a two-player `position`, read through `knowledge` (the knowledge of `me`
/// there). The hand-made evaluation's chance to win the game, its expected flags and the leaf reward it
/// gives are inputs too, so the model can start from them.
pub(crate) fn inputs(position: &Position, me: Player, knowledge: &Knowledge) -> [f32; INPUTS] {
    let them = 1 - me;
    let readings = knowledge.readings(position);
    let chances = readings.map(|r| r.chance);
    let value = knowledge.value(2, &chances);
    let mut x = [0.0f32; INPUTS];
    let bit = |b: bool| if b { 1.0 } else { 0.0 };
    let (my_hand, their_hand) = (position.hand(me), position.hand(them));
    let played = position.tactics_played();
    let leaders = position.leader_played();
    let claimed = |p: Player| position.flags().iter().filter(|f| f.claimed == Some(p)).count() as f32;
    let globals = [
        bit(position.current() == me),
        position.troop_deck_len() as f32 / FULL_TROOP_DECK,
        position.tactics_deck_len() as f32 / 10.0,
        my_hand.troops().len() as f32 / 7.0,
        my_hand.tactics().len() as f32 / 7.0,
        their_hand.troops().len() as f32 / 7.0,
        their_hand.tactics().len() as f32 / 7.0,
        f32::from(played[me]) / 5.0,
        f32::from(played[them]) / 5.0,
        bit(position.options().tactics),
        bit(leaders[me]),
        bit(leaders[them]),
        claimed(me) / 5.0,
        claimed(them) / 5.0,
        win_chance(&chances),
        (value - 4.5) / 4.5,
        sigmoid((value - 4.5) / 1.5),
    ];
    x[..globals.len()].copy_from_slice(&globals);
    let tactics_bits = |hand: crate::card_set::CardSet| (hand.tactics().bits() >> TROOP_COUNT) as u16;
    for (i, bits) in [tactics_bits(my_hand), tactics_bits(their_hand)].into_iter().enumerate() {
        for t in 0..10 {
            x[globals.len() + 10 * i + t] = f32::from(bits >> t & 1);
        }
    }
    debug_assert_eq!(globals.len() + 20, GLOBALS);
    for (id, reading) in FlagId::all().zip(readings) {
        let flag = position.flag(id);
        let capacity = flag.capacity() as f32;
        let at = GLOBALS + id.index() * PER_FLAG;
        x[at..at + PER_FLAG].copy_from_slice(&[
            reading.chance,
            bit(flag.claimed == Some(me)),
            bit(flag.claimed == Some(them)),
            flag.sides[me].len() as f32 / capacity,
            flag.sides[them].len() as f32 / capacity,
            bit(flag.mud.is_some()),
            bit(flag.fog.is_some()),
            reading.mine / POINTS_SCALE,
            f32::from(reading.missing) / 4.0,
            reading.theirs / POINTS_SCALE,
            f32::from(reading.need) / 4.0,
            bit(flag.is_complete(me)),
            bit(flag.is_complete(them)),
        ]);
    }
    x
}

/// The inputs' names, in order (for the training pipeline's reports).
#[cfg(feature = "lab-hooks")]
pub fn input_names() -> Vec<String> {
    let mut names: Vec<String> = [
        "to_move",
        "troop_deck",
        "tactics_deck",
        "my_troops",
        "my_tactics",
        "their_troops",
        "their_tactics",
        "my_played",
        "their_played",
        "tactics_game",
        "my_leader",
        "their_leader",
        "my_flags",
        "their_flags",
        "handmade_win",
        "handmade_value",
        "handmade_reward",
    ]
    .map(String::from)
    .to_vec();
    for who in ["my", "their"] {
        names.extend(crate::card::Tactic::ALL.map(|t| format!("{who}_{}", t.name())));
    }
    for id in FlagId::all() {
        let n = id.index() + 1;
        names.extend(
            [
                "chance",
                "mine",
                "theirs",
                "my_cards",
                "their_cards",
                "mud",
                "fog",
                "my_points",
                "missing",
                "their_points",
                "need",
                "my_complete",
                "their_complete",
            ]
            .map(|what| format!("flag{n}_{what}")),
        );
    }
    names
}
