//! The learned value model (src/bot/value/model.rs): its outputs on fixed views are pinned to the bit
//! (the same numbers as the browser test in tests/wasm_api.rs), they are chances, and the shipped
//! weights are small.

#[path = "../../tests/value_pins/mod.rs"]
mod value_pins;

use battleline::bot::ValueModel;

#[test]
fn the_models_outputs_on_fixed_views_are_pinned() {
    let outputs = value_pins::outputs();
    if outputs != value_pins::PINNED {
        println!("pub const PINNED: [[u32; 10]; 6] = [");
        for row in &outputs {
            println!("    {row:?},");
        }
        println!("];");
        let readable: Vec<Vec<f32>> = outputs.iter().map(|r| r.iter().map(|b| f32::from_bits(*b)).collect()).collect();
        panic!("the model's outputs changed (new weights? paste the table above): {readable:?}");
    }
    for row in &outputs {
        assert!(row.iter().map(|b| f32::from_bits(*b)).all(|p| (0.0..=1.0).contains(&p)));
    }
}

#[test]
fn the_shipped_weights_are_small() {
    let model = ValueModel::embedded();
    assert!(model.parameters() * 4 <= 100_000, "{} parameters", model.parameters());
}
