//! Where the search loses: replays the games of a sequential match (`battleline match --a search:N --b
//! heuristic --sprt ... --seed S`, the same deals, seats and bot seeds) and, for every game the search
//! loses, prints how it rated its own moves as the game went on, with the troop deck's size, so that a
//! loss can be placed: a game it thought lost early, or one it thought won until late (where an exact
//! endgame would help). `--only` replays only the games of those indexes; `--records DIR` writes every lost game's record for `battleline replay`.
//!
//! ```text
//! cargo run --release -p battleline-lab --example lost_games -- [--playouts 30000] [--seed 820000] [--pairs 20]
//!     [--no-tactics] [--records DIR] [--only I,J,...] [--boards]
//! ```

use battleline::bot::{Bot, HeuristicBot, SearchBot};
use battleline::{FlagId, Game, Options, Position};

struct Args {
    playouts: u32,
    seed: u64,
    pairs: u64,
    tactics: bool,
    records: Option<String>,
    /// Only these games of the match (by index), when given.
    only: Option<Vec<u64>>,
    /// Print the board where the search last rated itself at least a half, and at the end.
    boards: bool,
}

fn parse() -> Result<Args, String> {
    let mut args =
        Args { playouts: 30_000, seed: 820_000, pairs: 20, tactics: true, records: None, only: None, boards: false };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or_else(|| format!("{word} needs a value"));
        match word.as_str() {
            "--playouts" => args.playouts = value()?.parse().map_err(|e| format!("--playouts: {e}"))?,
            "--seed" => args.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--pairs" => args.pairs = value()?.parse().map_err(|e| format!("--pairs: {e}"))?,
            "--no-tactics" => args.tactics = false,
            "--boards" => args.boards = true,
            "--records" => args.records = Some(value()?),
            "--only" => {
                let list = value()?.split(',').map(str::parse).collect::<Result<_, _>>();
                args.only = Some(list.map_err(|e| format!("--only: {e}"))?);
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(args)
}

/// One searched decision: the action's number in the game, the troop deck's size, the search's rating.
struct Rating {
    at: usize,
    deck: usize,
    value: f32,
}

/// Game `index` of the sequential match from `seed`: the deal, the search's seat, and the game with the
/// search's ratings.
fn play(args: &Args, index: u64) -> (u64, usize, Game, Vec<Rating>) {
    let (deal, seat) = (args.seed + index / 2, (index % 2) as usize);
    // As `battleline match`: the bots of game i are seeded from S+i.
    let bot_seed = args.seed + index;
    let mut search = SearchBot::new(args.playouts, bot_seed * 2 + 1);
    let mut heuristic = HeuristicBot::new(bot_seed * 2 + 2);
    let options = Options { tactics: args.tactics, ..Options::default() };
    let mut game = Game::new(options, deal).expect("a valid deal");
    let mut ratings = Vec::new();
    while !game.is_match_over() {
        let player = game.position().current();
        let view = game.view(player).expect("a seated player");
        let action = if player == seat {
            let before = search.stats().decisions;
            let action = search.choose(&view).expect("the search decides");
            if search.stats().decisions > before {
                let value = search.last_value().unwrap_or(f32::NAN);
                ratings.push(Rating { at: game.actions().len(), deck: game.position().troop_deck_len(), value });
            }
            action
        } else {
            heuristic.choose(&view).expect("the heuristic decides")
        };
        game.apply(&action).expect("bots play legal actions");
    }
    (deal, seat, game, ratings)
}

fn main() {
    let args = match parse() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("lost_games: {message}");
            std::process::exit(2);
        }
    };
    let (mut lost, mut played) = (0, 0);
    for index in 0..args.pairs * 2 {
        if args.only.as_ref().is_some_and(|only| !only.contains(&index)) {
            continue;
        }
        let (deal, seat, game, ratings) = play(&args, index);
        played += 1;
        let result = game.results()[0];
        if result.winner == Some(seat) {
            continue;
        }
        lost += 1;
        let flags = result.flags;
        println!(
            "game {index} (seed {deal}, search in seat {seat}): lost, flags {}-{}, {} actions",
            flags[seat],
            flags[1 - seat],
            game.actions().len()
        );
        // The rating every fourth decision, and the decision where it last fell below a half.
        let line: Vec<String> =
            ratings.iter().step_by(4).map(|r| format!("{}:{}:{:.2}", r.at, r.deck, r.value)).collect();
        println!("  action:deck:rating  {}", line.join(" "));
        if let Some(turn) = ratings.iter().rposition(|r| r.value >= 0.5) {
            let r = &ratings[turn];
            println!("  last rated at least 0.5 at action {} (troop deck {}): {:.2}", r.at, r.deck, r.value);
            if args.boards {
                let before = game.replay_to(r.at).expect("a prefix of a legal game");
                print!("{}", board(before.position(), seat));
                print!("{}", board(game.position(), seat));
            }
        }
        if let Some(dir) = &args.records {
            let path = format!("{dir}/lost-{index}-seed-{deal}.json");
            let json = serde_json::to_string(&game.record()).expect("a record serialises");
            std::fs::write(&path, json).unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
        }
    }
    println!("lost {lost} of {played}");
}

/// The flags (the search's side first, then the opponent's), both hands and the decks, as text.
fn board(position: &Position, me: usize) -> String {
    let cards = |set: battleline::CardSet| set.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    let mut out = format!(
        "    troop deck {}, tactics deck {}, to move: {}\n",
        position.troop_deck_len(),
        position.tactics_deck_len(),
        if position.current() == me { "search" } else { "heuristic" }
    );
    for id in FlagId::all() {
        let flag = position.flag(id);
        let side = |p: usize| flag.sides[p].iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
        let owner = match flag.claimed {
            Some(p) if p == me => " [search]",
            Some(_) => " [heuristic]",
            None => "",
        };
        let env = [("fog", flag.fog), ("mud", flag.mud)]
            .iter()
            .filter(|(_, by)| by.is_some())
            .map(|(name, _)| format!(" {name}"))
            .collect::<String>();
        out += &format!("    {id}: {:<14} | {:<14}{owner}{env}\n", side(me), side(1 - me));
    }
    out += &format!("    hands: search {} | heuristic {}\n", cards(position.hand(me)), cards(position.hand(1 - me)));
    out
}
