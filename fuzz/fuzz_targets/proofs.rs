//! Fuzz target `proofs`: see tests/fuzz_checks/proofs.rs for what it checks.
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::proofs::check(data));
