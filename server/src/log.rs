//! Structured logs: one line per event on stderr, `ts=… level=… event=… key=value …` (logfmt), which
//! journald, Docker and every log shipper take as it is. Values with spaces or quotes are quoted.

use std::fmt::Write as _;

/// How serious an event is.
#[derive(Clone, Copy, Debug)]
pub enum Level {
    /// Normal operation (start, stop).
    Info,
    /// A client was refused, or something recoverable went wrong.
    Warn,
    /// The server could not do its work (storage, accept errors).
    Error,
}

impl Level {
    fn as_str(self) -> &'static str {
        match self {
            Level::Info => "info",
            Level::Warn => "warn",
            Level::Error => "error",
        }
    }
}

fn quoted(value: &str) -> String {
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_graphic() && b != b'"' && b != b'=' && b != b'\\') {
        value.to_string()
    } else {
        format!("{value:?}")
    }
}

/// Writes one event with its fields.
pub fn event(level: Level, event: &str, fields: &[(&str, &dyn std::fmt::Display)]) {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let mut line = format!("ts={}.{:03} level={} event={}", now.as_secs(), now.subsec_millis(), level.as_str(), event);
    for (key, value) in fields {
        let _ = write!(line, " {key}={}", quoted(&value.to_string()));
    }
    eprintln!("{line}");
}

/// An informational event.
pub fn info(name: &str, fields: &[(&str, &dyn std::fmt::Display)]) {
    event(Level::Info, name, fields);
}

/// A warning.
pub fn warn(name: &str, fields: &[(&str, &dyn std::fmt::Display)]) {
    event(Level::Warn, name, fields);
}

/// An error.
pub fn error(name: &str, fields: &[(&str, &dyn std::fmt::Display)]) {
    event(Level::Error, name, fields);
}

#[cfg(test)]
mod tests {
    #[test]
    fn values_with_spaces_or_quotes_are_quoted_and_plain_ones_are_not() {
        assert_eq!(super::quoted("server_full"), "server_full");
        assert_eq!(super::quoted("two words"), "\"two words\"");
        assert_eq!(super::quoted("a\"b"), "\"a\\\"b\"");
        assert_eq!(super::quoted(""), "\"\"");
    }
}
