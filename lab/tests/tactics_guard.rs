//! The bots' guard against the opponent's immediate winning tactics play, from an exact `Setup`: the
//! unguarded heuristic (and search) leave the opponent a tactics card play that wins the game on the
//! spot; the guarded bots do not. The win is checked on the real position by the engine: the opponent's
//! legal tactics plays, then every claim the engine allows.

use battleline::bot::BotKind;
use battleline::{Action, DeckKind, Game, Options, Phase, Player, Position, Setup};

/// Plays the rest of `player`'s turn: every legal claim, then a troop draw (or the first legal action).
fn finish_turn(position: &mut Position, player: Player) {
    for _ in 0..30 {
        if position.is_over() || position.current() != player {
            return;
        }
        let legal = position.legal_actions();
        let action = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Claim { .. }))
            .or_else(|| legal.iter().copied().find(|a| *a == Action::Draw { deck: DeckKind::Troop }))
            .unwrap_or(legal[0]);
        position.apply(&action).unwrap();
    }
}

/// The opponent's tactics plays that win the game at once (with their claims), after `me` plays `action`.
fn winning_replies(position: &Position, action: &Action) -> Vec<Action> {
    let me = position.current();
    let mut after = *position;
    after.apply(action).unwrap();
    finish_turn(&mut after, me);
    if after.is_over() {
        return Vec::new();
    }
    let opponent = after.current();
    assert_eq!(after.phase(), Phase::Play);
    after
        .legal_actions()
        .into_iter()
        .filter(|reply| match reply {
            Action::Play { card, .. } | Action::Environment { card, .. } => card.as_tactic().is_some(),
            Action::Redeploy { .. } | Action::Deserter { .. } | Action::Traitor { .. } => true,
            _ => false,
        })
        .filter(|reply| {
            let mut next = after;
            next.apply(reply).unwrap();
            finish_turn(&mut next, opponent);
            next.result().is_some_and(|r| r.winner == Some(opponent))
        })
        .collect()
}

fn choice(kind: &str, position: &Position) -> Action {
    let kind: BotKind = kind.parse().unwrap();
    kind.build(1).choose(&position.view(position.current()).unwrap()).unwrap()
}

const SETUP: &str = include_str!("tactics_guard_setup.json");

#[test]
fn guarded_bots_leave_no_immediate_winning_tactics_reply() {
    let setup: Setup = serde_json::from_str(SETUP).unwrap();
    let position = Position::from_setup(&setup).unwrap();
    let unguarded = choice("heuristic:unguarded", &position);
    let replies = winning_replies(&position, &unguarded);
    assert!(!replies.is_empty(), "the unguarded heuristic's {unguarded} leaves no winning reply");
    for kind in ["heuristic", "search:300"] {
        let guarded = choice(kind, &position);
        let replies = winning_replies(&position, &guarded);
        assert!(replies.is_empty(), "{kind} plays {guarded}, and the opponent wins with {replies:?}");
    }
}

/// Finds a position for the test above in heuristic self-play (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn scan_for_a_guard_position() {
    for seed in 0..400 {
        let mut game = Game::new(Options::default(), seed).unwrap();
        while !game.is_match_over() {
            let player = game.position().current();
            let view = game.view(player).unwrap();
            let action = BotKind::HeuristicUnguarded.build(seed).choose(&view).unwrap();
            if game.position().phase() == Phase::Play {
                let position = *game.position();
                if !winning_replies(&position, &action).is_empty() {
                    let guarded = BotKind::Heuristic.build(seed).choose(&view).unwrap();
                    if winning_replies(&position, &guarded).is_empty() {
                        println!("seed {seed}: unguarded {action}, guarded {guarded}");
                        println!("{}", serde_json::to_string_pretty(&position.to_setup()).unwrap());
                        return;
                    }
                }
            }
            game.apply(&action).unwrap();
        }
    }
    panic!("no position found");
}

/// How often the guard changes a bot's play step in self-play of the unguarded bot, and how often the
/// unguarded and the guarded choices leave a real winning reply (run with `--ignored --nocapture`;
/// `GUARD_KIND` picks the bot, `search:300` by default).
#[test]
#[ignore]
fn guard_diagnostics() {
    let kind = std::env::var("GUARD_KIND").unwrap_or_else(|_| "search:300".into());
    let guarded_kind: BotKind = kind.parse().unwrap();
    let unguarded_kind: BotKind = format!("{kind}:unguarded").parse().unwrap();
    let (mut decisions, mut changed, mut lost_unguarded, mut lost_guarded) = (0, 0, 0, 0);
    for seed in 0..40 {
        let mut game = Game::new(Options::default(), seed).unwrap();
        while !game.is_match_over() {
            let player = game.position().current();
            let view = game.view(player).unwrap();
            let action = unguarded_kind.build(seed).choose(&view).unwrap();
            if game.position().phase() == Phase::Play && game.legal_actions().len() > 1 {
                decisions += 1;
                let guarded = guarded_kind.build(seed).choose(&view).unwrap();
                let position = *game.position();
                if guarded != action {
                    changed += 1;
                    lost_unguarded += usize::from(!winning_replies(&position, &action).is_empty());
                    lost_guarded += usize::from(!winning_replies(&position, &guarded).is_empty());
                }
            }
            game.apply(&action).unwrap();
        }
    }
    println!(
        "{kind}: {decisions} play decisions, the guard changed {changed}; of those the unguarded choice left a real \
         winning reply {lost_unguarded} times, the guarded one {lost_guarded}"
    );
}

/// Against `heuristic:sniper` (a tactics card only to win on the spot): of the bot's losses, how many
/// the sniper won with a tactics play, and at the bot's last play before it whether the chosen action
/// left a real winning reply and whether some legal action left none (`--ignored --nocapture`;
/// `GUARD_KIND`, `heuristic` by default).
#[test]
#[ignore]
fn losses_to_the_sniper() {
    let kind: BotKind = std::env::var("GUARD_KIND").unwrap_or_else(|_| "heuristic".into()).parse().unwrap();
    let (mut games, mut losses, mut by_tactics, mut left, mut avoidable) = (0, 0, 0, 0, 0);
    for seed in 0..60 {
        for seat in 0..2 {
            games += 1;
            let mut game = Game::new(Options::default(), seed).unwrap();
            let mut last_play: Option<(Position, Action)> = None;
            let mut sniper_tactic = false;
            while !game.is_match_over() {
                let player = game.position().current();
                let view = game.view(player).unwrap();
                let bot = if player == seat { kind } else { BotKind::HeuristicSniper };
                let action = bot.build(seed).choose(&view).unwrap();
                if game.position().phase() == Phase::Play {
                    if player == seat {
                        last_play = Some((*game.position(), action));
                    } else {
                        sniper_tactic = match action {
                            Action::Play { card, .. } | Action::Environment { card, .. } => card.as_tactic().is_some(),
                            Action::Redeploy { .. } | Action::Deserter { .. } | Action::Traitor { .. } => true,
                            _ => false,
                        };
                    }
                }
                game.apply(&action).unwrap();
            }
            if game.position().result().unwrap().winner == Some(1 - seat) {
                losses += 1;
                if sniper_tactic {
                    by_tactics += 1;
                    if let Some((position, action)) = last_play {
                        left += usize::from(!winning_replies(&position, &action).is_empty());
                        avoidable += usize::from(
                            position.legal_actions().iter().any(|a| winning_replies(&position, a).is_empty()),
                        );
                    }
                }
            }
        }
    }
    println!(
        "{kind} against heuristic:sniper: {games} games, {losses} losses, {by_tactics} ended by the sniper's tactics \
         play; the bot's last play left a real winning reply {left} times, some legal play left none {avoidable} times"
    );
}

#[test]
fn the_unguarded_kinds_parse_and_print() {
    for text in ["heuristic:unguarded", "search:30:unguarded", "search:500x2:unguarded", "heuristic:sniper"] {
        assert_eq!(text.parse::<BotKind>().unwrap().to_string(), text);
    }
    assert_eq!("search:easy:unguarded".parse::<BotKind>().unwrap(), "search:30:unguarded".parse::<BotKind>().unwrap());
    for bad in ["random:unguarded", "heuristic:sniper:unguarded", "search:0:unguarded", ":unguarded"] {
        assert!(bad.parse::<BotKind>().is_err(), "{bad}");
    }
}

/// The lab's opponents play the moves they played when they were kinds of the engine's own (the games
/// were pinned with the engine's bots, in tests/bots/pinned_moves.rs, before they moved behind the
/// `lab-hooks` feature): FNV-1a over the game's actions, one per line, and the number of actions. The
/// search's game was pinned anew when the shipped value model (its leaf) was refitted (issue 51).
#[test]
fn the_lab_kinds_games_are_pinned() {
    let cases: [(u64, [&str; 2], &str); 2] = [
        (5, ["heuristic:sniper", "heuristic:unguarded"], "fe4161054946a556/90"),
        (13, ["search:400:unguarded", "heuristic"], "620b595665e73618/100"),
    ];
    for (seed, kinds, pinned) in cases {
        let mut game = Game::new(Options::default(), seed).unwrap();
        let mut bots: Vec<_> =
            (0..2).map(|p| kinds[p].parse::<BotKind>().unwrap().build(seed * 7 + p as u64)).collect();
        while !game.is_match_over() {
            let player = game.position().current();
            let action = bots[player].choose(&game.view(player).unwrap()).unwrap();
            game.apply(&action).unwrap();
        }
        let text: String = game.actions().iter().map(|a| format!("{a}\n")).collect();
        let hash =
            text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        assert_eq!(format!("{hash:016x}/{}", game.actions().len()), pinned, "{kinds:?} from seed {seed}");
    }
}
