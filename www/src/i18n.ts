// Every word the page shows, in English and Chinese (the rules came in Chinese), and the names of
// cards, colours and formations in both languages.
import type { CardName, ColourLetter, DeckKind, FormationKind, TacticName } from '../../pkg/index.js';
import type { OnlineKey } from './online/words.js';
import type { StartKey } from './start-words.js';
import type { ExplainKey } from './explain-words.js';
import type { RecordsKey } from './record-words.js';

export type Lang = 'en' | 'zh';

const en = {
  title: 'Battle Line',
  newGame: 'New game',
  cancel: 'Cancel',
  close: 'Close',
  ok: 'OK',
  undo: 'Undo',
  hint: 'Hint',
  menu: 'Menu',
  log: 'Log',
  rules: 'Rules',
  settings: 'Settings',
  exportRecord: 'Export record',
  importRecord: 'Import record',
  replay: 'Replay',
  language: 'Language',
  langName: 'English',
  otherLang: '中文',
  // start dialog
  level: 'Level',
  levelEasy: 'Easy',
  levelMedium: 'Medium',
  levelHard: 'Hard',
  claimTiming: 'Claim timing',
  seed: 'Seed (optional)',
  noGame: 'No game in progress: start one, or learn to play with the tutorial.',
  // players
  you: 'You',
  computer: 'Computer',
  player1: 'Player 1',
  player2: 'Player 2',
  player3: 'Player 3',
  computerN: 'Computer {n}',
  // status
  turnOf: '{name}’s turn',
  yourTurn: 'Your turn',
  stepPlay: 'Play a card',
  stepClaim: 'Claim flags',
  stepDraw: 'Draw a card',
  stepScoutDraw: 'Scout: draw {n} more',
  stepScoutReturn: 'Scout: return {n} to the decks',
  stepGameOver: 'Game over',
  thinking: 'thinking…',
  stepsOrder: 'Turn',
  stepNamePlay: 'Play',
  stepNameClaim: 'Claim',
  stepNameDraw: 'Draw',
  // prompts
  promptPlay: 'Choose a card, then a flag. Choose a flag to check a claim.',
  promptPlayTactic: 'Choose a card, then a flag.',
  promptSelected: '{card}: choose a lit flag.',
  promptClaim: 'Choose a glowing flag to claim it, or go on.',
  promptClaimDraw: 'Choose a glowing flag to claim it, or draw a card.',
  promptClaimPlay: 'Choose a glowing flag to claim it, or play a card.',
  promptDraw: 'Draw a card: choose a deck.',
  promptScoutPlay: 'Scout: draw three cards, then return two.',
  promptScoutDraw: 'Scout: choose a deck to draw from ({n} more).',
  promptScoutReturn: 'Scout: pick a card from your hand to put back on its deck ({n} more).',
  promptRedeploySource: 'Redeploy: pick one of your cards on an unclaimed flag.',
  promptRedeployDest: 'Redeploy {card}: pick a flag, or discard it.',
  promptDeserterSource: 'Deserter: pick an opponent’s card to discard.',
  promptTraitorSource: 'Traitor: pick an opponent’s troop card.',
  promptTraitorDest: 'Traitor {card}: pick a flag on your side.',
  promptPassOnly: 'You cannot play a troop card: play a tactics card or pass.',
  promptWaitComputer: 'The computer is playing…',
  promptOver: 'The game is over.',
  doneClaiming: 'Done claiming',
  endTurn: 'End turn',
  pass: 'Pass',
  playScout: 'Play Scout',
  discardIt: 'Discard it',
  cancelSelection: 'Cancel',
  // board
  flag: 'Flag {n}',
  troopDeck: 'Troop deck',
  tacticsDeck: 'Tactics deck',
  cardsLeft: '{n} cards',
  cardsLeftOne: '1 card',
  discardPile: 'Discards',
  emptyPile: 'none',
  handOf: 'Hand',
  inHand: 'In hand: troop cards {troops}, tactics cards {tactics}',
  tacticsPlayedN: 'Tactics played: {n}',
  flagsClaimedN: 'Flags: {n}',
  flagsOf: '{name}: {n} flags',
  flagsOfOne: '{name}: 1 flag',
  fog: 'Fog',
  mud: 'Mud',
  claimable: 'Claim!',
  claimedBy: 'claimed by {name}',
  unclaimed: 'unclaimed',
  sideOf: '{name}: {cards}',
  noCards: 'no cards',
  lastMove: 'last move',
  // claim explanation
  claimTitle: 'Flag {n}: can {name} claim it?',
  claimLater: 'You can claim it in your claim step.',
  claimNotYourTurn: 'Claims are made on your own turn.',
  claimAction: 'Claim flag {n}',
  claimed: '{name} claimed flag {n}.',
  formationSum: '{formation} (sum {sum})',
  // hand-over
  handoverTitle: 'Pass the device to {name}',
  handoverBody: '{prev} has finished their turn. {name}, when you are ready, show your hand.',
  handoverFirst: '{name} starts. When you are ready, show your hand.',
  handoverShow: 'Show {name}’s hand',
  handoverRecent: 'Since your last turn',
  // end
  winsBy: '{name} wins by {victory}!',
  draw: 'A draw.',
  victoryBreakthrough: 'breakthrough (three adjacent flags)',
  victoryEnvelopment: 'envelopment (five flags)',
  victoryExhaustion: 'holding more flags when no one could move',
  victoryShortBreakthrough: 'breakthrough',
  victoryShortEnvelopment: 'envelopment',
  victoryShortExhaustion: 'exhaustion',
  breakthroughFlags: 'Flags {flags}',
  matchScore: 'Match score',
  gameN: 'Game {n} of {total}',
  nextGame: 'Next game',
  matchOver: 'The match is over.',
  matchWinner: '{name} wins the match {a} – {b}.',
  matchTie: 'The match is tied {a} – {b}.',
  points: 'points',
  // log
  logTitle: 'Game log',
  gameTools: 'Game',
  newGameShort: 'New',
  whyTacticsLimit: 'Not now: you may be at most one tactics card ahead of your opponent.',
  whyLeaderLimit: 'Not playable: you have already played a Leader this game.',
  whyWrongStep: 'Not in this step of your turn.',
  whyNotYourTurn: 'Not your turn.',
  whyNoRoom: 'No room: every flag still open is full on your side.',
  whyNoTarget: 'Nothing for this card to act on now.',
  whyDecksEmpty: 'Not playable: both decks are empty.',
  whyGameOver: 'The game is over.',
  whyFlagFull: 'Not here: your side of flag {n} is full.',
  whyFlagClaimed: 'Not here: flag {n} is already claimed.',
  whyNotHere: 'Not here: this card cannot go to flag {n} now.',
  closeLog: 'Close the log',
  logPlay: '{who} played {card} at flag {flag}.',
  logEnv: '{who} put {card} on flag {flag}.',
  logScout: '{who} played Scout.',
  logScoutDraw: '{who} drew from the {deck} (Scout){card}.',
  logScoutReturn: '{who} put {card} back on the {deck}.',
  logACard: 'a card',
  logRedeployMove: '{who} played Redeploy: moved {card} from flag {from} to flag {to}.',
  logRedeployDiscard: '{who} played Redeploy: discarded {card} from flag {from}.',
  logDeserter: '{who} played Deserter: {card} left flag {from} for the discards.',
  logTraitor: '{who} played Traitor: took {card} from flag {from} to flag {to}.',
  logClaim: '{who} claimed flag {flag}{with}.',
  logClaimWith: ' with {formation}',
  logEndClaims: '{who} ended the claims.',
  logDraw: '{who} drew from the {deck}{card}.',
  logPass: '{who} passed.',
  logResign: '{who} resigned; the others play on.',
  seatOut: 'resigned',
  logNextGame: 'Game {n} begins; {who} starts.',
  logStart: 'The game begins; {who} starts.',
  logResult: '{who} wins by {victory}.',
  logDrawResult: 'The game is a draw.',
  logDrewCard: ': {card}',
  deckTroopWord: 'troop deck',
  deckTacticsWord: 'tactics deck',
  // menus, import/export, replay
  download: 'Download',
  copy: 'Copy',
  replayTitle: 'Replay',
  replayStep: 'Step {i} of {n}',
  replayStart: 'Start',
  replayBack: 'Back',
  replayForward: 'Forward',
  replayEnd: 'End',
  replayPlay: 'Play',
  replayPause: 'Pause',
  replayExit: 'Leave replay',
  replayFlip: 'Switch sides',
  replayNothing: 'Start of the game',
  hintsSetting: 'Mark flags that can be claimed now',
  aiSpeed: 'Computer’s pace',
  aiSpeedSlow: 'Slow',
  aiSpeedNormal: 'Normal',
  aiSpeedFast: 'Fast',
  resumeNote: 'Your game was restored.',
  savedGameDroppedTitle: 'Saved game',
  savedGameDropped: 'Your saved game could not be resumed, so it was removed. Start a new game.',
  newGameConfirm: 'Start a new game? The current one will be lost.',
  hintNone: 'No hint available.',
  computerFailed: 'The computer player could not move ({msg}). Try again, or undo.',
  computerBlocked: 'The computer player cannot run on this page: its security settings do not allow it.',
  coachBlocked: 'The coach cannot run on this page: its security settings do not allow it.',
  retry: 'Try again',
  undone: 'Undone.',
  undoUnavailable: 'Undo is not available: {why}',
  undoOver: 'the game is over, and its result stands.',
  undoNotYourTurn: 'it is not your turn.',
  undoRevealed: 'you have seen the card you drew; undoing would let you look ahead.',
  undoNothing: 'nothing of yours to undo this turn (another player’s move, or a card drawn, came in between).',
  exportUnavailable: 'Export is not available until the game is over: a record holds the seed, from which every hidden card follows.',
  replayOwnView: 'The game is not over: the replay shows only what {name} saw.',
  illegal: 'That move is not allowed: {msg}',
  loading: 'Loading the engine…',
  loadFailed: 'The game engine could not be loaded: {msg}',
  offlineReady: 'Ready to play offline.',
  keyboardHelp: 'Keys: C to the hand (← → move, Enter picks), Shift+1…9 or Shift+0 picks a troop of that value (10), 1–9 a flag (play there, claim it, or take a card there with a guile card), T troop deck, K tactics deck, S play Scout, D discard (Redeploy), E end claims, P pass, U undo, H hint, Esc cancel.',
  morale: 'Morale',
  environment: 'Environment',
  guile: 'Guile',
  anyColourValue: 'any colour & value',
  anyColour8: 'any colour, value 8',
  anyColour123: 'any colour, value 1–3',
  descFog: 'sum only',
  descMud: 'four cards',
  descScout: 'draw 3, return 2',
  descRedeploy: 'move your card',
  descDeserter: 'discard theirs',
  descTraitor: 'take their troop',
  backToGame: 'Back to the game',
  rulesTitle: 'Rules of Battle Line',
  cardBack: 'face-down card',
  onlineTitle: 'Online game',
  onlineClock: 'Clock',
  onlineLeaveTitle: 'Leave the online game?',
  onlineLeaveConfirm: 'Your opponent is told that you left. Your seat is kept for a while: the invite link brings you back to it.',
  onlineRematch: 'Rematch',
  onlineOpponent: 'Opponent',
  // Second-person forms, used instead of the keys above when the player named is "You" (see t()):
  // English verbs and possessives change with the person; Chinese needs none.
  turnOfYou: 'Your turn',
  claimedByYou: 'claimed by you',
  claimTitleYou: 'Flag {n}: can you claim it?',
  winsByYou: 'You win by {victory}!',
  matchWinnerYou: 'You win the match {a} – {b}.',
  logStartYou: 'The game begins. {who} start.',
  logNextGameYou: 'Game {n} begins. {who} start.',
  logResultYou: '{who} win by {victory}.',
  replayOwnViewYou: 'The game is not over: the replay shows only what you saw.',
} as const;

/** The keys of the words in i18n.ts. */
type CoreKey = Exclude<keyof typeof en, YouKey | OneKey>;
/** Every key: these and those of features whose words travel in their chunks (online/words.ts), added to the
 * tables when the chunk loads (addWords), before any of them is asked for. */
export type Key = CoreKey | OnlineKey | StartKey | ExplainKey | RecordsKey;
/** The English second-person forms (`turnOfYou` beside `turnOf`). */
type YouKey = Extract<keyof typeof en, `${string}You`>;
/** The English singular forms, used when `n` is 1 (`cardsLeftOne` beside `cardsLeft`). */
type OneKey = Extract<keyof typeof en, `${string}One`>;

const zh: Record<CoreKey, string> = {
  title: '战线',
  newGame: '新游戏',
  cancel: '取消',
  close: '关闭',
  ok: '确定',
  undo: '悔棋',
  hint: '提示',
  menu: '菜单',
  log: '记录',
  rules: '规则',
  settings: '设置',
  exportRecord: '导出记录',
  importRecord: '导入记录',
  replay: '回放',
  language: '语言',
  langName: '中文',
  otherLang: 'English',
  level: '难度',
  levelEasy: '简单',
  levelMedium: '中等',
  levelHard: '困难',
  claimTiming: '声明占据的时机',
  seed: '随机种子（可选）',
  noGame: '当前没有进行中的游戏：开始一局，或者跟着教程学习玩法。',
  you: '你',
  computer: '电脑',
  player1: '玩家一',
  player2: '玩家二',
  player3: '玩家三',
  computerN: '电脑{n}',
  turnOf: '轮到{name}',
  yourTurn: '轮到你',
  stepPlay: '出一张牌',
  stepClaim: '声明占据地区',
  stepDraw: '抓一张牌',
  stepScoutDraw: '侦察：再抓 {n} 张',
  stepScoutReturn: '侦察：放回 {n} 张',
  stepGameOver: '游戏结束',
  thinking: '思考中…',
  stepsOrder: '回合',
  stepNamePlay: '出牌',
  stepNameClaim: '声明',
  stepNameDraw: '抓牌',
  promptPlay: '先选一张牌，再选一个地区。点击地区可查看能否占据。',
  promptPlayTactic: '先选一张牌，再选一个地区。',
  promptSelected: '{card}：请选择一个亮起的地区。',
  promptClaim: '点击发光的地区来占据它，或者继续。',
  promptClaimDraw: '点击发光的地区来占据它，或者抓牌。',
  promptClaimPlay: '点击发光的地区来占据它，或者出牌。',
  promptDraw: '抓牌：选择一个牌堆。',
  promptScoutPlay: '侦察：抓三张牌，再放回两张。',
  promptScoutDraw: '侦察：选择要抓牌的牌堆（还剩 {n} 张）。',
  promptScoutReturn: '侦察：从手牌中选一张放回对应的牌堆顶（还剩 {n} 张）。',
  promptRedeploySource: '调整：选择你在未被占据地区上的一张牌。',
  promptRedeployDest: '调整{card}：选择一个地区，或者弃掉它。',
  promptDeserterSource: '逃亡：选择对手的一张牌弃掉。',
  promptTraitorSource: '叛逆：选择对手的一张部队牌。',
  promptTraitorDest: '叛逆{card}：选择你这一侧的一个地区。',
  promptPassOnly: '你无法打出部队牌：可以打出战术牌或者略过。',
  promptWaitComputer: '电脑正在行动…',
  promptOver: '游戏已经结束。',
  doneClaiming: '声明完毕',
  endTurn: '结束回合',
  pass: '略过',
  playScout: '打出侦察',
  discardIt: '弃掉',
  cancelSelection: '取消',
  flag: '地区 {n}',
  troopDeck: '部队牌堆',
  tacticsDeck: '战术牌堆',
  cardsLeft: '{n} 张',
  discardPile: '弃牌',
  emptyPile: '无',
  handOf: '手牌',
  inHand: '手牌：部队牌 {troops} 张，战术牌 {tactics} 张',
  tacticsPlayedN: '已用战术牌：{n}',
  flagsClaimedN: '地区：{n}',
  flagsOf: '{name}：{n} 个地区',
  fog: '迷雾',
  mud: '沼泽',
  claimable: '可占据！',
  claimedBy: '已被{name}占据',
  unclaimed: '未被占据',
  sideOf: '{name}：{cards}',
  noCards: '没有牌',
  lastMove: '上一步',
  claimTitle: '地区 {n}：{name}能占据吗？',
  claimLater: '你可以在声明步骤中占据它。',
  claimNotYourTurn: '只能在自己的回合声明占据。',
  claimAction: '占据地区 {n}',
  claimed: '{name}占据了地区 {n}。',
  formationSum: '{formation}（总和 {sum}）',
  handoverTitle: '请把设备交给{name}',
  handoverBody: '{prev}已经完成回合。{name}，准备好后请显示你的手牌。',
  handoverFirst: '{name}先行动。准备好后请显示你的手牌。',
  handoverShow: '显示{name}的手牌',
  handoverRecent: '自你上个回合以来',
  winsBy: '{name}以{victory}获胜！',
  draw: '平局。',
  victoryBreakthrough: '突破性胜利（连续三个地区）',
  victoryEnvelopment: '压倒性胜利（任意五个地区）',
  victoryExhaustion: '双方都无法行动时占据更多地区',
  victoryShortBreakthrough: '突破性胜利',
  victoryShortEnvelopment: '压倒性胜利',
  victoryShortExhaustion: '僵局',
  breakthroughFlags: '地区 {flags}',
  matchScore: '比赛比分',
  gameN: '第 {n} 局，共 {total} 局',
  nextGame: '下一局',
  matchOver: '比赛结束。',
  matchWinner: '{name}以 {a} – {b} 赢得比赛。',
  matchTie: '比赛打平 {a} – {b}。',
  points: '分',
  logTitle: '游戏记录',
  gameTools: '游戏',
  newGameShort: '新游戏',
  whyTacticsLimit: '现在不行：你打出的战术牌最多只能比对手多一张。',
  whyLeaderLimit: '不能打出：这局你已经打出过一张首领。',
  whyWrongStep: '回合的这个步骤不能出这张牌。',
  whyNotYourTurn: '还没轮到你。',
  whyNoRoom: '没有空位：所有未被占据的地区你这一侧都已放满。',
  whyNoTarget: '这张牌现在没有可作用的对象。',
  whyDecksEmpty: '不能打出：两个牌堆都已空。',
  whyGameOver: '游戏已经结束。',
  whyFlagFull: '不能放这里：地区 {n} 你这一侧已满。',
  whyFlagClaimed: '不能放这里：地区 {n} 已被占据。',
  whyNotHere: '不能放这里：这张牌现在不能放到地区 {n}。',
  closeLog: '关闭游戏记录',
  logPlay: '{who}在地区 {flag} 打出{card}。',
  logEnv: '{who}在地区 {flag} 放置{card}。',
  logScout: '{who}打出侦察。',
  logScoutDraw: '{who}从{deck}抓牌（侦察）{card}。',
  logScoutReturn: '{who}把{card}放回{deck}。',
  logACard: '一张牌',
  logRedeployMove: '{who}打出调整：把{card}从地区 {from} 移到地区 {to}。',
  logRedeployDiscard: '{who}打出调整：把地区 {from} 的{card}弃掉。',
  logDeserter: '{who}打出逃亡：地区 {from} 的{card}被弃掉。',
  logTraitor: '{who}打出叛逆：把{card}从地区 {from} 拿到地区 {to}。',
  logClaim: '{who}占据了地区 {flag}{with}。',
  logClaimWith: '（{formation}）',
  logEndClaims: '{who}结束声明。',
  logDraw: '{who}从{deck}抓牌{card}。',
  logPass: '{who}略过。',
  logResign: '{who}认输退出；其余玩家继续。',
  seatOut: '已认输',
  logNextGame: '第 {n} 局开始；{who}先行动。',
  logStart: '游戏开始；{who}先行动。',
  logResult: '{who}以{victory}获胜。',
  logDrawResult: '本局平局。',
  logDrewCard: '：{card}',
  deckTroopWord: '部队牌堆',
  deckTacticsWord: '战术牌堆',
  download: '下载',
  copy: '复制',
  replayTitle: '回放',
  replayStep: '第 {i} 步，共 {n} 步',
  replayStart: '开头',
  replayBack: '后退',
  replayForward: '前进',
  replayEnd: '结尾',
  replayPlay: '播放',
  replayPause: '暂停',
  replayExit: '退出回放',
  replayFlip: '交换视角',
  replayNothing: '游戏开始',
  hintsSetting: '标出现在可以占据的地区',
  aiSpeed: '电脑的速度',
  aiSpeedSlow: '慢',
  aiSpeedNormal: '正常',
  aiSpeedFast: '快',
  resumeNote: '已恢复你的游戏。',
  savedGameDroppedTitle: '保存的游戏',
  savedGameDropped: '无法恢复你保存的游戏，已将其删除。请开始新游戏。',
  newGameConfirm: '开始新游戏吗？当前游戏将会丢失。',
  hintNone: '没有可用的提示。',
  computerFailed: '电脑玩家无法行动（{msg}）。请重试或撤销。',
  computerBlocked: '电脑玩家无法在此网页上运行：网页的安全设置不允许。',
  coachBlocked: '教练无法在此网页上运行：网页的安全设置不允许。',
  retry: '重试',
  undone: '已悔棋。',
  undoUnavailable: '不能悔棋：{why}',
  undoOver: '本局已结束，结果不可更改。',
  undoNotYourTurn: '现在不是你的回合。',
  undoRevealed: '你已看到摸到的牌，悔棋会让你预知牌堆。',
  undoNothing: '本回合没有你可以撤销的操作（中间有其他玩家的行动或摸牌）。',
  exportUnavailable: '游戏结束前不能导出：记录中含有种子，可由此推出所有隐藏的牌。',
  replayOwnView: '游戏尚未结束：回放只显示{name}看到的内容。',
  illegal: '不能这样走：{msg}',
  loading: '正在载入引擎…',
  loadFailed: '无法载入游戏引擎：{msg}',
  offlineReady: '已可离线游戏。',
  keyboardHelp: '按键：C 跳到手牌（← → 移动，Enter 选中），Shift+1…9 或 Shift+0 选中该数字的部队牌（0 即 10），1–9 选择地区（在那里出牌、占据它，或用计谋牌选取那里的牌），T 部队牌堆，K 战术牌堆，S 打出侦察，D 弃掉（调整），E 结束声明，P 略过，U 悔棋，H 提示，Esc 取消。',
  morale: '士气',
  environment: '环境',
  guile: '计谋',
  anyColourValue: '任意颜色和数字',
  anyColour8: '任意颜色的 8',
  anyColour123: '任意颜色的 1–3',
  descFog: '只比总和',
  descMud: '需要四张',
  descScout: '抓三放二',
  descRedeploy: '移动己方牌',
  descDeserter: '弃掉对方牌',
  descTraitor: '夺取对方部队',
  backToGame: '返回游戏',
  rulesTitle: '战线游戏规则',
  cardBack: '背面朝上的牌',
  onlineTitle: '在线对战',
  onlineClock: '计时',
  onlineLeaveTitle: '离开在线对局？',
  onlineLeaveConfirm: '对手会被告知你已离开。你的座位会保留一段时间：用邀请链接即可回到座位。',
  onlineRematch: '再来一局',
  onlineOpponent: '对手',
};

const tables: Record<Lang, Partial<Record<string, string>>> = { en: { ...en }, zh: { ...zh } };

/** A feature's words, from its chunk: added to the tables (English and Chinese, the same keys). */
export function addWords(words: Record<Lang, Readonly<Record<string, string>>>): void {
  Object.assign(tables.en, words.en);
  Object.assign(tables.zh, words.zh);
}

/** The BCP 47 tag of a language, for `lang` attributes. */
export function langTag(lang: Lang): string {
  return lang === 'zh' ? 'zh-CN' : 'en';
}

const colourNames: Record<Lang, Record<ColourLetter, string>> = {
  en: { r: 'Red', o: 'Orange', y: 'Yellow', g: 'Green', b: 'Blue', p: 'Purple' },
  zh: { r: '红', o: '橙', y: '黄', g: '绿', b: '蓝', p: '紫' },
};

const unitNames: Record<Lang, string[]> = {
  en: ['', 'Skirmishers', 'Peltasts', 'Javelineers', 'Hoplites', 'Phalangists', 'Hypaspists', 'Light Cavalry', 'Heavy Cavalry', 'Chariots', 'Elephants'],
  zh: ['', '散兵', '轻盾兵', '标枪兵', '重装步兵', '方阵步兵', '持盾卫队', '轻骑兵', '重骑兵', '战车', '战象'],
};

const tacticNames: Record<Lang, Record<TacticName, string>> = {
  en: {
    alexander: 'Alexander',
    darius: 'Darius',
    companion: 'Companion Cavalry',
    shield: 'Shield Bearers',
    fog: 'Fog',
    mud: 'Mud',
    scout: 'Scout',
    redeploy: 'Redeploy',
    deserter: 'Deserter',
    traitor: 'Traitor',
  },
  zh: {
    alexander: '亚历山大',
    darius: '大流士',
    companion: '攻击卡（伙伴骑兵）',
    shield: '防守卡（持盾兵）',
    fog: '迷雾',
    mud: '沼泽',
    scout: '侦察',
    redeploy: '调整',
    deserter: '逃亡',
    traitor: '叛逆',
  },
};

const tacticShort: Record<Lang, Record<TacticName, string>> = {
  en: { ...tacticNames.en, companion: 'Companion', shield: 'Shield' },
  zh: { ...tacticNames.zh, companion: '攻击卡', shield: '防守卡' },
};

const formationNames: Record<Lang, Record<FormationKind, string>> = {
  en: { wedge: 'Wedge', phalanx: 'Phalanx', battalionOrder: 'Battalion Order', skirmishLine: 'Skirmish Line', host: 'Host' },
  zh: { wedge: '同花顺', phalanx: '炸弹（三条）', battalionOrder: '同花', skirmishLine: '顺子', host: '其他' },
};

/**
 * The words of one language: every word the page shows is looked up through one of these, held by the
 * element whose language it is (its state's `settings.lang`), so two elements on a page may speak two
 * languages. The two are made once and never change; their functions use no `this`, so they may be
 * taken apart (`const { t } = words`).
 */
export interface Words {
  readonly lang: Lang;
  /** The string for `key`, with `{name}` placeholders filled in. */
  readonly t: (key: Key, params?: Record<string, string | number>) => string;
  readonly colourName: (colour: ColourLetter) => string;
  readonly unitName: (value: number) => string;
  readonly tacticName: (name: TacticName, short?: boolean) => string;
  /**
   * A tactics card's name on the card itself: the short name, with places to break on a phone's narrow
   * card. Drawn by CSS (data-text): the soft hyphens must not be text inside the card, whose accessible
   * name is its label (axe's label-content-name-mismatch).
   */
  readonly tacticCardName: (name: TacticName) => string;
  readonly formationName: (kind: FormationKind) => string;
  readonly deckName: (deck: DeckKind) => string;
  readonly deckWord: (deck: DeckKind) => string;
  /** "Red 7" / "红7" or the tactic's name. */
  readonly cardShort: (card: CardName) => string;
  /** "Red 7, Light Cavalry" / "红7 轻骑兵": the accessible name of a card. */
  readonly cardLong: (card: CardName) => string;
  /** A list of card names in words. */
  readonly cardList: (cards: readonly CardName[]) => string;
}

/** Where a long English name may break on a narrow card (soft hyphens); Chinese breaks between any characters. */
const tacticBreaks: Partial<Record<TacticName, string>> = {
  alexander: 'Alex\u00adan\u00adder',
  companion: 'Com\u00adpan\u00adion',
  redeploy: 'Re\u00adde\u00adploy',
  deserter: 'De\u00adsert\u00ader',
};

const troopPattern = /^([roygbp])(10|[1-9])$/;

function wordsIn(lang: Lang): Words {
  const zh = lang === 'zh';
  const t = (key: Key, params?: Record<string, string | number>): string => {
    const table = tables[lang];
    // "You starts", "can You claim it?": a sentence about the person at the screen takes its own form.
    const you = params && [params['name'], params['who']].some((v) => typeof v === 'string' && v.replace(/<[^>]*>/g, '') === table.you);
    const one = params?.['n'] === 1 ? table[`${key}One`] : undefined;
    // (A feature's key before its chunk has loaded is never asked for; if it were, the key would show.)
    const text = (you ? table[`${key}You`] : undefined) ?? one ?? table[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
  const colourName = (colour: ColourLetter): string => colourNames[lang][colour];
  const tacticName = (name: TacticName, short = false): string => (short ? tacticShort : tacticNames)[lang][name];
  const cardShort = (card: CardName): string => {
    const m = troopPattern.exec(card);
    return m ? `${colourName(m[1] as ColourLetter)}${zh ? '' : ' '}${m[2]}` : tacticName(card as TacticName, true);
  };
  return {
    lang,
    t,
    colourName,
    unitName: (value) => unitNames[lang][value] ?? '',
    tacticName,
    tacticCardName: (name) => (zh ? undefined : tacticBreaks[name]) ?? tacticName(name, true),
    formationName: (kind) => formationNames[lang][kind],
    deckName: (deck) => t(deck === 'troop' ? 'troopDeck' : 'tacticsDeck'),
    deckWord: (deck) => t(deck === 'troop' ? 'deckTroopWord' : 'deckTacticsWord'),
    cardShort,
    cardLong: (card) => {
      const m = troopPattern.exec(card);
      return m ? `${cardShort(card)}${zh ? ' ' : ', '}${unitNames[lang][Number(m[2])] ?? ''}` : tacticName(card as TacticName);
    },
    cardList: (cards) => (cards.length === 0 ? t('noCards') : cards.map(cardShort).join(zh ? '、' : ', ')),
  };
}

const byLang: Readonly<Record<Lang, Words>> = { en: wordsIn('en'), zh: wordsIn('zh') };

/** The words of `lang`. */
export function words(lang: Lang): Words {
  return byLang[lang];
}

export function formationNameIn(lang: Lang, kind: FormationKind): string {
  return formationNames[lang][kind];
}
