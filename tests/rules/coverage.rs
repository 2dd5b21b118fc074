//! Every rule id of docs/RULES.md (a verbatim copy of the rules contract) is named by at least one test
//! function: `r_turn_4` in the name of a `#[test]` function under tests/ or in a `#[cfg(test)]` module
//! of src/ that runs (a comment naming the id, or an `#[ignore]`d test, does not count). Section ids
//! without numbered rules (`R-3P`) count as ids. The test prints the table of ids and the tests that
//! name them, and fails naming every id that no test names.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// `R-TURN-4` → ("TURN", Some(4)); `R-3P` → ("3P", None). Reads one token starting at `text`.
fn parse_id(text: &str) -> Option<(String, Option<u32>)> {
    let mut after = text.strip_prefix("R-")?;
    // A prefix is one or more words of capitals and digits (`TURN`, `3P-RESIGN`), each with a capital.
    let mut prefix = String::new();
    loop {
        let word: String = after.chars().take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit()).collect();
        if word.is_empty() || !word.chars().any(|c| c.is_ascii_uppercase()) {
            break;
        }
        if !prefix.is_empty() {
            prefix.push('-');
        }
        prefix.push_str(&word);
        after = &after[word.len()..];
        match after.strip_prefix('-') {
            Some(next) if next.starts_with(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit()) => {
                let next_word: String =
                    next.chars().take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit()).collect();
                if !next_word.chars().any(|c| c.is_ascii_uppercase()) {
                    break;
                }
                after = next;
            }
            _ => break,
        }
    }
    if prefix.is_empty() {
        return None;
    }
    let number = after.strip_prefix('-').and_then(|n| {
        let digits: String = n.chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse().ok()
    });
    Some((prefix, number))
}

fn id_name(prefix: &str, number: Option<u32>) -> String {
    match number {
        Some(n) => format!("R-{prefix}-{n}"),
        None => format!("R-{prefix}"),
    }
}

/// Every `R-…` token of a text, in order.
fn tokens(text: &str) -> Vec<(String, Option<u32>)> {
    text.match_indices("R-")
        .filter(|(at, _)| text[..*at].chars().last().is_none_or(|c| !c.is_ascii_alphanumeric() && c != '_'))
        .filter_map(|(at, _)| parse_id(&text[at..]))
        .collect()
}

/// The rule ids of the rules file: numbered ids, plus section ids that have no numbered rules.
fn rule_ids(rules: &str) -> BTreeSet<String> {
    let all = tokens(rules);
    let numbered: BTreeSet<&str> = all.iter().filter(|(_, n)| n.is_some()).map(|(p, _)| p.as_str()).collect();
    all.iter().filter(|(p, n)| n.is_some() || !numbered.contains(p.as_str())).map(|(p, n)| id_name(p, *n)).collect()
}

/// The snake-case form of an id as it appears in a test name: `R-TURN-4` → `r_turn_4`, `R-3P` → `r_3p`.
fn snake(id: &str) -> String {
    id.to_ascii_lowercase().replace('-', "_")
}

/// Whether a test function's name names `id`: its snake form stands in the name between underscores
/// (or the name's ends), so `r_turn_4` is named by `r_turn_4_must_play` and `pass_r_turn_4`, not by
/// `r_turn_40_x` or `xr_turn_4`. A comment never counts: only a test that runs can cover a rule.
fn names_id(test_name: &str, id: &str) -> bool {
    let needle = snake(id);
    test_name.match_indices(&needle).any(|(at, _)| {
        let before = test_name[..at].chars().last();
        let after = test_name[at + needle.len()..].chars().next();
        before.is_none_or(|c| c == '_') && after.is_none_or(|c| c == '_')
    })
}

/// The names of the test functions of a source text that run (`#[test]`, other attributes may sit
/// between); a test marked `#[ignore]` does not run in the test command, so it covers nothing.
fn test_names(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    let (mut pending_test, mut ignored) = (false, false);
    for line in source.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[test]") {
            (pending_test, ignored) = (true, false);
            continue;
        }
        if pending_test {
            if trimmed.starts_with("#[ignore") {
                ignored = true;
            } else if let Some(at) = trimmed.find("fn ") {
                let name: String =
                    trimmed[at + 3..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if !ignored {
                    names.push(name);
                }
                pending_test = false;
            } else if !trimmed.starts_with("#[") && !trimmed.starts_with("//") && !trimmed.is_empty() {
                pending_test = false;
            }
        }
    }
    names
}

fn rust_files(dir: &Path, recurse: bool) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else { return files };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() && recurse {
            files.extend(rust_files(&path, true));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The part of a source file inside `#[cfg(test)]` modules (from the first `#[cfg(test)]` on: the
/// project keeps test modules at the end of each file).
fn test_part(source: &str) -> &str {
    source.find("#[cfg(test)]").map_or("", |at| &source[at..])
}

#[test]
fn every_rule_id_is_named_by_a_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = fs::read_to_string(root.join("docs/RULES.md")).expect("docs/RULES.md");
    let ids = rule_ids(&rules);
    // The parse must find the contract's ids (a guard against a broken parser passing vacuously).
    for must in
        ["R-COMP-1", "R-TURN-6", "R-CLAIM-5", "R-GUILE-5", "R-MATCH-2", "R-3P", "R-3P-RESIGN-5", "R-ENV-3", "R-VAR-2"]
    {
        assert!(ids.contains(must), "{must} not parsed from docs/RULES.md");
    }
    assert!(ids.len() >= 44, "only {} ids parsed: {ids:?}", ids.len());

    let me = root.join("tests/rules/coverage.rs");
    let mut sources: Vec<(PathBuf, String)> = Vec::new();
    for path in rust_files(&root.join("tests"), true) {
        if path != me {
            let text = fs::read_to_string(&path).unwrap_or_default();
            sources.push((path, text));
        }
    }
    for path in rust_files(&root.join("src"), true) {
        let text = fs::read_to_string(&path).unwrap_or_default();
        sources.push((path, test_part(&text).to_string()));
    }
    let mut tests: Vec<String> = Vec::new();
    for (path, text) in &sources {
        let file = path.strip_prefix(root).unwrap_or(path).display().to_string();
        tests.extend(test_names(text).into_iter().map(|name| format!("{file}::{name}")));
    }
    assert!(tests.len() >= 100, "only {} test functions found", tests.len());
    let mut named: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for id in &ids {
        for test in &tests {
            let name = test.rsplit("::").next().unwrap_or(test);
            if names_id(name, id) {
                named.entry(id.clone()).or_default().insert(test.clone());
            }
        }
    }

    let mut missing = Vec::new();
    println!("{:<12} tests naming it", "rule id");
    for id in &ids {
        let tests = named.get(id).map(|t| t.iter().cloned().collect::<Vec<_>>().join(", ")).unwrap_or_default();
        println!("{id:<12} {}", if tests.is_empty() { "MISSING" } else { &tests });
        if tests.is_empty() {
            missing.push(id.clone());
        }
    }
    assert!(missing.is_empty(), "rule ids no test function names: {missing:?}");
}

#[test]
fn id_parsing() {
    assert_eq!(rule_ids("- R-TURN-4 x, R-FORM-3/4 and (R-TAC) R-TAC-1; ## Three (R-3P)").len(), 4);
    assert_eq!(tokens("see R-FORM-3/4"), vec![("FORM".to_string(), Some(3))]);
    assert!(tokens("XR-TURN-1").is_empty());
    assert!(names_id("r_turn_4_must_play", "R-TURN-4"));
    assert!(names_id("passing_r_turn_4", "R-TURN-4"));
    assert!(names_id("r_3p_seat_order", "R-3P"));
    assert_eq!(parse_id("R-3P-RESIGN-2 x"), Some(("3P-RESIGN".into(), Some(2))));
    assert_eq!(parse_id("R-3P and"), Some(("3P".into(), None)));
    assert!(names_id("r_3p_resign_2_cards_leave", "R-3P-RESIGN-2"));
    assert!(!names_id("r_turn_40_x", "R-TURN-4"));
    assert!(!names_id("xr_turn_4", "R-TURN-4"));
    assert!(!names_id("r_claim_proof_agrees", "R-CLAIM-1"));
    let source = "// R-ENV-3: x\n#[test]\nfn r_guile_2_z() {}\nfn r_tac_1_not_a_test() {}\n";
    assert_eq!(test_names(source), vec!["r_guile_2_z".to_string()], "a comment or a non-test names nothing");
    let ignored =
        "#[test]\n#[ignore = \"slow\"]\nfn r_guile_3_slow() {}\n#[test]\n#[ignore]\n// x\nfn r_tac_2_y() {}\n";
    assert!(test_names(ignored).is_empty(), "an ignored test covers nothing");
    let after = "#[test]\n#[ignore]\nfn r_guile_3_slow() {}\n#[test]\n#[cfg(not(miri))]\nfn r_tac_2_runs() {}\n";
    assert_eq!(test_names(after), vec!["r_tac_2_runs".to_string()], "the next test is not ignored");
    assert_eq!(
        test_part("fn a() {} // R-TAC-1\n#[cfg(test)]\nmod tests { // R-TAC-2\n}"),
        "#[cfg(test)]\nmod tests { // R-TAC-2\n}"
    );
}
