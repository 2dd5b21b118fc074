// Choosing a move by parts: a hand card, then a flag, a side, a deck or a guile card's source and destination;
// the move is the engine's legal action that matches, or the engine's reason why there is none.
import type { Action, CardName, DeckKind, FlagNumber } from '../../../pkg/full.js';
import { claimDialog } from '../dialogs.js';
import { destinationsFor, isGuile, playAction, sourcesFor } from '../moves.js';
import { whyUnplayable } from '../why.js';
import { NONE, errorText, wordsOf, type Ctx } from './state.js';
import { render } from './draw.js';
import { actionsFor, handCards, myTurn, phaseStep, resolve, seatNames, viewerSeat } from './queries.js';
import { save } from './keeping.js';
import { perform } from './session.js';
import { selectionTargets } from './view-model.js';
import { focusInGame } from '../focus.js';
import { adoptCss } from '../feature-css.js';

export function select(ctx: Ctx, card: CardName, keep = false): void {
  if (!keep && ctx.s.sel.kind !== 'none' && ctx.s.sel.card === card) {
    ctx.s.sel = NONE;
    return;
  }
  ctx.s.sel = isGuile(card) ? { kind: 'guile', card, source: null } : { kind: 'card', card };
  ctx.s.message = null;
}

export function onHand(ctx: Ctx, card: CardName, t0: number): void {
  if (!myTurn(ctx.s)) return;
  if (phaseStep(ctx.s) === 'scoutReturn') {
    const steps = resolve(ctx.s, { type: 'scoutReturn', card });
    if (steps) perform(ctx, steps, t0);
    return;
  }
  if (!handCards(ctx.s).has(card)) {
    // A greyed-out card says why when pressed (a tap has no hover to show the tooltip).
    const g = ctx.s.game;
    const why = g ? whyUnplayable(wordsOf(ctx.s), g, [card]).get(card) : undefined;
    if (g && why) ctx.s.message = { text: (words) => (ctx.s.game === g ? (whyUnplayable(words, g, [card]).get(card) ?? why) : why), kind: 'info' };
    render(ctx, t0);
    return;
  }
  select(ctx, card);
  render(ctx, t0);
}

export function onFlag(ctx: Ctx, flag: FlagNumber, t0: number): void {
  if (!ctx.s.game || ctx.s.replay) return;
  const sel = ctx.s.sel;
  if (myTurn(ctx.s)) {
    if (sel.kind === 'card') {
      if (sel.card === 'scout') {
        playScout(ctx, t0);
        return;
      }
      const action = playAction(actionsFor(ctx.s, sel.card), sel.card, flag);
      if (action) {
        const steps = resolve(ctx.s, action);
        if (steps) {
          perform(ctx, steps, t0);
          return;
        }
      }
    } else if (sel.kind === 'guile' && sel.source === null) {
      // A flag's button picks the (first) card there that the guile card can take: a card on a side, else
      // the flag's Fog or Mud, whose badge is too small a target on a phone to be the only way to it.
      const fv = ctx.s.game.view(viewerSeat(ctx.s)).flags[flag - 1];
      const here: CardName[] = [...(fv?.sides.flat() ?? []), ...(fv?.fog != null ? (['fog'] as const) : []), ...(fv?.mud != null ? (['mud'] as const) : [])];
      const sources = sourcesFor(actionsFor(ctx.s, sel.card), sel.card);
      const card = here.find((c) => sources.has(c));
      if (card) {
        onSource(ctx, card, t0);
        return;
      }
    } else if (sel.kind === 'guile' && sel.source !== null && sel.card !== 'deserter') {
      const to = destinationsFor(actionsFor(ctx.s, sel.card), sel.card, sel.source);
      if (to.flags.has(flag)) {
        const action: Action =
          sel.card === 'redeploy' ? { type: 'redeploy', card: sel.source, to: flag } : { type: 'traitor', card: sel.source as Extract<Action, { type: 'traitor' }>['card'], to: flag };
        const steps = resolve(ctx.s, action);
        if (steps) {
          perform(ctx, steps, t0);
          return;
        }
      }
    }
    if (sel.kind === 'none' || !selectionTargets(ctx.s).has(flag)) {
      const claim = ctx.s.game.legalActions().find((a) => a.type === 'claim' && a.flag === flag);
      if (claim) {
        perform(ctx, [claim], t0);
        return;
      }
    }
    const why = sel.kind === 'card' ? ctx.s.flagWhy.reasons.get(flag) : undefined;
    if (why) {
      ctx.s.message = { text: () => ctx.s.flagWhy.reasons.get(flag) ?? why, kind: 'info' };
      render(ctx, t0);
      return;
    }
  }
  void explainFlag(ctx, flag);
}

/** A claim's explanation (explain.ts, with its words) is a chunk, fetched when the first one is asked for. */
let explaining: Promise<typeof import('../explain.js')> | null = null;

function loadExplain(): Promise<typeof import('../explain.js')> {
  explaining ??= import('../explain.js').catch((err: unknown) => {
    explaining = null;
    throw err;
  });
  return explaining;
}

export async function explainFlag(ctx: Ctx, flag: FlagNumber): Promise<void> {
  const { t } = wordsOf(ctx.s);
  let explainHTML;
  try {
    let explainCss;
    ({ explainHTML, explainCss } = await loadExplain());
    adoptCss(ctx.host.shadow, explainCss);
  } catch (err) {
    const text = errorText(err);
    ctx.s.message = { text: () => text, kind: 'error' };
    render(ctx);
    return;
  }
  // From here on as if the chunk had always been there: the game as it is now.
  const g = ctx.s.game;
  if (!g) return;
  const viewer = viewerSeat(ctx.s);
  const view = g.view(viewer);
  const fv = view.flags[flag - 1];
  if (!fv) return;
  let proof;
  try {
    proof = g.explainClaim(flag, viewer);
  } catch (err) {
    const text = errorText(err);
    ctx.s.message = { text: () => text, kind: 'error' };
    render(ctx);
    return;
  }
  let body = explainHTML(proof, { names: seatNames(ctx.s), viewer, flag: fv, words: wordsOf(ctx.s) });
  if (proof.claimable && fv.claimedBy === null) {
    body += `<p class="note">${g.current === viewer && !g.result() ? t('claimLater') : t('claimNotYourTurn')}</p>`;
  }
  const title = t('claimTitle', { n: flag, name: seatNames(ctx.s)[viewer] ?? '' });
  await claimDialog(wordsOf(ctx.s), ctx.host.shadow, title, body, null);
  if (ctx.s.lesson && !proof.claimable) ctx.s.lesson.history.refusalsShown.add(flag);
  render(ctx);
  ctx.features.tutorial.progress(ctx);
}

export function onSource(ctx: Ctx, card: CardName, t0: number): void {
  const sel = ctx.s.sel;
  if (!myTurn(ctx.s) || sel.kind !== 'guile') return;
  if (!sourcesFor(actionsFor(ctx.s, sel.card), sel.card).has(card)) return;
  if (sel.card === 'deserter') {
    const steps = resolve(ctx.s, { type: 'deserter', card });
    if (steps) perform(ctx, steps, t0);
    return;
  }
  ctx.s.sel = { ...sel, source: sel.source === card ? null : card };
  render(ctx, t0);
}

export function onDeck(ctx: Ctx, deck: DeckKind, t0: number): void {
  if (!myTurn(ctx.s)) return;
  const type = phaseStep(ctx.s) === 'scoutDraw' ? 'scoutDraw' : 'draw';
  const steps = resolve(ctx.s, { type, deck });
  if (steps) perform(ctx, steps, t0);
}

export function onDiscard(ctx: Ctx, t0: number): void {
  const sel = ctx.s.sel;
  if (!myTurn(ctx.s) || sel.kind !== 'guile' || sel.card !== 'redeploy' || sel.source === null) return;
  const steps = resolve(ctx.s, { type: 'redeploy', card: sel.source, to: null });
  if (steps) perform(ctx, steps, t0);
}

export function playScout(ctx: Ctx, t0: number): void {
  const steps = resolve(ctx.s, { type: 'scout' });
  if (steps) perform(ctx, steps, t0);
}

export function onDrop(ctx: Ctx, card: CardName, target: Element | null): void {
  const t0 = performance.now();
  if (!target) {
    render(ctx, t0);
    return;
  }
  if (target.closest('[data-discard]')) return;
  const flag = Number((target.closest('[data-flag]') as HTMLElement | null)?.dataset['flag']);
  if (flag >= 1 && flag <= 9) {
    if (card === 'scout') playScout(ctx, t0);
    else onFlag(ctx, flag as FlagNumber, t0);
  }
}

export function revealHand(ctx: Ctx, t0: number): void {
  ctx.s.handover = false;
  ctx.s.shownSeat = ctx.s.game?.current ?? null;
  save(ctx);
  render(ctx, t0);
  focusInGame(ctx.el.hand.querySelector<HTMLElement>('.playable'));
}
