// The words of export and import in English and Chinese. They travel in the records' chunk (game/records.ts),
// which adds them to i18n.ts's tables when it loads; the menu's Export and Import stay in i18n.ts.
import { addWords } from './i18n.js';

const en = {
  exportTitle: 'Export the game record',
  exportBody: 'The record (seed and actions) replays this game exactly.',
  copied: 'Copied.',
  importTitle: 'Import a game record',
  importBody: 'Paste a record or choose a file. A finished game opens in the replay; an unfinished one continues here with the same opponents.',
  importFile: 'Choose file',
  importLoad: 'Load',
  importBad: 'This is not a valid record: {msg}',
  importNotRecord: 'This is not a valid record: it is not the text of a game record. A record is what Export gives you: a text starting with {, or a .json file.',
  importNotOurs: 'This is not a valid record: it is not a Battle Line record, or it comes from a newer version of this game.',
  importIllegalMove: 'This is not a valid record: move {n} is not possible in its game, so the record was changed or damaged.',
  importUnreadableMove: 'This is not a valid record: move {n} cannot be read, so the record was changed or damaged.',
  importReplaceConfirm: 'Load this record instead of the game in progress? The current game will be lost.',
  importTooLarge: 'This is {size} MB, too large for a record (at most {max} MB).',
} as const;

/** The keys t() takes for these words (the second-person forms, `…You`, are chosen by t()). */
export type RecordsKey = Exclude<keyof typeof en, `${string}You`>;

const zh: Record<RecordsKey, string> = {
  exportTitle: '导出游戏记录',
  exportBody: '记录（随机种子和所有动作）可以完整重现这局游戏。',
  copied: '已复制。',
  importTitle: '导入游戏记录',
  importBody: '粘贴记录或选择文件。已结束的游戏会打开回放；未结束的游戏会在这里与相同的对手继续。',
  importFile: '选择文件',
  importLoad: '载入',
  importBad: '这不是有效的记录：{msg}',
  importNotRecord: '这不是有效的记录：内容不是游戏记录。记录就是“导出”得到的内容：以 { 开头的文本，或一个 .json 文件。',
  importNotOurs: '这不是有效的记录：它不是战线的游戏记录，或者来自本游戏的更新版本。',
  importIllegalMove: '这不是有效的记录：第 {n} 步在这局游戏中无法进行，记录已被修改或损坏。',
  importUnreadableMove: '这不是有效的记录：第 {n} 步无法读取，记录已被修改或损坏。',
  importReplaceConfirm: '用这份记录替换正在进行的游戏吗？当前游戏将会丢失。',
  importTooLarge: '内容有 {size} MB，超出记录的上限（最多 {max} MB）。',
};

addWords({ en, zh });
