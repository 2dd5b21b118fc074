//! A static evaluation of a position from one player's side, using only what that player knows (the
//! board, the discards, their own hand, deck sizes): for every flag an estimate of the chance to win it
//! from the strongest formations each side can still reach, then the expected flags with a bonus for
//! three adjacent ones (R-END-1). Used by the heuristic bot and to order the search's candidates; the
//! search's leaves, which are sampled positions, also look at the sample's next draws
//! ([`Knowledge::with_foresight`]).

use super::portable::sigmoid;
use crate::card_set::CardSet;
use crate::flag::{Flag, FlagId, Player, FLAG_COUNT, MAX_PLAYERS};
use crate::formation::{best_completion, Completion, FormationKind, Pool, Shape, Strength};
use crate::position::Position;

/// One formation kind is worth this many points of sum.
const KIND_STEP: f32 = 40.0;
/// Points taken off a reachable formation for each card of it the player does not hold.
const MISSING_OWN: f32 = 14.0;
/// Points taken off an opponent's reachable formation for each card its side still needs.
const MISSING_OPPONENT: f32 = 16.0;
/// Logistic temperature turning a difference of points into a chance.
const TEMPERATURE: f32 = 18.0;
/// The search's logistic temperature (see [`EvalParams::SEARCH`]).
const SEARCH_TEMPERATURE: f32 = 50.0;
/// The same under Fog, where only sums count.
const TEMPERATURE_FOG: f32 = 5.0;
/// Weight of three adjacent flags (a breakthrough) on top of the flags themselves.
const BREAKTHROUGH: f32 = 1.5;

/// The points of a formation: kind first, then sum (R-FORM-3); sums only under Fog (R-ENV-1).
pub(crate) fn points(strength: Strength, fog: bool) -> f32 {
    if fog {
        f32::from(strength.sum)
    } else {
        f32::from(strength.kind.rank()) * KIND_STEP + f32::from(strength.sum)
    }
}

/// The evaluation's constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalParams {
    /// Points taken off a reachable formation for each card of it the player does not hold.
    pub missing_own: f32,
    /// Points taken off an opponent's reachable formation for each card its side still needs.
    pub missing_opponent: f32,
    /// Logistic temperature turning a difference of points into a chance.
    pub temperature: f32,
    /// The same under Fog.
    pub temperature_fog: f32,
    /// Weight of three adjacent flags.
    pub breakthrough: f32,
    /// Whether the cards (in hand and unseen) are shared out among the flags, the most promising flag
    /// served first, instead of being counted at every flag they could serve.
    pub allocate: bool,
}

impl EvalParams {
    /// The heuristic bot's constants.
    pub const HEURISTIC: EvalParams = EvalParams {
        missing_own: MISSING_OWN,
        missing_opponent: MISSING_OPPONENT,
        temperature: TEMPERATURE,
        temperature_fog: TEMPERATURE_FOG,
        breakthrough: BREAKTHROUGH,
        allocate: false,
    };

    /// The search's leaf evaluation: the cards shared out among the flags, and a flatter chance per
    /// flag. Why the temperature: the heuristic's 18 was set for the heuristic; screened for the search
    /// (`lab/examples/tune.rs`, search:medium, 200 paired deals each), 12 lost 0.028, 26 gained 0.048 and
    /// 0.025, 36 gained 0.037 and 0.020, 50 gained 0.048 ± 0.027 (docs/BOT_EXPERIMENTS.md).
    pub const SEARCH: EvalParams =
        EvalParams { allocate: true, temperature: SEARCH_TEMPERATURE, ..EvalParams::HEURISTIC };
}

/// A side's expected formation: its points, the cards it adds, and every card the choice between the
/// sure and the hoped formation looked at (the answer stands while all of them are available).
#[derive(Clone, Copy, Debug)]
struct Expected {
    points: f32,
    /// Cards of the formation not in hand.
    missing: u8,
    used: CardSet,
    depends: CardSet,
}

/// An opponent's expected formation at a flag: its points and the cards it still needs (0 when the
/// cards known to come to them complete it).
#[derive(Clone, Copy, Debug)]
struct Theirs {
    points: f32,
    need: u8,
}

/// One flag as the evaluation reads it (see [`Knowledge::readings`]): the chance of winning it and
/// each side's expected formation in points (0 where none is reachable or the flag is claimed) with
/// the cards it still lacks.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct FlagReading {
    pub(crate) chance: f32,
    pub(crate) mine: f32,
    pub(crate) missing: u8,
    pub(crate) theirs: f32,
    pub(crate) need: u8,
}

/// What the evaluation reads at one open flag for one player against one opponent: the numbers its
/// chance of winning the flag is computed from (the hand-set chance is the logistic of `diff`). Public
/// for fitting other chances to them (the lab crate's learned flag model) and for diagnostics.
#[cfg_attr(not(feature = "lab-hooks"), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Duel {
    /// The player's expected points minus the opponent's, both with the flat costs for missing cards.
    pub diff: f32,
    /// Cards the player's expected formation still needs from the deck (not in hand).
    pub missing: u8,
    /// Cards the opponent's expected formation still needs (0 when their known cards complete it).
    pub need: u8,
    /// Cards on the player's side, and on the opponent's.
    pub my_cards: u8,
    /// See `my_cards`.
    pub their_cards: u8,
    /// Cards a side holds when complete (3, or 4 under Mud).
    pub capacity: u8,
    /// Troops left in the deck.
    pub deck: u8,
    /// Whether the player is the one to move.
    pub to_move: bool,
}

/// What one player knows about the cards that may still come.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Knowledge {
    params: EvalParams,
    me: Player,
    /// The player's own troops in hand.
    hand: CardSet,
    /// Troops of the player's hand.
    pool_hand: Pool,
    /// Troops of the hand and every unseen troop the player might still draw.
    pool_mine: Pool,
    /// Unseen troops not in the player's hand: what the opponents may hold or draw.
    pool_others: Pool,
    /// The hand's troops and every unseen troop `me` might still draw.
    all_mine: CardSet,
    /// Per opponent, troops known to come to them (their hand and next draws in a sampled position,
    /// see [`Knowledge::with_foresight`]); `None` where nothing is known.
    coming: [Option<Pool>; MAX_PLAYERS],
}

impl Knowledge {
    /// The knowledge of `me` in `position` (public facts and `me`'s hand only).
    pub(crate) fn new(position: &Position, me: Player) -> Knowledge {
        Knowledge::with_params(position, me, EvalParams::HEURISTIC)
    }

    /// The knowledge of `me`, evaluated with `params`.
    pub(crate) fn with_params(position: &Position, me: Player, params: EvalParams) -> Knowledge {
        let hand = position.hand(me).troops();
        let others = position.unseen_troops().difference(hand);
        let drawable = if position.troop_deck_len() == 0 { CardSet::EMPTY } else { others };
        Knowledge::from_cards(params, me, hand, drawable, others, [None; MAX_PLAYERS])
    }

    /// The knowledge of `me` at a leaf of the search, a sampled position: each player's next `draws`
    /// troop draws, dealt from the sampled deck in turn order (the player to move first), count as
    /// held; `me` holds them as hand cards, and each opponent reaches, at no cost, the best formation
    /// of their sampled hand and next draws. Troops further down the deck stay hoped for at the flat
    /// cost per missing card.
    ///
    /// Why: the flat cost cannot tell a card that is about to come from one that never will. Over the
    /// search's many samples, the sampled next draws are a fair guess of which cards come soon, and
    /// the search plays markedly better with them. Never use it on a real position: it reads the
    /// deck and the opponents' hands.
    pub(crate) fn with_foresight(position: &Position, me: Player, params: EvalParams, draws: usize) -> Knowledge {
        let players = position.players();
        let mut held = [CardSet::EMPTY; MAX_PLAYERS];
        for (player, cards) in held.iter_mut().enumerate().take(players) {
            *cards = position.hand(player).troops();
        }
        let mut later = CardSet::EMPTY;
        for (i, card) in position.troop_deck().enumerate() {
            if i < draws * players {
                held[(position.current() + i) % players].insert(card);
            } else {
                later.insert(card);
            }
        }
        let hand = held[me];
        let mut coming = [None; MAX_PLAYERS];
        for player in (0..players).filter(|&p| p != me) {
            coming[player] = Some(Pool::new(held[player]));
        }
        Knowledge::from_cards(params, me, hand, later, position.unseen_troops().difference(hand), coming)
    }

    /// `hand`: the troops `me` holds; `drawable`: those `me` may still draw; `others`: those the
    /// opponents may hold or draw; `coming`: per opponent, the troops known to come to them.
    fn from_cards(
        params: EvalParams,
        me: Player,
        hand: CardSet,
        drawable: CardSet,
        others: CardSet,
        coming: [Option<Pool>; MAX_PLAYERS],
    ) -> Knowledge {
        let all_mine = hand.union(drawable);
        Knowledge {
            params,
            me,
            hand,
            pool_hand: Pool::new(hand),
            pool_mine: Pool::new(all_mine),
            pool_others: Pool::new(others),
            all_mine,
            coming,
        }
    }

    /// The points `me` may expect at this flag; `None` when the side can no longer be completed.
    #[cfg(test)]
    fn mine(&self, flag: &Flag) -> Option<f32> {
        self.mine_expected(flag).map(|expected| expected.points)
    }

    /// The same with the cards of the expected formation.
    fn mine_expected(&self, flag: &Flag) -> Option<Expected> {
        self.mine_from(flag, self.hand, &self.pool_hand, &self.pool_mine)
    }

    /// The same from the given cards, with the cards the expected formation adds.
    fn mine_from(&self, flag: &Flag, hand: CardSet, pool_hand: &Pool, pool_mine: &Pool) -> Option<Expected> {
        let fog = flag.fog.is_some();
        let side = &flag.sides[self.me];
        let shape = Shape::of(side.iter());
        let need = flag.capacity().saturating_sub(side.len());
        let added = |done: &Completion| CardSet::from_cards(done.added().iter().copied());
        let sure = best_completion(&shape, need, pool_hand, fog, FormationKind::Host).map(|done| {
            let used = added(&done);
            Expected { points: points(done.strength, fog), missing: 0, used, depends: used }
        });
        if need == 0 {
            return sure;
        }
        let hoped = best_completion(&shape, need, pool_mine, fog, FormationKind::Host).map(|done| {
            let missing = done.added().iter().filter(|c| !hand.contains(**c)).count();
            let used = added(&done);
            Expected {
                points: points(done.strength, fog) - self.params.missing_own * missing as f32,
                missing: missing as u8,
                used,
                depends: used,
            }
        });
        match (sure, hoped) {
            (Some(a), Some(b)) => {
                let depends = a.used.union(b.used);
                Some(Expected { depends, ..if a.points >= b.points { a } else { b } })
            }
            (a, b) => a.or(b),
        }
    }

    /// Each open flag's expected points for `me` when every card serves one flag only: flags are
    /// served strongest first, each taking the cards of its expected formation from the rest.
    fn allocated(&self, position: &Position) -> [Option<Option<Expected>>; FLAG_COUNT] {
        let mut out = [None; FLAG_COUNT];
        let mut alone = [None; FLAG_COUNT];
        let mut order: Vec<(f32, FlagId)> = FlagId::all()
            .filter(|&id| {
                let flag = position.flag(id);
                flag.claimed.is_none() && !flag.is_complete(self.me)
            })
            .map(|id| {
                let expected = self.mine_from(position.flag(id), self.hand, &self.pool_hand, &self.pool_mine);
                alone[id.index()] = expected;
                (expected.map_or(f32::NEG_INFINITY, |e| e.points), id)
            })
            .collect();
        order.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut taken = CardSet::EMPTY;
        for (_, id) in order {
            let found = match alone[id.index()] {
                // The formations weighed alone are all still there, so the answer is the same: the
                // searches pick the best of what is left, and removing others changes nothing.
                Some(expected) if expected.depends.intersection(taken).is_empty() => Some(expected),
                None => None,
                Some(_) => {
                    let (hand, mine) = (self.hand.difference(taken), self.all_mine.difference(taken));
                    self.mine_from(position.flag(id), hand, &Pool::new(hand), &Pool::new(mine))
                }
            };
            out[id.index()] = Some(found);
            if let Some(expected) = found {
                taken = taken.union(expected.used);
            }
        }
        out
    }

    /// The points an opponent may expect at this flag: the best of what the unseen cards may give, at
    /// the flat cost per missing card, and of what the cards known to come to them give.
    fn theirs(&self, flag: &Flag, opponent: Player) -> Option<Theirs> {
        let fog = flag.fog.is_some();
        let side = &flag.sides[opponent];
        let shape = Shape::of(side.iter());
        let need = flag.capacity().saturating_sub(side.len());
        let reach = |pool: &Pool| {
            let pool = if need == 0 { &Pool::EMPTY } else { pool };
            best_completion(&shape, need, pool, fog, FormationKind::Host).map(|done| points(done.strength, fog))
        };
        let hoped = reach(&self.pool_others)
            .map(|points| Theirs { points: points - self.params.missing_opponent * need as f32, need: need as u8 });
        let sure = self.coming[opponent].as_ref().and_then(reach).map(|points| Theirs { points, need: 0 });
        match (sure, hoped) {
            (Some(sure), Some(hoped)) => Some(if sure.points >= hoped.points { sure } else { hoped }),
            (sure, hoped) => sure.or(hoped),
        }
    }

    /// The chance that `me` wins this unclaimed flag, for a two- or three-player position; `known` is
    /// `me`'s expected points when already worked out.
    fn chance(&self, position: &Position, id: FlagId, known: Option<Option<Expected>>) -> f32 {
        self.chance_reading(position, id, known, &mut None)
    }

    /// The same, keeping the last opponent's expected formation in `seen` where it was worked out.
    fn chance_reading(
        &self,
        position: &Position,
        id: FlagId,
        known: Option<Option<Expected>>,
        seen: &mut Option<Theirs>,
    ) -> f32 {
        let flag = position.flag(id);
        if let Some(owner) = flag.claimed {
            return if owner == self.me { 1.0 } else { 0.0 };
        }
        if flag.is_complete(self.me) && position.can_claim(self.me, id) {
            return 1.0;
        }
        let Some(mine) = known.unwrap_or_else(|| self.mine_expected(flag)) else { return 0.0 };
        let fog = flag.fog.is_some();
        let mut chance = 1.0;
        for opponent in (0..position.players()).filter(|&p| p != self.me) {
            if flag.is_complete(opponent) && position.can_claim(opponent, id) {
                return 0.0;
            }
            let Some(theirs) = self.theirs(flag, opponent) else { continue };
            *seen = Some(theirs);
            if flag.is_complete(self.me) && flag.is_complete(opponent) {
                // Both complete but not yet provable (a tie in kind and sum): the first completer wins.
                let first = matches!((flag.completed[self.me], flag.completed[opponent]), (Some(a), Some(b)) if a < b);
                chance *=
                    if mine.points > theirs.points || (mine.points == theirs.points && first) { 1.0 } else { 0.0 };
                continue;
            }
            let temperature = if fog { self.params.temperature_fog } else { self.params.temperature };
            chance *= logistic((mine.points - theirs.points) / temperature);
        }
        chance
    }

    /// What the chance at an open flag is computed from.
    #[cfg_attr(not(feature = "lab-hooks"), allow(dead_code))]
    fn duel(&self, position: &Position, flag: &Flag, opponent: Player, mine: &Expected, theirs: &Theirs) -> Duel {
        Duel {
            diff: mine.points - theirs.points,
            missing: mine.missing,
            need: theirs.need,
            my_cards: flag.sides[self.me].len() as u8,
            their_cards: flag.sides[opponent].len() as u8,
            capacity: flag.capacity() as u8,
            deck: position.troop_deck_len().min(255) as u8,
            to_move: position.current() == self.me,
        }
    }

    /// Every open flag's duel against the opponent with the chance the evaluation gives it, for fitting
    /// or replacing the chance per flag: flags claimed, provable, under Fog or with both sides complete
    /// are left out (their chance follows from the rules). For the lab (and this module's tests).
    #[cfg_attr(not(feature = "lab-hooks"), allow(dead_code))]
    pub(crate) fn duels(&self, position: &Position, opponent: Player) -> Vec<(FlagId, Duel, f32)> {
        let known = if self.params.allocate { self.allocated(position) } else { [None; FLAG_COUNT] };
        let mut out = Vec::new();
        for id in FlagId::all() {
            let flag = position.flag(id);
            let provable = |p: Player| flag.is_complete(p) && position.can_claim(p, id);
            if flag.claimed.is_some() || flag.fog.is_some() || provable(self.me) || provable(opponent) {
                continue;
            }
            if flag.is_complete(self.me) && flag.is_complete(opponent) {
                continue;
            }
            let mine = known[id.index()].unwrap_or_else(|| self.mine_expected(flag));
            let (Some(mine), Some(theirs)) = (mine, self.theirs(flag, opponent)) else { continue };
            out.push((
                id,
                self.duel(position, flag, opponent, &mine, &theirs),
                self.chance(position, id, Some(Some(mine))),
            ));
        }
        out
    }

    /// The expected flags of `me` plus the breakthrough bonus; a finished game is ±100.
    pub(crate) fn evaluate(&self, position: &Position) -> f32 {
        if let Some(result) = position.result() {
            return match result.winner {
                Some(w) if w == self.me => 100.0,
                Some(_) => -100.0,
                None => 0.0,
            };
        }
        self.value(position.players(), &self.chances(position))
    }

    /// The chance that `me` wins each flag (1 or 0 once claimed), for an unfinished game.
    pub(crate) fn chances(&self, position: &Position) -> [f32; FLAG_COUNT] {
        let known = if self.params.allocate { self.allocated(position) } else { [None; FLAG_COUNT] };
        let mut mine = [0.0f32; FLAG_COUNT];
        for id in FlagId::all() {
            mine[id.index()] = self.chance(position, id, known[id.index()]);
        }
        mine
    }

    /// What the learned value model reads at each flag (two players, the opponent `1 - me`): the
    /// chance this evaluation gives it and the expected formations behind it.
    pub(crate) fn readings(&self, position: &Position) -> [FlagReading; FLAG_COUNT] {
        let known = if self.params.allocate { self.allocated(position) } else { [None; FLAG_COUNT] };
        let mut out = [FlagReading::default(); FLAG_COUNT];
        for (id, reading) in FlagId::all().zip(out.iter_mut()) {
            let flag = position.flag(id);
            if flag.claimed.is_some() {
                reading.chance = self.chance(position, id, known[id.index()]);
                continue;
            }
            let mine = known[id.index()].unwrap_or_else(|| self.mine_expected(flag));
            let mut theirs = None;
            reading.chance = self.chance_reading(position, id, Some(mine), &mut theirs);
            if let Some(mine) = mine {
                (reading.mine, reading.missing) = (mine.points, mine.missing);
            }
            // Worked out by the chance unless the flag was decided before (provable, or no formation
            // left for `me`).
            if let Some(theirs) = theirs.or_else(|| self.theirs(flag, 1 - self.me)) {
                (reading.theirs, reading.need) = (theirs.points, theirs.need);
            }
        }
        out
    }

    /// The expected flags of `me` from each flag's chance, plus the breakthrough bonus.
    pub(crate) fn value(&self, players: usize, mine: &[f32; FLAG_COUNT]) -> f32 {
        Knowledge::value_with(self.params, players, mine)
    }

    /// [`Knowledge::value`] under `params`, which is all it reads.
    pub(crate) fn value_with(params: EvalParams, players: usize, mine: &[f32; FLAG_COUNT]) -> f32 {
        let theirs = mine.map(|p| 1.0 - p);
        let windows = |p: &[f32; FLAG_COUNT]| p.windows(3).map(|w| w[0] * w[1] * w[2]).sum::<f32>();
        let adjacency = windows(mine) - windows(&theirs) / (players - 1) as f32;
        mine.iter().sum::<f32>() + params.breakthrough * adjacency
    }
}

/// The logistic function in portable arithmetic ([`sigmoid`]): the flag chances are inputs of the
/// learned value model, whose outputs must be the same bits natively and in WebAssembly, and the
/// system's `exp` is not (glibc's natively, Rust's libm in wasm: they differ in the last bit for about
/// one input in ten).
fn logistic(x: f32) -> f32 {
    sigmoid(x)
}

#[cfg(test)]
mod tests;
