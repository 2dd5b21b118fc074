//! Why a subcommand stopped early, shared by every subcommand; `cli.rs` turns it into an exit code.

use std::io;

/// Why a subcommand stopped early.
#[derive(Debug)]
pub enum Failure {
    /// Standard output was closed (`battleline … | head`): stop quietly, as other tools do.
    BrokenPipe,
    /// Printed to standard error; exit code 1.
    Message(String),
}

impl Failure {
    /// A failure with this message.
    pub fn new(message: impl Into<String>) -> Failure {
        Failure::Message(message.into())
    }
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Message(format!("input/output error: {error}"))
        }
    }
}

impl From<battleline::Error> for Failure {
    fn from(error: battleline::Error) -> Failure {
        Failure::Message(error.to_string())
    }
}
