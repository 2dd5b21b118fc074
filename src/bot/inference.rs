//! Inference about the opponent's hand from their last play (two players).
//!
//! A uniform sample of the hidden cards puts in the opponent's hand cards they would have played had
//! they held them. Here the hands are weighed by how likely the opponent's last play was under each:
//! once a decision, a pool of candidate hands is drawn from the view's samples; for each, the position
//! just before the opponent's last play is rebuilt (the card back in their hand, one troop of the hand
//! back on the deck as the card they drew after it), every card they could have played is rated by
//! the heuristic's own scoring ([`heuristic::play_score`]), and the hand is weighed by the softmax
//! probability of the card and flag they chose. The search then deals each playout's opponent hand
//! from the pool by weight, the rest of the hidden cards shuffled anew.
//!
//! The last play is read from the board's arrival stamps: the opponent's latest card, when it arrived
//! after every card of the viewer's, came with their last turn. A card taken with Traitor or moved
//! with Redeploy also arrives; those are rare and only blur the weights.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::determinize::Determinizer;
use super::heuristic::play_score;
use crate::action::Action;
use crate::card::Card;
use crate::card_set::CardSet;
use crate::flag::{FlagId, Player, MAX_PLAYERS};
use crate::phase::Phase;
use crate::position::view::PlayerView;
use crate::position::Position;

/// The opponent's last play seen on the board: the troop and the flag it went to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LastPlay {
    pub(crate) player: Player,
    pub(crate) card: Card,
    pub(crate) flag: FlagId,
}

/// The opponent's latest troop on the board, if it arrived after every card on the viewer's sides
/// (two players only).
pub(crate) fn last_play(view: &PlayerView) -> Option<LastPlay> {
    if view.hand_sizes.len() != 2 {
        return None;
    }
    let me = view.player;
    let opponent = 1 - me;
    let latest = |player: Player| {
        view.flags
            .iter()
            .flat_map(|flag| {
                let stamps = flag.arrived.get(player).map(Vec::as_slice).unwrap_or(&[]);
                flag.sides[player].iter().zip(stamps).map(move |(&card, &stamp)| (stamp, card, flag.flag))
            })
            .max_by_key(|&(stamp, _, _)| stamp)
    };
    let (stamp, card, flag) = latest(opponent)?;
    if latest(me).is_some_and(|(mine, _, _)| mine >= stamp) || !card.is_troop() {
        return None;
    }
    Some(LastPlay { player: opponent, card, flag })
}

/// Candidate opponent hands weighed by the likelihood of the opponent's last play.
pub(crate) struct HandPosterior {
    opponent: Player,
    hands: Vec<CardSet>,
    /// Running sums of the weights, for drawing a hand by weight.
    cumulative: Vec<f32>,
}

impl HandPosterior {
    /// Draws `pool` candidate hands from `determinizer` and weighs them by the softmax, at `temperature`
    /// (expected flags), of the heuristic's rating of the opponent's last play among all the troop and
    /// tactics cards they could have played. `None` where there is nothing to infer from (no last play
    /// on the board, three players) or the position before it cannot be rebuilt.
    pub(crate) fn new(
        determinizer: &Determinizer,
        view: &PlayerView,
        pool: usize,
        temperature: f32,
        rng: &mut ChaCha8Rng,
    ) -> Option<HandPosterior> {
        let play = last_play(view)?;
        let opponent = play.player;
        let first = determinizer.sample(rng);
        let before = Before::new(&first, play)?;
        let mut hands = Vec::with_capacity(pool);
        let mut cumulative = Vec::with_capacity(pool);
        let mut total = 0.0;
        let mut legal = Vec::with_capacity(64);
        for i in 0..pool.max(1) {
            let hand = if i == 0 { first.hand(opponent) } else { determinizer.sample(rng).hand(opponent) };
            total += before.likelihood(hand, play, temperature, rng, &mut legal);
            hands.push(hand);
            cumulative.push(total);
        }
        if !(total > 0.0) {
            return None;
        }
        Some(HandPosterior { opponent, hands, cumulative })
    }

    /// A sample of the view whose opponent hand is drawn from the pool by weight.
    pub(crate) fn sample(&self, determinizer: &Determinizer, rng: &mut ChaCha8Rng) -> Position {
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

/// The position just before the opponent's last play, with some hand in place of theirs.
struct Before {
    template: Position,
    opponent: Player,
    /// The cards hidden from the viewer there: the opponent's hand and the decks.
    hidden: CardSet,
}

impl Before {
    /// Rebuilt from a sample of the present: the played troop back in the opponent's hand, a troop of
    /// their hand back on top of the deck, the flag unclaimed, the opponent to play.
    fn new(sample: &Position, play: LastPlay) -> Option<Before> {
        let opponent = play.player;
        let mut setup = sample.to_setup();
        let flag = &mut setup.flags[play.flag.index()];
        let at = flag.sides[opponent].iter().position(|&c| c == play.card)?;
        flag.sides[opponent].remove(at);
        if let Some(stamps) = flag.arrived.get_mut(opponent) {
            stamps.remove(at);
        }
        flag.completed[opponent] = None;
        flag.claimed_by = None;
        let hand = &mut setup.hands[opponent];
        let drawn = hand.iter().position(|c| c.is_troop())?;
        let drawn = hand.remove(drawn);
        hand.push(play.card);
        setup.troop_deck.insert(0, drawn);
        setup.current = opponent;
        setup.phase = Phase::Play;
        setup.turn = start_of_turn(sample, opponent);
        setup.result = None;
        let template = Position::from_setup(&setup).ok()?;
        let hidden = hidden_cards(&template, opponent);
        Some(Before { template, opponent, hidden })
    }

    /// The chance the heuristic plays `play` in the position before it, had the opponent held `now`
    /// after it, with one of its troops, drawn at random, as the card they drew since (an unbiased
    /// estimate of the mean over which troop it was, at a seventh of the cost: the mean over all of
    /// them rated the true hands no better in `probe_temperatures`).
    fn likelihood(
        &self,
        now: CardSet,
        play: LastPlay,
        temperature: f32,
        rng: &mut ChaCha8Rng,
        legal: &mut Vec<Action>,
    ) -> f32 {
        let troops = now.troops();
        if troops.is_empty() {
            return 0.0;
        }
        let drawn = troops.iter().nth(rng.random_range(0..troops.len())).expect("a troop of the hand");
        let mut hand = now;
        hand.remove(drawn);
        hand.insert(play.card);
        self.choice_probability(hand, play, temperature, legal)
    }

    /// The chance the heuristic plays `play` in the position before it with the opponent holding
    /// `hand`: the softmax at `temperature` of its ratings of every card the opponent could play.
    fn choice_probability(&self, hand: CardSet, play: LastPlay, temperature: f32, legal: &mut Vec<Action>) -> f32 {
        let Some(position) = self.with_opponent_hand(hand) else { return 0.0 };
        position.legal_actions_into(legal);
        let observed = Action::Play { card: play.card, flag: play.flag };
        let mut scores = Vec::with_capacity(legal.len());
        let mut chosen = None;
        for action in legal.iter().filter(|a| matches!(a, Action::Play { .. })) {
            let Some(score) = play_score(&position, action, self.opponent) else { continue };
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
fn start_of_turn(position: &Position, player: Player) -> crate::position::view::TurnView {
    let fresh = Position::deal(position.options(), &mut crate::rng_from_seed(0), player);
    fresh.view(player).expect("the player exists").turn
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Bot, HeuristicBot};
    use crate::{Game, Options};

    /// Heuristic games; at every play step of player 0 that follows a play of player 1, `visit` gets
    /// the view and the true position.
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
    fn the_last_play_is_the_opponents_latest_troop() {
        let mut seen = 0;
        decisions(0..3, false, |view, position| {
            let Some(play) = last_play(view) else { return };
            seen += 1;
            assert_eq!(play.player, 1);
            assert_eq!(position.find_on_board(play.card), Some((play.flag, 1)));
        });
        assert!(seen > 40, "{seen} plays read");
    }

    #[test]
    fn the_true_hand_is_likelier_than_a_sampled_one() {
        let mut rng = crate::rng_from_seed(4);
        let mut legal = Vec::new();
        let (mut truth, mut sampled, mut count) = (0.0, 0.0, 0);
        decisions(0..4, true, |view, position| {
            let Some(play) = last_play(view) else { return };
            let determinizer = Determinizer::new(view).unwrap();
            let before = Before::new(&determinizer.sample(&mut rng), play).expect("the position before the play");
            truth += before.likelihood(position.hand(1), play, 0.1, &mut rng, &mut legal);
            for _ in 0..8 {
                let hand = determinizer.sample(&mut rng).hand(1);
                sampled += before.likelihood(hand, play, 0.1, &mut rng, &mut legal) / 8.0;
            }
            count += 1;
        });
        let (truth, sampled) = (truth / count as f32, sampled / count as f32);
        eprintln!("{count} decisions: mean likelihood of the true hand {truth:.3}, of a sampled hand {sampled:.3}");
        assert!(truth > 1.5 * sampled, "true {truth}, sampled {sampled}");
    }
}
#[cfg(test)]
mod probe {
    use super::*;
    use crate::bot::{Bot, HeuristicBot};
    use crate::{Game, Options};
    thread_local! { static TIME: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) }; static ESS: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) }; }
    #[test]
    #[ignore]
    fn probe_temperatures() {
        for &t in &[0.3f32, 0.1, 0.03, 0.01] {
            let mut rng = crate::rng_from_seed(4);
            let mut legal = Vec::new();
            let (mut truth, mut sampled, mut count, mut exact) = (0.0, 0.0, 0, 0.0);
            for seed in 0..6 {
                let mut game = Game::new(Options { tactics: std::env::var("TACT").is_ok(), ..Options::default() }, seed).unwrap();
                let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
                let mut before_hand = CardSet::EMPTY; let mut real_before: Option<Position> = None;
                while !game.position().is_over() {
                    let player = game.position().current();
                    let view = game.view(player).unwrap();
                    if player == 1 && game.position().phase() == Phase::Play { before_hand = game.position().hand(1); real_before = Some(*game.position()); }
                    if player == 0 && game.position().phase() == Phase::Play {
                        if let Some(play) = last_play(&view) {
                            let determinizer = Determinizer::new(&view).unwrap();
                            let before = Before::new(&determinizer.sample(&mut rng), play).unwrap();
                            truth += before.likelihood(game.position().hand(1), play, t, &mut rng, &mut legal);
                            // the exact hand before the play, as the drawn card known
                            let now = game.position().hand(1);
                            let drawn: Vec<Card> = now.difference(before_hand).iter().collect();
                            if drawn.len() == 1 && drawn[0].is_troop() {
                                let mut h = now; h.remove(drawn[0]); h.insert(play.card);
                                if let Some(p) = before.with_opponent_hand(h).filter(|_| h == before_hand) {
                                    if t == 0.3 {
                                        let rb = real_before.unwrap();
                                        let l1 = rb.legal_actions(); let l2 = p.legal_actions();
                                        let c1 = crate::bot::heuristic::choose(&rb, &l1, true);
                                        let c2 = crate::bot::heuristic::choose(&p, &l2, false);
                                        if c1 != c2 || l1.len() != l2.len() { eprintln!("mismatch: real {c1:?} ({} legal) rebuilt {c2:?} ({} legal) observed {:?} phase {:?}/{:?}", l1.len(), l2.len(), play, rb.phase(), p.phase()); }
                                    }
                                    p.legal_actions_into(&mut legal);
                                    let obs = Action::Play { card: play.card, flag: play.flag };
                                    let mut scores = vec![]; let mut ch = None;
                                    for a in legal.iter().filter(|a| matches!(a, Action::Play{..})) {
                                        if let Some(s) = play_score(&p, a, 1) { if *a == obs { ch = Some(s) } scores.push(s) }
                                    }
                                    if let Some(c) = ch { let b = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                                        let sum: f32 = scores.iter().map(|s| ((s-b)/t).exp()).sum(); exact += ((c-b)/t).exp()/sum; }
                                }
                            }
                            for _ in 0..8 {
                                let hand = determinizer.sample(&mut rng).hand(1);
                                sampled += before.likelihood(hand, play, t, &mut rng, &mut legal) / 8.0;
                            }
                            count += 1;
                            if t == 0.3 {
                                let start = std::time::Instant::now();
                                let post = HandPosterior::new(&determinizer, &view, 64, 0.03, &mut rng);
                                TIME.with(|c| c.set(c.get() + start.elapsed().as_secs_f64()));
                                if let Some(post) = post { let sh = post.shares(); let ess = 1.0 / sh.iter().map(|x| x * x).sum::<f32>(); ESS.with(|c| c.set(c.get() + ess as f64)); }
                            }
                        }
                    }
                    let action = bots[player].choose(&view).unwrap();
                    game.apply(&action).unwrap();
                }
            }
            let c = count as f32;
            if t == 0.3 { eprintln!("posterior: {:.2} ms each, effective hands {:.1} of 64", TIME.with(|c| c.get()) * 1000.0 / count as f64, ESS.with(|c| c.get()) / count as f64); }
            eprintln!("T {t}: {count} decisions: true {:.3}, exact-drawn {:.3}, sampled {:.3}", truth / c, exact / c, sampled / c);
        }
    }
}
