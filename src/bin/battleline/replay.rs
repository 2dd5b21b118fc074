//! `battleline replay FILE`: replays a record; names the first error, or shows the final board, the
//! result(s) and the match scores as text.

use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::PathBuf;

use battleline::{best_strength, Card, ErrorCode, FlagId, Game, GameResult, Victory, MAX_RECORD_BYTES};

use crate::failure::Failure;

pub const LONG_ABOUT: &str = "\
Replay a game record (the JSON of Game::record) and show how it ends.

The record is parsed and every action replayed from the seed. The first problem (malformed JSON, a bad field,
an illegal action, named by its number from 1) is printed on standard error as `battleline: CODE: MESSAGE`
with exit code 1. Otherwise the final board is printed (flags 1..9, each side with its formation once complete,
Fog and Mud, who claimed it), then the result of every game and the match scores.";

/// Arguments of `battleline replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let (source, name): (Box<dyn Read>, String) = if args.file.as_os_str() == "-" {
        (Box::new(io::stdin()), "standard input".into())
    } else {
        let file = std::fs::File::open(&args.file)
            .map_err(|e| Failure::new(format!("cannot read {}: {e}", args.file.display())))?;
        (Box::new(file), args.file.display().to_string())
    };
    // Read at most one byte more than a record may hold: a huge file is refused without being stored.
    let mut bytes = Vec::new();
    source
        .take(MAX_RECORD_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::new(format!("cannot read the record from {name}: {e}")))?;
    if bytes.len() > MAX_RECORD_BYTES {
        let message = format!("{name} holds more than {MAX_RECORD_BYTES} bytes, more than any record");
        return Err(battleline::Error::new(ErrorCode::BadRecord, message).into());
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| battleline::Error::new(ErrorCode::BadRecord, format!("{name} is not UTF-8 text")))?;
    let game = Game::from_record_json(&text)?;
    let mut out = io::stdout().lock();
    out.write_all(describe(&game).as_bytes())?;
    out.flush()?;
    Ok(())
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
}

fn result_text(result: &GameResult, players: usize) -> String {
    let how = match result.victory {
        Victory::Breakthrough => "breakthrough",
        Victory::Envelopment => "envelopment",
        Victory::Exhaustion => "exhaustion (every player passed in a row)",
    };
    let flags = result.flags[..players].iter().map(u8::to_string).collect::<Vec<_>>().join("-");
    match result.winner {
        Some(p) => format!("player {p} wins by {how}, flags {flags}"),
        None => format!("draw by {how}, flags {flags}"),
    }
}

/// The whole report: the record's settings, the board, the results and the scores.
pub fn describe(game: &Game) -> String {
    let options = game.options();
    let position = game.position();
    let players = options.players;
    let timing = serde_json::to_value(options.claim_timing).ok().and_then(|v| v.as_str().map(String::from));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "record: seed {}, {players} players, {}, claim timing {}, {} game{}; {} actions replayed",
        game.seed(),
        if options.tactics { "with tactics" } else { "without tactics" },
        timing.unwrap_or_default(),
        options.games,
        if options.games == 1 { "" } else { "s" },
        game.actions().len()
    );
    let _ = writeln!(out, "board of game {} of {}:", game.game_index() + 1, options.games);

    // One row per flag: number, each side, environment, owner.
    let mut rows: Vec<Vec<String>> = Vec::with_capacity(10);
    let mut header = vec!["flag".to_string()];
    header.extend((0..players).map(|p| format!("player {p}")));
    header.extend(["environment".to_string(), "claimed by".to_string()]);
    rows.push(header);
    for id in FlagId::all() {
        let flag = position.flag(id);
        let mut row = vec![id.to_string()];
        for p in 0..players {
            let cards: Vec<Card> = flag.sides[p].iter().collect();
            let mut side = if cards.is_empty() { "-".to_string() } else { cards_text(&cards) };
            if flag.is_complete(p) {
                let strength = best_strength(&cards, flag.fog.is_some());
                if flag.fog.is_some() {
                    let _ = write!(side, " (sum {})", strength.sum);
                } else {
                    let _ = write!(side, " ({} {})", strength.kind.name(), strength.sum);
                }
            }
            row.push(side);
        }
        let env: Vec<String> = [("fog", flag.fog), ("mud", flag.mud)]
            .into_iter()
            .filter_map(|(name, by)| by.map(|p| format!("{name} (player {p})")))
            .collect();
        row.push(if env.is_empty() { "-".into() } else { env.join(", ") });
        row.push(flag.claimed.map_or_else(|| "-".into(), |p| format!("player {p}")));
        rows.push(row);
    }
    let columns = rows[0].len();
    let widths: Vec<usize> =
        (0..columns).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
    for row in &rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c == 0 {
                let _ = write!(line, "{cell:>4}");
            } else if c + 1 == columns {
                let _ = write!(line, "  {cell}");
            } else {
                let _ = write!(line, "  {cell:<width$}", width = widths[c]);
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let discards: Vec<String> = (0..players)
        .map(|p| {
            let cards: Vec<Card> = position.discards(p).iter().collect();
            format!("player {p}: {}", if cards.is_empty() { "-".into() } else { cards_text(&cards) })
        })
        .collect();
    let _ = writeln!(out, "discards: {}", discards.join("; "));
    let _ = writeln!(out, "decks: troop {}, tactics {}", position.troop_deck_len(), position.tactics_deck_len());

    let results = game.results();
    for (i, result) in results.iter().enumerate() {
        let _ = writeln!(out, "result of game {}: {}", i + 1, result_text(result, players));
    }
    if position.result().is_none() {
        let _ = writeln!(
            out,
            "game {} in progress: player {} to {}",
            game.game_index() + 1,
            position.current(),
            position.phase_name()
        );
    } else if !game.is_match_over() {
        let _ = writeln!(out, "the match goes on: game {} of {} is next", results.len() + 1, options.games);
    }
    let scores: Vec<String> = game.scores().iter().enumerate().map(|(p, s)| format!("player {p} {s}")).collect();
    let state = if game.is_match_over() { "final" } else { "so far" };
    let _ = writeln!(out, "match scores ({state}): {}", scores.join(", "));
    out
}
