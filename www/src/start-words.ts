// The words of the new-game dialog (start-dialog.ts) in English and Chinese. They travel in its chunk, which
// adds them to i18n.ts's tables when it loads (start-dialog-loader.ts).
import { addWords } from './i18n.js';

const en = {
  start: 'Start',
  opponent: 'Opponent',
  vsComputer: 'The computer',
  vsFriend: 'A friend on this device',
  levelRandom: 'Random moves (weakest)',
  levelHint: 'Random plays any allowed move, without thinking: the place to start. Easy, Medium and Hard think ahead, longer at each level.',
  timingAfterPlay: 'Play, claim, draw (standard)',
  timingStartOfTurn: 'Claim, play, draw (advanced)',
  timingEndOfTurn: 'Play, draw, claim',
  tacticsOn: 'Play with tactics cards',
  matchGames: 'Games in the match',
  seedPlaceholder: 'random',
  playerNames: 'Names',
  nameOf: 'Name of seat {n}',
  playersCount: 'Players',
  twoPlayers: 'Two',
  threePlayers: 'Three',
  seats: 'Seats',
  seatN: 'Seat {n}',
  seatPerson: 'Person',
  seatComputer: 'Computer · {level}',
  tactics3pHint: 'Three players play without tactics cards; a player wins with 3 adjacent flags or any 4.',
  timingHint: 'When in your turn you may claim the flags you have won. The standard rule is the first.',
  seedHint: 'A seed is a number that fixes the shuffle: the same seed deals the same cards, to replay a deal or share it. Leave it empty for a new deal.',
  onlinePlay: 'Play a friend online: you get a link to send them',
  onlineCoach: 'Coach for both players: hints, unseen cards, win chances',
  onlineFindGame: 'Open games: play someone who is waiting, or post yours',
  onlineNoClock: 'No clock',
  onlineClockMinutes: '{n} minutes each',
} as const;

/** The keys t() takes for these words (the second-person forms, `…You`, are chosen by t()). */
export type StartKey = Exclude<keyof typeof en, `${string}You`>;

const zh: Record<StartKey, string> = {
  start: '开始',
  opponent: '对手',
  vsComputer: '电脑',
  vsFriend: '同一设备上的朋友',
  levelRandom: '随机走子（最弱）',
  levelHint: '随机：不加思考，任意走一步合法的棋，适合入门。简单、中等、困难会向前推算，难度越高想得越久。',
  timingAfterPlay: '出牌、声明、抓牌（标准）',
  timingStartOfTurn: '声明、出牌、抓牌（进阶）',
  timingEndOfTurn: '出牌、抓牌、声明',
  tacticsOn: '使用战术牌',
  matchGames: '比赛局数',
  seedPlaceholder: '随机',
  playerNames: '名字',
  nameOf: '第{n}座的名字',
  playersCount: '人数',
  twoPlayers: '两人',
  threePlayers: '三人',
  seats: '座位',
  seatN: '第{n}座',
  seatPerson: '真人',
  seatComputer: '电脑 · {level}',
  tactics3pHint: '三人游戏不使用战术牌；占据连续三个地区或任意四个地区者获胜。',
  timingHint: '在你的回合中，什么时候可以声明占据已经赢下的地区。第一种是标准规则。',
  seedHint: '随机种子是决定洗牌结果的数字：相同的种子发出相同的牌，可以重玩同一副牌或分享给朋友。留空则每次都是新的一副牌。',
  onlinePlay: '和朋友在线对战：你会得到一个发给朋友的链接',
  onlineCoach: '双方都可用教练：提示、未见的牌、胜率',
  onlineFindGame: '公开对局：和正在等待的人对战，或发布你的对局',
  onlineNoClock: '不计时',
  onlineClockMinutes: '每人 {n} 分钟',
};

addWords({ en, zh });
