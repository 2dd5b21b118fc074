//! The `battleline` binary, run as a user would: prove, selfplay, replay, bench and help.

use std::path::PathBuf;
use std::process::Output;

use crate::cli_common;
use cli_common::battleline;

use battleline::{Action, FlagId, Game, Options};
use serde_json::Value;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines().map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))).collect()
}

/// Every troop card except `except`, as JSON strings.
fn all_troops_but(except: &[&str]) -> Vec<String> {
    let mut cards = Vec::new();
    for colour in ["r", "o", "y", "g", "b", "p"] {
        for value in 1..=10 {
            let card = format!("{colour}{value}");
            if !except.contains(&card.as_str()) {
                cards.push(card);
            }
        }
    }
    cards
}

fn strings(value: &Value) -> Vec<String> {
    let mut list: Vec<String> = value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
    list.sort();
    list
}

/// A temporary file for this test, removed by the caller.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("battleline-cli-{}-{name}.json", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

// R-CLAIM example 3: red 3-4-5 against blue 8 with blue 7 and blue 9 unseen: not claimable, and the
// counterexample is blue 7 and blue 9 (a blue Wedge 7-8-9).
#[test]
fn prove_refuses_example_3_with_the_beating_cards() {
    let line = r#"{"sides": [["r3","r4","r5"],["b8"]], "fog": false, "mud": false, "claimant": 0, "firstComplete": null, "unseen": ["b7","b9"]}"#;
    let output = battleline(&["prove"], &format!("{line}\n"));
    assert!(output.status.success(), "{}", stderr(&output));
    let proofs = json_lines(&stdout(&output));
    assert_eq!(proofs.len(), 1);
    let proof = &proofs[0];
    assert_eq!(proof["claimable"], false);
    assert_eq!(proof["claimantStrength"]["kind"], "wedge");
    assert_eq!(proof["claimantStrength"]["sum"], 12);
    let opponent = &proof["opponents"][0];
    assert_eq!(opponent["player"], 1);
    assert_eq!(opponent["beatsClaimant"], true);
    assert_eq!(strings(&opponent["added"]), ["b7", "b9"]);
    assert_eq!(strings(&opponent["cards"]), ["b7", "b8", "b9"]);
    assert_eq!(opponent["strength"]["kind"], "wedge");
    assert_eq!(opponent["strength"]["sum"], 24);
    assert!(proof["reason"].as_str().unwrap().contains("b8"), "{}", proof["reason"]);
}

// R-CLAIM example 2: blue 7 and blue 10 lie elsewhere (not unseen): no blue Wedge through 8 remains.
#[test]
fn prove_accepts_example_2_when_blue_7_and_10_are_elsewhere() {
    let unseen = all_troops_but(&["r3", "r4", "r5", "b8", "b7", "b10"]);
    let line = serde_json::json!({
        "sides": [["r3", "r4", "r5"], ["b8"]], "fog": false, "mud": false, "claimant": 0,
        "firstComplete": null, "unseen": unseen,
    });
    let output = battleline(&["prove"], &format!("{line}\n"));
    assert!(output.status.success(), "{}", stderr(&output));
    let proof = &json_lines(&stdout(&output))[0];
    assert_eq!(proof["claimable"], true, "{proof}");
    let best = &proof["opponents"][0];
    assert_eq!(best["beatsClaimant"], false);
    // The best blue 8 can still reach is a Phalanx of eights at most, weaker than a Wedge.
    assert_ne!(best["strength"]["kind"], "wedge", "{best}");
}

#[test]
fn prove_answers_a_bad_line_with_an_error_and_goes_on() {
    let good = r#"{"sides": [["r3","r4","r5"],["b8"]], "claimant": 0, "unseen": ["b7","b9"]}"#;
    let unknown_card = r#"{"sides": [["r3","r4","x5"],["b8"]], "claimant": 0, "unseen": []}"#;
    let invalid_flag = r#"{"sides": [["r3","r4","r5"],["r3"]], "claimant": 0, "unseen": []}"#;
    let input = format!("{good}\nthis is not JSON\n\n{unknown_card}\n{good}\n{invalid_flag}\n");
    let output = battleline(&["prove"], &input);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines = json_lines(&stdout(&output));
    assert_eq!(lines.len(), 5, "the blank line is skipped, every other line answered");
    assert_eq!(lines[0]["claimable"], false);
    assert_eq!(lines[3]["claimable"], false);
    for (i, line_number, needle) in [(1, 2, "not a flag setup"), (2, 4, "x5"), (4, 6, "r3 appears twice")] {
        let error = &lines[i]["error"];
        assert_eq!(error["code"], "bad_input", "{error}");
        let message = error["message"].as_str().unwrap();
        assert!(message.starts_with(&format!("line {line_number}: ")), "{message}");
        assert!(message.contains(needle), "{message}");
    }
}

#[test]
fn selfplay_dump_is_json_on_every_line_and_each_game_ends_with_a_result() {
    let output = battleline(&["selfplay", "--seed", "11", "--games", "2", "--dump"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let lines = json_lines(&stdout(&output));
    assert!(lines.len() > 100, "two games take well over 100 actions, not {}", lines.len());
    for game in [0, 1] {
        let steps: Vec<&Value> = lines.iter().filter(|l| l["game"] == game).collect();
        assert!(!steps.is_empty(), "game {game} was dumped");
        for (i, step) in steps.iter().enumerate() {
            assert_eq!(step["ply"], i + 1, "plies count the game's actions from 1");
            serde_json::from_value::<Action>(step["action"].clone()).expect("the action is an Action");
            let state: battleline::Setup = serde_json::from_value(step["state"].clone()).expect("the state is a Setup");
            battleline::Position::from_setup(&state).expect("the state is a valid position");
            assert_eq!(state.hands.len(), 2);
            assert_eq!(state.flags.len(), 9);
            let claimable = step["claimable"].as_array().unwrap();
            assert_eq!(claimable.len(), 2, "one list per player");
            let is_last = i + 1 == steps.len();
            assert_eq!(
                !step["state"]["result"].is_null(),
                is_last,
                "game {game} ply {}: result only at the end",
                i + 1
            );
        }
        let last = steps.last().unwrap();
        let winner = &last["state"]["result"]["winner"];
        let summary = stderr(&output);
        let expected = match winner.as_u64() {
            Some(p) => format!("game {game} (seed {}): player {p} wins by", 11 + game),
            None => format!("game {game} (seed {}): draw", 11 + game),
        };
        assert!(summary.contains(&expected), "{summary}");
        assert!(summary.contains(&format!("{} actions", steps.len())), "{summary}");
    }
    assert!(stderr(&output).contains("totals: 2 games"));
}

#[test]
fn selfplay_summarises_each_game_and_is_reproducible() {
    let args = ["selfplay", "--seed", "40", "--games", "3", "--no-tactics", "--timing", "startOfTurn"];
    let first = battleline(&args, "");
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stdout(&first);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    for (i, line) in lines[..3].iter().enumerate() {
        assert!(line.starts_with(&format!("game {i} (seed {}): ", 40 + i)), "{line}");
        assert!(line.contains(" by ") && line.contains("flags ") && line.ends_with(" actions"), "{line}");
    }
    assert!(lines[3].starts_with("totals: 3 games"), "{}", lines[3]);
    assert_eq!(stdout(&battleline(&args, "")), text, "the same seeds play the same games");
    let bad = battleline(&["selfplay", "--timing", "sometimes"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("afterPlay"), "{}", stderr(&bad));
}

/// A finished game played by a fixed rule over the legal actions.
fn finished_game(seed: u64) -> Game {
    let mut game = Game::new(Options::default(), seed).unwrap();
    let mut i = 0usize;
    while !game.is_match_over() {
        let legal = game.legal_actions();
        let action = legal[(i * 7 + 3) % legal.len()];
        game.apply(&action).unwrap();
        i += 1;
    }
    game
}

#[test]
fn replay_prints_the_board_the_result_and_the_scores() {
    let game = finished_game(42);
    let path = temp_file("finished", &game.record().to_json());
    let output = battleline(&["replay", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let result = game.position().result().unwrap();
    let expected = match result.winner {
        Some(p) => format!("result of game 1: player {p} wins by"),
        None => "result of game 1: draw by".to_string(),
    };
    assert!(text.contains(&expected), "{text}");
    assert!(text.contains(&format!("flags {}-{}", result.flags[0], result.flags[1])), "{text}");
    let scores = game.scores();
    assert!(text.contains(&format!("match scores (final): player 0 {}, player 1 {}", scores[0], scores[1])), "{text}");
    assert!(text.contains(&format!("{} actions replayed", game.actions().len())), "{text}");
    // One row per flag, with both sides and the owner.
    for flag in FlagId::all() {
        let f = game.position().flag(flag);
        let row = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{flag} ")))
            .unwrap_or_else(|| panic!("no row for flag {flag}: {text}"));
        for card in f.sides[0].iter().chain(f.sides[1].iter()) {
            assert!(row.contains(&card.to_string()), "flag {flag} row lacks {card}: {row}");
        }
        let owner = f.claimed.map_or("-".to_string(), |p| format!("player {p}"));
        assert!(row.ends_with(&owner), "flag {flag}: {row}");
        assert_eq!(row.contains("fog"), f.fog.is_some(), "{row}");
        assert_eq!(row.contains("mud"), f.mud.is_some(), "{row}");
    }
    // `-` reads standard input.
    let piped = battleline(&["replay", "-"], &game.record().to_json());
    assert!(piped.status.success(), "{}", stderr(&piped));
    assert_eq!(stdout(&piped), text);
}

#[test]
fn replay_of_a_tampered_record_names_the_action_and_exits_1() {
    let game = finished_game(7);
    let mut record = game.record();
    // Action 5 becomes the play of a card the opponent holds at that moment.
    let before = game.replay_to(4).unwrap();
    let position = before.position();
    let opponent = 1 - position.current();
    let card = position.hand(opponent).iter().next().unwrap();
    let tampered = Action::Play { card, flag: FlagId::from_number(1).unwrap() };
    assert!(position.check(position.current(), &tampered).is_err());
    record.actions[4] = tampered;
    let path = temp_file("tampered", &record.to_json());
    let output = battleline(&["replay", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    assert!(stdout(&output).is_empty(), "nothing on stdout after an error");
    let message = stderr(&output);
    assert!(message.contains("bad_record"), "{message}");
    assert!(message.contains(&format!("action 5 ({tampered}) is illegal")), "{message}");

    let broken = battleline(&["replay", "-"], "{\"format\": \"battleline-record\", \"version\": 1");
    assert_eq!(broken.status.code(), Some(1));
    assert!(stderr(&broken).contains("not valid JSON"), "{}", stderr(&broken));
    let missing = battleline(&["replay", "/nonexistent/record.json"], "");
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("/nonexistent/record.json"), "{}", stderr(&missing));
}

/// The numbers of a table row after its label, e.g. `[20000, 168, 372, 554, 177]`.
fn row_numbers(text: &str, label: &str, function: &str) -> Vec<f64> {
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with(label) && l.contains(function))
        .unwrap_or_else(|| panic!("no row {label} {function}:\n{text}"));
    line.split_whitespace().filter_map(|w| w.parse::<f64>().ok()).collect()
}

#[test]
fn bench_quick_prints_the_table() {
    let output = battleline(&["bench", "--quick"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("battleline bench (quick)"), "{text}");
    assert!(text.contains("cores available"), "{text}");
    for set in ["sampled from games", "worst cases"] {
        for function in ["is_claimable", "prove"] {
            let numbers = row_numbers(&text, set, function);
            assert_eq!(numbers.len(), 5, "inputs, median, p99, max, mean: {numbers:?}");
            let [inputs, median, p99, max, mean] = numbers[..] else { unreachable!() };
            assert!(inputs >= 1_000.0, "{set}: {inputs} inputs");
            assert!(median > 0.0 && median <= p99 && p99 <= max && mean > 0.0, "{set} {function}: {numbers:?}");
        }
    }
    assert!(text.contains("games/s"), "{text}");
    for variant in ["with tactics", "without tactics"] {
        let numbers = row_numbers(&text, variant, "");
        let [games, seconds, per_second, actions_per_second, actions_per_game] = numbers[..] else {
            panic!("{variant}: {numbers:?}")
        };
        assert!(games >= 1.0 && seconds > 0.0 && per_second > 0.0 && actions_per_second > per_second);
        assert!((50.0..1_000.0).contains(&actions_per_game), "{variant}: {actions_per_game} actions per game");
    }
    assert!(text.contains("targets ("), "{text}");
}

#[test]
fn help_lists_the_commands_and_bad_arguments_exit_2() {
    let output = battleline(&["--help"], "");
    assert!(output.status.success());
    let text = stdout(&output);
    for command in ["prove", "selfplay", "replay", "bench"] {
        assert!(text.contains(command), "{text}");
    }
    let prove_help = stdout(&battleline(&["prove", "--help"], ""));
    assert!(prove_help.contains("bad_input") && prove_help.contains("unseen"), "{prove_help}");
    let selfplay_help = stdout(&battleline(&["selfplay", "--help"], ""));
    for option in ["--seed", "--games", "--no-tactics", "--timing", "--dump"] {
        assert!(selfplay_help.contains(option), "{selfplay_help}");
    }
    let bad = battleline(&["fly"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(!stderr(&bad).is_empty());
    let no_file = battleline(&["replay"], "");
    assert_eq!(no_file.status.code(), Some(2));
}
