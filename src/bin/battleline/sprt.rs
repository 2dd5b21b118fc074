//! The sequential probability ratio test of `battleline match --sprt S0,S1`, on paired seeds.
//!
//! The unit is a pair: both bots play the same deal from both seats, and the pair's score is A's mean
//! over those two games (0, ¼, ½, ¾ or 1). Pairing removes most of the luck of the deal from the
//! difference between two bots. The test is the normal approximation of the generalized SPRT (the
//! log-likelihood ratio of H1: mean = S1 against H0: mean = S0 for normally distributed pair scores
//! whose variance is estimated from the pairs so far):
//!
//! `LLR = n · (S1 − S0) · (2·x̄ − S0 − S1) / (2·σ²)`,
//!
//! compared after every pair with Wald's bounds `ln(β / (1 − α))` (accept H0) and `ln((1 − β) / α)`
//! (accept H1). Past the cap on games the test stops undecided.
//!
//! Two guards keep a handful of pairs from deciding: no decision before [`MIN_PAIRS`] pairs, and the
//! variance is never taken below [`MIN_VARIANCE`]. Without them the test once stopped hard against medium
//! at 20–0 after 10 pairs (the ten identical pair scores gave a variance of nothing), and accepted
//! "medium scores at least 0.55 against itself" after 13 pairs, a match that scores 0.497 over 200.

/// What the test has concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A's score is at most S0 (H0 accepted).
    H0,
    /// A's score is at least S1 (H1 accepted).
    H1,
    /// Neither bound crossed yet.
    Undecided,
}

/// The hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// The score under H0.
    pub s0: f64,
    /// The score under H1 (above S0).
    pub s1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// The smallest variance of a pair's score the test assumes. A pair of two independent games at an even
/// score varies by 0.125 (scores 0, ¼, ½, ¾, 1 with weights 1, 4, 6, 4, 1); pairing the deals removes part
/// of that, never all of it (in Battle Line the deal alone does not decide a game), so the test assumes at
/// least a third of it, whatever the first pairs show: a run of identical pair scores would otherwise
/// make the variance nothing and the ratio enormous.
pub const MIN_VARIANCE: f64 = 0.04;

/// No decision before this many pairs (60 games): fewer pairs estimate the variance too poorly for the
/// normal approximation, and a lucky start (10–0 in pairs) must not end a match.
pub const MIN_PAIRS: u64 = 30;

impl Bounds {
    /// Parses `S0,S1` (0 ≤ S0 < S1 ≤ 1) with the error rates.
    pub fn parse(text: &str, alpha: f64, beta: f64) -> Result<Bounds, String> {
        let (a, b) = text.split_once(',').ok_or_else(|| format!("--sprt {text:?}: expected S0,S1 such as 0.5,0.55"))?;
        let parse = |s: &str| s.trim().parse::<f64>().map_err(|_| format!("--sprt {text:?}: {s:?} is not a number"));
        let (s0, s1) = (parse(a)?, parse(b)?);
        if !((0.0..1.0).contains(&s0) && s0 < s1 && s1 <= 1.0) {
            return Err(format!("--sprt {text:?}: need 0 <= S0 < S1 <= 1"));
        }
        for (name, rate) in [("--alpha", alpha), ("--beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!("{name} {rate}: need 0 < rate < 0.5"));
            }
        }
        Ok(Bounds { s0, s1, alpha, beta })
    }

    /// The bound below which H0 is accepted.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The bound above which H1 is accepted.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }
}

/// The pair scores seen so far.
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    n: u64,
    sum: f64,
    squares: f64,
}

impl Pairs {
    /// Adds one pair's score (A's mean over its two games).
    pub fn add(&mut self, score: f64) {
        self.n += 1;
        self.sum += score;
        self.squares += score * score;
    }

    /// Pairs counted.
    pub fn len(&self) -> u64 {
        self.n
    }

    /// The mean pair score (A's score rate over the games of these pairs).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    /// The sample variance of one pair's score (n − 1 in the denominator).
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        ((self.squares - self.sum * self.sum / n) / (n - 1.0)).max(0.0)
    }

    /// The standard error of the mean pair score.
    pub fn standard_error(&self) -> f64 {
        if self.n < 2 {
            0.0
        } else {
            (self.variance() / self.n as f64).sqrt()
        }
    }

    /// The 95% confidence interval of the score (normal approximation, clamped to [0, 1]).
    pub fn interval(&self) -> (f64, f64) {
        let (mean, half) = (self.mean(), 1.96 * self.standard_error());
        ((mean - half).max(0.0), (mean + half).min(1.0))
    }

    /// The log-likelihood ratio of H1 against H0.
    pub fn llr(&self, bounds: &Bounds) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let variance = self.variance().max(MIN_VARIANCE);
        let n = self.n as f64;
        n * (bounds.s1 - bounds.s0) * (2.0 * self.mean() - bounds.s0 - bounds.s1) / (2.0 * variance)
    }

    /// The decision after these pairs.
    pub fn decision(&self, bounds: &Bounds) -> Decision {
        if self.n < MIN_PAIRS {
            return Decision::Undecided;
        }
        let llr = self.llr(bounds);
        if llr >= bounds.upper() {
            Decision::H1
        } else if llr <= bounds.lower() {
            Decision::H0
        } else {
            Decision::Undecided
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds() -> Bounds {
        Bounds::parse("0.5,0.55", 0.05, 0.05).unwrap()
    }

    #[test]
    fn wald_bounds_for_five_percent_errors() {
        let b = bounds();
        assert!((b.upper() - (0.95f64 / 0.05).ln()).abs() < 1e-12);
        assert!((b.lower() + (0.95f64 / 0.05).ln()).abs() < 1e-12);
        assert!((b.upper() - 2.944).abs() < 1e-3);
    }

    #[test]
    fn parse_refuses_bad_hypotheses() {
        assert!(Bounds::parse("0.55,0.5", 0.05, 0.05).is_err());
        assert!(Bounds::parse("0.5", 0.05, 0.05).is_err());
        assert!(Bounds::parse("0.5,1.5", 0.05, 0.05).is_err());
        assert!(Bounds::parse("x,0.6", 0.05, 0.05).is_err());
        assert!(Bounds::parse("0.5,0.6", 0.0, 0.05).is_err());
        assert!(Bounds::parse("0.5,0.6", 0.05, 0.5).is_err());
        assert_eq!(Bounds::parse(" 0.5, 0.6", 0.1, 0.2).unwrap(), Bounds { s0: 0.5, s1: 0.6, alpha: 0.1, beta: 0.2 });
    }

    #[test]
    fn mean_variance_and_interval_of_pair_scores() {
        let mut pairs = Pairs::default();
        for s in [0.0, 0.5, 1.0, 0.5] {
            pairs.add(s);
        }
        assert_eq!(pairs.len(), 4);
        assert!((pairs.mean() - 0.5).abs() < 1e-12);
        // Deviations -0.5, 0, 0.5, 0: squares 0.5 over 3.
        assert!((pairs.variance() - 0.5 / 3.0).abs() < 1e-12);
        assert!((pairs.standard_error() - (0.5f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12);
        let (lo, hi) = pairs.interval();
        assert!((hi - lo - 2.0 * 1.96 * pairs.standard_error()).abs() < 1e-12);
    }

    #[test]
    fn the_ratio_is_zero_halfway_and_signed_by_the_side_of_the_mean() {
        let b = bounds();
        let mut at_mid = Pairs::default();
        for s in [0.5, 0.55, 0.55, 0.5] {
            at_mid.add(s);
        }
        assert!(at_mid.llr(&b).abs() < 1e-9);
        let mut high = Pairs::default();
        let mut low = Pairs::default();
        for s in [0.75, 0.5, 1.0, 0.5] {
            high.add(s);
            low.add(1.0 - s);
        }
        assert!(high.llr(&b) > 0.0);
        assert!(
            (high.llr(&b) + low.llr(&b) - 2.0 * 4.0 * 0.05 * (0.5 - 0.525) * 2.0 / (2.0 * high.variance())).abs()
                < 1e-9
        );
    }

    #[test]
    fn a_clearly_better_bot_is_accepted_and_a_clearly_worse_one_rejected() {
        let b = bounds();
        let mut better = Pairs::default();
        let mut worse = Pairs::default();
        let cycle = [1.0, 0.75, 0.5, 1.0, 0.75, 0.25, 1.0, 0.75];
        let mut steps = 0;
        while better.decision(&b) == Decision::Undecided {
            let s = cycle[steps % cycle.len()];
            better.add(s);
            worse.add(1.0 - s);
            steps += 1;
            assert!(steps < 1000);
        }
        assert_eq!(better.decision(&b), Decision::H1);
        assert_eq!(worse.decision(&b), Decision::H0);
        assert!(steps >= MIN_PAIRS as usize);
        // A score halfway between S0 and S1 with a real spread stays undecided.
        let mut even = Pairs::default();
        for _ in 0..50 {
            for s in [0.0, 1.0, 0.5, 0.6] {
                even.add(s);
            }
        }
        assert!((even.mean() - 0.525).abs() < 1e-12);
        assert_eq!(even.decision(&b), Decision::Undecided);
    }

    /// A seeded generator of pair scores: each of the two games won by A with chance `p`, the second
    /// game repeating the first one's winner (the same deal favouring the same bot) with chance `tie`.
    fn pair_source(seed: u64, p: f64, tie: f64) -> impl FnMut() -> f64 {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut uniform = move || {
            // xorshift64*: enough for a test's coin flips, and the same on every machine.
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
        };
        move || {
            let first = f64::from(u8::from(uniform() < p));
            let second = if uniform() < tie { first } else { f64::from(u8::from(uniform() < p)) };
            (first + second) / 2.0
        }
    }

    /// Runs one sequential test on `next` pair scores, at most `max_pairs` pairs.
    fn run(bounds: &Bounds, max_pairs: u64, mut next: impl FnMut() -> f64) -> (Decision, u64) {
        let mut pairs = Pairs::default();
        while pairs.len() < max_pairs {
            pairs.add(next());
            let decision = pairs.decision(bounds);
            if decision != Decision::Undecided {
                return (decision, pairs.len());
            }
        }
        (Decision::Undecided, pairs.len())
    }

    #[test]
    fn a_ten_nil_start_in_pairs_decides_nothing() {
        // 20–0 in games: ten pairs of 1.0, as hard against medium once began.
        let mut pairs = Pairs::default();
        for _ in 0..10 {
            pairs.add(1.0);
            assert_eq!(pairs.decision(&bounds()), Decision::Undecided, "after {} pairs", pairs.len());
        }
        // Nor does a run of identical scores right up to the minimum...
        while pairs.len() < MIN_PAIRS - 1 {
            pairs.add(1.0);
            assert_eq!(pairs.decision(&bounds()), Decision::Undecided);
        }
        // ...while a bot that keeps winning every game is accepted once the minimum is reached.
        pairs.add(1.0);
        assert_eq!(pairs.len(), MIN_PAIRS);
        assert_eq!(pairs.decision(&bounds()), Decision::H1);
    }

    #[test]
    fn an_even_match_rarely_accepts_that_a_scores_fifty_five_percent() {
        // A known 0.50 process (medium against itself scores 0.497 over 200 pairs), independent games and
        // games tied by their deal: over 400 seeded tests each, H1 (A ≥ 0.55) is accepted about as
        // rarely as α = 5% allows, never after a handful of pairs.
        for tie in [0.0, 0.5] {
            let mut accepted = 0;
            let mut earliest = u64::MAX;
            for seed in 0..400 {
                let (decision, n) = run(&bounds(), 2_000, pair_source(seed, 0.5, tie));
                if decision == Decision::H1 {
                    accepted += 1;
                    earliest = earliest.min(n);
                }
            }
            assert!(accepted <= 400 * 8 / 100, "tie {tie}: H1 accepted in {accepted} of 400 even matches");
            assert!(earliest >= MIN_PAIRS, "tie {tie}: accepted after {earliest} pairs");
        }
        // The same machinery does find a real 0.60 bot better, and a real 0.40 one worse, most times.
        let better = (0..100).filter(|&seed| run(&bounds(), 2_000, pair_source(seed, 0.6, 0.0)).0 == Decision::H1);
        assert!(better.count() >= 90);
        let worse = (0..100).filter(|&seed| run(&bounds(), 2_000, pair_source(seed, 0.4, 0.0)).0 == Decision::H0);
        assert!(worse.count() >= 90);
    }

    #[test]
    fn identical_pair_scores_do_not_divide_by_zero_nor_decide_early() {
        let mut pairs = Pairs::default();
        pairs.add(1.0);
        assert_eq!(pairs.llr(&bounds()), 0.0);
        for _ in 1..MIN_PAIRS {
            assert_eq!(pairs.decision(&bounds()), Decision::Undecided);
            pairs.add(1.0);
        }
        assert!(pairs.llr(&bounds()).is_finite());
        assert_eq!(pairs.decision(&bounds()), Decision::H1);
    }
}
