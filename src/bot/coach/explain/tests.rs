//! Each reason kind on a hand-built position, and the outlook's formations and outs.

use super::*;
use crate::action::Action;
use crate::card::Card;
use crate::card_set::CardSet;
use crate::formation::FormationKind;
use crate::game::Game;
use crate::options::Options;
use crate::position::view::FlagView;
use crate::position::Position;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn flag(number: i64) -> FlagId {
    FlagId::from_number(number).unwrap()
}

/// One flag of a hand-built board: its number, player 0's cards, player 1's cards (arriving in that
/// order, player 0's first), and "fog", "mud" or "" for what player 1 placed beside it.
type Spot<'a> = (i64, &'a str, &'a str, &'a str);

/// Player 0 to play (the play step) holding `hand`, the board `spots`, player 1 holding `theirs` (or
/// seven troops nobody else holds), every other card in the decks.
fn board(hand: &str, spots: &[Spot], theirs: Option<&str>) -> Position {
    let mut setup = Game::new(Options::default(), 1).unwrap().position().to_setup();
    setup.current = 0;
    let mut used: CardSet = cards(hand).into_iter().collect();
    let mut stamp = 0;
    let mut tactics_played = [0u8; 2];
    for (number, mine, other, env) in spots {
        let f = &mut setup.flags[(*number - 1) as usize];
        for (player, text) in [mine, other].into_iter().enumerate() {
            f.sides[player] = cards(text);
            f.arrived[player] = f.sides[player]
                .iter()
                .map(|_| {
                    stamp += 1;
                    stamp
                })
                .collect();
            used = used.union(cards(text).into_iter().collect());
        }
        match *env {
            "fog" => f.fog = Some(1),
            "mud" => f.mud = Some(1),
            _ => {}
        }
        if !env.is_empty() {
            used.insert(card(env));
            tactics_played[1] += 1;
        }
        let capacity = if f.mud.is_some() { 4 } else { 3 };
        f.completed = f
            .sides
            .iter()
            .zip(&f.arrived)
            .map(|(side, at)| (side.len() >= capacity).then(|| *at.iter().max().unwrap()))
            .collect();
    }
    let theirs: Vec<Card> = match theirs {
        Some(text) => cards(text),
        None => CardSet::ALL_TROOPS.difference(used).iter().collect::<Vec<_>>().into_iter().rev().take(7).collect(),
    };
    used = used.union(theirs.iter().copied().collect());
    setup.hands = vec![cards(hand), theirs];
    setup.troop_deck = CardSet::ALL_TROOPS.difference(used).iter().collect();
    setup.tactics_deck = CardSet::ALL_TACTICS.difference(used).iter().collect();
    setup.discards = vec![Vec::new(), Vec::new()];
    setup.tactics_played = tactics_played.to_vec();
    setup.scout_returned = vec![Vec::new(), Vec::new()];
    setup.flags.iter_mut().for_each(|f: &mut FlagView| f.capacity = 0);
    Position::from_setup(&setup).unwrap()
}

fn view(position: &Position) -> PlayerView {
    position.view(0).unwrap()
}

fn play(text: &str, number: i64) -> Action {
    Action::Play { card: card(text), flag: flag(number) }
}

fn reasons(position: &Position, action: Action) -> Vec<Reason> {
    explain_move(&view(position), &action).unwrap()
}

#[test]
fn the_outlook_names_each_sides_best_formation_its_cards_in_hand_and_its_outs() {
    let position = board("r1 r3 b7 g5 y9 o6 p2", &[(5, "r2", "b8", "")], None);
    let outlook = explain(&view(&position)).unwrap();
    let five = outlook.flags.iter().find(|f| f.flag == flag(5)).unwrap();
    let mine = five.sides[0].best.as_ref().unwrap();
    assert_eq!(mine.strength.kind, FormationKind::Wedge);
    assert_eq!(mine.held, cards("r3 r1"), "the Wedge 1-2-3 is in hand: {mine:?}");
    assert!(mine.unseen.is_empty() && mine.outs.is_empty());
    let theirs = five.sides[1].best.as_ref().unwrap();
    assert_eq!((theirs.strength.kind, theirs.strength.sum), (FormationKind::Wedge, 27), "b8 b9 b10: {theirs:?}");
    assert!(theirs.held.is_empty(), "the opponent's hand is unseen from here");
    // b7 is ours: b6 no longer fits a blue Wedge through 8, so their outs are b9 and b10 only.
    assert_eq!(theirs.outs, cards("b9 b10"), "{theirs:?}");
    assert_eq!((five.sides[0].need, five.first, five.provable), (2, None, None));
}

#[test]
fn outs_are_the_unseen_cards_that_fit_and_mud_and_fog_change_the_formation() {
    let position =
        board("r3 b7 g5 y9 o6 p2 y1", &[(5, "r2", "", ""), (6, "r10 b10", "g4", "fog"), (7, "g9", "", "mud")], None);
    let outlook = explain(&view(&position)).unwrap();
    let at = |n| outlook.flags.iter().find(|f| f.flag == flag(n)).unwrap();
    let five = at(5).sides[0].best.as_ref().unwrap();
    assert_eq!(five.strength.kind, FormationKind::Wedge);
    assert_eq!((five.held.clone(), five.unseen.clone()), (cards("r3"), cards("r4")));
    assert_eq!(five.outs, cards("r1 r4"), "r1-2-3 and r2-3-4 are still possible");
    let six = &at(6);
    assert!(six.fog && six.sides[0].best.as_ref().unwrap().strength.kind == FormationKind::Host);
    assert_eq!(six.sides[0].best.as_ref().unwrap().strength.sum, 30, "under Fog only the sum: a third 10");
    assert_eq!((at(7).capacity, at(7).sides[0].need), (4, 3));
}

#[test]
fn the_formation_aimed_at_uses_the_cards_in_hand_before_unseen_ones() {
    // r2-3-4 has the larger sum, but r1-2-3 needs one unseen card where r2-3-4 needs two.
    let position = board("r1 b7 g5 y9 o6 p2 y1", &[(5, "r2", "", "")], None);
    let outlook = explain(&view(&position)).unwrap();
    let five = outlook.flags.iter().find(|f| f.flag == flag(5)).unwrap().sides[0].best.clone().unwrap();
    assert_eq!(
        (five.strength.kind, five.held.clone(), five.unseen.clone()),
        (FormationKind::Wedge, cards("r1"), cards("r3"))
    );
    // The outs of r1 r2 r3 alone: r4 would make the Wedge r2 r3 r4, which is not the one named.
    assert_eq!(five.outs, cards("r3"));
}

#[test]
fn the_outs_belong_to_the_formation_named_and_not_to_every_formation_of_its_kind() {
    // y8 alone: the Wedge named is y8 y9 y10, which needs y9 and y10; y6 and y7 only make other Wedges.
    let position = board("r1 b7 g5 b9 o6 p2 r4", &[(5, "y8", "", "")], None);
    let found = reasons(&position, play("r1", 1));
    let outlook = explain(&view(&position)).unwrap();
    let five = outlook.flags.iter().find(|f| f.flag == flag(5)).unwrap().sides[0].best.clone().unwrap();
    assert_eq!((five.strength.kind, five.strength.sum), (FormationKind::Wedge, 27), "{five:?}");
    assert_eq!(five.outs, cards("y9 y10"), "{five:?}");
    assert!(five.outs.iter().all(|c| five.cards.contains(c)), "{five:?} ({found:?})");
    // One card short: every unseen card that completes a Wedge with y8 y9 is one (y7 or y10).
    let position = board("r1 b7 g5 b9 o6 p2 r4", &[(5, "y8 y9", "", "")], None);
    let outlook = explain(&view(&position)).unwrap();
    let five = outlook.flags.iter().find(|f| f.flag == flag(5)).unwrap().sides[0].best.clone().unwrap();
    assert_eq!(five.outs, cards("y7 y10"), "{five:?}");
}

#[test]
fn the_same_card_at_two_flags_differs_by_the_opponents_side_there() {
    // r9 aims at a red Wedge at flag 2 and at flag 6 alike; at flag 6 the opponent's b8 b9 reach a Wedge.
    let position = board("r9 r10 g5 y9 o6 p2 y1", &[(6, "", "b8 b9", "")], None);
    let at = |n| match reasons(&position, play("r9", n)).into_iter().next() {
        Some(Reason::Aims { target, against, .. }) => (target, against),
        other => panic!("{other:?}"),
    };
    let ((two, free), (six, contested)) = (at(2), at(6));
    assert_eq!(two.strength.kind, six.strength.kind);
    assert_eq!(free, None, "nobody plays against flag 2 yet");
    let contested = contested.expect("the opponent's side at flag 6");
    assert_eq!((contested.strength.kind, contested.outs.clone()), (FormationKind::Wedge, cards("b7 b10")));
}

#[test]
fn a_card_kept_for_another_flag_is_not_also_used_by_the_aim() {
    // b6 at flag 7 aims at a Phalanx of 6s (b5 and b7 are gone: no blue Wedge); g6 completes the Wedge
    // g6 g7 g8 at flag 8, so it is kept for it, and the Phalanx counts on o6 and one more 6.
    let position = board("b6 g6 o6 y1 p2 r3 b1", &[(8, "g8 g7", "", ""), (2, "", "b5", ""), (3, "", "b7", "")], None);
    let found = reasons(&position, play("b6", 7));
    let Some(Reason::Aims { target, .. }) = found.iter().find(|r| matches!(r, Reason::Aims { .. })) else {
        panic!("{found:?}")
    };
    let Some(Reason::Keeps { cards: kept, .. }) = found.iter().find(|r| matches!(r, Reason::Keeps { .. })) else {
        panic!("{found:?}")
    };
    assert_eq!(
        (target.strength.kind, target.held.clone(), kept.clone()),
        (FormationKind::Phalanx, cards("o6"), cards("g6"))
    );
}

#[test]
fn a_draw_looks_first_for_a_formation_one_card_short() {
    // r1 r2 need r3 alone; p3 needs p4 and p5 both: the draw looks for r3.
    let spots = [(1, "r2", "", ""), (2, "p3", "", "")];
    let position = in_phase(board("r1 o2 y8 g2 g9 b1", &spots, None), crate::phase::Phase::Draw);
    let found = reasons(&position, Action::Draw { deck: crate::action::DeckKind::Troop });
    assert!(
        matches!(&found[0], Reason::DrawsTroop { flag: f, target, .. } if *f == flag(1) && target.outs == cards("r3")),
        "{found:?}"
    );
}

/// `board`, in another phase of player 0's turn.
fn in_phase(position: Position, phase: crate::phase::Phase) -> Position {
    let mut setup = position.to_setup();
    setup.phase = phase;
    let steps = crate::phase::turn_steps(setup.options.claim_timing);
    setup.turn.step = steps.iter().position(|&s| s == phase).unwrap() as u8;
    Position::from_setup(&setup).unwrap()
}

#[test]
fn a_troop_draw_names_the_formation_whose_outs_it_looks_for() {
    let spots = [(3, "g7 g8", "", ""), (4, "r2", "", "")];
    let position = in_phase(board("b1 y4 o6 p2 r9 b10", &spots, None), crate::phase::Phase::Draw);
    let found = reasons(&position, Action::Draw { deck: crate::action::DeckKind::Troop });
    let Some(Reason::DrawsTroop { flag: f, target, unseen }) = found.first() else { panic!("{found:?}") };
    assert_eq!((*f, target.strength.kind, target.outs.clone()), (flag(3), FormationKind::Wedge, cards("g6 g9")));
    assert!(*unseen as usize > target.outs.len(), "{found:?}");
}

#[test]
fn a_tactics_draw_names_a_flag_a_tactics_card_could_turn() {
    // At flag 4 their b1 b2 b3 (a Wedge of 6) beats any formation r10 g10 can reach, but not their sum:
    // Fog would turn it.
    let spots = [(4, "r10 g10", "b1 b2 b3", "")];
    let position = in_phase(board("y1 y4 o6 p2 r5 b9", &spots, None), crate::phase::Phase::Draw);
    let found = reasons(&position, Action::Draw { deck: crate::action::DeckKind::Tactics });
    let Some(Reason::DrawsTactics { flag: f, cards: unseen, mine, theirs }) = found.first() else {
        panic!("{found:?}")
    };
    assert_eq!((*f, theirs.kind), (flag(4), FormationKind::Wedge));
    assert!(mine < theirs && mine.sum > theirs.sum && unseen.contains(&card("fog")) && unseen.len() == 10, "{found:?}");
    // With Fog gone (beside flag 9), no Fog plan: no reason rather than a wrong one.
    let spots = [(4, "r10 g10", "b1 b2 b3", ""), (9, "", "y1", "fog")];
    let position = in_phase(board("y2 y4 o6 p2 r5 b9", &spots, None), crate::phase::Phase::Draw);
    let found = reasons(&position, Action::Draw { deck: crate::action::DeckKind::Tactics });
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn scout_names_the_outs_it_looks_for_and_a_claim_names_the_formations() {
    let position = board("scout y4 o6 p2 r5 b9 b1", &[(3, "g7 g8", "", "")], None);
    let found = reasons(&position, Action::Scout);
    let Some(Reason::Scouts { flag: f, target }) = found.first() else { panic!("{found:?}") };
    assert_eq!((*f, target.outs.clone()), (flag(3), cards("g6 g9")));
    let position =
        in_phase(board("b1 y4 o6 p2 r5 b9 g1", &[(1, "r8 r9 r10", "b2 y2", "")], None), crate::phase::Phase::Claim);
    let found = reasons(&position, Action::Claim { flag: flag(1) });
    let Some(Reason::Claims { flag: f, strength, theirs }) = found.first() else { panic!("{found:?}") };
    assert_eq!(
        (*f, strength.kind, theirs.map(|t| t.kind)),
        (flag(1), FormationKind::Wedge, Some(FormationKind::Phalanx))
    );
}

#[test]
fn completing_a_formation_that_cannot_be_beaten_is_a_claim() {
    let position = board("r10 b1 g5 y9 o6 p2 y1", &[(1, "r8 r9", "b2 y2", "")], None);
    let found = reasons(&position, play("r10", 1));
    let Reason::Completes { flag: f, strength, claim, .. } = &found[0] else { panic!("{found:?}") };
    assert_eq!((*f, strength.kind, strength.sum, *claim), (flag(1), FormationKind::Wedge, 27, true));
}

#[test]
fn completing_first_wins_an_equal_formation() {
    // The opponent's y10 can only make a Phalanx of 10s (y8 and y9 lie elsewhere): equal, but later.
    let spots = [(1, "r10 b10", "y10", ""), (2, "y9", "", ""), (3, "", "y8", "")];
    let position = board("g10 b1 g5 o6 p2 y1 r1", &spots, None);
    let found = reasons(&position, play("g10", 1));
    assert!(matches!(found[0], Reason::Completes { claim: true, .. }), "{found:?}");
    assert!(found.iter().any(|r| matches!(r, Reason::Tempo { strength, .. } if strength.kind == FormationKind::Phalanx && strength.sum == 30)), "{found:?}");
}

#[test]
fn a_card_toward_a_formation_aims_at_it_with_the_cards_in_hand() {
    let position = board("r1 r2 r3 b7 g5 y9 o6", &[], None);
    let found = reasons(&position, play("r2", 5));
    let Reason::Aims { flag: f, card: c, target, .. } = &found[0] else { panic!("{found:?}") };
    assert_eq!((*f, *c, target.strength.kind), (flag(5), card("r2"), FormationKind::Wedge));
    assert_eq!(target.held, cards("r3 r1"));
}

#[test]
fn a_card_played_elsewhere_keeps_the_cards_a_formation_needs() {
    // g10 or b10 beside y10 at flag 7 aims at a Phalanx of 10s either way: b10 is kept for the blue
    // Wedge at flag 2.
    let position = board("b10 g10 g5 y9 o6 p2 y1", &[(2, "b8 b9", "", ""), (7, "y10", "", "")], None);
    let found = reasons(&position, play("g10", 7));
    let keeps = found.iter().find(|r| matches!(r, Reason::Keeps { .. })).expect("a Keeps reason");
    let Reason::Keeps { flag: f, cards: kept, target } = keeps else { unreachable!() };
    assert_eq!((*f, kept.clone(), target.strength.kind), (flag(2), cards("b10"), FormationKind::Wedge));
    // And the Phalanx aimed at flag 7 counts on another 10, not on the b10 kept.
    let aim = found.iter().find_map(|r| match r {
        Reason::Aims { target, .. } | Reason::Weakens { to: Some(target), .. } => Some(target),
        _ => None,
    });
    assert!(aim.is_some_and(|t| t.strength.kind == FormationKind::Phalanx && t.held.is_empty()), "{found:?}");
    // Completing r1 r2 r3 with r3 kept nothing from flag 2: b10 would not have made a Wedge there.
    let position = board("r3 b10 g5 y9 o6 p2 y1", &[(2, "b8 b9", "", ""), (7, "r1 r2", "", "")], None);
    let found = reasons(&position, play("r3", 7));
    assert!(!found.iter().any(|r| matches!(r, Reason::Keeps { .. })), "{found:?}");
}

#[test]
fn playing_the_last_card_they_need_denies_it_and_secures_the_flag() {
    // Their g9 b9 at flag 8 need a third 9; y9 o9 p9 lie elsewhere and r9 is ours.
    let spots = [(8, "r2 r5 r7", "g9 b9", ""), (2, "y9", "", ""), (3, "o9", "", ""), (4, "", "p9", "")];
    let position = board("r9 b1 g5 o6 p2 y1 g2", &spots, None);
    let found = reasons(&position, play("r9", 1));
    assert!(found.iter().any(|r| matches!(r, Reason::Secures { flag: f, strength } if *f == flag(8) && strength.kind == FormationKind::BattalionOrder)), "{found:?}");
    let denies = found.iter().find(|r| matches!(r, Reason::Denies { .. })).expect("a Denies reason");
    let Reason::Denies { flag: f, card: c, strength, last, .. } = denies else { unreachable!() };
    assert_eq!((*f, *c, strength.kind, *last), (flag(8), card("r9"), FormationKind::Phalanx, true));
}

#[test]
fn an_off_colour_card_weakens_and_against_a_complete_side_makes_the_flag_unwinnable() {
    let position = board("o7 r6 g1 y9 b2 p2 y1", &[(3, "p5", "", ""), (4, "g5", "b4 b6 b9", "")], None);
    let found = reasons(&position, play("o7", 3));
    assert!(
        matches!(&found[0], Reason::Weakens { from, to: Some(to), .. } if from.kind == FormationKind::Wedge && to.strength.kind == FormationKind::SkirmishLine),
        "{found:?}"
    );
    let found = reasons(&position, play("r6", 4));
    assert!(
        matches!(found[0], Reason::Unwinnable { mine: Some(mine), theirs, .. } if mine.kind == FormationKind::SkirmishLine && theirs.kind == FormationKind::BattalionOrder),
        "{found:?}"
    );
}

#[test]
fn a_lower_formation_that_beats_their_complete_side_is_an_aim_not_a_weakening() {
    // p6 could still make a purple Wedge, but o6 with b6 in hand makes a Phalanx of 6s, which beats their
    // complete Phalanx of 5s: that is the point of the move.
    let position = board("o6 b6 g1 y9 b2 r2 y1", &[(7, "p6", "y5 g5 r5", "")], None);
    let found = reasons(&position, play("o6", 7));
    assert!(
        matches!(&found[0], Reason::Aims { target, .. } if target.strength.kind == FormationKind::Phalanx && target.held == cards("b6")),
        "{found:?}"
    );
}

#[test]
fn a_card_on_a_flag_already_lost_is_a_dump() {
    let position = board("y2 r6 g5 y9 b1 p2 y1", &[(3, "g1", "b7 b8 b9", "")], None);
    let found = reasons(&position, play("y2", 3));
    assert!(matches!(found[0], Reason::Dump { theirs, .. } if theirs.kind == FormationKind::Wedge), "{found:?}");
}

#[test]
fn fog_and_mud_say_what_the_flag_becomes() {
    let position = board("fog mud g5 y9 o1 p2 y1", &[(4, "r10 g10", "b1 b2 b3", "")], None);
    let found = reasons(&position, Action::Environment { card: card("fog"), flag: flag(4) });
    assert!(
        matches!(found[0], Reason::Fog { mine: Some(m), theirs: Some(t), .. } if m.kind == FormationKind::Host && m.sum == 30 && t.sum == 6),
        "{found:?}"
    );
    let found = reasons(&position, Action::Environment { card: card("mud"), flag: flag(4) });
    assert!(matches!(found[0], Reason::Mud { .. }), "{found:?}");
}

#[test]
fn deserter_and_traitor_break_the_opponents_formation() {
    // Their y7 y8 reach a Wedge only through y9 (y6 lies elsewhere); without y8, no Wedge.
    let spots = [(6, "", "y7 y8", ""), (2, "y6", "", "")];
    let position = board("deserter traitor g5 b1 p2 o1 r4", &spots, None);
    for action in [Action::Deserter { card: card("y8") }, Action::Traitor { card: card("y8"), to: flag(1) }] {
        let found = reasons(&position, action);
        let breaks = found.iter().find(|r| matches!(r, Reason::Breaks { .. })).unwrap_or_else(|| panic!("{found:?}"));
        assert!(
            matches!(breaks, Reason::Breaks { flag: f, from: Some(a), to: Some(b), need: 2, .. } if *f == flag(6) && a.kind == FormationKind::Wedge && b.kind < FormationKind::Wedge),
            "{found:?}"
        );
    }
}

#[test]
fn redeploy_frees_a_slot_for_a_better_formation() {
    let position = board("redeploy r8 g5 b1 p2 o1 y4", &[(2, "r9 r7 r5", "", "")], None);
    let found = reasons(&position, Action::Redeploy { card: card("r5"), to: None });
    let Reason::Frees { flag: f, from: Some(from), to: Some(to), .. } = &found[0] else { panic!("{found:?}") };
    assert_eq!(
        (*f, from.kind, to.strength.kind, to.held.clone()),
        (flag(2), FormationKind::BattalionOrder, FormationKind::Wedge, cards("r8"))
    );
}

#[test]
fn taking_back_the_card_just_placed_is_known_with_what_was_seen_since() {
    let position = board("redeploy r8 g5 b1 p2 o1 y4", &[(2, "r9 r7", "", ""), (3, "g1", "b3", "")], None);
    let redeploy = Action::Redeploy { card: card("g1"), to: None };
    let undo = undone(&view(&position), &redeploy, None).unwrap().expect("g1 arrived last of ours");
    assert_eq!((undo.flag, undo.card, undo.seen), (flag(3), card("g1"), cards("b3")));
    let other = Action::Redeploy { card: card("r7"), to: None };
    assert_eq!(undone(&view(&position), &other, None).unwrap(), None);
    // Given the previous move and its hand, the cards drawn since count as news too.
    let previous = Previous { action: play("g1", 3), hand: cards("redeploy g1 g5 b1 p2 o1 y4") };
    // But only a card the new plan uses: r8 fits nothing at flag 3 once g1 is gone (r7 and r9 lie at flag 2).
    let undo = undone(&view(&position), &redeploy, Some(&previous)).unwrap().unwrap();
    assert_eq!(undo.seen, cards("b3"));
    let position = board("redeploy r8 g5 b1 p2 o1 y4", &[(2, "r9 r7 g1", "", "")], None);
    let previous = Previous { action: play("g1", 2), hand: cards("redeploy g1 g5 b1 p2 o1 y4") };
    let undo = undone(&view(&position), &redeploy, Some(&previous)).unwrap().unwrap();
    assert_eq!(undo.seen, cards("r8"), "with g1 gone, r8 makes the Wedge r7 r8 r9");
}

#[test]
fn an_illegal_move_or_a_spectators_view_is_refused() {
    let position = board("r1 r2 r3 b7 g5 y9 o6", &[], None);
    let err = explain_move(&view(&position), &play("b9", 1)).unwrap_err();
    assert_eq!(err.code, crate::error::ErrorCode::BadInput);
    assert_eq!(explain(&position.spectator_view()).unwrap_err().code, crate::error::ErrorCode::BadInput);
}

#[test]
fn a_hint_does_not_take_back_the_card_just_placed_unless_a_card_seen_since_changes_the_plan() {
    // g1 arrived last on flag 2 and spoils r9 r7 (r8 in hand would make a Wedge): Redeploying it away is
    // what the search wants, but nothing was seen since it was placed.
    let position = board("redeploy r8 g5 b1 p2 o1 y4", &[(3, "b10", "b9", ""), (2, "r9 r7 g1", "", "")], None);
    let g1 = card("g1");
    let take_back = |action: &Action| matches!(action, Action::Redeploy { card: taken, .. } if *taken == g1);
    let wanted = (0..6)
        .filter(|&seed| take_back(&crate::bot::suggest(&view(&position), crate::bot::Level::Easy, seed).unwrap()))
        .count();
    assert!(wanted >= 1, "the search never wants g1 back here: the test would prove nothing");
    for seed in 0..6 {
        let advice = crate::bot::hint_after(&view(&position), crate::bot::Level::Easy, seed, None).unwrap();
        assert!(!take_back(&advice.action), "seed {seed}: {advice:?}");
    }
    // Given the previous move and its hand, r8 was drawn since: now taking g1 back may be the plan, said so.
    let previous = Previous { action: play("g1", 2), hand: cards("redeploy g1 g5 b1 p2 o1 y4") };
    for seed in 0..6 {
        let advice = crate::bot::hint_after(&view(&position), crate::bot::Level::Easy, seed, Some(&previous)).unwrap();
        if take_back(&advice.action) {
            assert!(
                matches!(&advice.reasons[0], Reason::Replans { card: taken, seen, .. } if *taken == g1 && seen == &cards("r8")),
                "{advice:?}"
            );
        }
    }
}
