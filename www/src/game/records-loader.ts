// Export and import of records, loaded when first used: the menu's Export and Import fetch their chunk
// (records.ts, with its dialogs) and then act as before.
import type { Ctx } from './state.js';

type RecordsChunk = typeof import('./records.js');

let loading: Promise<RecordsChunk> | null = null;

/** The chunk, fetched once (again after a failed fetch); a failure is said in the console. */
async function loadRecords(): Promise<RecordsChunk | null> {
  loading ??= import('./records.js').catch((err: unknown) => {
    loading = null;
    throw err;
  });
  try {
    return await loading;
  } catch (err) {
    console.error('battleline: export and import could not be loaded', err);
    return null;
  }
}

/** The menu's Export (records.ts exportRecord). */
export async function exportRecord(ctx: Ctx): Promise<void> {
  await (await loadRecords())?.exportRecord(ctx);
}

/** The menu's Import (records.ts importRecord). */
export async function importRecord(ctx: Ctx): Promise<void> {
  await (await loadRecords())?.importRecord(ctx);
}
