//! `value_lab policy-data`: the learned policy's training data. Self-play games of the search (both
//! seats the same search, each with its own seed); at every searched decision, each legal action of the
//! player to move with the policy's inputs for it (read from that player's view) and the visits the
//! search gave it at the root (0 for an action never expanded). Game g is dealt from seed + g; a share
//! of the games is played without tactics.
//!
//! The file: the bytes `BLQ1`, the policy's input count as a little-endian `u32`, then per decision
//! the game's id and the number of actions n as `f32`, then n rows of the inputs and the visits, all
//! little-endian `f32` (read by `tools/train_policy.py`).

use std::io::Write;
use std::sync::Arc;

use battleline::bot::{policy_inputs, Leaf, SearchConfig, POLICY_INPUTS};
use battleline::{Game, Options};

use super::self_play::play_games;
use super::{fail, leaf, policy_config, search_with, Args};

pub(crate) fn run(args: &Args) {
    let out = args.get("--out").unwrap_or_else(|| fail("policy-data needs --out FILE"));
    let games: u64 = args.num("--games", 100);
    let seconds: f64 = args.num("--seconds", f64::INFINITY);
    let seed: u64 = args.num("--seed", 20_000_000);
    let playouts: u32 = args.num("--playouts", 1000);
    let threads: usize = args.num("--threads", 2);
    let no_tactics: f64 = args.num("--no-tactics-share", 0.25);
    let leaf = leaf(args.get("--model").unwrap_or("embedded"));
    let config = policy_config(SearchConfig::default(), args.get("--policy"));
    let file = std::fs::File::create(out).unwrap_or_else(|e| fail(&format!("{out}: {e}")));
    let mut writer = std::io::BufWriter::new(file);
    writer.write_all(b"BLQ1").unwrap();
    writer.write_all(&(POLICY_INPUTS as u32).to_le_bytes()).unwrap();
    let played = play_games(&mut writer, games, seconds, threads, no_tactics, |g, tactics| {
        game_records(seed + g, g, tactics, playouts, &leaf, config)
    });
    writer.flush().unwrap();
    eprintln!(
        "policy-data: about {} games, {} searched decisions in {:.0} s, search:{playouts}, model {}, policy {}",
        played.games,
        played.records,
        played.seconds,
        args.get("--model").unwrap_or("embedded"),
        args.get("--policy").unwrap_or("none"),
    );
}

/// One self-play game's decisions as little-endian bytes, and how many there are.
fn game_records(
    seed: u64,
    id: u64,
    tactics: bool,
    playouts: u32,
    leaf: &Arc<dyn Leaf>,
    config: SearchConfig,
) -> (Vec<u8>, u64) {
    let options = Options { tactics, ..Options::default() };
    let mut game = Game::new(options, seed).expect("a two-player game");
    let mut bots = [0, 1].map(|p| search_with(playouts, seed.wrapping_mul(2).wrapping_add(p), leaf, config));
    let (mut bytes, mut count) = (Vec::new(), 0);
    let mut put = |f: f32| bytes.extend_from_slice(&f.to_le_bytes());
    while !game.is_match_over() {
        let player = game.position().current();
        let view = game.view(player).expect("a seat");
        let (action, visits) = bots[player].choose_with_visits(&view).expect("the search answers");
        if !visits.is_empty() {
            let legal = game.legal_actions();
            let inputs = policy_inputs(&view, &legal).expect("the view is consistent");
            put(id as f32);
            put(legal.len() as f32);
            for (a, x) in legal.iter().zip(&inputs) {
                x.iter().for_each(|&f| put(f));
                put(visits.iter().find(|(b, _)| b == a).map_or(0, |(_, v)| *v) as f32);
            }
            count += 1;
        }
        game.apply(&action).expect("the search plays legally");
    }
    (bytes, count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use battleline::bot::StaticLeaf;

    #[test]
    fn every_searched_decision_gives_each_legal_action_with_its_root_visits() {
        let leaf: Arc<dyn Leaf> = Arc::new(StaticLeaf::new(&SearchConfig::default()));
        let (bytes, decisions) = game_records(7, 3, true, 50, &leaf, SearchConfig::default());
        let floats: Vec<f32> = bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
        let (mut at, mut read) = (0, 0);
        while at < floats.len() {
            assert_eq!(floats[at], 3.0, "the game's id");
            let n = floats[at + 1] as usize;
            assert!(n >= 2, "a searched decision has a choice");
            let rows = &floats[at + 2..at + 2 + n * (POLICY_INPUTS + 1)];
            let visits: f32 = rows.chunks_exact(POLICY_INPUTS + 1).map(|r| r[POLICY_INPUTS]).sum();
            assert_eq!(visits, 50.0, "the root's visits are the budget's playouts");
            at += 2 + n * (POLICY_INPUTS + 1);
            read += 1;
        }
        assert_eq!(at, floats.len());
        assert!(read == decisions && decisions >= 10, "{read} of {decisions} decisions");
        assert_eq!(game_records(7, 3, true, 50, &leaf, SearchConfig::default()).0, bytes, "seeded");
    }

    /// The policies trained on the lent machine (lab/policies/gen1.bin, gen2.bin) read, and a search
    /// the first guides plays whole games legally (with and without tactics), every decision's visits
    /// the budget's.
    #[test]
    fn a_search_guided_by_the_trained_policy_plays_whole_games() {
        use battleline::bot::PolicyModel;
        PolicyModel::from_bytes(include_bytes!("../../../policies/gen2.bin")).expect("gen-2 weights read");
        let model = PolicyModel::from_bytes(include_bytes!("../../../policies/gen1.bin")).unwrap();
        let config =
            SearchConfig { policy: Some(Box::leak(Box::new(model))), policy_weight: 0.5, ..SearchConfig::default() };
        let leaf: Arc<dyn Leaf> = Arc::new(StaticLeaf::new(&config));
        for (seed, tactics) in [(11, true), (12, false)] {
            let (bytes, decisions) = game_records(seed, 0, tactics, 60, &leaf, config);
            assert!(decisions >= 10, "{decisions} decisions");
            let plain = game_records(seed, 0, tactics, 60, &leaf, SearchConfig::default()).0;
            assert_ne!(bytes, plain, "the policy changes the search's visits");
        }
    }
}
