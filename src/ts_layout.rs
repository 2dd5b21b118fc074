//! The layout of ts-rs's declarations in the files derived from the Rust types: the engine's
//! (src/declarations.rs) and the online protocol's (server/src/protocol_ts.rs, which includes this file
//! by path, so that both files are laid out by the same code). Test builds only.

use ts_rs::{Config, TS};

/// One exported declaration with its documentation, less the Rust examples the doc comments carry.
pub(crate) fn declaration<T: TS + ?Sized>(config: &Config) -> String {
    let docs = T::docs().map(|d| format!("{}\n", d.trim_end())).unwrap_or_default();
    without_examples(&format!("{docs}export {}\n", pretty(&T::decl(config))))
}

/// ts-rs's one-line objects laid out one member a line, each object's members indented and its
/// closing brace on a line of its own (wasm-bindgen indents the custom sections it copies by the
/// braces that end and begin lines, so the braces must be balanced line by line).
fn pretty(decl: &str) -> String {
    let (mut out, mut depth, mut nested) = (String::new(), 0usize, 0usize);
    let indent = |out: &mut String, depth: usize| {
        if out.ends_with('\n') {
            out.push_str(&"  ".repeat(depth));
        }
    };
    let mut chars = decl.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                // A doc comment: copied line by line at the current depth.
                let mut comment = String::from("/");
                for d in chars.by_ref() {
                    comment.push(d);
                    if comment.ends_with("*/") {
                        break;
                    }
                }
                for line in comment.lines() {
                    let line = line.trim();
                    indent(&mut out, depth);
                    out.push_str(if line.starts_with('*') { " " } else { "" });
                    out.push_str(line);
                    out.push('\n');
                }
            }
            '"' => {
                indent(&mut out, depth);
                out.push('"');
                for d in chars.by_ref() {
                    out.push(d);
                    if d == '"' {
                        break;
                    }
                }
            }
            '{' => {
                indent(&mut out, depth);
                out.push_str("{\n");
                depth += 1;
            }
            '}' => {
                out.truncate(out.trim_end_matches(' ').len());
                if !out.ends_with('\n') {
                    out.push_str(";\n");
                }
                depth = depth.saturating_sub(1);
                indent(&mut out, depth);
                out.push('}');
            }
            '[' | '<' | '(' => {
                indent(&mut out, depth);
                nested += 1;
                out.push(c);
            }
            ']' | '>' | ')' => {
                nested = nested.saturating_sub(1);
                out.push(c);
            }
            ',' if nested == 0 && depth > 0 => {
                out.truncate(out.trim_end_matches(' ').len());
                out.push_str(";\n");
            }
            ' ' | '\n' if out.ends_with('\n') || out.ends_with(' ') || out.is_empty() => {}
            '\n' => out.push(' '),
            _ => {
                indent(&mut out, depth);
                out.push(c);
            }
        }
    }
    out.trim_end().to_string()
}

/// The text without the fenced code blocks of its doc comments (Rust examples, meaningless in
/// TypeScript), and without the blank comment line left before each block's end.
fn without_examples(text: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let mut in_example = false;
    for line in text.lines() {
        let content = line.trim_start().trim_start_matches('*').trim();
        if content.starts_with("```") {
            in_example = !in_example;
            continue;
        }
        if in_example {
            continue;
        }
        if line.trim() == "*/" && out.last().is_some_and(|l| l.trim() == "*") {
            out.pop();
        }
        out.push(line);
    }
    out.join("\n") + "\n"
}
