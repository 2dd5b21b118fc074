//! `battleline prove`: one hypothetical flag (`battleline::FlagSetup`) per input line, one proof
//! (`battleline::Proof`) or error object per output line, in order. A bad line never stops the run.

use std::io::{self, BufRead, BufWriter, Write};

use battleline::{Error, ErrorCode, FlagSetup};
use serde_json::json;

use crate::failure::Failure;
use crate::lines::{self, Line, MAX_MESSAGE_BYTES};

pub const LONG_ABOUT: &str = "\
Prove claims of hypothetical flags (R-CLAIM).

Reads JSON lines on standard input, one flag each, for example
  {\"sides\": [[\"r3\",\"r4\",\"r5\"],[\"b8\"]], \"fog\": false, \"mud\": false, \"claimant\": 0,
   \"firstComplete\": null, \"unseen\": [\"b7\",\"b9\"]}
(`unseen`: the troop cards that may still come; `completionOrder` may replace `firstComplete`), and writes one
JSON line each: the proof, with `claimable`, `claimantStrength`, `opponents` (each opponent's best reachable
formation: the counterexample when the claim fails) and a `reason` sentence.

A bad line (not JSON, an unknown card, an impossible flag) gets the line
  {\"error\": {\"code\": \"bad_input\", \"message\": \"line 3: ...\"}}
and the run goes on. Blank lines are skipped. Exit code 0 at the end of the input.";

/// Arguments of `battleline prove` (none: it reads standard input).
#[derive(clap::Args, Debug)]
pub struct Args {}

pub fn run(_args: &Args) -> Result<(), Failure> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    answer_lines(stdin.lock(), &mut BufWriter::new(stdout.lock()))
}

/// Answers every line of `input`, flushing after each answer so that `prove` can serve as a co-process.
/// A line longer than [`MAX_MESSAGE_BYTES`] gets an error and is skipped without being stored.
fn answer_lines(mut input: impl BufRead, output: &mut impl Write) -> Result<(), Failure> {
    let mut number = 0usize;
    loop {
        let raw = match lines::read_line(&mut input, MAX_MESSAGE_BYTES)? {
            Line::End => return Ok(()),
            Line::Text(raw) => Ok(raw),
            Line::TooLong => {
                lines::skip_line(&mut input)?;
                Err(Error::new(ErrorCode::BadInput, format!("the line is longer than {MAX_MESSAGE_BYTES} bytes")))
            }
        };
        number += 1;
        let answer = match raw.as_deref().map(std::str::from_utf8) {
            Ok(Ok(line)) if line.trim().is_empty() => continue,
            Ok(Ok(line)) => answer(line),
            Ok(Err(e)) => Err(Error::new(ErrorCode::BadInput, format!("the line is not UTF-8 text ({e})"))),
            Err(e) => Err(e.clone()),
        };
        let text = match answer {
            Ok(proof) => proof,
            Err(error) => {
                let message = format!("line {number}: {}", error.message);
                json!({ "error": { "code": error.code, "message": message } }).to_string()
            }
        };
        writeln!(output, "{text}")?;
        output.flush()?;
    }
}

/// The proof of one line, as JSON text.
fn answer(line: &str) -> Result<String, Error> {
    let setup: FlagSetup = serde_json::from_str(line).map_err(|e| {
        // serde_json ends with "at line 1 column N": within one input line only the column says anything.
        let text = e.to_string();
        let text = text.rfind(" at line ").map_or(text.as_str(), |at| &text[..at]);
        Error::new(ErrorCode::BadInput, format!("not a flag setup: {text} (column {})", e.column()))
    })?;
    let proof = setup.prove()?;
    serde_json::to_string(&proof).map_err(|e| Error::new(ErrorCode::BadInput, format!("cannot write the proof: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &str) -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        answer_lines(input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    #[test]
    fn each_line_gets_a_proof_or_an_error_in_order() {
        let good = r#"{"sides": [["r3","r4","r5"],["b8"]], "claimant": 0, "unseen": ["b7","b9"]}"#;
        let input = format!("{good}\n\n{{\"sides\": [[\"zz\"]]}}\n{good}");
        let out = lines(&input);
        assert_eq!(out.len(), 3);
        assert_eq!(out[0]["claimable"], false);
        assert_eq!(out[1]["error"]["code"], "bad_input");
        assert!(out[1]["error"]["message"].as_str().unwrap().starts_with("line 3: "), "{}", out[1]);
        assert_eq!(out[2]["claimable"], false);
    }

    #[test]
    fn an_overlong_line_gets_an_error_and_the_next_line_its_proof() {
        let good = r#"{"sides": [["r3","r4","r5"],["b8"]], "claimant": 0, "unseen": ["b7","b9"]}"#;
        let input = format!("{}\n{good}\n", " ".repeat(MAX_MESSAGE_BYTES + 10));
        let out = lines(&input);
        assert_eq!(out.len(), 2);
        assert!(out[0]["error"]["message"].as_str().unwrap().contains("longer than"), "{}", out[0]);
        assert_eq!(out[1]["claimable"], false);
    }
}
