//! The bot subcommands of the `battleline` binary, run as a user would: `match` (tally, rate, time per
//! move, independent of threads), `referee` (an external bot, forfeits) and `bot` (the protocol).

use std::process::Command;

use crate::cli_common;
use cli_common::battleline;

use battleline::{Action, Game, Options};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn match_prints_the_tally_the_rate_and_the_time_per_move() {
    let output = battleline(&["match", "--a", "heuristic", "--b", "random", "--games", "6", "--threads", "2"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(out.contains("A (heuristic): 6 wins, 0 losses, 0 draws; score rate 1.000 ± 0.000"), "{out}");
    assert!(out.contains("ms per move"), "{out}");
    let search = battleline(&["match", "--a", "search:20", "--b", "random", "--games", "2", "--no-tactics"], "");
    assert!(search.status.success(), "{}", text(&search.stderr));
    assert!(text(&search.stdout).contains("playouts/s"), "{}", text(&search.stdout));
    let bad = battleline(&["match", "--a", "minimax", "--b", "random"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn match_with_three_players_seats_a_against_two_b_bots_in_every_seat() {
    let output = battleline(
        &[
            "match",
            "--a",
            "heuristic",
            "--b",
            "random",
            "--players",
            "3",
            "--games",
            "6",
            "--threads",
            "2",
            "--verbose",
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(out.contains("(two of them, three players)"), "{out}");
    for seat in 0..3 {
        assert!(out.contains(&format!("(A in seat {seat})")), "A sits in seat {seat}: {out}");
    }
    // Each game line gives three flag counts: A's, then each B's.
    let flag_counts = |l: &str| l.split("flags A-B ").nth(1).unwrap().split(',').next().unwrap().split('-').count();
    assert!(out.lines().filter(|l| l.starts_with("game ")).all(|l| flag_counts(l) == 3), "{out}");
    assert!(out.contains("A (heuristic): 6 wins, 0 losses, 0 draws; score rate 1.000"), "{out}");
    let sprt = battleline(&["match", "--a", "heuristic", "--b", "random", "--players", "3", "--sprt", "0.33,0.4"], "");
    assert_eq!(sprt.status.code(), Some(1), "--sprt pairs seats for two players only");
    assert!(text(&sprt.stderr).contains("--players 3"), "{}", text(&sprt.stderr));
    let four = battleline(&["match", "--a", "heuristic", "--b", "random", "--players", "4"], "");
    assert_eq!(four.status.code(), Some(2));
}

#[test]
fn match_results_do_not_depend_on_the_threads() {
    let run = |threads: &str| {
        let output =
            battleline(&["match", "--a", "search:15", "--b", "heuristic", "--games", "4", "--threads", threads], "");
        text(&output.stdout).lines().find(|l| l.starts_with("A (")).unwrap().to_string()
    };
    assert_eq!(run("1"), run("3"));
}

#[test]
fn referee_runs_the_example_bot_against_a_built_in_bot() {
    let python = Command::new("python3").arg("--version").output();
    if python.is_err() {
        return cli_common::skipped("the referee's example bot needs python3, which is not installed");
    }
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/bots/first_legal.py");
    let builtin = format!("{} bot heuristic", env!("CARGO_BIN_EXE_battleline"));
    // A fixed seed keeps the result certain (by default the referee draws the deal's seed at random).
    let output = battleline(
        &["referee", "--a", &format!("python3 {example}"), "--b", &builtin, "--games", "2", "--seed", "0"],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(!out.contains("forfeits"), "{out}");
    assert!(out.contains("A: 0 wins, 2 losses, 0 draws"), "{out}");
}

#[test]
fn referee_forfeits_a_bot_that_answers_nonsense_or_exits() {
    let builtin = format!("{} bot random", env!("CARGO_BIN_EXE_battleline"));
    let nonsense = "while read line; do echo '{\"type\":\"fly\"}'; done";
    let output = battleline(&["referee", "--a", nonsense, "--b", &builtin, "--games", "2"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(out.contains("A forfeits"), "{out}");
    assert!(out.contains("A: 0 wins, 2 losses"), "{out}");
    let quitter = battleline(&["referee", "--a", "true", "--b", &builtin, "--games", "1"], "");
    assert!(text(&quitter.stdout).contains("A forfeits"), "{}", text(&quitter.stdout));
    let slow = battleline(&["referee", "--a", "sleep 5", "--b", &builtin, "--games", "1", "--move-timeout", "0.2"], "");
    assert!(text(&slow.stdout).contains("no answer within"), "{}", text(&slow.stdout));
}

#[test]
fn the_bot_subcommand_answers_turns_with_legal_actions() {
    let game = Game::new(Options::default(), 21).unwrap();
    let player = game.position().current();
    let view = game.view(player).unwrap();
    let legal = game.legal_actions();
    let input = format!(
        "{}\n{}\n",
        serde_json::json!({"type": "start", "protocol": 1, "game": 0, "seed": 21, "player": player, "options": Options::default()}),
        serde_json::json!({"type": "turn", "view": view, "legal": legal})
    );
    let output = battleline(&["bot", "search:20"], &input);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let answer: Action = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert!(legal.contains(&answer));
}

#[test]
fn match_sprt_stops_at_a_bound_on_pairs_and_reports_the_decision() {
    let args = |threads: &'static str| {
        ["match", "--a", "heuristic", "--b", "random", "--sprt", "0.5,0.55", "--games", "100", "--threads", threads]
    };
    let output = battleline(&args("2"), "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(out.contains("alpha 0.05, beta 0.05"), "{out}");
    // A certain winner: H1 at the first pair the test may decide on (the 30th: a 10–0 start in pairs
    // decides nothing), whatever the threads.
    assert!(out.contains("sprt: 30 pairs (60 games); score 1.000 ± 0.000"), "{out}");
    assert!(out.contains("95% interval 1.000 to 1.000"), "{out}");
    assert!(out.contains("sprt decision: H1 accepted"), "{out}");
    assert!(out.contains("A (heuristic): 60 wins, 0 losses"), "{out}");
    let lines =
        |o: &str| o.lines().filter(|l| l.starts_with("A (") || l.starts_with("sprt")).collect::<Vec<_>>().join("\n");
    assert_eq!(lines(&out), lines(&text(&battleline(&args("1"), "").stdout)));
    // The loser's side of the same test, and a cap reached before any decision.
    let worse = battleline(&["match", "--a", "random", "--b", "heuristic", "--sprt", "0.5,0.55", "--games", "100"], "");
    assert!(text(&worse.stdout).contains("sprt decision: H0 accepted"), "{}", text(&worse.stdout));
    let capped = battleline(&["match", "--a", "random", "--b", "heuristic", "--sprt", "0.5,0.55", "--games", "8"], "");
    let capped = text(&capped.stdout);
    assert!(capped.contains("sprt: 4 pairs (8 games)"), "{capped}");
    assert!(capped.contains("undecided after the cap of 8 games"), "{capped}");
    let bad = battleline(&["match", "--a", "random", "--b", "heuristic", "--sprt", "0.6,0.5"], "");
    assert!(!bad.status.success());
}
