//! The learned policy: a small network that gives each legal action of the player to move a prior
//! probability, for the search's selection rule (a PUCT bonus) and its progressive widening. Trained
//! by expert iteration on the search's own root visit counts in self-play (`tools/train_policy.py`
//! on data of `lab`'s `value_lab policy-data`; the commands are in docs/BOT_EXPERIMENTS.md).
//!
//! Each action is read on its own ([`inputs`]): what the hand-made prior (`prior.rs`) sees of it
//! (the formation the card makes reachable at that flag, the opponent's prospects there, its own
//! score), the kind of action, and a few facts of the board around the flag. Everything comes from
//! the acting player's knowledge: the board, the cards not yet seen, the acting player's own hand and
//! the decks' sizes, never a hidden card. A one-hidden-layer perceptron scores each action; the
//! scores of the legal actions are turned into probabilities by a softmax.
//!
//! Inference is plain `f32` arithmetic in a fixed order and the softmax uses the portable
//! exponential, so a model gives the same bits natively and in WebAssembly, as the value model does.
//!
//! The weights file: the bytes `BLP1`, then two little-endian `u32` (inputs, hidden width), then the
//! hidden layer's weights as little-endian `f32`, input-major (`w[i][h]`), its biases, the output
//! weights (one a hidden unit) and the output bias.

use super::prior::Prior;
use crate::action::{Action, DeckKind};
use crate::bot::value::portable::portable_exp;
use crate::error::{Error, ErrorCode};
use crate::flag::{FlagId, Player, FLAG_COUNT};
use crate::position::Position;

/// The policy's inputs for one action.
pub const POLICY_INPUTS: usize = 40;

/// The widest hidden layer a weights file may have (the buffer lives on the stack).
const MAX_HIDDEN: usize = 64;

/// A learned policy (see the module's documentation).
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyModel {
    hidden: usize,
    /// `POLICY_INPUTS × hidden`, input-major.
    weights: Vec<f32>,
    biases: Vec<f32>,
    out: Vec<f32>,
    out_bias: f32,
}

impl PolicyModel {
    /// Reads a weights file (format in the module's documentation). Only the lab loads a policy: the
    /// levels search without one.
    #[cfg_attr(not(any(test, feature = "lab-hooks")), allow(dead_code))]
    pub fn from_bytes(bytes: &[u8]) -> Result<PolicyModel, Error> {
        let bad = |why: String| Error::new(ErrorCode::BadInput, format!("policy model: {why}"));
        let rest = bytes.strip_prefix(b"BLP1").ok_or_else(|| bad("not a BLP1 weights file".into()))?;
        if rest.len() % 4 != 0 || rest.len() < 8 {
            return Err(bad(format!("{} bytes is not a whole number of words", rest.len())));
        }
        let mut words = rest.chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]);
        let mut dim = || words.next().map_or(0, |w| u32::from_le_bytes(w) as usize);
        let (inputs, hidden) = (dim(), dim());
        if inputs != POLICY_INPUTS || hidden == 0 || hidden > MAX_HIDDEN {
            return Err(bad(format!("shape [{inputs}, {hidden}], expected [{POLICY_INPUTS}, 1..={MAX_HIDDEN}]")));
        }
        let floats: Vec<f32> = words.map(f32::from_le_bytes).collect();
        let expected = inputs * hidden + hidden + hidden + 1;
        if floats.len() != expected {
            return Err(bad(format!("{} weights, expected {expected}", floats.len())));
        }
        if floats.iter().any(|w| !w.is_finite()) {
            return Err(bad("a weight is not finite".into()));
        }
        let (weights, rest) = floats.split_at(inputs * hidden);
        let (biases, rest) = rest.split_at(hidden);
        let (out, bias) = rest.split_at(hidden);
        Ok(PolicyModel {
            hidden,
            weights: weights.to_vec(),
            biases: biases.to_vec(),
            out: out.to_vec(),
            out_bias: bias[0],
        })
    }

    /// The score (a logit) of one action's inputs.
    pub(crate) fn score(&self, x: &[f32; POLICY_INPUTS]) -> f32 {
        let mut h = [0.0f32; MAX_HIDDEN];
        let h = &mut h[..self.hidden];
        h.copy_from_slice(&self.biases);
        for (i, &xi) in x.iter().enumerate() {
            if xi == 0.0 {
                continue;
            }
            let row = &self.weights[i * self.hidden..(i + 1) * self.hidden];
            for (o, &w) in h.iter_mut().zip(row) {
                *o += xi * w;
            }
        }
        h.iter().zip(&self.out).fold(self.out_bias, |sum, (&hi, &w)| sum + hi.max(0.0) * w)
    }

    /// The probability of each of `actions` (the legal actions of the player to move in `position`),
    /// in their order, read from that player's knowledge.
    pub(crate) fn priors(&self, position: &Position, actions: &[Action]) -> Vec<f32> {
        let prior = Prior::new(position);
        let scores: Vec<f32> = actions.iter().map(|a| self.score(&inputs(position, &prior, a))).collect();
        softmax(&scores)
    }
}

/// Probabilities from scores, in portable arithmetic.
fn softmax(scores: &[f32]) -> Vec<f32> {
    let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exps: Vec<f64> = scores.iter().map(|&s| portable_exp(f64::from(s - top))).collect();
    let total: f64 = exps.iter().sum();
    exps.iter().map(|e| (e / total) as f32).collect()
}

/// The policy's inputs for `action` of the player to move in `position`, with `prior` that player's
/// hand-made prior there. Reads the board, the unseen cards, the acting player's hand and the decks'
/// sizes only.
pub(crate) fn inputs(position: &Position, prior: &Prior, action: &Action) -> [f32; POLICY_INPUTS] {
    let me = position.current();
    let hand = position.hand(me);
    let bit = |b: bool| if b { 1.0 } else { 0.0 };
    let mut x = [0.0f32; POLICY_INPUTS];
    // The hand-made prior's score first (the training script's baseline reads it there).
    x[0] = prior.score(action) / 20.0;
    x[1] = position.troop_deck_len() as f32 / 46.0;
    x[2] = position.tactics_deck_len() as f32 / 10.0;
    x[3] = hand.troops().len() as f32 / 7.0;
    x[4] = hand.tactics().len() as f32 / 7.0;
    // The kind of action, one-hot.
    let kind = match *action {
        Action::Play { card, .. } if card.is_troop() => 0,
        Action::Play { .. } => 1,
        Action::Environment { .. } => 2,
        Action::Redeploy { .. } => 3,
        Action::Deserter { .. } => 4,
        Action::Traitor { .. } => 5,
        Action::Scout => 6,
        Action::ScoutDraw { deck: DeckKind::Troop } | Action::Draw { deck: DeckKind::Troop } => 7,
        Action::ScoutDraw { deck: DeckKind::Tactics } | Action::Draw { deck: DeckKind::Tactics } => 8,
        Action::ScoutReturn { .. } => 9,
        Action::Pass => 10,
        _ => 11,
    };
    x[5 + kind] = 1.0;
    // The card's value (a morale card counts as an 8, as the prior takes it).
    let card = match *action {
        Action::Play { card, .. }
        | Action::Environment { card, .. }
        | Action::Redeploy { card, .. }
        | Action::Deserter { card }
        | Action::Traitor { card, .. }
        | Action::ScoutReturn { card } => Some(card),
        _ => None,
    };
    x[17] = card.map_or(0.0, |c| c.troop().map_or(8.0, |(_, v)| f32::from(v)) / 10.0);
    // The flag the action puts a card on.
    let flag = match *action {
        Action::Play { flag, .. } | Action::Environment { flag, .. } | Action::Traitor { to: flag, .. } => Some(flag),
        Action::Redeploy { to, .. } => to,
        _ => None,
    };
    let Some(flag) = flag else { return x };
    x[18] = 1.0;
    // Centre flags join more triples of adjacent flags.
    x[19] = (4.0 - (flag.index() as f32 - 4.0).abs()) / 4.0;
    let (mine, theirs) = neighbours_claimed(position, flag, me);
    x[20] = mine / 2.0;
    x[21] = theirs / 2.0;
    if let Action::Play { card, .. } = *action {
        let f = prior.play_facts(card, flag);
        let rest = [
            f.reach / 4.0,
            bit(f.sure),
            bit(f.completes),
            f32::from(f.mine) / 4.0,
            f32::from(f.theirs) / 4.0,
            f.their_reach / 4.0,
            bit(f.their_complete.is_some()),
            f.their_complete.unwrap_or(0.0) / 4.0,
            bit(f.hopeless),
            bit(f.fog),
            bit(f.mud),
            f.partners as f32 / 4.0,
            bit(f.mine == 0),
            bit(f.reach > f.their_reach && f.their_complete.is_none()),
        ];
        x[22..22 + rest.len()].copy_from_slice(&rest);
    }
    x
}

/// How many of the flag's neighbours `me` and the others have claimed.
fn neighbours_claimed(position: &Position, flag: FlagId, me: Player) -> (f32, f32) {
    let i = flag.index();
    let (mut mine, mut theirs) = (0.0, 0.0);
    for n in [i.wrapping_sub(1), i + 1].into_iter().filter(|&n| n < FLAG_COUNT) {
        match FlagId::from_index(n).and_then(|id| position.flag(id).claimed) {
            Some(p) if p == me => mine += 1.0,
            Some(_) => theirs += 1.0,
            None => {}
        }
    }
    (mine, theirs)
}

/// For the policy's training data (lab/`value_lab policy-data`): the inputs of each of `actions` for
/// the player to move in `position`.
#[cfg(feature = "lab-hooks")]
pub fn policy_inputs(position: &Position, actions: &[Action]) -> Vec<[f32; POLICY_INPUTS]> {
    let prior = Prior::new(position);
    actions.iter().map(|a| inputs(position, &prior, a)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;
    use crate::random_play::{choose, chooser, deal};

    /// A model file with every weight `w` (hidden width 4).
    fn uniform(w: f32) -> Vec<u8> {
        let mut bytes = b"BLP1".to_vec();
        bytes.extend((POLICY_INPUTS as u32).to_le_bytes());
        bytes.extend(4u32.to_le_bytes());
        for _ in 0..POLICY_INPUTS * 4 + 4 + 4 + 1 {
            bytes.extend(w.to_le_bytes());
        }
        bytes
    }

    #[test]
    fn weights_files_read_and_malformed_ones_are_refused() {
        let good = uniform(0.1);
        let model = PolicyModel::from_bytes(&good).unwrap();
        assert_eq!(model.hidden, 4);
        let mut nan = good.clone();
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        let mut wide = good.clone();
        wide[8..12].copy_from_slice(&1000u32.to_le_bytes());
        for bad in
            [&b""[..], b"BLP1", b"BLV1\0\0\0\0\0\0\0\0", &good[..good.len() - 4], &good[..good.len() - 1], &nan, &wide]
        {
            assert_eq!(PolicyModel::from_bytes(bad).unwrap_err().code, ErrorCode::BadInput);
        }
    }

    /// The priors are a distribution over the legal actions, and what the player cannot see (the
    /// opponent's hand, the decks' order) does not change them: two samples of the same player's
    /// knowledge give the same priors.
    #[test]
    fn the_priors_are_a_distribution_read_from_the_players_knowledge_only() {
        let model = PolicyModel::from_bytes(&uniform(0.05)).unwrap();
        let mut checked = 0;
        for seed in 0..20 {
            let mut position = deal(Options::default(), seed);
            let (mut legal, mut rng) = (Vec::new(), chooser(seed));
            while let Some(action) = choose(&position, &mut legal, &mut rng) {
                position.apply(&action).unwrap();
                if position.is_over() || position.phase() != crate::phase::Phase::Play {
                    continue;
                }
                let me = position.current();
                let view = position.view(me).unwrap();
                let determinizer = crate::bot::Determinizer::new(&view).unwrap();
                let (a, b) = (
                    determinizer.sample(&mut crate::rng_from_seed(1)),
                    determinizer.sample(&mut crate::rng_from_seed(2)),
                );
                let actions = a.legal_actions();
                assert_eq!(actions, b.legal_actions());
                let priors = model.priors(&a, &actions);
                assert_eq!(priors, model.priors(&b, &actions), "seed {seed}: hidden cards changed the priors");
                let total: f32 = priors.iter().sum();
                assert!((total - 1.0).abs() < 1e-4 && priors.iter().all(|p| *p > 0.0), "{total}");
                checked += 1;
            }
        }
        assert!(checked > 500, "{checked} decisions checked");
    }
}
