// The review story's words in English and Chinese: the graph's axes and values, the turning points and
// their causes (a decision, or the cards drawn: luck), where the chance went, and each side's accuracy.
// Beside words.ts (the coach's shared words) so that the review's story keeps its words together.
import type { Words } from '../i18n.js';

const en = {
  storyGraphLabel: 'Chance to win of {name} after every step of the game; {other} has the rest',
  storyAxisTurn: 'Turn',
  storyValue: 'Turn {turn}: {name} {win}% · {other} {other_win}% ({cause})',
  storyLegendMine: '{name}',
  storyLegendOther: '{other}',
  storyLegendLuck: 'draws (luck)',
  storyCauseMine: 'a decision of {name}',
  storyCauseYours: 'your decision',
  storyCauseOther: 'a decision of {other_mid}',
  storyCauseLuck: 'the draws',
  turningTitle: 'Turning points',
  turningNone: 'No step moved the chance to win by {points} points or more.',
  turningDecision: 'Turn {turn}: {who} played {move}: {swing} points for {name_mid}.',
  turningDraw: 'Turn {turn}: the draw of {card} gave {who_mid} a {formation} at flag {flag}: {swing} points for {name_mid}.',
  turningDrawPlain: 'Turn {turn}: the cards drawn and held unseen: {swing} points for {name_mid}.',
  turningDrew: 'Turn {turn}: {who} drew from the {deck}: {swing} points for {name_mid}.',
  turningBetter: 'Better was {best}.',
  whereLost: 'Where the chance of {name} went ({start}% → {end}%): decisions of {name} {own}, of {other_mid} {opponents}, the draws {luck} points.',
  whereLostYours: 'Where your chance went ({start}% → {end}%): your decisions {own}, those of {other_mid} {opponents}, the draws {luck} points.',
  accuracy: 'Accuracy: {name} {mine}% · {other} {theirs}%',
  closeEnough: 'The computer prefers {best}: {win}% against {played}%, less than the {threshold} points that make an inaccuracy.',
  drew: '{name} drew from the {deck}.',
  noNext: 'No marked decision after this one.',
  noPrev: 'No marked decision before this one.',
  show: 'Show',
  others: 'the others',
  showBoard: 'Show the board',
  showReview: 'Whole review',
};

type Key = keyof typeof en;

const zh: Record<Key, string> = {
  storyGraphLabel: '{name}在对局每一步之后的胜率；其余归{other}',
  storyAxisTurn: '回合',
  storyValue: '第 {turn} 回合：{name} {win}% · {other} {other_win}%（{cause}）',
  storyLegendMine: '{name}',
  storyLegendOther: '{other}',
  storyLegendLuck: '抽牌（运气）',
  storyCauseMine: '{name}的决定',
  storyCauseYours: '你的决定',
  storyCauseOther: '{other}的决定',
  storyCauseLuck: '抽牌',
  turningTitle: '转折点',
  turningNone: '没有哪一步让胜率变化 {points} 个百分点以上。',
  turningDecision: '第 {turn} 回合：{who}的着法 {move}：{name}的胜率变化 {swing} 个百分点。',
  turningDraw: '第 {turn} 回合：{who_mid}抽到 {card}，在地区 {flag} 组成{formation}：{name}的胜率变化 {swing} 个百分点。',
  turningDrawPlain: '第 {turn} 回合：抽到的牌和看不到的手牌：{name}的胜率变化 {swing} 个百分点。',
  turningDrew: '第 {turn} 回合：{who}从{deck}摸牌：{name}的胜率变化 {swing} 个百分点。',
  turningBetter: '更好的着法是 {best}。',
  whereLost: '{name}胜率的去向（{start}% → {end}%）：{name}的决定 {own}，{other}的决定 {opponents}，抽牌 {luck} 个百分点。',
  whereLostYours: '你的胜率的去向（{start}% → {end}%）：你的决定 {own}，{other}的决定 {opponents}，抽牌 {luck} 个百分点。',
  accuracy: '准确度：{name} {mine}% · {other} {theirs}%',
  closeEnough: '电脑更倾向于 {best}：{win}% 对 {played}%，差距不到构成不精确的 {threshold} 个百分点。',
  drew: '{name}从{deck}摸牌。',
  noNext: '这之后没有标记的决定。',
  noPrev: '这之前没有标记的决定。',
  show: '查看',
  others: '其他玩家',
  showBoard: '查看棋盘',
  showReview: '完整复盘',
};

const tables: Record<'en' | 'zh', Record<Key, string>> = { en, zh };

/** The review story's string for `key` in the language of `w`, `{name}` placeholders filled in; for
 * each name param also `{name_mid}`, the same inside a sentence ("for you", never "for You"). */
export function sayStory(w: Words, key: Key, params: Record<string, string | number> = {}): string {
  const text = tables[w.lang][key];
  for (const [name, value] of Object.entries(params)) {
    if (!(`${name}_mid` in params)) params = { ...params, [`${name}_mid`]: value === w.t('you') ? w.t('you').toLowerCase() : value };
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A change of the chance in signed points ("+12", "−8"). */
export function points(swing: number): string {
  const p = Math.round(swing * 100);
  return p > 0 ? `+${p}` : p < 0 ? `−${-p}` : '0';
}
