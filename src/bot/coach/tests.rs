//! The coach's numbers (win chances, hints, the post-game review), as the wasm layer asks them, come from a player's view alone: two
//! deals that differ only in cards the player cannot see give the same numbers; the hint is the search's
//! own move; the review judges every decision, each from the view its player had then.

use crate::bot::{
    evaluate, explain, explain_move, hint, hint_after, play_game, review, suggest, suggest_with, Bot, BotKind,
    HeuristicBot, Judgement, Level, Previous, RandomBot, Reason, Reviewer, THRESHOLDS,
};
use crate::{Action, CardSet, FlagId, Game, Options, Record};

/// A game `steps` actions into the deal of `seed` (first legal actions).
fn advanced(seed: u64, steps: usize) -> Game {
    let mut game = Game::new(Options::default(), seed).unwrap();
    for _ in 0..steps {
        match game.legal_actions().first() {
            Some(&first) if !game.position().is_over() => game.apply(&first).unwrap(),
            _ => break,
        }
    }
    game
}

/// The same game from a deal where one troop of `player`'s opponent's hand and the bottom card of the
/// troop deck trade places: the same view for `player`, other hidden cards.
fn hidden_swap(game: &Game, player: usize) -> Game {
    let mut setup = game.position().to_setup();
    let opponent = 1 - player;
    let held = setup.hands[opponent].iter().position(|c| c.is_troop()).expect("the opponent holds a troop");
    let bottom = setup.troop_deck.len() - 1;
    let (a, b) = (setup.hands[opponent][held], setup.troop_deck[bottom]);
    setup.hands[opponent][held] = b;
    setup.troop_deck[bottom] = a;
    setup.hands[opponent].sort();
    let other = Game::from_setup(&setup, 0).unwrap();
    assert_eq!(other.view(player), game.view(player), "the player sees the same");
    assert_ne!(other.view(opponent), game.view(opponent), "the deals differ");
    other
}

#[test]
fn win_chances_depend_on_the_view_alone() {
    for seed in [1, 2, 3] {
        let game = advanced(seed, 14);
        for player in 0..2 {
            let other = hidden_swap(&game, player);
            let view = game.view(player).unwrap();
            let chances = evaluate(&view, Level::Easy, 9).unwrap();
            assert_eq!(chances, evaluate(&other.view(player).unwrap(), Level::Easy, 9).unwrap());
            assert!((0.0..=1.0).contains(&chances.win));
            assert!(chances.flags.iter().all(|p| (0.0..=1.0).contains(p)));
        }
    }
}

#[test]
fn claimed_flags_count_as_won_or_lost_and_a_finished_game_as_its_result() {
    let (mut a, mut b) = (HeuristicBot::new(1), RandomBot::new(2));
    let game = play_game(Options::default(), 31, &mut [&mut a, &mut b]).unwrap();
    let winner = game.position().result().unwrap().winner.unwrap();
    for player in 0..2 {
        let view = game.view(player).unwrap();
        let chances = evaluate(&view, Level::Easy, 0).unwrap();
        assert_eq!(chances.win, if player == winner { 1.0 } else { 0.0 });
        for (flag, chance) in view.flags.iter().zip(chances.flags) {
            match flag.claimed_by {
                Some(owner) => assert_eq!(chance, if owner == player { 1.0 } else { 0.0 }),
                None => assert!((0.0..=1.0).contains(&chance)),
            }
        }
    }
}

#[test]
fn the_hint_is_the_searchs_move_with_its_reason() {
    let mut reasons = 0;
    for seed in 0..12 {
        let game = advanced(seed, 16 + seed as usize);
        let player = game.position().current();
        let view = game.view(player).unwrap();
        let advice = hint(&view, Level::Easy, seed).unwrap();
        // The search's most visited move (the easy computer draws its own from the visits).
        let searched = BotKind::Search { playouts: Level::Easy.coach_playouts(), trees: 1 };
        assert_eq!(advice.action, suggest_with(&view, searched, seed).unwrap(), "seed {seed}");
        assert_eq!(advice, hint(&hidden_swap(&game, player).view(player).unwrap(), Level::Easy, seed).unwrap());
        if let Some(reason) = advice.reason {
            reasons += 1;
            assert!(reason.to - reason.from >= crate::bot::NOTABLE_CHANGE);
            assert_eq!(reason.to, advice.after.flags[reason.flag.index()]);
            assert_eq!(reason.from, advice.before.flags[reason.flag.index()]);
            assert!(view.flags[reason.flag.index()].claimed_by.is_none(), "a reason is an open flag");
            let game_before = &game;
            let linked = advice.reasons.iter().any(|r| r.flag() == reason.flag)
                || touched(game_before, &advice.action).contains(&reason.flag);
            assert!(linked, "seed {seed}: the chance line names flag {}, which the move does not concern", reason.flag);
        }
        if !advice.searched {
            assert_eq!(advice.before, advice.after);
        }
    }
    // Only a flag the move concerns is named, and only when its chance rises by five points or more.
    assert!(reasons >= 3, "{reasons} hints of 12 with a flag as their reason");
}

#[test]
fn the_review_judges_each_decision_from_its_players_view() {
    let (mut a, mut b) = (RandomBot::new(3), HeuristicBot::new(4));
    let game = play_game(Options::default(), 12, &mut [&mut a, &mut b]).unwrap();
    let record = game.record();
    let judged = review(&record, 0, Level::Easy).unwrap();
    assert_eq!(judged.thresholds, THRESHOLDS);
    assert!(judged.decisions.len() > 15, "{} decisions", judged.decisions.len());
    let mut marked = 0;
    for d in &judged.decisions {
        let before = game.replay_to(d.index).unwrap();
        assert_eq!(before.position().current(), d.player, "each decision is its mover's");
        assert_eq!(record.actions[d.index], d.played);
        assert!(before.legal_actions().contains(&d.best));
        assert!(d.loss >= 0.0 && d.loss <= 1.0);
        assert_eq!(d.judgement, Judgement::of(d.loss, &THRESHOLDS));
        if d.played == d.best {
            assert_eq!((d.loss, d.with_played), (0.0, d.with_best));
        }
        if let Some(reason) = d.reason {
            assert_eq!(
                (reason.from, reason.to),
                (d.with_played.flags[reason.flag.index()], d.with_best.flags[reason.flag.index()])
            );
        }
        marked += usize::from(d.judgement.is_some() && d.player == 0);
    }
    assert!(marked >= 3, "random play is marked: {marked} marks");
    assert!(judged.decisions.iter().any(|d| d.player == 1), "both sides are judged");
    // One decision at a time gives the same, and it does not depend on the others.
    let mut reviewer = Reviewer::new(&record, 0, Level::Easy, 0).unwrap();
    assert_eq!(reviewer.total(), judged.decisions.len());
    assert_eq!(reviewer.next().unwrap().unwrap(), judged.decisions[0]);
    let short = Record::new(record.options, record.seed, record.actions[..=judged.decisions[1].index].to_vec());
    let again = Reviewer::new(&short, 0, Level::Easy, 0).unwrap().finish().unwrap();
    assert_eq!(again.decisions, judged.decisions[..2]);
}

#[test]
fn a_review_never_reads_cards_its_player_could_not_see() {
    for seed in [5, 6, 7] {
        // A decision of the player to move, reviewed in two deals that differ only in hidden cards.
        let advanced = advanced(seed, 10);
        let player = advanced.position().current();
        // Both as games from a setup, so that the decision has the same place in both records.
        let game = Game::from_setup(&advanced.position().to_setup(), 0).unwrap();
        let other = hidden_swap(&game, player);
        let played = suggest(&game.view(player).unwrap(), Level::Easy, seed + 1).unwrap();
        let judge = |g: &Game| {
            let mut after = g.clone();
            after.apply(&played).unwrap();
            let record = after.record();
            let mut reviewer = Reviewer::new(&record, player, Level::Easy, 3).unwrap();
            reviewer.by_ref().last().expect("the decision is reviewed").unwrap()
        };
        assert_eq!(judge(&game), judge(&other), "seed {seed}");
    }
}

#[test]
fn explanations_depend_on_the_view_alone() {
    for seed in [1, 2, 3, 4] {
        let game = advanced(seed, 12 + seed as usize);
        for player in 0..2 {
            let (view, other) = (game.view(player).unwrap(), hidden_swap(&game, player).view(player).unwrap());
            assert_eq!(explain(&view).unwrap(), explain(&other).unwrap(), "seed {seed}");
            if game.position().current() == player {
                for action in game.legal_actions() {
                    assert_eq!(explain_move(&view, &action).unwrap(), explain_move(&other, &action).unwrap());
                }
            }
        }
    }
}

/// The flags a move puts a card on or takes one from.
fn touched(game: &Game, action: &Action) -> Vec<FlagId> {
    let lying = |card| FlagId::all().find(|&f| game.position().flag(f).sides.iter().any(|s| s.contains(card)));
    match *action {
        Action::Play { flag, .. } | Action::Environment { flag, .. } => vec![flag],
        Action::Traitor { card, to } => [Some(to), lying(card)].into_iter().flatten().collect(),
        Action::Redeploy { card, to } => [to, lying(card)].into_iter().flatten().collect(),
        Action::Deserter { card } => lying(card).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// Whole games where one side follows every hint (given its previous hint): a hint's chance line is
/// about a flag the move touches or one of its reasons names; a card played gets a reason that names a
/// formation, card or claim; and no hint takes back (Redeploys) the card the previous hint placed
/// unless a card was seen since: drawn, or played by the opponent at that flag.
#[test]
fn hints_over_whole_games_explain_their_move_and_never_undo_the_last_one_without_news() {
    let (mut chance_lines, mut plays) = (0, 0);
    for seed in 0..4u64 {
        let mut game = Game::new(Options::default(), 100 + seed).unwrap();
        let mut other = HeuristicBot::new(seed);
        let mut previous: Option<(Previous, u32)> = None;
        while !game.position().is_over() {
            let player = game.position().current();
            let view = game.view(player).unwrap();
            if player == 1 {
                let action = other.choose(&view).unwrap();
                game.apply(&action).unwrap();
                continue;
            }
            let advice = hint_after(&view, Level::Easy, seed, previous.as_ref().map(|(p, _)| p)).unwrap();
            if let Some(line) = advice.reason {
                chance_lines += 1;
                let linked = advice.reasons.iter().any(|r| r.flag() == line.flag);
                assert!(linked || touched(&game, &advice.action).contains(&line.flag), "seed {seed}: {advice:?}");
            }
            if let Action::Play { card, .. } = advice.action {
                plays += 1;
                assert!(!advice.reasons.is_empty(), "seed {seed}: playing {card} has no reason");
            }
            if let (Action::Redeploy { card, .. }, Some((prev, stamp))) = (advice.action, &previous) {
                if matches!(prev.action, Action::Play { card: placed, .. } if placed == card) {
                    let drawn = CardSet::from_cards(view.hand.iter().copied())
                        .difference(CardSet::from_cards(prev.hand.iter().copied()));
                    let flag = FlagId::all().find(|&f| game.position().flag(f).sides[0].contains(card)).unwrap();
                    let side = &game.position().flag(flag).sides[1];
                    let arrived = side.arrivals().any(|at| at > *stamp);
                    // A card drawn since is news only when the plan after the move uses it (every turn draws).
                    let mut after = game.clone();
                    after.apply(&advice.action).unwrap();
                    let outlook = explain(&after.view(0).unwrap()).unwrap();
                    let used = outlook
                        .flags
                        .iter()
                        .filter_map(|f| f.sides[0].best.as_ref())
                        .any(|best| best.held.iter().any(|c| drawn.contains(*c)));
                    assert!(used || arrived, "seed {seed}: {card} taken back without news");
                    assert!(matches!(advice.reasons[0], Reason::Replans { .. }), "{advice:?}");
                }
            }
            let hand = view.hand.clone();
            game.apply(&advice.action).unwrap();
            if let Action::Play { card, flag } = advice.action {
                let side = &game.position().flag(flag).sides[0];
                let stamp = side.iter().zip(side.arrivals()).find(|&(c, _)| c == card).map_or(0, |(_, at)| at);
                previous = Some((Previous { action: advice.action, hand }, stamp));
            }
        }
    }
    assert!(plays >= 40 && chance_lines >= 10, "{plays} plays, {chance_lines} chance lines");
}

#[test]
fn a_reviewed_decision_gives_the_reasons_of_both_moves() {
    let (mut a, mut b) = (RandomBot::new(5), HeuristicBot::new(6));
    let game = play_game(Options::default(), 14, &mut [&mut a, &mut b]).unwrap();
    let judged = review(&game.record(), 0, Level::Easy).unwrap();
    let mut explained = 0;
    for d in &judged.decisions {
        let view = game.replay_to(d.index).unwrap().view(d.player).unwrap();
        assert_eq!(d.played_reasons, explain_move(&view, &d.played).unwrap());
        if d.best != d.played {
            assert_eq!(d.best_reasons, explain_move(&view, &d.best).unwrap());
            explained += usize::from(!d.best_reasons.is_empty());
        } else {
            assert!(d.best_reasons.is_empty());
        }
        if let Some(line) = d.reason {
            let flags: Vec<FlagId> = d.played_reasons.iter().chain(&d.best_reasons).map(Reason::flag).collect();
            let before = game.replay_to(d.index).unwrap();
            let moves = [touched(&before, &d.played), touched(&before, &d.best)].concat();
            assert!(flags.contains(&line.flag) || moves.contains(&line.flag), "{d:?}");
        }
    }
    assert!(explained >= 5, "{explained} better moves explained");
}

#[test]
fn bad_records_and_players_are_refused() {
    let game = advanced(1, 6);
    let mut record = game.record();
    assert_eq!(Reviewer::new(&record, 2, Level::Easy, 0).unwrap_err().code, crate::ErrorCode::BadPlayer);
    record.actions.push(Action::NextGame);
    assert_eq!(Reviewer::new(&record, 0, Level::Easy, 0).unwrap_err().code, crate::ErrorCode::BadRecord);
}

/// Every action a page or a hostile caller could ask about, legal or not: `explain_move` answers each
/// without panicking, and explains exactly the moves the engine allows (an illegal one is `bad_input`).
#[test]
fn explain_move_answers_every_action_and_refuses_exactly_the_illegal_ones() {
    use crate::{Card, DeckKind, ErrorCode};
    let mut candidates = vec![Action::Scout, Action::EndClaims, Action::Pass, Action::NextGame];
    for deck in [DeckKind::Troop, DeckKind::Tactics] {
        candidates.extend([Action::Draw { deck }, Action::ScoutDraw { deck }]);
    }
    for card in Card::all() {
        candidates.extend([
            Action::Deserter { card },
            Action::ScoutReturn { card },
            Action::Redeploy { card, to: None },
        ]);
        for flag in FlagId::all() {
            candidates.extend([
                Action::Play { card, flag },
                Action::Environment { card, flag },
                Action::Redeploy { card, to: Some(flag) },
                Action::Traitor { card, to: flag },
            ]);
        }
    }
    candidates.extend(FlagId::all().map(|flag| Action::Claim { flag }));
    let (mut explained, mut refused) = (0, 0);
    for seed in [11, 12, 13] {
        let mut game = Game::new(Options::default(), seed).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut step = 0;
        while !game.position().is_over() {
            if step % 7 == 0 {
                let player = game.position().current();
                let view = game.view(player).unwrap();
                for action in &candidates {
                    match explain_move(&view, action) {
                        Ok(_) => {
                            assert!(game.position().is_legal(player, action), "{action} explained though illegal");
                            explained += 1;
                        }
                        Err(e) => {
                            assert!(!game.position().is_legal(player, action), "{action} refused though legal");
                            assert_eq!(e.code, ErrorCode::BadInput);
                            refused += 1;
                        }
                    }
                }
            }
            let view = game.view(game.position().current()).unwrap();
            let action = bot.choose(&view).unwrap();
            game.apply(&action).unwrap();
            step += 1;
        }
    }
    assert!(explained > 100 && refused > 10_000, "{explained} explained, {refused} refused");
}
