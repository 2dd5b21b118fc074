//! Fair play in the bot protocol: a cheating bot (tests/adversary/peek_bot.py) plays under `battleline
//! referee` and tries to rebuild the cards hidden from it from everything the referee tells it; this test
//! then attacks its transcript too; and over a thousand games between built-in bots, every message each
//! bot receives is checked the same way. Nothing a bot receives may name a hidden card or give away the
//! deal.

use std::collections::BTreeSet;
use std::process::Command;

use crate::cli_common;
use cli_common::battleline;

use battleline::{CardSet, Game, Options};
use serde_json::Value;

use crate::shared::cards_named;

fn numbers(value: &Value, out: &mut BTreeSet<u64>) {
    match value {
        Value::Number(n) => out.extend(n.as_u64()),
        Value::Array(items) => items.iter().for_each(|v| numbers(v, out)),
        Value::Object(fields) => fields.values().for_each(|v| numbers(v, out)),
        _ => {}
    }
}

/// The cards a view shows its player: their hand, the board, the discard piles, their Scout returns.
fn shown_by(view: &Value) -> CardSet {
    let mut shown = CardSet::EMPTY;
    for field in ["hand", "flags", "discards", "scoutReturned"] {
        cards_named(&view[field], &mut shown);
    }
    for flag in view["flags"].as_array().unwrap() {
        for (tactic, card) in [("fog", "fog"), ("mud", "mud")] {
            if !flag[tactic].is_null() {
                shown.insert(card.parse().unwrap());
            }
        }
    }
    shown
}

fn hand_of(view: &Value) -> CardSet {
    let mut hand = CardSet::EMPTY;
    cards_named(&view["hand"], &mut hand);
    hand
}

#[test]
fn a_cheating_bot_learns_no_hidden_card_from_the_referee() {
    if Command::new("python3").arg("--version").output().is_err() {
        return cli_common::skipped("the cheating bot needs python3, which is not installed");
    }
    let dir = std::env::temp_dir().join(format!("battleline-peek-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (transcript, report) = (dir.join("transcript.jsonl"), dir.join("report.txt"));
    let bin = env!("CARGO_BIN_EXE_battleline");
    let peek = format!(
        "python3 {}/tests/adversary/peek_bot.py {bin} {} {}",
        env!("CARGO_MANIFEST_DIR"),
        transcript.display(),
        report.display()
    );
    let random = format!("{bin} bot random");
    // No --seed: the referee draws the deal's seed itself, as an operator should let it.
    let output = battleline(&["referee", "--a", &peek, "--b", &random, "--games", "30"], "");
    let out = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "{out}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(!out.contains("forfeits"), "{out}");

    // The bot's own attack: rebuilding the deal from the numbers it was told.
    let rebuilt = std::fs::read_to_string(&report).unwrap_or_default();
    assert!(rebuilt.is_empty(), "the cheating bot rebuilt hidden cards:\n{rebuilt}");

    let seeds = deal_seeds(&out, 30);
    let text = std::fs::read_to_string(&transcript).unwrap();
    let first_turns = check_transcript(&text, &seeds, 30_000);
    assert_eq!(first_turns, 30, "every game was attacked");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The deal's seed of each game, which the referee prints for the operator (and tells nobody else).
fn deal_seeds(referee_output: &str, games: usize) -> Vec<u64> {
    let seeds: Vec<u64> =
        referee_output.lines().filter_map(|l| l.split("(seed ").nth(1)?.split(')').next()?.parse().ok()).collect();
    assert_eq!(seeds.len(), games, "{referee_output}");
    seeds
}

/// Checks every message one bot received (a JSON line each): a `start` names no card and no number that
/// is the deal's seed; a `turn` or `end` names only cards its own view shows. At the bot's first turn of
/// each game, every number it was told (with and without the game index) and every seed below
/// `small_seeds` is tried as the deal's seed against its hand. Returns the number of games attacked.
fn check_transcript(text: &str, seeds: &[u64], small_seeds: u64) -> usize {
    let (mut attacked, mut game, mut options) = (0, 0usize, Options::default());
    let mut told = BTreeSet::new();
    let mut first_turn = false;
    for line in text.lines() {
        let message: Value = serde_json::from_str(line).unwrap();
        match message["type"].as_str().unwrap() {
            "start" => {
                game = message["game"].as_u64().unwrap() as usize;
                options = serde_json::from_value(message["options"].clone()).unwrap();
                let mut named = CardSet::EMPTY;
                cards_named(&message, &mut named);
                assert!(named.is_empty(), "a start message names cards: {message}");
                told.clear();
                numbers(&message, &mut told);
                assert!(
                    !told.contains(&seeds[game]),
                    "game {game}: the start message gives the deal's seed: {message}"
                );
                first_turn = true;
            }
            "turn" | "end" => {
                let view = &message["view"];
                let mut named = CardSet::EMPTY;
                cards_named(&message, &mut named);
                let hidden = named.difference(shown_by(view));
                assert!(hidden.is_empty(), "game {game}: a message names cards its view does not show: {hidden:?}");
                // Whether a pass was voluntary (R-TURN-6) depends on the passer's hand; the
                // views carried it as `voluntaryPass` (player 0's differed by player 1's hidden card).
                assert!(
                    !line.contains("voluntary"),
                    "game {game}: a message tells whether a pass was voluntary: {line}"
                );
                if message["type"] == "turn" && first_turn {
                    first_turn = false;
                    attacked += 1;
                    let seat = view["player"].as_u64().unwrap() as usize;
                    let hand = hand_of(view);
                    let mut candidates: BTreeSet<u64> = (0..small_seeds).collect();
                    for &n in &told {
                        candidates.extend([n, n.wrapping_add(game as u64), n.wrapping_sub(game as u64)]);
                    }
                    for seed in candidates.into_iter().filter(|&s| s <= battleline::MAX_SEED) {
                        let dealt = Game::new(options, seed).unwrap().position().hand(seat);
                        assert_ne!(
                            dealt, hand,
                            "game {game}: seed {seed} rebuilds the deal from what the bot was told"
                        );
                    }
                }
            }
            other => panic!("unknown message type {other}"),
        }
    }
    attacked
}

// Every input of both bots over a thousand games (tens of thousands of messages) passes the same checks.
#[test]
fn every_bot_input_over_a_thousand_games_is_fair() {
    let dir = std::env::temp_dir().join(format!("battleline-inputs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_battleline");
    let record = |name: &str| format!("tee -a {} | {bin} bot random", dir.join(name).display());
    let games = 1_000;
    let output = battleline(
        &["referee", "--a", &record("a.jsonl"), "--b", &record("b.jsonl"), "--games", &games.to_string()],
        "",
    );
    let out = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success() && !out.contains("forfeits"), "{out}");
    let seeds = deal_seeds(&out, games);
    let mut messages = 0;
    for name in ["a.jsonl", "b.jsonl"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        messages += text.lines().count();
        assert_eq!(check_transcript(&text, &seeds, 0), games);
    }
    assert!(messages > 50_000, "{messages} messages");
    let _ = std::fs::remove_dir_all(&dir);
}
