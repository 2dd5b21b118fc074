// The tutorial's words that the game shows outside the tutorial (its menu entry, the start dialog's offer)
// and on its panel's buttons, in English and Chinese. Kept apart from the lessons' text (text.ts), which is
// in the tutorial's chunk, fetched only when a tutorial begins.
import type { Lang } from '../i18n.js';

export interface TutorialUiText {
  tutorial: string;
  learn: string;
  offer: string;
  stepOf: string;
  next: string;
  finish: string;
  again: string;
  leave: string;
  allDone: string;
  welldone: string;
  opponentMoving: string;
}

const en: TutorialUiText = {
  tutorial: 'Tutorial',
  learn: 'Learn to play',
  offer: 'New to Battle Line? A short guided game teaches it in about five minutes.',
  stepOf: 'Step {n} of {total}',
  next: 'Next',
  finish: 'Finish',
  again: 'Start this step again',
  leave: 'Leave the tutorial',
  allDone: 'You have finished the tutorial. Start a game from the menu whenever you like.',
  welldone: 'Well done!',
  opponentMoving: 'The opponent is moving.',
};

const zh: TutorialUiText = {
  tutorial: '教程',
  learn: '学习玩法',
  offer: '第一次玩？跟着一局引导游戏，大约五分钟就能学会。',
  stepOf: '第 {n} 步，共 {total} 步',
  next: '下一步',
  finish: '完成',
  again: '重新开始这一步',
  leave: '离开教程',
  allDone: '教程已完成。随时可以从菜单开始新游戏。',
  welldone: '做得好！',
  opponentMoving: '对手正在行动。',
};

export function tutorialUiText(lang: Lang): TutorialUiText {
  return lang === 'zh' ? zh : en;
}
