// The dialogs of records: export (copy or download a finished match's record) and import (pasted or from a
// file, checked before it is taken). In the records' chunk (game/records.ts), fetched when first used.
import { maxRecordBytes } from '../../pkg/full.js';
import { escapeAttr, escapeHTML } from './cards.js';
import { openDialog } from './dialogs.js';
import type { Words } from './i18n.js';

export function exportDialog({ t }: Words, host: ParentNode, text: string, fileName: string): Promise<string> {
  return openDialog(host, {
    title: t('exportTitle'),
    body: `<p>${t('exportBody')}</p><textarea class="record" readonly rows="8" aria-label="${escapeAttr(t('exportTitle'))}">${escapeHTML(text)}</textarea><p class="status" aria-live="polite"></p>`,
    buttons: [
      { id: 'copy', label: t('copy') },
      { id: 'download', label: t('download') },
      { id: 'close', label: t('close'), primary: true },
    ],
    onButton: (id, dialog) => {
      const status = dialog.querySelector('.status')!;
      if (id === 'download') {
        const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = fileName;
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
        return false;
      }
      if (id === 'copy') {
        const area = dialog.querySelector('textarea')!;
        area.select();
        navigator.clipboard?.writeText(text).then(
          () => (status.textContent = t('copied')),
          () => undefined,
        );
        return false;
      }
      return true;
    },
  });
}

/** The message for a record of `size` bytes, above the engine's limit. */
function tooLarge({ t }: Words, size: number): string {
  const mb = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);
  return t('importTooLarge', { size: mb(size), max: mb(maxRecordBytes()) });
}

/** Asks for a record (pasted or from a file); `check` returns an error message or null. */
export async function importDialog(w: Words, host: ParentNode, check: (text: string) => string | null): Promise<string | null> {
  const { t } = w;
  let accepted: string | null = null;
  await openDialog(host, {
    title: t('importTitle'),
    body:
      `<p>${t('importBody')}</p><textarea class="record" rows="8" aria-label="${escapeAttr(t('importTitle'))}" placeholder='{"format":"battleline-record", …}'></textarea>` +
      `<label class="file btn">${t('importFile')}<input type="file" accept=".json,application/json,text/plain" hidden></label><p class="status error" aria-live="polite"></p>`,
    buttons: [
      { id: 'cancel', label: t('cancel') },
      { id: 'load', label: t('importLoad'), primary: true },
    ],
    onReady: (dialog) => {
      const file = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
      const status = dialog.querySelector('.status')!;
      file.addEventListener('change', () => {
        const f = file.files?.[0];
        if (!f) return;
        // A file larger than any record is refused before it is read (the engine refuses it anyway).
        if (f.size > maxRecordBytes()) {
          status.textContent = tooLarge(w, f.size);
          return;
        }
        status.textContent = '';
        void f.text().then((text) => (dialog.querySelector('textarea')!.value = text));
      });
    },
    onButton: (id, dialog) => {
      if (id !== 'load') return true;
      const text = dialog.querySelector('textarea')!.value;
      // A string's length never exceeds its UTF-8 size: longer than the limit is too large for sure.
      if (text.length > maxRecordBytes()) {
        dialog.querySelector('.status')!.textContent = tooLarge(w, text.length);
        return false;
      }
      // `check` says the whole problem ("This is not a valid record: …"), in words for people.
      const error = check(text);
      if (error) {
        dialog.querySelector('.status')!.textContent = error;
        return false;
      }
      accepted = text;
      return true;
    },
  });
  return accepted;
}
