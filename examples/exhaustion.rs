//! How games between heuristic bots end: by breakthrough, envelopment or exhaustion (R-TURN-6), and how
//! many are drawn. Three-player games (R-3P) by default; `--two` for two players with tactics, where a
//! pass can be voluntary (a tactics card was playable).
//!
//! ```sh
//! cargo run --release --example exhaustion -- 300          # 300 three-player games from seed 0
//! cargo run --release --example exhaustion -- 300 --two    # two players, tactics
//! ```
use battleline::bot::{play_game, Bot, HeuristicBot};
use battleline::{Options, Victory};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(300);
    let two = args.iter().any(|a| a == "--two");
    let options = if two { Options::default() } else { Options { players: 3, tactics: false, ..Options::default() } };
    let (mut breakthrough, mut envelopment, mut exhaustion, mut exhaustion_drawn, mut drawn) = (0, 0, 0, 0, 0);
    for seed in 0..games {
        let mut bots: Vec<HeuristicBot> =
            (0..options.players as u64).map(|p| HeuristicBot::new(seed * 3 + p)).collect();
        let mut seats: Vec<&mut dyn Bot> = bots.iter_mut().map(|b| b as &mut dyn Bot).collect();
        let game = play_game(options, seed, &mut seats).expect("the heuristic bots play legal actions");
        let result = game.position().result().expect("a finished game has a result");
        match result.victory {
            Victory::Breakthrough => breakthrough += 1,
            Victory::Envelopment => envelopment += 1,
            Victory::Exhaustion => {
                exhaustion += 1;
                exhaustion_drawn += u32::from(result.winner.is_none());
            }
        }
        drawn += u32::from(result.winner.is_none());
    }
    let pct = |n: u32| 100.0 * f64::from(n) / games as f64;
    let players = options.players;
    println!("{games} {players}-player games between heuristic bots (seeds 0..{games}):");
    println!(
        "  breakthrough {breakthrough} ({:.1}%), envelopment {envelopment} ({:.1}%)",
        pct(breakthrough),
        pct(envelopment)
    );
    println!("  exhaustion {exhaustion} ({:.1}%), of which drawn {exhaustion_drawn}", pct(exhaustion));
    println!("  drawn in all {drawn} ({:.1}%)", pct(drawn));
}
