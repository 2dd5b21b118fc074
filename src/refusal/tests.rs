//! The refusals' codes and messages.

use super::*;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn flag(number: i64) -> FlagId {
    FlagId::from_number(number).unwrap()
}

/// The messages are public (records of refusals, the page, the wasm layer show them): pinned here
/// word for word, with their codes, as they were before refusals became values.
#[test]
fn every_refusal_keeps_its_code_and_message() {
    let play = Action::Play { card: card("r5"), flag: flag(3) };
    let cases = [
        (Refusal::GameOver { action: play }, "game_over", "the game is over; play r5 at flag 3 is not possible"),
        (Refusal::NoSuchPlayer { player: 2, players: 2 }, "bad_player", "there is no player 2 in a 2-player game"),
        (Refusal::NotYourTurn { player: 1, current: 0 }, "not_your_turn", "it is player 0's turn, not player 1's"),
        (Refusal::NextGameTooEarly, "wrong_phase", "next game is only possible once a game of a match is over"),
        (
            Refusal::WrongStep { action: play, phase: Phase::ScoutReturn { remaining: 2 } },
            "wrong_phase",
            "play r5 at flag 3 is not possible now: the current step is scout: return 2 more",
        ),
        (
            Refusal::NoTactics { card: card("fog") },
            "tactics_disabled",
            "fog is a tactics card and this game has no tactics",
        ),
        (Refusal::NoTacticsDeck, "tactics_disabled", "this game has no tactics deck"),
        (Refusal::NotInHand { player: 0, card: card("b2") }, "card_not_in_hand", "b2 is not in player 0's hand"),
        (
            Refusal::TacticsLimit { player: 1, played: 2, card: card("mud") },
            "tactics_limit",
            "player 1 has played 2 tactics cards, one more than the opponent: mud must wait (R-TAC-1)",
        ),
        (
            Refusal::LeaderLimit { player: 0, card: card("darius") },
            "leader_limit",
            "player 0 already played a Leader; darius stays in hand (R-TAC-2)",
        ),
        (
            Refusal::PlayOnClaimed { flag: flag(4) },
            "flag_claimed",
            "flag 4 is claimed; nothing more can be played there",
        ),
        (
            Refusal::EnvironmentOnClaimed { flag: flag(4), card: card("fog") },
            "flag_claimed",
            "flag 4 is claimed; fog cannot be placed there",
        ),
        (
            Refusal::RedeployToClaimed { flag: flag(9), card: card("mud") },
            "flag_claimed",
            "flag 9 is claimed; mud cannot go there",
        ),
        (
            Refusal::TargetFrozen { card: card("g7"), flag: flag(1) },
            "flag_claimed",
            "g7 lies at claimed flag 1, which is frozen (R-CLAIM-4)",
        ),
        (Refusal::AlreadyClaimed { flag: flag(2), owner: 1 }, "flag_claimed", "flag 2 is already claimed by player 1"),
        (
            Refusal::FlagFull { player: 0, flag: flag(5), capacity: 4 },
            "flag_full",
            "player 0's side of flag 5 is full (4 cards)",
        ),
        (
            Refusal::NotASideCard { card: card("scout") },
            "wrong_card",
            "scout is not a troop or morale card: use the scout action",
        ),
        (Refusal::NotEnvironment { card: card("r1") }, "wrong_card", "r1 is not fog or mud"),
        (Refusal::NothingToScout, "bad_target", "both decks are empty: scout has nothing to draw (R-GUILE-5)"),
        (
            Refusal::NoSuchTarget { guile: Tactic::Redeploy, card: card("y3") },
            "bad_target",
            "redeploy needs one of your own card on the board, and y3 is not one",
        ),
        (
            Refusal::NoSuchTarget { guile: Tactic::Deserter, card: card("y3") },
            "bad_target",
            "deserter needs an opponent's card on the board, and y3 is not one",
        ),
        (
            Refusal::NoSuchTarget { guile: Tactic::Traitor, card: card("y3") },
            "bad_target",
            "traitor needs an opponent's troop card on the board, and y3 is not one",
        ),
        (
            Refusal::RedeploySameFlag { card: card("o6"), flag: flag(7) },
            "bad_target",
            "redeploy must move o6 to another flag than 7",
        ),
        (
            Refusal::TraitorTroopsOnly { card: card("shield") },
            "bad_target",
            "traitor takes troop cards only, not shield (R-GUILE-4)",
        ),
        (
            Refusal::SideIncomplete { player: 1, flag: flag(6), cards: 2, capacity: 3 },
            "side_incomplete",
            "player 1's side of flag 6 holds 2 of 3 cards",
        ),
        (Refusal::DeckEmpty { deck: DeckKind::Tactics }, "deck_empty", "the tactics deck is empty"),
        (
            Refusal::MustPlay { player: 0 },
            "must_play",
            "player 0 holds a troop card and has room for it, so must play (R-TURN-4)",
        ),
        (Refusal::ResignForOther { player: 0, seat: 2 }, "bad_player", "player 0 cannot resign for player 2"),
        (
            Refusal::ResignTwoPlayers,
            "cannot_resign",
            "a two-player game has no seat to retire: resigning ends the match (R-3P-RESIGN-1)",
        ),
        (Refusal::AlreadyResigned { player: 1 }, "cannot_resign", "player 1 has already resigned"),
        (
            Refusal::TwoRemain { retired: 1 },
            "cannot_resign",
            "player 1 has resigned and only two players remain: resigning now ends the match (R-3P-RESIGN-1)",
        ),
        (Refusal::Resigned { player: 2 }, "bad_player", "player 2 has resigned and plays no more"),
    ];
    for (refusal, code, message) in cases {
        assert_eq!(refusal.code().as_str(), code, "{refusal:?}");
        assert_eq!(refusal.to_string(), message);
        assert_eq!(
            Error::from(refusal),
            Error::new(ErrorCode::ALL.into_iter().find(|c| c.as_str() == code).unwrap(), message)
        );
    }
}

#[test]
fn a_refused_claim_explains_itself_only_when_displayed() {
    let mut at = Flag::default();
    at.sides[0] = crate::flag::SideCards::from_cards(&[card("r3"), card("r4"), card("r5")]).unwrap();
    at.sides[1] = crate::flag::SideCards::from_cards(&[card("b8")]).unwrap();
    let unseen = CardSet::from_cards([card("b7"), card("b9")]);
    let refusal =
        Refusal::ClaimNotProvable { flag: flag(3), player: 0, at: Box::new(at), players: 2, retired: None, unseen };
    assert_eq!(refusal.code(), ErrorCode::ClaimNotProvable);
    let expected = format!("flag 3 cannot be claimed: {}", prove_with_retired(&at, 2, None, 0, unseen).reason);
    assert_eq!(refusal.to_string(), expected);
    assert!(expected.contains("b7") && expected.contains("b9"), "{expected}");
}
