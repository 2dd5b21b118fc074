// The words of a claim's explanation in English and Chinese. They travel in the explanation's chunk
// (explain.ts), which adds them to i18n.ts's tables when it loads.
import { addWords } from './i18n.js';

const en = {
  claimCouldWin: '{name} could still win this flag.',
  claimBothBeaten: 'Neither {a} nor {b} can beat this formation any more.',
  claimYes: 'Yes, the flag can be claimed.',
  claimNo: 'No, not yet.',
  claimAlreadyClaimed: 'This flag is already claimed by {name}.',
  claimIncomplete: 'Your side is not complete: it holds {have} of the {need} cards it needs.',
  claimIncompleteOther: '{name}’s side is not complete: it holds {have} of the {need} cards it needs.',
  claimYourFormation: 'Your formation',
  claimTheirBest: 'The best {name} can still reach',
  claimCounter: 'Counterexample: if {name} gets {cards}, they make',
  claimCounterComplete: '{name}’s complete side already makes',
  claimBeats: 'which beats {formation}.',
  claimBestNotEnough: '{name}’s best possible: {formation}, which does not beat yours.',
  claimCannotComplete: '{name} can no longer complete their side.',
  claimTieWins: 'At best {name} ties, and the side completed later loses.',
  underFog: 'Fog: only the sum counts.',
  withMud: 'Mud: four cards per side.',
  claimAlreadyClaimedYou: 'You have already claimed this flag.',
  claimIncompleteOtherYou: 'Your side is not complete: it holds {have} of the {need} cards it needs.',
  claimTheirBestYou: 'The best you can still reach',
  claimCounterYou: 'Counterexample: if you get {cards}, you make',
  claimCounterCompleteYou: 'Your complete side already makes',
  claimBestNotEnoughYou: 'Your best possible: {formation}, which does not beat theirs.',
  claimCannotCompleteYou: 'You can no longer complete your side.',
  claimTieWinsYou: 'At best you tie, and the side completed later loses.',
} as const;

/** The keys t() takes for these words (the second-person forms, `…You`, are chosen by t()). */
export type ExplainKey = Exclude<keyof typeof en, `${string}You`>;

const zh: Record<ExplainKey, string> = {
  claimCouldWin: '{name}仍可能赢得这面旗。',
  claimBothBeaten: '{a}和{b}都已无法胜过这个阵型。',
  claimYes: '可以，这个地区可以被占据。',
  claimNo: '还不行。',
  claimAlreadyClaimed: '这个地区已经被{name}占据。',
  claimIncomplete: '你这一侧还不完整：已有 {have} 张，需要 {need} 张。',
  claimIncompleteOther: '{name}这一侧还不完整：已有 {have} 张，需要 {need} 张。',
  claimYourFormation: '你的阵型',
  claimTheirBest: '{name}还能达到的最强阵型',
  claimCounter: '反例：如果{name}得到 {cards}，就能组成',
  claimCounterComplete: '{name}已完成的一侧组成',
  claimBeats: '能打败{formation}。',
  claimBestNotEnough: '{name}最多只能组成{formation}，打不过你。',
  claimCannotComplete: '{name}已经无法补满这一侧。',
  claimTieWins: '{name}最多打平，而后完成阵型的一方输。',
  underFog: '迷雾：只比较数字总和。',
  withMud: '沼泽：每侧需要四张牌。',
};

addWords({ en, zh });
