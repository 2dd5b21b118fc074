//! The coach's corpus: whole games at every level where seat 0 follows every hint (each given the
//! previous one) against the search at that level, each searched decision's hint with its reasons and,
//! after the game, the review's verdict on it with the reasons for the move played and the better one.
//! Writes the corpus as JSON (one object per position, with each game's record so that any position can
//! be replayed) and prints a summary:
//! - reasons that name no formation, card, out or claim (target 0);
//! - chance lines (the hint's and the verdict's `reason`) about a flag the move touches or one of its
//!   reasons names (target at least 90%);
//! - hints that take back (Redeploy) the card the previous hint placed with nothing seen since (target 0).
//!
//! ```text
//! cargo run --release -p battleline-lab --example coach_corpus -- [--games 5] [--deal 500] [--out docs/coach-corpus.json]
//! ```

use std::collections::BTreeMap;

use battleline::bot::{Level, Reason, Reviewer};
use battleline::{Action, FlagId, Game};
use battleline_lab::follow::{follow_hints, Decision, Placed};
use serde_json::{json, Value};

fn main() {
    let (mut games, mut deal, mut out) = (5u64, 500u64, String::from("docs/coach-corpus.json"));
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        match flag.as_str() {
            "--games" => games = value.parse().expect("a number"),
            "--deal" => deal = value.parse().expect("a number"),
            "--out" => out = value,
            other => panic!("unknown argument {other}"),
        }
    }
    let mut positions = Vec::new();
    let mut records = Vec::new();
    let mut tally = Tally::default();
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        for g in 0..games {
            let seed = deal + g;
            let (record, hints) = play(level, seed, &mut tally);
            let review: BTreeMap<usize, _> =
                Reviewer::new(&record, 0, level, seed).unwrap().map(|d| d.unwrap()).map(|d| (d.index, d)).collect();
            let replayed = Game::from_record(&record).unwrap();
            for (index, hint) in hints {
                let Some(verdict) = review.get(&index) else { continue };
                let before = replayed.replay_to(index).unwrap();
                tally.count_reasons(hint.reasons.iter().chain(&verdict.played_reasons).chain(&verdict.best_reasons));
                if let Some(line) = hint.reason {
                    tally.chance_line(line.flag, &[&touched(&before, &hint.action)], &hint.reasons);
                }
                if let Some(line) = verdict.reason {
                    let moves = [&touched(&before, &verdict.played)[..], &touched(&before, &verdict.best)[..]].concat();
                    let reasons: Vec<Reason> =
                        verdict.played_reasons.iter().chain(&verdict.best_reasons).cloned().collect();
                    tally.chance_line(line.flag, &[&moves], &reasons);
                }
                positions.push(json!({
                    "level": level.to_string(),
                    "game": records.len(),
                    "index": index,
                    "hint": { "action": hint.action, "reason": hint.reason, "reasons": hint.reasons, "win": hint.after.win },
                    "verdict": {
                        "played": verdict.played,
                        "best": verdict.best,
                        "loss": verdict.loss,
                        "judgement": verdict.judgement,
                        "reason": verdict.reason,
                        "playedReasons": verdict.played_reasons,
                        "bestReasons": verdict.best_reasons,
                    },
                }));
            }
            records.push(serde_json::to_value(&record).unwrap());
        }
    }
    let summary = tally.summary(positions.len());
    println!("{}", serde_json::to_string_pretty(&summary).unwrap());
    let corpus = json!({ "command": "cargo run --release -p battleline-lab --example coach_corpus", "summary": summary, "records": records, "positions": positions });
    std::fs::write(&out, serde_json::to_string(&corpus).unwrap()).unwrap();
    eprintln!("wrote {} positions to {out}", positions.len());
}

/// One game: seat 0 follows every hint at `level` (given the previous one), seat 1 is the search at
/// `level`. Returns the record and each searched hint by the index of its action.
fn play(level: Level, seed: u64, tally: &mut Tally) -> (battleline::Record, Vec<(usize, battleline::bot::Hint)>) {
    let mut hints = Vec::new();
    let game = follow_hints(level, seed, |Decision { game, view, hint, placed }| {
        tally.check_undo(game, &view.hand, &hint.action, placed);
        if hint.searched {
            hints.push((game.actions().len(), hint.clone()));
        }
    });
    (game.record(), hints)
}

/// The flags a move puts a card on or takes one from.
fn touched(game: &Game, action: &Action) -> Vec<FlagId> {
    let lying = |card| FlagId::all().find(|&f| game.position().flag(f).sides.iter().any(|s| s.contains(card)));
    match *action {
        Action::Play { flag, .. } | Action::Environment { flag, .. } => vec![flag],
        Action::Traitor { card, to } => [Some(to), lying(card)].into_iter().flatten().collect(),
        Action::Redeploy { card, to } => [to, lying(card)].into_iter().flatten().collect(),
        Action::Deserter { card } => lying(card).into_iter().collect(),
        _ => Vec::new(),
    }
}

#[derive(Default)]
struct Tally {
    reasons: usize,
    naming_nothing: usize,
    by_kind: BTreeMap<String, usize>,
    chance_lines: usize,
    linked_lines: usize,
    undone_without_news: usize,
    undone_with_news: usize,
}

impl Tally {
    fn count_reasons<'a>(&mut self, reasons: impl Iterator<Item = &'a Reason>) {
        for reason in reasons {
            self.reasons += 1;
            let kind = serde_json::to_value(reason).unwrap()["type"].as_str().unwrap_or("?").to_string();
            *self.by_kind.entry(kind).or_default() += 1;
            self.naming_nothing += usize::from(!names_something(reason));
        }
    }

    fn chance_line(&mut self, flag: FlagId, moves: &[&[FlagId]], reasons: &[Reason]) {
        self.chance_lines += 1;
        let linked = moves.iter().any(|m| m.contains(&flag)) || reasons.iter().any(|r| r.flag() == flag);
        self.linked_lines += usize::from(linked);
    }

    /// A hint that Redeploys the card the previous hint placed: news is a card drawn since or an
    /// opponent's card arrived at that flag since (read from the game, not from the hint).
    fn check_undo(&mut self, game: &Game, hand: &[battleline::Card], action: &Action, placed: Option<&Placed>) {
        let (Action::Redeploy { card, .. }, Some(p)) = (*action, placed) else { return };
        if card != p.card {
            return;
        }
        let drawn = hand.iter().any(|c| !p.previous.hand.contains(c));
        let flag = FlagId::all().find(|&f| game.position().flag(f).sides[0].contains(card));
        let arrived = flag.is_some_and(|f| game.position().flag(f).sides[1].arrivals().any(|at| at > p.stamp));
        if drawn || arrived {
            self.undone_with_news += 1;
        } else {
            self.undone_without_news += 1;
        }
    }

    fn summary(&self, positions: usize) -> Value {
        json!({
            "positions": positions,
            "reasons": self.reasons,
            "reasonsByKind": self.by_kind,
            "reasonsNamingNothing": self.naming_nothing,
            "chanceLines": self.chance_lines,
            "chanceLinesLinked": self.linked_lines,
            "chanceLinesLinkedShare": if self.chance_lines == 0 { 1.0 } else { self.linked_lines as f64 / self.chance_lines as f64 },
            "hintsUndoingThePreviousWithoutNews": self.undone_without_news,
            "hintsUndoingThePreviousWithNews": self.undone_with_news,
        })
    }
}

/// Whether a reason names a formation, a card, an out or a claim.
fn names_something(reason: &Reason) -> bool {
    match reason {
        Reason::Fog { mine, theirs, .. } | Reason::Mud { mine, theirs, .. } => mine.is_some() || theirs.is_some(),
        Reason::Breaks { card: _, .. } | Reason::Denies { .. } | Reason::Dump { .. } | Reason::Weakens { .. } => true,
        Reason::Replans { seen, .. } => !seen.is_empty(),
        Reason::Completes { cards, .. } => !cards.is_empty(),
        Reason::Aims { target, .. } | Reason::Keeps { target, .. } => !target.cards.is_empty(),
        Reason::Frees { .. } | Reason::Secures { .. } | Reason::Unwinnable { .. } | Reason::Tempo { .. } => true,
        Reason::DrawsTroop { target, .. } | Reason::Scouts { target, .. } => !target.outs.is_empty(),
        Reason::DrawsTactics { cards, .. } => !cards.is_empty(),
        Reason::Claims { .. } => true,
    }
}
