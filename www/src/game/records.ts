// Records: export of a finished match, import of a record (asked first when a game is in progress). In a
// chunk of their own with their dialogs (records-loader.ts), fetched when first used.
// Its words first: added to the tables as the chunk loads.
import '../record-words.js';
import { Game, type GameRecord } from '../../../pkg/full.js';
import { confirmDialog } from '../dialogs.js';
import { importProblem } from '../import-problem.js';
import { exportDialog, importDialog } from '../record-dialogs.js';
import { wordsOf, type Ctx } from './state.js';
import { render } from './draw.js';
import { finishedRecord, loadRecord } from './session.js';

export async function exportRecord(ctx: Ctx): Promise<void> {
  const record = finishedRecord(ctx);
  if (!record) {
    ctx.s.message = { text: ({ t }) => t('exportUnavailable'), kind: 'info' };
    render(ctx);
    return;
  }
  await exportDialog(wordsOf(ctx.s), ctx.host.shadow, JSON.stringify(record, null, 1), `battleline-${record.seed}.json`);
}

export async function importRecord(ctx: Ctx): Promise<void> {
  const words = wordsOf(ctx.s);
  const { t } = words;
  const text = await importDialog(words, ctx.host.shadow, (input) => {
    try {
      Game.fromRecord(input.trim()).free();
      return null;
    } catch (err) {
      return importProblem(words, err);
    }
  });
  if (!text) return;
  const g = ctx.s.game;
  if (g && !g.matchScore().over && g.actionCount > 0 && !(await confirmDialog(words, ctx.host.shadow, t('importReplaceConfirm'), t('importTitle')))) return;
  loadRecord(ctx, JSON.parse(text.trim()) as GameRecord);
}
