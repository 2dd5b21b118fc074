//! The learned value model: a small multilayer perceptron (two hidden layers with ReLU) from the
//! inputs of [`super::features`] to the chance that the player whose inputs they are wins the
//! game, and, as auxiliary outputs, the chance that they take each flag. Trained on the search's
//! self-play and its games against the rule-based `heuristic` bot, in every claim timing
//! (`tools/train_value.py` on data of `lab`'s `value_lab generate`; the commands are in
//! docs/BOT_EXPERIMENTS.md); the weights ship as data (`weights.bin`).
//!
//! Inference is plain `f32` arithmetic in a fixed order with a portable exponential, so a model gives
//! bit-identical outputs natively and in WebAssembly (pinned by tests in both).
//!
//! The weights file: the bytes `BLV1`, then four little-endian `u32` (inputs, first and second hidden
//! layer widths, outputs), then each layer's weights as little-endian `f32`, input-major (`w[i][o]`),
//! followed by its biases.

use std::sync::OnceLock;

use super::features::INPUTS;
use super::portable::sigmoid;
use crate::error::{Error, ErrorCode};
use crate::flag::FLAG_COUNT;

/// The model's outputs: the chance to win the game, then each flag's, as logits.
pub const OUTPUTS: usize = 1 + FLAG_COUNT;

/// The widest hidden layer a weights file may have (the buffers live on the stack).
const MAX_HIDDEN: usize = 128;

/// The weights shipped in the crate.
static EMBEDDED: &[u8] = include_bytes!("weights.bin");

/// One dense layer, weights input-major.
#[derive(Clone, Debug, PartialEq)]
struct Layer {
    inputs: usize,
    outputs: usize,
    weights: Vec<f32>,
    biases: Vec<f32>,
}

impl Layer {
    /// `out = b + x·W`, skipping zero inputs (many inputs are zero); ReLU when `relu`.
    fn forward(&self, x: &[f32], out: &mut [f32], relu: bool) {
        out.copy_from_slice(&self.biases);
        for (i, &xi) in x.iter().enumerate() {
            if xi == 0.0 {
                continue;
            }
            let row = &self.weights[i * self.outputs..(i + 1) * self.outputs];
            for (o, &w) in out.iter_mut().zip(row) {
                *o += xi * w;
            }
        }
        if relu {
            out.iter_mut().for_each(|o| *o = o.max(0.0));
        }
    }
}

/// A learned value model (see the module's documentation).
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq)]
pub struct ValueModel {
    layers: [Layer; 3],
}

/// The model's answer for one player: the chance to win the game and each flag's chance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Prediction {
    pub(crate) win: f32,
    pub(crate) flags: [f32; FLAG_COUNT],
}

impl ValueModel {
    /// Reads a weights file (format in the module's documentation).
    pub fn from_bytes(bytes: &[u8]) -> Result<ValueModel, Error> {
        let bad = |why: String| Error::new(ErrorCode::BadInput, format!("value model: {why}"));
        let rest = bytes.strip_prefix(b"BLV1").ok_or_else(|| bad("not a BLV1 weights file".into()))?;
        let words: Vec<[u8; 4]> = rest.chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
        if rest.len() % 4 != 0 || words.len() < 4 {
            return Err(bad(format!("{} bytes is not a whole number of words", rest.len())));
        }
        let dims: Vec<usize> = words[..4].iter().map(|w| u32::from_le_bytes(*w) as usize).collect();
        if dims[0] != INPUTS
            || dims[3] != OUTPUTS
            || dims[1] == 0
            || dims[2] == 0
            || dims[1] > MAX_HIDDEN
            || dims[2] > MAX_HIDDEN
        {
            return Err(bad(format!("shape {dims:?}, expected [{INPUTS}, h1, h2, {OUTPUTS}]")));
        }
        let mut floats = words[4..].iter().map(|w| f32::from_le_bytes(*w));
        let expected: usize = dims.windows(2).map(|d| d[0] * d[1] + d[1]).sum();
        if words.len() - 4 != expected {
            return Err(bad(format!("{} weights, expected {expected}", words.len() - 4)));
        }
        let mut layer = |inputs: usize, outputs: usize| Layer {
            inputs,
            outputs,
            weights: floats.by_ref().take(inputs * outputs).collect(),
            biases: floats.by_ref().take(outputs).collect(),
        };
        let layers = [layer(dims[0], dims[1]), layer(dims[1], dims[2]), layer(dims[2], dims[3])];
        if layers.iter().flat_map(|l| l.weights.iter().chain(&l.biases)).any(|w| !w.is_finite()) {
            return Err(bad("a weight is not finite".into()));
        }
        Ok(ValueModel { layers })
    }

    /// The model shipped in the crate.
    pub fn embedded() -> &'static ValueModel {
        static MODEL: OnceLock<ValueModel> = OnceLock::new();
        MODEL.get_or_init(|| ValueModel::from_bytes(EMBEDDED).expect("the shipped value model is well formed"))
    }

    /// The outputs as logits.
    pub(crate) fn logits(&self, x: &[f32; INPUTS]) -> [f32; OUTPUTS] {
        let mut h1 = [0.0f32; MAX_HIDDEN];
        let mut h2 = [0.0f32; MAX_HIDDEN];
        let [a, b, c] = &self.layers;
        let (h1, h2) = (&mut h1[..a.outputs], &mut h2[..b.outputs]);
        a.forward(x, h1, true);
        b.forward(h1, h2, true);
        let mut out = [0.0f32; OUTPUTS];
        debug_assert_eq!((a.inputs, c.outputs), (INPUTS, OUTPUTS));
        c.forward(h2, &mut out, false);
        out
    }

    /// The chance to win the game alone, its logit multiplied by `scale` (the search's leaf).
    pub(crate) fn win(&self, x: &[f32; INPUTS], scale: f32) -> f32 {
        sigmoid(scale * self.logits(x)[0])
    }

    /// The chance to win the game and each flag.
    pub(crate) fn predict(&self, x: &[f32; INPUTS]) -> Prediction {
        let logits = self.logits(x);
        let mut flags = [0.0; FLAG_COUNT];
        for (flag, &logit) in flags.iter_mut().zip(&logits[1..]) {
            *flag = sigmoid(logit);
        }
        Prediction { win: sigmoid(logits[0]), flags }
    }

    /// The number of weights (for the size report).
    #[cfg(any(test, feature = "lab-hooks"))]
    pub fn parameters(&self) -> usize {
        self.layers.iter().map(|l| l.weights.len() + l.biases.len()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_model_reads_and_malformed_files_are_refused() {
        let model = ValueModel::embedded();
        assert!(model.parameters() > 1000);
        assert_eq!(ValueModel::from_bytes(EMBEDDED).unwrap(), *model);
        for bad in
            [&b""[..], b"BLV1", b"BLV2\0\0\0\0", &EMBEDDED[..EMBEDDED.len() - 4], &EMBEDDED[..EMBEDDED.len() - 1]]
        {
            assert_eq!(ValueModel::from_bytes(bad).unwrap_err().code, ErrorCode::BadInput);
        }
        let mut nan = EMBEDDED.to_vec();
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(ValueModel::from_bytes(&nan).is_err());
    }
}
