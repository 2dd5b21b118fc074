//! The coach, one file a part: the viewer's chances to win the game and each flag (`chances.rs`), the
//! board explained in formations, outs and who completes first (`explain/`), the hint, the search's
//! own move with its reasons (`hint.rs`), and the post-game review of a player's decisions
//! (`review.rs`). bot/mod.rs says where it is compiled and to whom it is public.

pub(crate) mod chances;
pub(crate) mod explain;
pub(crate) mod hint;
pub(crate) mod review;
#[cfg(test)]
mod tests;
