// The puzzle's words ("learn from your mistakes") in English and Chinese.
import type { Words } from '../i18n.js';

const en = {
  start: 'Learn from your mistakes',
  title: 'Puzzle {n} of {total}',
  ask: '{name} played {move} here ({judgement}). Find a better move.',
  askDrew: '{name} drew from the {deck} here ({judgement}). Find a better move.',
  playAt: 'Play {card} at flag {flag}',
  judging: 'The computer weighs your move…',
  solved: 'Well found: {move} keeps {win}% of the chance to win (the best: {best}%).',
  missed: 'Not quite: {move} leaves {win}% (the best: {best}%). Try again, or see the answer below.',
  samePlayed: 'That is the move played in the game.',
  failed: 'The computer could not judge this move.',
  bestWas: 'The computer’s move: {best} ({win}%).',
  again: 'Try again',
  next: 'Next puzzle',
  close: 'Back to the review',
};

type Key = keyof typeof en;

const zh: Record<Key, string> = {
  start: '从错误中学习',
  title: '第 {n} 题，共 {total} 题',
  ask: '{name}在这里的着法是 {move}（{judgement}）。找一个更好的着法。',
  askDrew: '{name}在这里从{deck}摸牌（{judgement}）。找一个更好的着法。',
  playAt: '把 {card} 放到地区 {flag}',
  judging: '电脑正在评估你的着法……',
  solved: '找得好：{move} 保住了 {win}% 的胜率（最佳：{best}%）。',
  missed: '还差一点：{move} 只剩 {win}%（最佳：{best}%）。再试一次，或看下面的答案。',
  samePlayed: '这就是对局中走的那一步。',
  failed: '电脑无法评估这一步。',
  bestWas: '电脑的着法：{best}（{win}%）。',
  again: '再试一次',
  next: '下一题',
  close: '回到复盘',
};

const tables: Record<'en' | 'zh', Record<Key, string>> = { en, zh };

/** The puzzle's string for `key` in the language of `w`, `{name}` placeholders filled in. */
export function sayPuzzle(w: Words, key: Key, params: Record<string, string | number> = {}): string {
  const text = tables[w.lang][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
