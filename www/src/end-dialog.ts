// The end of a game: who won and how, the flags, the match's score, and what next (the next game, a replay,
// a review, a new game or a rematch). In a chunk of its own (game/session.ts fetches it when a game ends):
// nothing of it is needed before.
import type { GameResult, MatchScore } from '../../pkg/index.js';
import { escapeHTML } from './cards.js';
import { openDialog, type DialogButton } from './dialogs.js';
import type { Words } from './i18n.js';

export function endDialog({ t }: Words, host: ParentNode, opts: {
  result: GameResult;
  names: readonly string[];
  match: MatchScore;
  breakthrough: number[] | null;
  canNext: boolean;
  /** The label of a Review button (the coach's), when offered. */
  review?: string | null;
  /** A Rematch button as the main one (a player of an online room whose match is over). */
  rematch?: boolean;
}): Promise<string> {
  const { result, names, match } = opts;
  const victory = t(result.victory === 'breakthrough' ? 'victoryBreakthrough' : result.victory === 'envelopment' ? 'victoryEnvelopment' : 'victoryExhaustion');
  const headline = result.winner === null ? t('draw') : t('winsBy', { name: escapeHTML(names[result.winner] ?? ''), victory });
  const pennants = result.winner === null ? '' : Array.from({ length: 3 }, () => `<svg class="pennant p${result.winner}" viewBox="0 0 40 48" aria-hidden="true"><use href="#pennant"/></svg>`).join('');
  let body = `${pennants ? `<div class="laurels">${pennants}</div>` : ''}<p class="headline ${result.winner === null ? '' : `p${result.winner}`}">${headline}</p>`;
  if (opts.breakthrough) body += `<p class="sub">${t('breakthroughFlags', { flags: opts.breakthrough.join(' – ') })}</p>`;
  body += `<p class="flags-count">${names
    .slice(0, Math.max(2, names.length))
    .map((n, i) => `<span class="p${i}">${t('flagsOf', { name: escapeHTML(n), n: result.flags[i] ?? 0 })}</span>`)
    .join(' · ')}</p>`;
  if (match.games > 1) {
    const rows = match.results
      .map(
        (r, i) =>
          `<tr><td>${i + 1}</td><td>${r.winner === null ? '–' : escapeHTML(names[r.winner] ?? '')}</td><td>${r.flags.slice(0, Math.max(2, names.length)).join(' : ')}</td></tr>`,
      )
      .join('');
    const a = match.scores[0] ?? 0;
    const b = match.scores[1] ?? 0;
    body +=
      `<h3>${t('matchScore')} · ${t('gameN', { n: match.results.length, total: match.games })}</h3>` +
      `<table class="score"><tbody>${rows}</tbody><tfoot><tr><td></td><td>${names.slice(0, Math.max(2, names.length)).map((n, i) => `${escapeHTML(n)} ${match.scores[i] ?? 0}`).join(' · ')}</td><td>${t('points')}</td></tr></tfoot></table>`;
    if (match.over && names.length <= 2) {
      body += `<p class="headline small">${a === b ? t('matchTie', { a, b }) : t('matchWinner', { name: escapeHTML(names[a > b ? 0 : 1] ?? ''), a: Math.max(a, b), b: Math.min(a, b) })}</p>`;
    }
  }
  const buttons: DialogButton[] = [{ id: 'replay', label: t('replay') }, ...(opts.review ? [{ id: 'review', label: opts.review }] : []), { id: 'close', label: t('close') }];
  if (opts.canNext) buttons.push({ id: 'next', label: t('nextGame'), primary: true });
  // Online, a player's next step is a rematch with the same friend; a new game (leaving them) comes second.
  else if (opts.rematch) buttons.push({ id: 'new', label: t('newGame') }, { id: 'rematch', label: t('onlineRematch'), primary: true });
  else buttons.push({ id: 'new', label: t('newGame'), primary: true });
  return openDialog(host, { title: t('stepGameOver'), body, buttons, className: 'end' });
}
