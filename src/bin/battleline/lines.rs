//! Reading lines from a program or a person with a maximum length. `BufRead::lines` keeps reading into
//! one `String` until a newline comes: a bot that writes endless output without one took the referee
//! to 4 GB in 13 s. Here a line longer than the limit is refused after reading at most the limit (plus
//! one buffer), and the rest of it is skipped, never stored.

use std::io::{self, BufRead};

/// The longest answer line a bot may write: an action is well under 200 bytes.
pub const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// The longest message line the referee sends: a view with its legal actions is well under 20 KB.
pub const MAX_MESSAGE_BYTES: usize = 1024 * 1024;

/// One line read with a limit.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (without its newline; the last line may lack one).
    Text(Vec<u8>),
    /// A line longer than the limit; what was read of it is dropped.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads the next line of at most `max` bytes (the newline not counted). After [`Line::TooLong`] the
/// reader stands in the middle of that line: call [`skip_line`] to go on with the next one.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Line> {
    let mut line = Vec::new();
    loop {
        let available = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(if line.is_empty() { Line::End } else { Line::Text(line) });
        }
        let (chunk, newline) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..at], true),
            None => (available, false),
        };
        if line.len() + chunk.len() > max {
            let used = chunk.len();
            input.consume(used);
            return Ok(Line::TooLong);
        }
        line.extend_from_slice(chunk);
        let used = chunk.len() + usize::from(newline);
        input.consume(used);
        if newline {
            return Ok(Line::Text(line));
        }
    }
}

/// Skips the rest of the current line, in buffer-sized steps, storing nothing; false at the end of the
/// input.
pub fn skip_line(input: &mut impl BufRead) -> io::Result<bool> {
    loop {
        let available = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(false);
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(true);
            }
            None => {
                let used = available.len();
                input.consume(used);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], max: usize) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut reader, max).unwrap();
            match line {
                Line::End => return out,
                Line::TooLong => {
                    out.push(Line::TooLong);
                    skip_line(&mut reader).unwrap();
                }
                text => out.push(text),
            }
        }
    }

    #[test]
    fn lines_up_to_the_limit_pass_and_longer_ones_are_refused() {
        let text = |s: &str| Line::Text(s.as_bytes().to_vec());
        assert_eq!(
            all(b"abc\n\nabcdefgh\nabcdefghi\nxy", 8),
            [text("abc"), text(""), text("abcdefgh"), Line::TooLong, text("xy")]
        );
        assert_eq!(all(b"", 8), []);
        assert_eq!(all(b"0123456789", 8), [Line::TooLong]);
    }

    #[test]
    fn an_endless_line_is_refused_after_reading_about_the_limit() {
        // An endless source without a newline: the reader must stop on its own.
        let mut endless = io::BufReader::with_capacity(1024, io::repeat(b'x'));
        assert_eq!(read_line(&mut endless, 10_000).unwrap(), Line::TooLong);
    }
}
