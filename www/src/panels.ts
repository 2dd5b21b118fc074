// The panels around the board: the tool bar, the status line (whose turn, which step), the action bar
// with the prompt and its buttons, the replay controls and the log.
import type { ClaimTiming, Phase, PlayerIndex } from '../../pkg/index.js';
import { escapeAttr, escapeHTML } from './cards.js';
import type { Key, Words } from './i18n.js';

const icons: Record<string, string> = {
  new: '<path d="M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z"/>',
  undo: '<path d="M8 5 2.5 10.5 8 16v-4h6.5a4 4 0 0 1 0 8H11v2.2h3.5a6.2 6.2 0 0 0 0-12.4H8Z"/>',
  hint: '<path d="M12 2a7 7 0 0 0-4 12.7V18h8v-3.3A7 7 0 0 0 12 2Zm-3 17.5h6V21a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1Z"/>',
  log: '<path d="M4 5h2v2H4zm4 0h12v2H8zM4 11h2v2H4zm4 0h12v2H8zm-4 6h2v2H4zm4 0h12v2H8z"/>',
  lang: '<path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 9h-3a15.6 15.6 0 0 0-1.4-6.2A8 8 0 0 1 18.9 11ZM12 4.1c.9 1.2 1.7 3.6 1.9 6.9h-3.8c.2-3.3 1-5.7 1.9-6.9ZM9.5 4.8A15.6 15.6 0 0 0 8.1 11h-3a8 8 0 0 1 4.4-6.2ZM5.1 13h3a15.6 15.6 0 0 0 1.4 6.2A8 8 0 0 1 5.1 13Zm6.9 6.9c-.9-1.2-1.7-3.6-1.9-6.9h3.8c-.2 3.3-1 5.7-1.9 6.9Zm2.5-.7a15.6 15.6 0 0 0 1.4-6.2h3a8 8 0 0 1-4.4 6.2Z"/>',
  rules: '<path d="M5 3h11a3 3 0 0 1 3 3v15H7a2 2 0 0 1-2-2Zm2 14v2h10v-2Zm2-10v2h7V7Zm0 4v2h7v-2Z"/>',
  menu: '<path d="M4 6h16v2H4zm0 5h16v2H4zm0 5h16v2H4z"/>',
  first: '<path d="M4 5h2v14H4zm2 7 7-7v14zm7 0 7-7v14z"/>',
  back: '<path d="M6 5h2v14H6zm3 7 9-7v14z"/>',
  play: '<path d="M7 5l12 7-12 7z"/>',
  forward: '<path d="M16 5h2v14h-2zm-1 7-9 7V5z"/>',
  last: '<path d="M18 5h2v14h-2zm-2 7-7 7V5zm-7 0-7 7V5z"/>',
  pause: '<path d="M7 5h4v14H7zm6 0h4v14h-4z"/>',
  flip: '<path d="M7 3 3 7l4 4V8h11V6H7Zm10 10v3H6v2h11v3l4-4Z"/>',
  exit: '<path d="M6 6.4 7.4 5 12 9.6 16.6 5 18 6.4 13.4 11 18 15.6 16.6 17 12 12.4 7.4 17 6 15.6 10.6 11Z"/>',
};

export function icon(name: string): string {
  return `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${icons[name] ?? ''}</svg>`;
}

/** A tool: icon and word; `short` is the word under the icon on a phone, where it must be brief. */
function toolButton(act: string, iconName: string, label: string, enabled = true, extra = '', title = label, short = label): string {
  const words = short === label ? `<span class="tool-label">${escapeHTML(label)}</span>` : `<span class="tool-label long">${escapeHTML(label)}</span><span class="tool-label short" aria-hidden="true">${escapeHTML(short)}</span>`;
  return `<button type="button" class="tool" data-act="${act}" data-focus="tool:${act}" aria-label="${escapeAttr(label)}" title="${escapeAttr(title)}" ${enabled ? '' : 'disabled'} ${extra}>${icon(iconName)}${words}</button>`;
}

/** A button that is unavailable for a reason: it looks disabled, says why, and a press shows the reason. */
function blockedAttrs(reason: string | null): string {
  return reason === null ? '' : `aria-disabled="true" aria-description="${escapeAttr(reason)}" data-why="${escapeAttr(reason)}"`;
}

export interface ToolState {
  canUndo: boolean;
  /** Why Undo is unavailable (shown on the button and when it is pressed), if it is. */
  undoBlocked?: string | null;
  /** Why Export is unavailable, if it is. */
  exportBlocked?: string | null;
  canHint: boolean;
  logOpen: boolean;
  menuOpen: boolean;
  inReplay: boolean;
  canReplay: boolean;
  /** The host offers the players' rules. */
  hasRules: boolean;
  /** More items for the menu (the coach's), as HTML. */
  extraMenu?: string;
  /** The menu's name for the tutorial (the tutorial's word: game/features.ts). */
  tutorial: string;
}

export function renderTools({ t }: Words, s: ToolState): string {
  const menu =
    `<div class="menu" ${s.menuOpen ? '' : 'hidden'} role="menu">` +
    `<button type="button" role="menuitem" data-act="export" ${s.exportBlocked ? `title="${escapeAttr(s.exportBlocked)}"` : ''} ${blockedAttrs(s.exportBlocked ?? null)}>${t('exportRecord')}</button>` +
    `<button type="button" role="menuitem" data-act="import">${t('importRecord')}</button>` +
    `<button type="button" role="menuitem" data-act="replay" ${s.canReplay ? '' : 'disabled'}>${t('replay')}</button>` +
    (s.extraMenu ?? '') +
    `<button type="button" role="menuitem" data-act="settings">${t('settings')}</button>` +
    `<button type="button" role="menuitem" data-act="tutorial">${escapeHTML(s.tutorial)}</button>` +
    `</div>`;
  return (
    toolButton('new', 'new', t('newGame'), true, '', t('newGame'), t('newGameShort')) +
    (s.undoBlocked && !s.inReplay
      ? toolButton('undo', 'undo', t('undo'), true, blockedAttrs(s.undoBlocked), s.undoBlocked)
      : toolButton('undo', 'undo', t('undo'), s.canUndo && !s.inReplay)) +
    toolButton('hint', 'hint', t('hint'), s.canHint && !s.inReplay) +
    toolButton('log', 'log', t('log'), true, `aria-pressed="${s.logOpen}"`) +
    toolButton('lang', 'lang', t('otherLang')) +
    (s.hasRules ? toolButton('rules', 'rules', t('rules')) : '') +
    `<div class="menu-wrap">${toolButton('menu', 'menu', t('menu'), true, `aria-haspopup="true" aria-expanded="${s.menuOpen}"`)}${menu}</div>`
  );
}

export type StepName = 'play' | 'claim' | 'draw';

export function stepOf(phase: Phase): StepName | null {
  switch (phase.step) {
    case 'play':
    case 'scoutDraw':
    case 'scoutReturn':
      return 'play';
    case 'claim':
      return 'claim';
    case 'draw':
      return 'draw';
    case 'gameOver':
      return null;
  }
}

export function stepOrder(timing: ClaimTiming): StepName[] {
  if (timing === 'startOfTurn') return ['claim', 'play', 'draw'];
  if (timing === 'endOfTurn') return ['play', 'draw', 'claim'];
  return ['play', 'claim', 'draw'];
}

const stepKey: Record<StepName, Key> = { play: 'stepNamePlay', claim: 'stepNameClaim', draw: 'stepNameDraw' };

export function phaseText({ t }: Words, phase: Phase): string {
  switch (phase.step) {
    case 'play':
      return t('stepPlay');
    case 'claim':
      return t('stepClaim');
    case 'draw':
      return t('stepDraw');
    case 'scoutDraw':
      return t('stepScoutDraw', { n: phase.remaining });
    case 'scoutReturn':
      return t('stepScoutReturn', { n: phase.remaining });
    case 'gameOver':
      return t('stepGameOver');
  }
}

export interface StatusState {
  who: PlayerIndex | null;
  headline: string;
  detail: string;
  thinking: boolean;
}

export function renderStatus(s: StatusState): string {
  return (
    `<span class="seat-dot ${s.who === null ? '' : `p${s.who}`}" aria-hidden="true"></span>` +
    `<span class="headline">${s.headline}</span>` +
    (s.detail ? `<span class="detail">${s.detail}</span>` : '') +
    (s.thinking ? `<span class="spinner" aria-hidden="true"></span>` : '')
  );
}

/** The three steps of a turn in the game's claim timing, the current one marked. */
export function renderSteps({ t }: Words, timing: ClaimTiming, step: StepName | null): string {
  if (!step) return '';
  const chips = stepOrder(timing)
    .map((st) => `<li class="${step === st ? 'now' : ''}" ${step === st ? 'aria-current="step"' : ''}>${t(stepKey[st])}</li>`)
    .join('');
  return `<ol class="steps" aria-label="${escapeAttr(t('stepsOrder'))}">${chips}</ol>`;
}

export interface ActionButton {
  act: string;
  label: string;
  primary?: boolean;
}

export function renderActionBar(prompt: string, buttons: ActionButton[], message: { text: string; kind: 'info' | 'error' } | null, steps = ''): string {
  return (
    steps +
    // A message (the answer to the last press: a reason, an error) takes the prompt's place in the row,
    // so that the bar never grows and the page never scrolls; the prompt stays for screen readers.
    (message
      ? `<p class="prompt visually-hidden">${prompt}</p><p class="message ${message.kind}" role="${message.kind === 'error' ? 'alert' : 'status'}">${message.text}</p>`
      : `<p class="prompt">${prompt}</p>`) +
    `<div class="buttons">${buttons
      .map((b) => `<button type="button" class="btn ${b.primary ? 'primary' : ''}" data-act="${b.act}" data-focus="bar:${b.act}">${escapeHTML(b.label)}</button>`)
      .join('')}</div>`
  );
}

export function renderReplayBar({ t }: Words, index: number, total: number, playing: boolean, description: string, canFlip = true, extra = ''): string {
  const btn = (act: string, name: string, label: string, enabled: boolean): string =>
    `<button type="button" class="tool" data-act="${act}" data-focus="replay:${act}" aria-label="${escapeAttr(label)}" title="${escapeAttr(label)}" ${enabled ? '' : 'disabled'}>${icon(name)}</button>`;
  return (
    `<div class="replay-bar" role="toolbar" aria-label="${escapeAttr(t('replayTitle'))}">` +
    `<strong class="replay-title">${t('replayTitle')}</strong>` +
    btn('rp-first', 'first', t('replayStart'), index > 0) +
    btn('rp-prev', 'back', t('replayBack'), index > 0) +
    btn('rp-play', playing ? 'pause' : 'play', playing ? t('replayPause') : t('replayPlay'), index < total) +
    btn('rp-next', 'forward', t('replayForward'), index < total) +
    btn('rp-last', 'last', t('replayEnd'), index < total) +
    `<input type="range" class="replay-range" min="0" max="${total}" value="${index}" aria-label="${escapeAttr(t('replayStep', { i: index, n: total }))}">` +
    `<span class="replay-step">${t('replayStep', { i: index, n: total })}</span>` +
    btn('rp-flip', 'flip', t('replayFlip'), canFlip) +
    extra +
    btn('rp-exit', 'exit', t('replayExit'), true) +
    `</div><p class="prompt replay-desc">${description}</p>`
  );
}

export function renderLog(title: string, lines: string[]): string {
  return `<h2>${escapeHTML(title)}</h2><ol class="log-lines">${lines.map((l) => `<li>${l}</li>`).join('')}</ol>`;
}
