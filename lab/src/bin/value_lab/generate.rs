//! `value_lab generate`: self-play games of the search (both seats the same search, each with its own
//! seed), every position where a player is to play a card read from both players' sides, with the
//! game's outcome for that player and each flag's (a flag still open at the end: the hand-made chance
//! there). Game g is dealt from seed + g; a share of the games is played without tactics. Written as
//! described in `tools/train_value.py`.
//!
//! `--timings afterPlay,startOfTurn` plays game g in the (g mod n)-th of the n claim timings listed
//! (`afterPlay` alone unless given). `--opponent heuristic` seats the rule-based bot against the
//! search (the search in seat (g / n) mod 2), so that the outcomes are those of the search against it;
//! both sides' positions are recorded either way.

use std::io::Write;
use std::sync::Arc;

use battleline::bot::{value_inputs, Bot, HeuristicBot, Leaf, INPUTS};
use battleline::{ClaimTiming, Game, Options, Phase, Position};

use super::self_play::play_games;
use super::{claim_timing, fail, leaf, search, Args};

/// Floats a record: the inputs, the outcome, nine flags, the game's id.
const RECORD: usize = INPUTS + 1 + 9 + 1;

pub(crate) fn run(args: &Args) {
    let out = args.get("--out").unwrap_or_else(|| fail("generate needs --out FILE"));
    let games: u64 = args.num("--games", 100);
    let seconds: f64 = args.num("--seconds", f64::INFINITY);
    let seed: u64 = args.num("--seed", 10_000_000);
    let playouts: u32 = args.num("--playouts", 300);
    let threads: usize = args.num("--threads", 2);
    let no_tactics: f64 = args.num("--no-tactics-share", 0.25);
    let leaf = leaf(args.get("--model").unwrap_or("embedded"));
    let timings: Vec<ClaimTiming> = args.get("--timings").unwrap_or("afterPlay").split(',').map(claim_timing).collect();
    let against_heuristic = match args.get("--opponent").unwrap_or("self") {
        "self" => false,
        "heuristic" => true,
        other => fail(&format!("--opponent {other:?}: expected self or heuristic")),
    };
    let file = std::fs::File::create(out).unwrap_or_else(|e| fail(&format!("{out}: {e}")));
    let mut writer = std::io::BufWriter::new(file);
    writer.write_all(b"BLD1").unwrap();
    writer.write_all(&(INPUTS as u32).to_le_bytes()).unwrap();
    writer.write_all(&(RECORD as u32).to_le_bytes()).unwrap();
    let played = play_games(&mut writer, games, seconds, threads, no_tactics, |g, tactics| {
        let rotation = timings.len() as u64;
        let options = Options { tactics, claim_timing: timings[(g % rotation) as usize], ..Options::default() };
        let heuristic_seat = against_heuristic.then_some(1 - ((g / rotation) % 2) as usize);
        let bytes = game_records(seed + g, g, options, heuristic_seat, playouts, &leaf);
        let n = (bytes.len() / (RECORD * 4)) as u64;
        (bytes, n)
    });
    writer.flush().unwrap();
    eprintln!(
        "generate: about {} games, {} positions (both sides) in {:.0} s, search:{playouts}, model {}, timings {timings:?}, opponent {}",
        played.games,
        played.records,
        played.seconds,
        args.get("--model").unwrap_or("embedded"),
        args.get("--opponent").unwrap_or("self"),
    );
}

/// One game's records as little-endian bytes: the search against itself, or against the rule-based
/// bot in `heuristic_seat`.
fn game_records(
    seed: u64,
    id: u64,
    options: Options,
    heuristic_seat: Option<usize>,
    playouts: u32,
    leaf: &Arc<dyn Leaf>,
) -> Vec<u8> {
    let mut game = Game::new(options, seed).expect("a two-player game");
    let mut bots: [Box<dyn Bot>; 2] = [0, 1].map(|p| -> Box<dyn Bot> {
        let bot_seed = seed.wrapping_mul(2).wrapping_add(p as u64);
        match heuristic_seat == Some(p) {
            true => Box::new(HeuristicBot::new(bot_seed)),
            false => Box::new(search(playouts, bot_seed, leaf)),
        }
    });
    let mut seen: Vec<Position> = Vec::new();
    while !game.is_match_over() {
        let position = *game.position();
        if position.phase() == Phase::Play {
            seen.push(position);
        }
        let player = position.current();
        let view = game.view(player).expect("a seat");
        let action = bots[player].choose(&view).expect("the search answers");
        game.apply(&action).expect("the search plays legally");
    }
    let last = *game.position();
    let winner = last.result().and_then(|r| r.winner);
    let mut bytes = Vec::with_capacity(seen.len() * 2 * RECORD * 4);
    for me in 0..2 {
        let outcome = match winner {
            Some(w) if w == me => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let (_, open) = value_inputs(&last, me);
        let flags: Vec<f32> = last
            .flags()
            .iter()
            .zip(open)
            .map(|(flag, chance)| flag.claimed.map_or(chance, |p| if p == me { 1.0 } else { 0.0 }))
            .collect();
        for position in &seen {
            let (inputs, _) = value_inputs(position, me);
            let tail = [outcome, id as f32];
            let record = inputs.iter().chain(&tail[..1]).chain(&flags).chain(&tail[1..]);
            record.for_each(|f| bytes.extend_from_slice(&f.to_le_bytes()));
        }
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use battleline::bot::StaticLeaf;

    #[test]
    fn a_game_gives_both_sides_of_every_position_with_its_outcome() {
        let leaf: Arc<dyn Leaf> = Arc::new(StaticLeaf::new(&battleline::bot::SearchConfig::default()));
        let options = Options::default();
        let bytes = game_records(7, 3, options, None, 20, &leaf);
        let floats: Vec<f32> = bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
        assert_eq!(floats.len() % RECORD, 0);
        let records: Vec<&[f32]> = floats.chunks_exact(RECORD).collect();
        assert!(records.len() >= 20 && records.len() % 2 == 0, "{} records", records.len());
        let (mine, theirs) = records.split_at(records.len() / 2);
        for (a, b) in mine.iter().zip(theirs) {
            assert_eq!(a[RECORD - 1], 3.0, "the game's id");
            assert_eq!(a[INPUTS] + b[INPUTS], 1.0, "one side's win is the other's loss (or both draw)");
            assert!(a[INPUTS + 1..RECORD - 1].iter().all(|p| (0.0..=1.0).contains(p)));
        }
        // The same seed gives the same records.
        assert_eq!(game_records(7, 3, options, None, 20, &leaf), bytes);
    }

    #[test]
    fn against_the_heuristic_in_another_timing_the_game_differs_and_still_gives_both_sides() {
        let leaf: Arc<dyn Leaf> = Arc::new(StaticLeaf::new(&battleline::bot::SearchConfig::default()));
        let options = Options { claim_timing: ClaimTiming::StartOfTurn, ..Options::default() };
        let self_play = game_records(7, 3, options, None, 20, &leaf);
        let bytes = game_records(7, 3, options, Some(1), 20, &leaf);
        assert_ne!(bytes, self_play, "the rule-based bot plays seat 1");
        let floats: Vec<f32> = bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
        let records: Vec<&[f32]> = floats.chunks_exact(RECORD).collect();
        let (mine, theirs) = records.split_at(records.len() / 2);
        assert!(mine.iter().zip(theirs).all(|(a, b)| a[INPUTS] + b[INPUTS] == 1.0));
    }
}
