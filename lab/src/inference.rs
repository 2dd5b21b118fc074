//! Inference about the opponent's hand from their recent plays (two players).
//!
//! A uniform sample of the hidden cards puts in the opponent's hand cards they would have played had
//! they held them. Here the hands are weighed by how likely the opponent's recent plays were under
//! each: once a decision, a pool of candidate hands is drawn from the view's samples; for each, the
//! positions just before the opponent's last few plays are rebuilt (later cards off the board, the
//! opponent's played troops back in their hand and, as the cards they drew since, troops of their hand
//! back on the deck), every card they could have played there is rated by the heuristic's own
//! scoring ([`HeuristicBot::rate_play`]), and the hand is weighed by the product of the softmax probabilities of
//! the cards and flags they chose. The search then deals each playout's opponent hand from the pool
//! by weight, the rest of the hidden cards shuffled anew.
//!
//! The plays are read from the board's arrival stamps: latest first, the arrivals alternate between
//! the opponent and the viewer as long as every turn brought one card to the board. A card taken with
//! Traitor or moved with Redeploy also arrives; those are rare and only blur the weights.
//!
//! No level infers: screened at several temperatures and depths, it gained nothing measurable
//! (docs/BOT_EXPERIMENTS.md). [`Inference`] gives a search bot its samplers
//! ([`LabConfig::infer_temperature`](crate::LabConfig)).

use std::sync::Arc;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use battleline::bot::{Determinizer, HeuristicBot, Sampler};
use battleline::{
    rng_from_seed, Action, Card, CardSet, FlagId, Phase, Player, PlayerView, Position, TurnView, MAX_PLAYERS,
};

use crate::LabConfig;

/// The inference of a search bot ([`crate::config::LabBot`]): once a decision, a [`HandPosterior`]
/// from which each playout's opponent hand is dealt. The pool is drawn with the inference's own
/// generator, apart from the search's (seeded from the bot's seed on another stream).
#[derive(Clone, Debug)]
pub struct Inference {
    rng: ChaCha8Rng,
    temperature: f32,
    pool: usize,
    depth: usize,
}

impl Inference {
    /// The inference of `config` (its temperature, pool and depth) for the bot seeded `seed`.
    pub fn new(seed: u64, config: &LabConfig) -> Inference {
        let mut rng = rng_from_seed(seed);
        rng.set_stream(2);
        Inference {
            rng,
            temperature: config.infer_temperature,
            pool: config.infer_pool as usize,
            depth: config.infer_depth as usize,
        }
    }

    /// The sampler of the decision of `view`: `None` where there is nothing to infer (not the viewer's
    /// turn, no play of the opponent's to read, an inconsistent view).
    pub fn sampler(&mut self, view: &PlayerView) -> Option<Arc<dyn Sampler>> {
        if view.current != view.player || view.result.is_some() {
            return None;
        }
        let determinizer = Determinizer::new(view).ok()?;
        let posterior =
            HandPosterior::new(&determinizer, view, self.depth, self.pool, self.temperature, &mut self.rng)?;
        Some(Arc::new(posterior))
    }
}

impl Sampler for HandPosterior {
    fn sample(&self, determinizer: &Determinizer, rng: &mut ChaCha8Rng) -> Position {
        HandPosterior::sample(self, determinizer, rng)
    }
}

/// A card that arrived on the board: whose side, which card, which flag, when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// Whose side.
    pub player: Player,
    /// The card.
    pub card: Card,
    /// The flag.
    pub flag: FlagId,
    /// When (the board's arrival stamp).
    pub stamp: u32,
}

/// The opponent's last `depth` plays (or fewer), latest first: the board's arrivals, latest first,
/// for as long as they alternate between the opponent and the viewer, starting with the opponent, and
/// the opponent's are troops. Empty with three players.
pub fn recent_plays(view: &PlayerView, depth: usize) -> Vec<Arrival> {
    if view.hand_sizes.len() != 2 {
        return Vec::new();
    }
    let mut arrivals: Vec<Arrival> = view
        .flags
        .iter()
        .flat_map(|flag| {
            (0..2).flat_map(move |player| {
                let stamps = flag.arrived.get(player).map(Vec::as_slice).unwrap_or(&[]);
                flag.sides[player].iter().zip(stamps).map(move |(&card, &stamp)| Arrival {
                    player,
                    card,
                    flag: flag.flag,
                    stamp,
                })
            })
        })
        .collect();
    arrivals.sort_by_key(|a| std::cmp::Reverse(a.stamp));
    let opponent = 1 - view.player;
    let mut plays = Vec::new();
    for (i, arrival) in arrivals.iter().enumerate() {
        let expected = if i % 2 == 0 { opponent } else { view.player };
        if arrival.player != expected || plays.len() == depth {
            break;
        }
        if arrival.player == opponent {
            if !arrival.card.is_troop() {
                break;
            }
            plays.push(*arrival);
        }
    }
    plays
}

/// Candidate opponent hands weighed by the likelihood of the opponent's recent plays.
#[derive(Clone, Debug)]
pub struct HandPosterior {
    opponent: Player,
    hands: Vec<CardSet>,
    /// Running sums of the weights, for drawing a hand by weight.
    cumulative: Vec<f32>,
}

impl HandPosterior {
    /// Draws `pool` candidate hands from `determinizer` and weighs them by the likelihood of the
    /// opponent's last `depth` plays: per play, the softmax at `temperature` (expected flags) of the
    /// heuristic's rating of it among every troop and tactics card they could have played there.
    /// `None` where there is nothing to infer from (no play to read, three players) or the position
    /// before the last play cannot be rebuilt.
    pub fn new(
        determinizer: &Determinizer,
        view: &PlayerView,
        depth: usize,
        pool: usize,
        temperature: f32,
        rng: &mut ChaCha8Rng,
    ) -> Option<HandPosterior> {
        let plays = recent_plays(view, depth);
        let opponent = plays.first()?.player;
        let first = determinizer.sample(rng);
        let befores: Vec<Before> =
            plays.iter().map_while(|play| Before::new(&first, view.player, play.stamp)).collect();
        if befores.is_empty() {
            return None;
        }
        let mut hands = Vec::with_capacity(pool);
        let mut cumulative = Vec::with_capacity(pool);
        let mut total = 0.0;
        let mut legal = Vec::with_capacity(64);
        for i in 0..pool.max(1) {
            let hand = if i == 0 { first.hand(opponent) } else { determinizer.sample(rng).hand(opponent) };
            total += likelihood(&befores, &plays, hand, temperature, rng, &mut legal);
            hands.push(hand);
            cumulative.push(total);
        }
        if total.is_nan() || total <= 0.0 {
            return None;
        }
        Some(HandPosterior { opponent, hands, cumulative })
    }

    /// The one hand `hand` of `opponent` (the oracle, [`crate::oracle`]); `None` if the view does not
    /// allow it.
    pub fn known(determinizer: &Determinizer, opponent: Player, hand: CardSet) -> Option<HandPosterior> {
        determinizer.allows_hand(opponent, hand).then(|| HandPosterior {
            opponent,
            hands: vec![hand],
            cumulative: vec![1.0],
        })
    }

    /// A sample of the view whose opponent hand is drawn from the pool by weight.
    pub fn sample(&self, determinizer: &Determinizer, rng: &mut ChaCha8Rng) -> Position {
        let total = *self.cumulative.last().expect("a pool holds a hand");
        let x = rng.random::<f32>() * total;
        let i = self.cumulative.partition_point(|&c| c <= x).min(self.hands.len() - 1);
        determinizer.sample_with_hand(self.opponent, self.hands[i], rng)
    }

    /// The share of the weight each candidate hand holds, in the order drawn (tests, diagnostics).
    #[cfg(test)]
    fn shares(&self) -> Vec<f32> {
        let total = *self.cumulative.last().unwrap();
        let mut previous = 0.0;
        self.cumulative
            .iter()
            .map(|&c| {
                let share = (c - previous) / total;
                previous = c;
                share
            })
            .collect()
    }
}

/// The chance of the opponent's `plays` (latest first; `befores` the positions before them) had they
/// held `now`: going back play by play, the hand before a play is the hand after it less a troop drawn
/// at random as the card they drew after it, plus the card played (an unbiased estimate of the mean
/// over which troops they drew).
fn likelihood(
    befores: &[Before],
    plays: &[Arrival],
    now: CardSet,
    temperature: f32,
    rng: &mut ChaCha8Rng,
    legal: &mut Vec<Action>,
) -> f32 {
    let mut hand = now;
    let mut chance = 1.0;
    for (before, play) in befores.iter().zip(plays) {
        let troops = hand.troops();
        if troops.is_empty() {
            return 0.0;
        }
        let drawn = troops.iter().nth(rng.random_range(0..troops.len())).expect("a troop of the hand");
        hand.remove(drawn);
        hand.insert(play.card);
        chance *= before.choice_probability(hand, play, temperature, legal);
    }
    chance
}

/// The position just before one of the opponent's plays, with some hand in place of theirs.
struct Before {
    template: Position,
    opponent: Player,
    /// The cards hidden from the viewer there: the opponent's hand and the decks.
    hidden: CardSet,
}

impl Before {
    /// The position before the opponent's play stamped `stamp`, rebuilt from a sample of the present:
    /// every card that arrived since (that play's included) off the board and back in its player's
    /// hand, as many troops of that hand back on top of the troop deck (the cards drawn since), the
    /// flags they left unclaimed, the opponent to play. The viewer's hand there is a guess that the
    /// opponent's rating never reads; the opponent's is replaced by each candidate's.
    fn new(sample: &Position, me: Player, stamp: u32) -> Option<Before> {
        let opponent = 1 - me;
        let mut setup = sample.to_setup();
        let mut returned = [Vec::new(), Vec::new()];
        for flag in &mut setup.flags {
            for (player, back) in returned.iter_mut().enumerate() {
                let stamps = flag.arrived.get_mut(player)?;
                let mut i = 0;
                while i < stamps.len() {
                    if stamps[i] >= stamp {
                        stamps.remove(i);
                        back.push(flag.sides[player].remove(i));
                        flag.completed[player] = None;
                        flag.claimed_by = None;
                    } else {
                        i += 1;
                    }
                }
            }
        }
        for (player, back) in returned.iter().enumerate() {
            let hand = &mut setup.hands[player];
            for &card in back {
                let drawn = hand.iter().position(|c| c.is_troop() && !back.contains(c))?;
                setup.troop_deck.insert(0, hand.remove(drawn));
                hand.push(card);
            }
        }
        setup.current = opponent;
        setup.phase = Phase::Play;
        setup.turn = start_of_turn(sample, opponent);
        setup.result = None;
        setup.passes_in_row = 0;
        let template = Position::from_setup(&setup).ok()?;
        let hidden = hidden_cards(&template, opponent);
        Some(Before { template, opponent, hidden })
    }

    /// The chance the heuristic plays `play` in the position before it with the opponent holding
    /// `hand`: the softmax at `temperature` of its ratings of every card the opponent could play.
    fn choice_probability(&self, hand: CardSet, play: &Arrival, temperature: f32, legal: &mut Vec<Action>) -> f32 {
        let Some(position) = self.with_opponent_hand(hand) else { return 0.0 };
        position.legal_actions_into(legal);
        let observed = Action::Play { card: play.card, flag: play.flag };
        let mut scores = Vec::with_capacity(legal.len());
        let mut chosen = None;
        for action in legal.iter().filter(|a| matches!(a, Action::Play { .. })) {
            let Some(score) = HeuristicBot::rate_play(&position, action, self.opponent) else { continue };
            if *action == observed {
                chosen = Some(score);
            }
            scores.push(score);
        }
        let Some(chosen) = chosen else { return 0.0 };
        let best = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let sum: f32 = scores.iter().map(|s| ((s - best) / temperature).exp()).sum();
        ((chosen - best) / temperature).exp() / sum
    }

    /// The template with the opponent holding `hand` and the other hidden cards in the decks.
    fn with_opponent_hand(&self, hand: CardSet) -> Option<Position> {
        let rest = self.hidden.difference(hand);
        let troops: Vec<Card> = rest.troops().iter().collect();
        let tactics: Vec<Card> = rest.tactics().iter().collect();
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (p, slot) in hands.iter_mut().enumerate().take(self.template.players()) {
            *slot = self.template.hand(p);
        }
        hands[self.opponent] = hand;
        self.template.with_hidden_cards(hands, &troops, &tactics).ok()
    }
}

/// The opponent's hand and the decks of `position`.
fn hidden_cards(position: &Position, opponent: Player) -> CardSet {
    position
        .hand(opponent)
        .union(CardSet::from_cards(position.troop_deck()))
        .union(CardSet::from_cards(position.tactics_deck()))
}

/// The turn facts at the start of `player`'s turn, as a fresh deal shows them.
fn start_of_turn(position: &Position, player: Player) -> TurnView {
    let fresh = Position::deal(position.options(), &mut rng_from_seed(0), player);
    fresh.view(player).expect("the player exists").turn
}

#[cfg(test)]
mod tests {
    use super::*;
    use battleline::bot::Bot;
    use battleline::{Game, Options};

    /// Heuristic games; at every play step of player 0, `visit` gets the view and the true position.
    fn decisions(seeds: std::ops::Range<u64>, tactics: bool, mut visit: impl FnMut(&PlayerView, &Position)) {
        for seed in seeds {
            let options = Options { tactics, ..Options::default() };
            let mut game = Game::new(options, seed).unwrap();
            let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
            while !game.position().is_over() {
                let player = game.position().current();
                let view = game.view(player).unwrap();
                if player == 0 && game.position().phase() == Phase::Play {
                    visit(&view, game.position());
                }
                let action = bots[player].choose(&view).unwrap();
                game.apply(&action).unwrap();
            }
        }
    }

    #[test]
    fn the_recent_plays_are_the_opponents_latest_troops() {
        let mut seen = 0;
        decisions(0..3, false, |view, position| {
            let plays = recent_plays(view, 3);
            for pair in plays.windows(2) {
                assert!(pair[0].stamp > pair[1].stamp, "latest first");
            }
            for play in &plays {
                seen += 1;
                assert_eq!(play.player, 1);
                assert!(position.flag(play.flag).sides[1].contains(play.card));
            }
        });
        assert!(seen > 100, "{seen} plays read");
    }

    /// The mean likelihood of the true hand and of sampled ones, over player 0's decisions.
    fn likelihoods(depth: usize, temperature: f32, tactics: bool) -> (f32, f32) {
        let mut rng = rng_from_seed(4);
        let mut legal = Vec::new();
        let (mut truth, mut sampled, mut count) = (0.0, 0.0, 0);
        decisions(0..6, tactics, |view, position| {
            let plays = recent_plays(view, depth);
            if plays.is_empty() {
                return;
            }
            let determinizer = Determinizer::new(view).unwrap();
            let first = determinizer.sample(&mut rng);
            let befores: Vec<Before> = plays.iter().map_while(|p| Before::new(&first, 0, p.stamp)).collect();
            assert_eq!(befores.len(), plays.len(), "every position before a play is rebuilt");
            truth += likelihood(&befores, &plays, position.hand(1), temperature, &mut rng, &mut legal);
            for _ in 0..8 {
                let hand = determinizer.sample(&mut rng).hand(1);
                sampled += likelihood(&befores, &plays, hand, temperature, &mut rng, &mut legal) / 8.0;
            }
            count += 1;
        });
        (truth / count as f32, sampled / count as f32)
    }

    #[test]
    fn the_true_hand_is_likelier_than_a_sampled_one() {
        for (depth, tactics) in [(1, true), (3, false)] {
            let (truth, sampled) = likelihoods(depth, 0.1, tactics);
            assert!(truth > 1.5 * sampled, "depth {depth}: true {truth}, sampled {sampled}");
        }
    }

    /// The numbers behind the default temperature and depth:
    /// `cargo test --release -p battleline-lab --lib probe_likelihoods -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn probe_likelihoods() {
        for depth in [1, 2, 3, 5] {
            for temperature in [0.1, 0.03, 0.01] {
                let (truth, sampled) = likelihoods(depth, temperature, true);
                eprintln!(
                    "depth {depth}, temperature {temperature}: true hand {truth:.4}, sampled {sampled:.4}, ratio {:.1}",
                    truth / sampled
                );
            }
        }
    }

    /// How many of the opponent's true cards a weighted candidate hand holds, against a uniform one:
    /// `cargo test --release -p battleline-lab --lib probe_overlap -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn probe_overlap() {
        for (depth, temperature, pool) in [(1, 0.03, 64), (3, 0.03, 64), (3, 0.01, 64), (5, 0.03, 64), (3, 0.03, 256)] {
            let mut rng = rng_from_seed(5);
            let (mut uniform, mut weighted, mut count, mut seconds) = (0.0, 0.0, 0, 0.0);
            decisions(0..6, true, |view, position| {
                let determinizer = Determinizer::new(view).unwrap();
                let start = std::time::Instant::now();
                let Some(posterior) = HandPosterior::new(&determinizer, view, depth, pool, temperature, &mut rng)
                else {
                    return;
                };
                seconds += start.elapsed().as_secs_f64();
                let truth = position.hand(1);
                let overlap = |hand: &CardSet| hand.intersection(truth).len() as f32;
                uniform += posterior.hands.iter().map(overlap).sum::<f32>() / posterior.hands.len() as f32;
                weighted += posterior.hands.iter().zip(posterior.shares()).map(|(h, w)| overlap(h) * w).sum::<f32>();
                count += 1;
            });
            let n = count as f32;
            eprintln!(
                "depth {depth}, temperature {temperature}, pool {pool}: true cards in a hand {:.3} uniform, {:.3} weighted; {:.1} ms a decision ({count})",
                uniform / n,
                weighted / n,
                seconds * 1000.0 / count as f64
            );
        }
    }

    #[test]
    fn the_search_infers_without_error() {
        let config = LabConfig { infer_temperature: 0.03, infer_depth: 3, ..LabConfig::default() };
        let mut inferred = 0;
        decisions(0..1, true, |view, _| {
            let determinizer = Determinizer::new(view).unwrap();
            if HandPosterior::new(&determinizer, view, 3, 16, 0.03, &mut rng_from_seed(1)).is_some() {
                inferred += 1;
            }
            let action = config.bot(200, 1).choose(view).unwrap();
            assert!(Position::from_setup(&determinizer.sample(&mut rng_from_seed(2)).to_setup())
                .unwrap()
                .is_legal(0, &action));
        });
        assert!(inferred > 10, "{inferred} decisions inferred");
    }
}
