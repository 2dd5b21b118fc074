//! The random player of `selfplay` and `bench` lives in the library (`battleline::random_play`), so
//! the WebAssembly benchmark measures the same work.
pub use battleline::random_play::{choose, chooser, deal};
