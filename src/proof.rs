//! Claim proofs (R-CLAIM): can the claimant's complete side be beaten by any completion of each
//! opponent's side from the troop cards that may still come?
// TODO(proof helper): implement.
