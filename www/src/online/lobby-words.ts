// The words of the lobby (lobby.ts) in English and Chinese: the open games' list, posting a game under a
// name, and what the server may answer. They travel with online play's chunk and are added to i18n.ts's
// tables as it loads; `lt` asks t() for them.
import { addWords, type Key, type Words } from '../i18n.js';

const en = {
  lobbyTitle: 'Open games',
  lobbyIntro: 'Take a game someone posted, or post yours for anyone to take. No account: just a name.',
  lobbyListLabel: 'Games waiting for a player',
  lobbyNone: 'No open games right now. Post yours: it shows here for everyone.',
  lobbyCount: 'Open games: {n}',
  lobbyConnecting: 'Looking for open games…',
  lobbyLost: 'Connection lost: looking again…',
  lobbyTake: 'Play',
  lobbyTakeLabel: 'Play {name}’s game',
  lobbyBy: '{name}',
  lobbyPlayers: '{n} players',
  lobbyTactics: 'tactics cards',
  lobbyNoTactics: 'no tactics cards',
  lobbyGames: '{n} games',
  lobbyOneGame: '1 game',
  lobbyClock: '{n} min each',
  lobbyNoClock: 'no clock',
  lobbyCoach: 'coach on',
  lobbyFree: '{n} seats free',
  lobbyTimingAfterPlay: 'claims after playing',
  lobbyTimingStartOfTurn: 'claims before playing',
  lobbyTimingEndOfTurn: 'claims after drawing',
  lobbyYourName: 'Your name',
  lobbyNameHint: 'Up to 24 letters, digits, spaces or - _ . \'',
  lobbyNameBad: 'Give a name of 1 to 24 letters, digits, spaces or - _ . \'',
  lobbyYourGame: 'Your game: {what}',
  lobbyPost: 'Post my game',
  lobbyClose: 'Close',
  lobbyGone: 'That game was just taken or withdrawn: choose another.',
} as const;

export type LobbyKey = keyof typeof en;

const zh: Record<LobbyKey, string> = {
  lobbyTitle: '公开对局',
  lobbyIntro: '加入别人发布的对局，或发布你的对局让任何人加入。无需账号：只要一个名字。',
  lobbyListLabel: '等待玩家的对局',
  lobbyNone: '现在没有公开对局。发布你的对局：大家都会在这里看到。',
  lobbyCount: '公开对局：{n} 个',
  lobbyConnecting: '正在查找公开对局……',
  lobbyLost: '连接中断：正在重新查找……',
  lobbyTake: '加入',
  lobbyTakeLabel: '加入 {name} 的对局',
  lobbyBy: '{name}',
  lobbyPlayers: '{n} 人',
  lobbyTactics: '使用战术牌',
  lobbyNoTactics: '不用战术牌',
  lobbyGames: '{n} 局',
  lobbyOneGame: '1 局',
  lobbyClock: '每人 {n} 分钟',
  lobbyNoClock: '不计时',
  lobbyCoach: '有教练',
  lobbyFree: '空位 {n} 个',
  lobbyTimingAfterPlay: '出牌后声明',
  lobbyTimingStartOfTurn: '出牌前声明',
  lobbyTimingEndOfTurn: '抓牌后声明',
  lobbyYourName: '你的名字',
  lobbyNameHint: '最多 24 个字母、数字、空格或 - _ . \'',
  lobbyNameBad: '名字须为 1 到 24 个字母、数字、空格或 - _ . \'',
  lobbyYourGame: '你的对局：{what}',
  lobbyPost: '发布我的对局',
  lobbyClose: '关闭',
  lobbyGone: '这局刚被别人加入或已撤下：请另选一局。',
};

addWords({ en, zh });

/** The lobby's words in the language of `words` (the game's that opened the lobby). */
export type LobbyWords = (key: LobbyKey, params?: Record<string, string | number>) => string;

export function lobbyWords({ t }: Words): LobbyWords {
  // Added to t()'s tables above; its Key type lists the tables every page loads, not this chunk's.
  return (key, params) => t(key as unknown as Key, params);
}
