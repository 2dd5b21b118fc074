//! The fuzz suite as ordinary tests (no nightly, no cargo-fuzz): every committed input of every target
//! (`fuzz/corpus/TARGET`, the seed corpus, and `fuzz/regressions/TARGET`, the inputs that once crashed
//! or fooled the engine) is run through the target's check, and so are a few hundred deterministic
//! pseudo-random inputs. The longer fuzzing run is `scripts/fuzz.sh`.
// Native only: it uses 64-bit sizes (and processes); wasm-pack test builds every test for wasm32.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::fuzz_checks;

fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.expect("a directory entry").path()).filter(|p| p.is_file()).collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

fn fuzz_dir(kind: &str, target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join(kind).join(target)
}

#[test]
fn every_committed_fuzz_input_passes_its_check() {
    for (target, check) in fuzz_checks::TARGETS {
        let corpus = inputs(&fuzz_dir("corpus", target));
        let regressions = inputs(&fuzz_dir("regressions", target));
        assert!(corpus.len() >= 3, "target {target}: a seed corpus of {} inputs", corpus.len());
        for path in corpus.iter().chain(&regressions) {
            let data = std::fs::read(path).expect("a readable input");
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "target {target}: {} fails its check", path.display());
        }
        println!("fuzz target {target}: {} corpus inputs, {} regression cases pass", corpus.len(), regressions.len());
    }
}

#[test]
fn pseudo_random_inputs_pass_every_check() {
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    for (target, check) in fuzz_checks::TARGETS {
        for _ in 0..150 {
            let len = rng.random_range(0..400);
            let data: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "target {target}: input {data:?} fails its check");
        }
    }
}

/// Writes the seed corpus: a few inputs per target from which fuzzing starts (real records, setups and
/// views, and byte strings that drive a game). Run with `cargo test --test rules fuzz_corpus:: -- --ignored`.
#[test]
#[ignore]
fn write_the_seed_corpus() {
    use battleline::{Game, Options};
    let write = |target: &str, name: &str, data: &[u8]| {
        let dir = fuzz_dir("corpus", target);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), data).unwrap();
    };
    let mut rng = ChaCha8Rng::seed_from_u64(2019);
    for (target, _) in fuzz_checks::TARGETS {
        for i in 0..4 {
            let data: Vec<u8> = (0..64 + 96 * i).map(|_| rng.random()).collect();
            write(target, &format!("random-{i}"), &data);
        }
    }
    for (i, options) in [Options::default(), Options { players: 3, tactics: false, games: 2, ..Options::default() }]
        .into_iter()
        .enumerate()
    {
        let mut game = Game::new(options, 40 + i as u64).unwrap();
        for step in 0.. {
            if game.is_match_over() || step == 90 {
                break;
            }
            let legal = game.legal_actions();
            game.apply(&legal[rng.random_range(0..legal.len())]).unwrap();
        }
        write("records", &format!("record-{i}"), game.record().to_json().as_bytes());
        let mut setup = vec![0u8];
        setup.extend(serde_json::to_vec(&game.position().to_setup()).unwrap());
        write("setups", &format!("setup-{i}"), &setup);
        let mut view = vec![fuzz_checks::bots::JSON_VIEW];
        view.extend(serde_json::to_vec(&game.view(game.position().current()).unwrap()).unwrap());
        write("bots", &format!("view-{i}"), &view);
    }
}

/// Writes the hostile-input regression cases (run with `cargo test --test rules fuzz_corpus:: -- --ignored`).
/// Each is the exact input that crashed or fooled the engine before the fix, in the target's format.
#[test]
#[ignore]
fn write_the_regression_cases() {
    use battleline::{Game, Options, Phase};
    let write = |target: &str, name: &str, data: &[u8]| {
        let dir = fuzz_dir("regressions", target);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), data).unwrap();
    };
    let json_view = |view: &battleline::PlayerView| {
        let mut data = vec![fuzz_checks::bots::JSON_VIEW];
        data.extend(serde_json::to_vec(view).unwrap());
        data
    };
    let game = Game::new(Options::default(), 1).unwrap();
    let player = game.position().current();
    let view = game.view(player).unwrap();
    // Item 1: the deck size wraps the count of hidden places (2^64 - 202 natively, 2^32 - 202 in wasm).
    for (name, deck) in [("wrapped-troop-deck-64", usize::MAX - 201), ("wrapped-troop-deck-32", (1usize << 32) - 202)] {
        let mut crafted = view.clone();
        crafted.troop_deck = deck;
        crafted.hand_sizes[1 - player].troops = 255;
        write("bots", name, &json_view(&crafted));
    }
    // Item 2 through a view: tacticsPlayed 255 and a completion stamp at the top of u32.
    let mut crafted = view.clone();
    crafted.tactics_played[player] = 255;
    write("bots", "tactics-played-255", &json_view(&crafted));

    let mut setup = game.position().to_setup();
    let json_setup = |name: &str, setup: &battleline::Setup| {
        let mut data = vec![0u8];
        data.extend(serde_json::to_vec(setup).unwrap());
        write("setups", name, &data);
    };
    setup.tactics_played[player] = 255;
    json_setup("tactics-played-255", &setup);
    setup.tactics_played[player] = 0;
    setup.phase = Phase::ScoutReturn { remaining: 3 };
    json_setup("scout-return-three", &setup);
    // A complete side stamped at the top of u32: its next completion wrapped to 0.
    let mut game = Game::new(Options::default(), 3).unwrap();
    let (setup, first) = loop {
        let setup = game.position().to_setup();
        if let Some(flag) = setup.flags.iter().position(|f| f.completed.iter().any(Option::is_some)) {
            break (setup, flag);
        }
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
    };
    let mut stamped = setup.clone();
    for stamp in stamped.flags[first].completed.iter_mut().flatten() {
        *stamp = u32::MAX;
    }
    json_setup("completion-stamp-u32-max", &stamped);
    let view = game.view(game.position().current()).unwrap();
    let mut crafted = view.clone();
    for stamp in crafted.flags[first].completed.iter_mut().flatten() {
        *stamp = u32::MAX;
    }
    write("bots", "completion-stamp-u32-max", &json_view(&crafted));

    // Item 6: action 1 illegal and action 4 malformed.
    let record = r#"{"format":"battleline-record","version":1,"options":{},"seed":1,"actions":[{"type":"endClaims"},{"type":"pass"},{"type":"pass"},{"type":"fly"}]}"#;
    write("records", "illegal-before-malformed", record.as_bytes());

    // Setups that could never end (a draw or Scout-draw step with both decks empty, Scout's
    // steps without tactics) or that play cannot reach (a 41-card hand, five flags and no result), and a
    // record that starts from one and gives its seed twice.
    let mut empty = Game::new(Options::default(), 12).unwrap().position().to_setup();
    let decks: Vec<_> = empty.troop_deck.drain(..).chain(empty.tactics_deck.drain(..)).collect();
    empty.discards[0].extend(decks);
    empty.current = 0;
    let mut drawing = empty.clone();
    let played = drawing.hands[0].pop().unwrap();
    drawing.discards[0].push(played);
    drawing.phase = Phase::Draw;
    drawing.turn.step = 2;
    json_setup("draw-step-both-decks-empty", &drawing);
    let mut scouting = empty.clone();
    scouting.phase = Phase::ScoutDraw { remaining: 2 };
    scouting.turn.skip_draw = true;
    json_setup("scout-draw-both-decks-empty", &scouting);
    let mut basic = Game::new(Options { tactics: false, ..Options::default() }, 3).unwrap().position().to_setup();
    basic.phase = Phase::ScoutDraw { remaining: 1 };
    basic.turn.skip_draw = true;
    json_setup("scout-draw-without-tactics", &basic);
    let mut big_hand = Game::new(Options::default(), 4).unwrap().position().to_setup();
    let deck: Vec<_> = big_hand.troop_deck.drain(..34).collect();
    big_hand.hands[1].extend(deck);
    json_setup("hand-of-41-cards", &big_hand);
    let mut enveloped = Game::new(Options::default(), 5).unwrap().position().to_setup();
    for f in [0, 2, 4, 6, 8] {
        enveloped.flags[f].claimed_by = Some(1);
    }
    json_setup("five-flags-and-no-result", &enveloped);
    let started = Game::from_setup(&empty, 1).unwrap();
    let mut record = serde_json::to_value(started.record()).unwrap();
    record["start"] = serde_json::to_value(&drawing).unwrap();
    write("records", "start-at-a-draw-with-no-deck", record.to_string().as_bytes());
    let twice = started.record().to_json().replacen('{', r#"{"seed":2,"#, 1);
    write("records", "seed-twice", twice.as_bytes());
}
