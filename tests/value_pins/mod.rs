//! The learned value model's outputs on fixed views, pinned to the bit: the native test
//! (lab/tests/value_model.rs) and the browser test (tests/wasm_api.rs) compare against the same numbers, so
//! the model gives identical outputs natively and in WebAssembly. After new weights, run
//! `cargo test -p battleline-lab -p battleline-lab --test value_model -- --nocapture` and paste the table it prints.

use battleline::bot::{estimate_view, ValueModel};
use battleline::{Game, Options, PlayerView};

/// Each view: the deal's seed, tactics or not, the number of first legal actions played, the viewer.
pub const VIEWS: [(u64, bool, usize, usize); 6] =
    [(1, true, 0, 0), (2, true, 17, 1), (3, true, 40, 0), (4, false, 25, 1), (5, false, 50, 0), (6, true, 70, 1)];

/// Samples of the hidden cards each estimate averages over, and their seed.
pub const SAMPLES: u32 = 16;
pub const SAMPLE_SEED: u64 = 7;

/// The expected chance to win, then each flag's, as `f32` bits, per view.
pub const PINNED: [[u32; 10]; 6] = [
    [
        1056903862, 1057516984, 1057159286, 1056304705, 1056827920, 1056878709, 1055777021, 1056646470, 1056804995,
        1056655993,
    ],
    [1053020603, 0, 1054472255, 1057129140, 1057848652, 1057933258, 1058738764, 1057502509, 1052946730, 1055695470],
    [1056938888, 0, 0, 1065353216, 1055259632, 1059820687, 1060319009, 1057595673, 1056503364, 1057534383],
    [1057073558, 1065353216, 0, 1057704317, 1056788443, 1056210406, 1055630229, 1057386339, 1055362902, 1057394237],
    [1049206773, 0, 0, 1065353216, 1045436245, 1058636298, 1058161911, 1056995705, 1054293817, 1052342451],
    [1029201252, 1065353216, 0, 1065353216, 0, 0, 1038381011, 1055807664, 1049447552, 1048463844],
];

/// The view of one entry of [`VIEWS`].
pub fn view(entry: (u64, bool, usize, usize)) -> PlayerView {
    let (seed, tactics, plies, viewer) = entry;
    let mut game = Game::new(Options { tactics, ..Options::default() }, seed).unwrap();
    for _ in 0..plies {
        if game.is_match_over() {
            break;
        }
        let first = game.legal_actions()[0];
        game.apply(&first).unwrap();
    }
    game.view(viewer).unwrap()
}

/// The shipped model's outputs on every view, as bits.
pub fn outputs() -> Vec<[u32; 10]> {
    VIEWS
        .iter()
        .map(|&entry| {
            let (win, flags) = estimate_view(&view(entry), Some(ValueModel::embedded()), SAMPLES, SAMPLE_SEED).unwrap();
            let mut bits = [win.to_bits(); 10];
            for (slot, f) in bits[1..].iter_mut().zip(flags) {
                *slot = f.to_bits();
            }
            bits
        })
        .collect()
}
