//! The computer opponents: they only ever play legal actions (thousands of games, every variant), they
//! cannot see hidden cards (views that differ only in hidden cards get the same answer under the same
//! seed), they are reproducible, they never panic on a bad view, and the heuristic beats random. The
//! `match`, `referee` and `bot` subcommands are tested in `tests/cli/bots.rs`.

use battleline::bot::{self, play_game, suggest, suggest_with, Bot, BotKind, Determinizer, Level};
use battleline::{Action, Card, ErrorCode, Game, Options, Phase, PlayerView, Position, Setup, MAX_PLAYERS};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use crate::shared::{strings, variants};

/// Plays a game between `kinds` (seat p plays `kinds[p % len]`), checking at every step that the
/// legal actions computed from the view alone are the engine's.
fn play_checked(options: Options, seed: u64, kinds: &[BotKind], check_views: bool) -> Game {
    let mut game = Game::new(options, seed).unwrap();
    let mut bots: Vec<Box<dyn Bot + Send>> =
        (0..options.players).map(|p| kinds[p % kinds.len()].build(seed * 7 + p as u64)).collect();
    let mut steps = 0;
    while !game.is_match_over() {
        let player = game.position().current();
        let view = game.view(player).unwrap();
        if check_views {
            assert_eq!(bot::legal_actions(&view).unwrap(), game.legal_actions(), "seed {seed}");
            let other = (player + 1) % options.players;
            assert!(bot::legal_actions(&game.view(other).unwrap()).unwrap().is_empty());
        }
        let action = bots[player].choose(&view).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        if let Err(e) = game.apply(&action) {
            panic!("seed {seed}: {} chose the illegal {action}: {e}", kinds[player % kinds.len()]);
        }
        steps += 1;
        assert!(steps < 5_000, "the game does not end");
    }
    game
}

#[test]
fn random_and_heuristic_bots_play_only_legal_actions_in_every_variant() {
    let mut games = 0;
    for (k, options) in variants().into_iter().enumerate() {
        let pairings: [(&[BotKind], u64); 4] = [
            (&[BotKind::Random], 150),
            (&[BotKind::Heuristic, BotKind::Random], 25),
            (&[BotKind::Random, BotKind::Heuristic], 25),
            (&[BotKind::Heuristic], 25),
        ];
        for (i, (kinds, count)) in pairings.iter().enumerate() {
            for seed in 0..*count {
                let seed = 10_000 * k as u64 + 1_000 * i as u64 + seed;
                play_checked(options, seed, kinds, seed % 10 == 0);
                games += 1;
            }
        }
    }
    assert_eq!(games, 9 * 225);
}

#[test]
fn search_bots_play_only_legal_actions_in_every_variant() {
    for (k, options) in variants().into_iter().enumerate() {
        for seed in 0..6u64 {
            let kinds = [BotKind::Search { playouts: 12, trees: 2 }, BotKind::Heuristic, BotKind::Random];
            let kinds: Vec<BotKind> = kinds.iter().cycle().skip(seed as usize).take(3).copied().collect();
            play_checked(options, 100 * k as u64 + seed, &kinds, seed == 0);
        }
    }
}

#[test]
fn bots_finish_matches_of_several_games() {
    let options = Options { games: 3, ..Options::default() };
    let mut a = bot::HeuristicBot::new(1);
    let mut b = bot::SearchBot::new(10, 2);
    let game = play_game(options, 5, &mut [&mut a, &mut b]).unwrap();
    assert_eq!(game.results().len(), 3);
}

/// A mid-game position of a random game with tactics (both hands and decks non-empty).
fn mid_game(seed: u64, plies: usize) -> Position {
    let mut rng = battleline::rng_from_seed(seed);
    let mut game = Game::new(Options::default(), seed).unwrap();
    for _ in 0..plies {
        if game.is_match_over() {
            break;
        }
        let legal = game.legal_actions();
        game.apply(legal.choose(&mut rng).unwrap()).unwrap();
    }
    *game.position()
}

/// The same position with the opponent's hand and the decks re-dealt: `swaps` cards of the opponent's
/// hand exchanged with cards of the same kind in the decks (never the viewer's known Scout returns),
/// and the decks shuffled around those known cards.
fn redeal(position: &Position, me: usize, seed: u64) -> Position {
    let mut rng = battleline::rng_from_seed(seed);
    let mut setup: Setup = position.to_setup();
    let known = position.scout_returned(me);
    let opponent = (me + 1) % position.players();
    for deck in [&mut setup.troop_deck, &mut setup.tactics_deck] {
        let free: Vec<usize> = (0..deck.len()).filter(|&i| !known.contains(deck[i])).collect();
        // Exchange some hand cards with deck cards of the same kind.
        for _ in 0..3 {
            let Some(&slot) = free.choose(&mut rng) else { break };
            let kind = deck[slot].is_troop();
            let hand = &mut setup.hands[opponent];
            let candidates: Vec<usize> = (0..hand.len()).filter(|&i| hand[i].is_troop() == kind).collect();
            if let Some(&h) = candidates.choose(&mut rng) {
                std::mem::swap(&mut hand[h], &mut deck[slot]);
            }
        }
        // Shuffle the unknown places of the deck.
        let mut cards: Vec<Card> = free.iter().map(|&i| deck[i]).collect();
        cards.shuffle(&mut rng);
        for (&i, card) in free.iter().zip(cards) {
            deck[i] = card;
        }
    }
    Position::from_setup(&setup).unwrap()
}

#[test]
fn a_bot_cannot_see_the_opponents_hand_or_the_deck_order() {
    let mut compared = 0;
    for seed in 0..40u64 {
        let position = mid_game(seed, 20 + (seed as usize * 7) % 60);
        if position.is_over() {
            continue;
        }
        let me = position.current();
        let other = redeal(&position, me, seed + 1_000);
        assert_eq!(other.view(me), position.view(me), "the re-deal changed what player {me} may know");
        let hidden_changed = other.hand(1 - me) != position.hand(1 - me)
            || other.troop_deck().ne(position.troop_deck())
            || other.tactics_deck().ne(position.tactics_deck());
        if !hidden_changed {
            continue;
        }
        let (a, b) = (position.view(me).unwrap(), other.view(me).unwrap());
        for kind in [BotKind::Random, BotKind::Heuristic, BotKind::Search { playouts: 60, trees: 2 }] {
            assert_eq!(suggest_with(&a, kind, seed).unwrap(), suggest_with(&b, kind, seed).unwrap(), "{kind}");
        }
        compared += 1;
    }
    assert!(compared >= 20, "only {compared} positions compared");
}

#[test]
fn a_search_of_several_trees_is_reproducible_legal_and_capped() {
    let (mut searched, mut two_differ) = (0, 0);
    for seed in 0..12u64 {
        let position = mid_game(seed, 7 * seed as usize);
        if position.is_over() {
            continue;
        }
        let view = position.view(position.current()).unwrap();
        let choose = |playouts, trees| bot::SearchBot::with_trees(playouts, trees, seed).choose(&view).unwrap();
        let two = choose(40, 2);
        assert_eq!(two, choose(40, 2), "seed {seed}");
        assert!(position.legal_actions().contains(&two), "{two}");
        let mut counted = bot::SearchBot::with_trees(40, 2, seed);
        counted.choose(&view).unwrap();
        if counted.stats().playouts > 0 {
            assert_eq!(counted.stats().playouts, 80, "both trees ran their playouts");
            searched += 1;
            // Tree 0 is the one-tree search; tree 1 can tip the decision only if it searched anew.
            two_differ += usize::from(two != choose(40, 1));
        }
    }
    assert!(searched >= 5, "only {searched} searched decisions");
    assert!(two_differ >= 1, "the second tree never changed a decision: it cannot have its own seed");
    // More than MAX_TREES trees is refused where it is named, and capped where it is built.
    assert!(format!("search:10x{}", bot::MAX_TREES + 1).parse::<BotKind>().is_err());
    let mut capped = bot::SearchBot::with_trees(1, u32::MAX, 1);
    let game = Game::new(Options::default(), 8).unwrap();
    capped.choose(&game.view(game.position().current()).unwrap()).unwrap();
    assert_eq!(capped.stats().playouts, u64::from(bot::MAX_TREES));
}

#[test]
fn suggest_is_reproducible_and_legal() {
    for seed in 0..6u64 {
        let position = mid_game(seed, 10 * seed as usize);
        if position.is_over() {
            continue;
        }
        let view = position.view(position.current()).unwrap();
        let action = suggest(&view, Level::Easy, seed).unwrap();
        assert_eq!(action, suggest(&view, Level::Easy, seed).unwrap());
        assert!(position.legal_actions().contains(&action), "{action}");
    }
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let record = |seed| {
        let mut a = bot::SearchBot::new(30, seed);
        let mut b = bot::HeuristicBot::new(seed);
        play_game(Options::default(), 77, &mut [&mut a, &mut b]).unwrap().record()
    };
    assert_eq!(record(1), record(1));
}

#[test]
fn every_view_along_whole_games_hides_the_cards_its_player_may_not_see() {
    // What a bot receives is the view: after every action of bot games with tactics (Scout included)
    // and of three-player games, no player's view names a card of another player's hand, nor a deck
    // card other than those the viewer put back with Scout (R-GUILE-1).
    let three = Options { players: 3, tactics: false, ..Options::default() };
    for (options, seed) in (0..12u64).map(|s| (Options::default(), s)).chain((0..3u64).map(|s| (three, 100 + s))) {
        let mut game = Game::new(options, seed).unwrap();
        let mut bot = bot::RandomBot::new(seed);
        let mut checked = 0;
        while !game.position().is_over() {
            let position = game.position();
            for viewer in 0..position.players() {
                let mut named = Vec::new();
                strings(&serde_json::to_value(game.view(viewer).unwrap()).unwrap(), &mut named);
                let others = (0..position.players()).filter(|&p| p != viewer).map(|p| position.hand(p));
                let decks = position.troop_deck().chain(position.tactics_deck());
                let known = position.scout_returned(viewer);
                for card in others.flat_map(|hand| hand.iter().collect::<Vec<_>>()).chain(decks) {
                    if !known.contains(card) {
                        assert!(!named.contains(&card.to_string()), "seed {seed}: {card} leaked to {viewer}");
                        checked += 1;
                    }
                }
            }
            let action = bot.choose(&game.view(game.position().current()).unwrap()).unwrap();
            game.apply(&action).unwrap();
        }
        assert!(checked > 1000, "seed {seed}: only {checked} hidden cards looked for");
    }
}

#[test]
fn determinizations_agree_with_the_view_and_vary_the_hidden_cards() {
    for seed in 0..30u64 {
        let position = mid_game(seed, 3 * seed as usize);
        for me in 0..position.players() {
            let view = position.view(me).unwrap();
            let determinizer = Determinizer::new(&view).unwrap();
            let mut rng = battleline::rng_from_seed(seed);
            let mut hands = std::collections::HashSet::new();
            for _ in 0..5 {
                let sample = determinizer.sample(&mut rng);
                assert_eq!(sample.view(me).unwrap(), view);
                assert_eq!(Position::from_setup(&sample.to_setup()).unwrap(), sample, "a valid position");
                let opponent = 1 - me;
                assert_eq!(sample.hand(opponent).troops().len(), position.hand(opponent).troops().len());
                assert_eq!(sample.hand(opponent).tactics().len(), position.hand(opponent).tactics().len());
                hands.insert(sample.hand(opponent));
            }
            if !position.is_over() && position.troop_deck_len() > 5 {
                assert!(hands.len() > 1, "the opponent's hand is always the same");
            }
        }
    }
}

#[test]
fn scout_returns_stay_at_their_known_depths() {
    let mut found = 0;
    for seed in 0..400u64 {
        let mut rng = battleline::rng_from_seed(seed);
        let mut game = Game::new(Options::default(), seed).unwrap();
        while !game.is_match_over() {
            let legal = game.legal_actions();
            let action = *legal.iter().find(|a| matches!(a, Action::Scout)).unwrap_or(legal.choose(&mut rng).unwrap());
            game.apply(&action).unwrap();
            let position = game.position();
            let me = position.current();
            let view = position.view(me).unwrap();
            if view.scout_returned.is_empty() || position.phase() != Phase::Play {
                continue;
            }
            let determinizer = Determinizer::new(&view).unwrap();
            let sample = determinizer.sample(&mut rng);
            for known in &view.scout_returned {
                let deck: Vec<Card> = match known.deck {
                    battleline::DeckKind::Troop => sample.troop_deck().collect(),
                    battleline::DeckKind::Tactics => sample.tactics_deck().collect(),
                };
                assert_eq!(deck[known.depth as usize], known.card);
            }
            found += 1;
        }
    }
    assert!(found > 10, "only {found} positions with returned cards");
}

#[test]
fn bad_views_are_refused_never_a_panic() {
    let game = Game::new(Options::default(), 12).unwrap();
    let view = game.view(game.position().current()).unwrap();
    let mut broken: Vec<PlayerView> = Vec::new();
    let mut v = view.clone();
    v.hand.push(v.hand[0]);
    broken.push(v);
    let mut v = view.clone();
    v.troop_deck += 1;
    broken.push(v);
    let mut v = view.clone();
    v.hand_sizes[1 - view.player].troops = 40;
    broken.push(v);
    let mut v = view.clone();
    v.player = 7;
    broken.push(v);
    let mut v = view.clone();
    v.flags.pop();
    broken.push(v);
    let mut v = view.clone();
    v.hand_sizes.pop();
    broken.push(v);
    let mut v = view.clone();
    v.scout_returned.push(battleline::KnownDeckCard { card: v.hand[0], deck: battleline::DeckKind::Troop, depth: 200 });
    broken.push(v);
    let mut v = view.clone();
    v.flags[0].sides[0].push(v.hand[0]);
    broken.push(v);
    // What the engine's validation of the sample refuses (Determinizer::new leaves it to
    // Position::from_setup): a card in two places, in the wrong deck, two cards at one depth, a
    // tactics card in a game without them; and a card listed twice in the viewer's own hand.
    let unseen: Vec<Card> = game.position().troop_deck().take(2).collect();
    let mut v = view.clone();
    v.discards[1 - view.player].push(v.hand[0]);
    broken.push(v);
    let mut v = view.clone();
    v.scout_returned.push(battleline::KnownDeckCard { card: unseen[0], deck: battleline::DeckKind::Tactics, depth: 0 });
    broken.push(v);
    let mut v = view.clone();
    for card in &unseen {
        v.scout_returned.push(battleline::KnownDeckCard { card: *card, deck: battleline::DeckKind::Troop, depth: 3 });
    }
    broken.push(v);
    let mut v = view.clone();
    v.hand.push(v.hand[0]);
    v.hand_sizes[view.player].troops += 1;
    broken.push(v);
    let basic = Game::new(Options { tactics: false, ..Options::default() }, 12).unwrap();
    let mut v = basic.view(basic.position().current()).unwrap();
    v.discards[0].push("fog".parse().unwrap());
    broken.push(v);
    for (i, v) in broken.iter().enumerate() {
        for kind in [BotKind::Random, BotKind::Heuristic, BotKind::Search { playouts: 5, trees: 2 }] {
            let err = suggest_with(v, kind, 1).unwrap_err();
            assert_eq!(err.code, ErrorCode::BadInput, "case {i}: {err}");
        }
    }
    // Random mutations of real views: an answer or an error, never a panic.
    let mut rng = battleline::rng_from_seed(5);
    for seed in 0..150u64 {
        let position = mid_game(seed, (seed as usize * 13) % 90);
        let mut v = position.view(position.current()).unwrap();
        match rng.random_range(0..6) {
            0 => v.troop_deck = rng.random_range(0..70),
            1 => v.tactics_deck = rng.random_range(0..12),
            2 => v.hand_sizes[rng.random_range(0..2)].troops = rng.random_range(0..10),
            3 => v.current = rng.random_range(0..MAX_PLAYERS),
            4 => v.passes_in_row = rng.random_range(0..4),
            _ => v.hand.retain(|c| c.is_troop()),
        }
        for kind in [BotKind::Random, BotKind::Heuristic, BotKind::Search { playouts: 5, trees: 2 }] {
            let _ = suggest_with(&v, kind, seed);
        }
    }
}

#[test]
fn finished_games_and_other_players_turns_are_errors() {
    let game =
        play_game(Options::default(), 4, &mut [&mut bot::RandomBot::new(1), &mut bot::RandomBot::new(2)]).unwrap();
    let view = game.view(0).unwrap();
    assert_eq!(suggest(&view, Level::Easy, 0).unwrap_err().code, ErrorCode::GameOver);
    assert!(bot::legal_actions(&view).unwrap().is_empty());
    let fresh = Game::new(Options::default(), 4).unwrap();
    let idle = fresh.view(1 - fresh.position().current()).unwrap();
    assert_eq!(suggest(&idle, Level::Easy, 0).unwrap_err().code, ErrorCode::NotYourTurn);
    // Between the games of a match the only action is the next game.
    let mut game = Game::new(Options { games: 2, ..Options::default() }, 4).unwrap();
    let mut rng = battleline::rng_from_seed(0);
    while !game.position().is_over() {
        let legal = game.legal_actions();
        game.apply(legal.choose(&mut rng).unwrap()).unwrap();
    }
    assert_eq!(suggest(&game.view(0).unwrap(), Level::Hard, 0).unwrap(), Action::NextGame);
}

#[test]
fn heuristic_beats_random_in_nine_games_of_ten() {
    for tactics in [true, false] {
        let options = Options { tactics, ..Options::default() };
        let mut wins = 0;
        for seed in 0..100u64 {
            let (mut h, mut r) = (bot::HeuristicBot::new(seed), bot::RandomBot::new(seed));
            let seat = (seed % 2) as usize;
            let game = if seat == 0 {
                play_game(options, seed, &mut [&mut h, &mut r])
            } else {
                play_game(options, seed, &mut [&mut r, &mut h])
            }
            .unwrap();
            if game.position().result().unwrap().winner == Some(seat) {
                wins += 1;
            }
        }
        assert!(wins >= 90, "heuristic won only {wins} of 100 (tactics {tactics})");
    }
}

#[test]
fn a_small_search_beats_random() {
    let mut wins = 0;
    for seed in 0..10u64 {
        let (mut s, mut r) = (bot::SearchBot::new(100, seed), bot::RandomBot::new(seed));
        let seat = (seed % 2) as usize;
        let game = if seat == 0 {
            play_game(Options::default(), seed, &mut [&mut s, &mut r])
        } else {
            play_game(Options::default(), seed, &mut [&mut r, &mut s])
        }
        .unwrap();
        wins += usize::from(game.position().result().unwrap().winner == Some(seat));
    }
    assert!(wins >= 9, "search:100 won only {wins} of 10 against random");
}

/// Claims what it can, plays a troop, draws a troop: it never plays a tactics card, so the other
/// player may play one tactics card at most (R-TAC-1).
struct TroopsOnly;

impl Bot for TroopsOnly {
    fn choose(&mut self, view: &PlayerView) -> Result<Action, battleline::Error> {
        let legal = bot::legal_actions(view)?;
        let troop = |a: &&Action| matches!(a, Action::Play { card, .. } if card.is_troop());
        let troop_draw = |a: &&Action| matches!(a, Action::Draw { deck: battleline::DeckKind::Troop });
        let first = legal.iter().find(|a| matches!(a, Action::Claim { .. }));
        Ok(*first.or_else(|| legal.iter().find(troop)).or_else(|| legal.iter().find(troop_draw)).unwrap_or(&legal[0]))
    }
}

// A regression: searched draws once filled the search bot's hand with tactics cards against a player
// who never plays one, until it could only pass and the game ended drawn with no flag claimed.
#[test]
fn the_search_never_fills_its_hand_with_tactics_cards() {
    for seed in 0..4u64 {
        let mut game = Game::new(Options::default(), seed).unwrap();
        let (mut search, mut other) = (bot::SearchBot::new(300, seed), TroopsOnly);
        let seat = (seed % 2) as usize;
        let mut passes = 0;
        while !game.is_match_over() {
            let player = game.position().current();
            let view = game.view(player).unwrap();
            let action = if player == seat { search.choose(&view) } else { other.choose(&view) }.unwrap();
            game.apply(&action).unwrap();
            if player == seat {
                passes += usize::from(action == Action::Pass);
                let tactics = game.position().hand(seat).tactics().len();
                assert!(tactics <= 3, "seed {seed}: the search holds {tactics} tactics cards after {action}");
            }
        }
        let result = game.position().result().unwrap();
        assert!(result.winner.is_some(), "seed {seed}: no winner ({result:?})");
        assert!(passes <= 3, "seed {seed}: the search passed {passes} times");
    }
}

#[test]
fn bot_kinds_and_levels_parse() {
    for text in ["random", "heuristic", "search:easy", "search:medium", "search:hard", "search:1234"] {
        assert_eq!(text.parse::<BotKind>().unwrap().to_string(), text);
    }
    for text in ["", "search:", "search:-1", "search:0", "search:fast", "minimax"] {
        assert_eq!(text.parse::<BotKind>().unwrap_err().code, ErrorCode::BadInput, "{text}");
    }
    assert!(Level::Easy.playouts() < Level::Medium.playouts() && Level::Medium.playouts() < Level::Hard.playouts());
}

// A level's budget with three players is its own (`Level::three_player_playouts`: hard searches more
// there, where more playouts keep buying strength); a number of playouts is that number in every game.
#[test]
fn hard_searches_its_three_player_budget_with_three_players() {
    let three = Game::new(Options { players: 3, tactics: false, ..Options::default() }, 21).unwrap();
    let two = Game::new(Options::default(), 21).unwrap();
    let cases: [(&Game, &str, u32); 4] = [
        (&three, "hard", Level::Hard.three_player_playouts()),
        (&two, "hard", Level::Hard.playouts()),
        (&three, "search:3000", 3_000),
        (&three, "medium", Level::Medium.playouts()),
    ];
    for (game, name, playouts) in cases {
        let mut bot = name.parse::<BotKind>().unwrap().build(5);
        let action = bot.choose(&game.view(game.position().current()).unwrap()).unwrap();
        assert!(game.legal_actions().contains(&action), "{name}");
        let stats = bot.stats().unwrap();
        assert_eq!(
            (stats.decisions, stats.playouts),
            (1, u64::from(playouts)),
            "{name}, {} players",
            game.position().players()
        );
    }
    assert_eq!(Level::Hard.three_player_playouts(), 10_000);
    assert_eq!(Level::Medium.three_player_playouts(), Level::Medium.playouts());
}

// The coach searches its own budget (`Level::coach_playouts`): the computer's at easy and medium, 3,000 at
// hard where the computer plays 12,000, so that a review stays quick (the hint's own test checks that it
// searches that budget: src/bot/coach/hint.rs).
#[test]
fn the_coach_has_its_own_budget() {
    assert_eq!((Level::Hard.playouts(), Level::Hard.coach_playouts()), (12_000, 3_000));
    for level in [Level::Easy, Level::Medium] {
        assert_eq!(level.coach_playouts(), level.playouts(), "{level}");
    }
}

// The product's bot kinds are the levels, random, heuristic and search budgets. The lab's measuring
// opponents are kinds only where the engine is built with the lab's hooks (lab/ enables them; the wasm
// `suggest` and the npm package parse the same way, tests/node/bots.test.mjs): elsewhere they are
// `bad_input`, like any unknown name.
#[test]
fn the_labs_measuring_opponents_are_refused_without_the_labs_hooks() {
    let game = Game::new(Options::default(), 3).unwrap();
    let view = game.view(game.position().current()).unwrap();
    for text in ["heuristic:sniper", "heuristic:unguarded", "search:30:unguarded", "search:500x2:unguarded"] {
        let parsed = text.parse::<BotKind>();
        if cfg!(feature = "lab-hooks") {
            // A workspace-wide build (`cargo test --workspace`) unifies the lab's feature into this one.
            assert_eq!(parsed.unwrap().to_string(), text);
            continue;
        }
        let e = parsed.expect_err(text);
        assert_eq!(e.code, ErrorCode::BadInput, "{text}");
        assert!(e.message.contains("expected random, heuristic, easy"), "{}", e.message);
    }
    // What stays: every level, random, heuristic and budgets, all playing.
    for text in ["random", "heuristic", "easy", "search:hard", "search:20", "search:10x2"] {
        let kind: BotKind = text.parse().unwrap();
        assert!(game.legal_actions().contains(&suggest_with(&view, kind, 1).unwrap()), "{text}");
    }
}
