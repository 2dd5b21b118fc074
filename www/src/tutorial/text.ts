// The tutorial's words in English and Chinese: each lesson's title, and for each step what to do (`task`)
// and what it taught once done (`done`). `{r8 r9}` in a sentence is drawn as those cards.
import type { Lang } from '../i18n.js';
import { tutorialUiText, type TutorialUiText } from './ui-text.js';

interface StepText {
  task: string;
  done: string;
}

interface TutorialText {
  ui: TutorialUiText;
  lessons: Record<string, string>;
  steps: Record<string, StepText>;
}

const en: Omit<TutorialText, 'ui'> = {
  lessons: {
    turn: 'A turn',
    formations: 'Formations',
    proof: 'Claiming with proof',
    winning: 'Winning the game',
    tactics: 'Tactics cards',
  },
  steps: {
    turnPlay: {
      task: 'Nine flags lie between you and your opponent. Each of you builds a formation of three cards on your own side of a flag, and the stronger formation wins the flag. Play a card: choose one in your hand, then choose a flag.',
      done: 'Every turn starts like this: one card from your hand onto your side of a flag.',
    },
    turnDraw: {
      task: 'Now refill your hand: draw a card from the troop deck.',
      done: 'That is a whole turn: play a card, then draw one. Then it is your opponent’s turn, and they do the same.',
    },
    formWedge: {
      task: 'Your side of flag 3 holds {r8 r9}. Play {r10} there to complete a Wedge: three cards of one colour in a row, the strongest formation.',
      done: 'The formations, strongest first: Wedge (one colour in a row) {g4 g5 g6}, Phalanx (one value) {r7 o7 b7}, Battalion (one colour) {y2 y5 y9}, Skirmish Line (in a row) {p3 b4 r5}, and Host (anything) {o1 g6 y9}.',
    },
    formCompare: {
      task: 'Both sides of flag 3 are complete. Your Wedge {r8 r9 r10} and the opponent’s Wedge {y4 y5 y6} are the same formation, so the higher total wins: yours. Claim the flag: choose flag 3.',
      done: 'Flag 3 is yours. When both formations are the same kind, the higher total of values wins; if that is equal too, whoever completed their side first wins.',
    },
    proofRefused: {
      task: 'You may claim a flag before your opponent has finished their side, if you can prove that no cards still unplayed could beat you. Flag 2 holds your Phalanx {r7 o7 y7} against {b5 b6}. Choose flag 2 to try to claim it.',
      done: 'Refused: with a card not yet on the table the opponent could still complete a blue Wedge, {b4 b5 b6} or {b5 b6 b7}, and a Wedge beats your Phalanx. The window showed one such completion.',
    },
    proofClaim: {
      task: 'Flag 6 holds your Wedge {g8 g9 g10}, the best possible: nothing can beat it, and an equal Wedge would be completed after yours. Claim flag 6.',
      done: 'Claimed with proof. The page checks every claim this way and shows you why when one is refused.',
    },
    winBreakthrough: {
      task: 'You hold flags 1 and 2. Three flags side by side win the game at once: a breakthrough. Claim flag 3 to win.',
      done: 'Breakthrough: three adjacent flags. This is one of the two ways to win.',
    },
    winEnvelopment: {
      task: 'The other way to win is an envelopment: any five flags. You hold flags 1, 3, 5 and 7. Claim flag 9 for the fifth.',
      done: 'Envelopment: five flags anywhere. Whoever first holds three adjacent flags or any five wins.',
    },
    tacticLeader: {
      task: 'Tactics cards bend the rules. You may play one instead of a troop, as long as you have not played more tactics cards than your opponent. A Leader (Alexander or Darius) is any colour and any value. Play Alexander on flag 4 to complete a Wedge with {b7 b8}.',
      done: 'The Leader took the colour and value that made the best formation. You may play only one Leader in a game.',
    },
    tacticCompanion: {
      task: 'Companion Cavalry is an 8 of any colour. Play it on flag 5 next to {p8 y8} to complete a Phalanx of eights.',
      done: 'A Phalanx of 8s. Morale cards like this count as troops in any formation.',
    },
    tacticShield: {
      task: 'Shield Bearers are a 1, 2 or 3 of any colour. Play them on flag 7 next to {r1 r2} for a Wedge.',
      done: 'A Wedge of 1-2-3: weak in total, but a Wedge all the same.',
    },
    tacticFog: {
      task: 'Fog is played on a flag: there, formations no longer count, only the totals. On flag 8 the opponent’s Wedge {y1 y2 y3} beats your {r10 g10 b9}. Play Fog on flag 8.',
      done: 'Under Fog your total of 29 beats their 6. You can claim flag 8 in your claim step.',
    },
    tacticMud: {
      task: 'Mud is played on a flag: there, each side needs four cards instead of three. The opponent has {y8 y9} on flag 2, close to a Wedge. Play Mud on flag 2.',
      done: 'Now a Wedge there needs four yellow cards in a row: much harder to complete.',
    },
    tacticScout: {
      task: 'Scout lets you draw three cards, from either deck, and then put two of your hand back on top of the decks. Play Scout (choose it, then any flag), draw three cards, then choose two cards to return.',
      done: 'You kept the best card and put two back. Your opponent will draw the cards you returned, and only you know what they are.',
    },
    tacticRedeploy: {
      task: 'Redeploy moves one of your own cards from a flag not yet claimed to another flag, or discards it. Move {g5} from flag 1 to flag 2, next to {g6 g7}: choose Redeploy, then {g5}, then flag 2.',
      done: 'A Wedge of green 5-6-7 on flag 2, built from a card that was idle on flag 1.',
    },
    tacticDeserter: {
      task: 'Deserter discards one of your opponent’s cards from a flag not yet claimed. On flag 9 they have {b9 b10}, close to a Wedge. Choose Deserter, then one of those cards.',
      done: 'Gone: their Wedge on flag 9 has to start again.',
    },
    tacticTraitor: {
      task: 'Traitor takes one of your opponent’s troops from a flag not yet claimed and puts it on your side of another flag. Take {o10} from flag 3 and put it on flag 6 next to {r10 p10}: choose Traitor, then {o10}, then flag 6.',
      done: 'A Phalanx of tens from the opponent’s own card. You now know every kind of card: enjoy your games!',
    },
  },
};

const zh: Omit<TutorialText, 'ui'> = {
  lessons: {
    turn: '一个回合',
    formations: '牌型',
    proof: '用证明占据地区',
    winning: '赢得游戏',
    tactics: '战术牌',
  },
  steps: {
    turnPlay: {
      task: '你和对手之间有九个地区。双方在各自一侧用三张牌组成牌型，牌型强的一方赢得该地区。出一张牌：先在手牌中选一张，再选一个地区。',
      done: '每个回合都这样开始：从手牌中打出一张牌，放到某个地区你这一侧。',
    },
    turnDraw: {
      task: '现在补充手牌：从部队牌堆摸一张牌。',
      done: '这就是一个完整的回合：出一张牌，再摸一张牌。然后轮到对手，做同样的事。',
    },
    formWedge: {
      task: '地区 3 你这一侧有 {r8 r9}。把 {r10} 放到那里，组成同花顺：同一颜色的三张连续牌，最强的牌型。',
      done: '牌型从强到弱：同花顺（同色连续）{g4 g5 g6}，炸弹（三条，同点数）{r7 o7 b7}，同花（同颜色）{y2 y5 y9}，顺子（连续）{p3 b4 r5}，其他（任意）{o1 g6 y9}。',
    },
    formCompare: {
      task: '地区 3 双方都已完成。你的同花顺 {r8 r9 r10} 和对手的同花顺 {y4 y5 y6} 牌型相同，所以点数总和高的一方获胜：是你。占据这个地区：选择地区 3。',
      done: '地区 3 归你了。牌型相同时，点数总和高者胜；总和也相同时，先完成的一方胜。',
    },
    proofRefused: {
      task: '只要你能证明尚未出现的牌都无法击败你，就可以在对手完成之前占据地区。地区 2 上你的炸弹 {r7 o7 y7} 对阵 {b5 b6}。选择地区 2，试着占据它。',
      done: '被拒绝：对手还可能用一张尚未出现的牌组成蓝色同花顺 {b4 b5 b6} 或 {b5 b6 b7}，而同花顺胜过炸弹。窗口中显示了其中一种组合。',
    },
    proofClaim: {
      task: '地区 6 上是你的同花顺 {g8 g9 g10}，这是最强的牌型：没有牌能击败它，相同的同花顺也会比你晚完成。占据地区 6。',
      done: '凭证明占据成功。本页面用同样的方法检查每次占据，被拒绝时会告诉你原因。',
    },
    winBreakthrough: {
      task: '你已占据地区 1 和 2。连续三个相邻的地区立即获胜：突破性胜利。占据地区 3 即可获胜。',
      done: '突破性胜利：三个相邻地区。这是两种获胜方式之一。',
    },
    winEnvelopment: {
      task: '另一种获胜方式是压倒性胜利：任意五个地区。你已占据地区 1、3、5、7。占据地区 9 作为第五个。',
      done: '压倒性胜利：任意五个地区。谁先占据三个相邻地区或任意五个地区，谁就获胜。',
    },
    tacticLeader: {
      task: '战术牌可以改变规则。你可以用它代替部队牌打出，前提是你打出的战术牌不比对手多。领袖（亚历山大或大流士）可以是任意颜色和点数。把亚历山大放到地区 4，与 {b7 b8} 组成同花顺。',
      done: '领袖取了组成最佳牌型的颜色和点数。每局游戏你只能打出一张领袖。',
    },
    tacticCompanion: {
      task: '攻击卡（伙伴骑兵）是任意颜色的 8。把它放到地区 5 的 {p8 y8} 旁边，组成三条 8 的炸弹。',
      done: '三条 8 的炸弹。这类士气牌在任何牌型中都算作部队牌。',
    },
    tacticShield: {
      task: '防守卡（持盾兵）是任意颜色的 1、2 或 3。把它放到地区 7 的 {r1 r2} 旁边，组成同花顺。',
      done: '1-2-3 的同花顺：总和很小，但仍是同花顺。',
    },
    tacticFog: {
      task: '迷雾放在一个地区上：那里不再比较牌型，只比较点数总和。地区 8 上对手的同花顺 {y1 y2 y3} 胜过你的 {r10 g10 b9}。把迷雾放到地区 8。',
      done: '在迷雾中，你的总和 29 胜过对手的 6。你可以在占据步骤中占据地区 8。',
    },
    tacticMud: {
      task: '沼泽放在一个地区上：那里每一方需要四张牌而不是三张。对手在地区 2 有 {y8 y9}，快要组成同花顺。把沼泽放到地区 2。',
      done: '现在那里的同花顺需要四张连续的黄色牌，难多了。',
    },
    tacticScout: {
      task: '侦察让你从任意牌堆摸三张牌，然后把手中两张牌放回牌堆顶。打出侦察（选中它，再选任意地区），摸三张牌，然后选择两张牌放回。',
      done: '你留下了最好的牌，放回了两张。对手会摸到你放回的牌，而只有你知道它们是什么。',
    },
    tacticRedeploy: {
      task: '调整把你自己的一张牌从尚未被占据的地区移到另一个地区，或弃掉它。把 {g5} 从地区 1 移到地区 2 的 {g6 g7} 旁边：选择调整，再选 {g5}，再选地区 2。',
      done: '地区 2 上组成了绿色 5-6-7 的同花顺，用的是地区 1 上闲置的牌。',
    },
    tacticDeserter: {
      task: '逃亡从尚未被占据的地区弃掉对手的一张牌。对手在地区 9 有 {b9 b10}，快要组成同花顺。选择逃亡，再选其中一张牌。',
      done: '弃掉了：对手在地区 9 的同花顺要重新开始。',
    },
    tacticTraitor: {
      task: '叛逆从尚未被占据的地区拿走对手的一张部队牌，放到另一个地区你这一侧。把 {o10} 从地区 3 拿到地区 6 的 {r10 p10} 旁边：选择叛逆，再选 {o10}，再选地区 6。',
      done: '用对手自己的牌组成了三条 10 的炸弹。你已经认识了所有种类的牌：祝你玩得开心！',
    },
  },
};

export function tutorialText(lang: Lang): TutorialText {
  return { ...(lang === 'zh' ? zh : en), ui: tutorialUiText(lang) };
}
