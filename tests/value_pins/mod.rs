//! The learned value model's outputs on fixed views, pinned to the bit: the native test
//! (lab/tests/value_model.rs) and the browser test (tests/wasm_api.rs) compare against the same numbers, so
//! the model gives identical outputs natively and in WebAssembly. After new weights, run
//! `cargo test -p battleline-lab --test value_model -- --nocapture` and paste the table it prints.

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
        1056654326, 1056274210, 1057283398, 1057209583, 1056519602, 1055827147, 1056459527, 1056923483, 1056313732,
        1056442501,
    ],
    [1049446381, 0, 1053064872, 1056983583, 1057339759, 1055447647, 1058087332, 1057615797, 1051928063, 1055260059],
    [1057180357, 0, 0, 1065353216, 1056330571, 1058642029, 1059288375, 1058707132, 1055198887, 1058045887],
    [1056250863, 1065353216, 0, 1057860770, 1057006540, 1056314550, 1055638626, 1058106484, 1054042802, 1053820178],
    [1048728698, 0, 0, 1065353216, 1046217788, 1057682816, 1057258429, 1057779016, 1053491628, 1053265710],
    [1024326382, 1065353216, 0, 1065353216, 0, 0, 1040520386, 1054902916, 1050483704, 1050128978],
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
