//! Reading fuzz bytes as small decisions: every read succeeds (zeros once the bytes run out), so any
//! input is a valid test case and a mutation changes the decisions near it only.

use battleline::{ClaimTiming, Options};

pub struct Input<'a> {
    bytes: &'a [u8],
}

impl<'a> Input<'a> {
    pub fn new(bytes: &'a [u8]) -> Input<'a> {
        Input { bytes }
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    pub fn byte(&mut self) -> u8 {
        match self.bytes.split_first() {
            Some((&first, rest)) => {
                self.bytes = rest;
                first
            }
            None => 0,
        }
    }

    /// A number below `n` (n ≥ 1).
    pub fn below(&mut self, n: usize) -> usize {
        let wide = usize::from(self.byte()) << 8 | usize::from(self.byte());
        wide % n.max(1)
    }

    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    pub fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | u64::from(self.u32()) << 32
    }

    pub fn flip(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// Game options: two or three players, tactics or not, any claim timing, one to three games.
    pub fn options(&mut self) -> Options {
        let byte = self.byte();
        let players = if byte & 1 == 0 { 2 } else { 3 };
        let claim_timing =
            [ClaimTiming::AfterPlay, ClaimTiming::StartOfTurn, ClaimTiming::EndOfTurn][usize::from(byte >> 1 & 3) % 3];
        Options { players, tactics: players == 2 && byte & 8 == 0, claim_timing, games: u32::from(byte >> 4) % 3 + 1 }
    }

    /// What is left, as text.
    pub fn rest_text(&mut self) -> String {
        let text = String::from_utf8_lossy(self.bytes).into_owned();
        self.bytes = &[];
        text
    }
}
