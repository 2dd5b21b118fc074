// Dialogs: the frame every dialog opens in (modal to its game only), a claim's explanation, the end of a
// game, settings, and the hand-over screen between hot-seat turns. The start of a game is start-dialog.ts;
// export and import are record-dialogs.ts.
import type { PlayerIndex } from '../../pkg/index.js';
import { escapeAttr, escapeHTML } from './cards.js';
import { scrollableByKeyboard } from './dialog-scroll.js';
import type { Lang, Words } from './i18n.js';
import type { Settings } from './storage.js';
import { focusInGame } from './focus.js';

export interface DialogButton {
  id: string;
  label: string;
  primary?: boolean;
}

export interface DialogOptions {
  title: string;
  body: string;
  buttons: DialogButton[];
  className?: string;
  /** Called once the dialog is in the page, to wire up its inner controls. */
  onReady?: (dialog: HTMLDialogElement) => void;
  /** Return false to keep the dialog open after this button. */
  onButton?: (id: string, dialog: HTMLDialogElement) => boolean;
}

/** A dialog is open in this game (`host`, its shadow root): the game's keys wait. Other games on the page do not. */
export function dialogOpen(host: ParentNode): boolean {
  return host.querySelector('dialog.dlg[open]') !== null;
}

/** What closing a dialog does (the game no longer inert, the focus back, the answer given); run once. */
const finishers = new WeakMap<HTMLDialogElement, () => void>();

/** Closes this game's dialogs at once, as if cancelled (a script started or loaded another game). */
export function closeDialogs(host: ParentNode): void {
  for (const dialog of host.querySelectorAll<HTMLDialogElement>('dialog.dlg[open]')) {
    dialog.close();
    finishers.get(dialog)?.();
  }
}

/**
 * Shows a dialog in `host` (the game's shadow root, where its styles are); resolves with the id of the
 * button pressed ('cancel' for Escape). It is modal to the game alone: it lies in the element's box over a
 * scrim, everything else of the game is inert until it closes, and the host page around stays usable
 * (showModal() would make the whole page inert). Its words are the caller's, in the language of the game
 * that opened it: two games on a page may speak two languages.
 */
export function openDialog(host: ParentNode, opts: DialogOptions): Promise<string> {
  const dialog = document.createElement('dialog');
  dialog.className = `dlg ${opts.className ?? ''}`;
  dialog.setAttribute('aria-labelledby', 'dlg-title');
  const buttons = opts.buttons
    .map((b) => `<button type="button" class="btn ${b.primary ? 'primary' : ''}" data-dlg="${escapeAttr(b.id)}">${escapeHTML(b.label)}</button>`)
    .join('');
  dialog.innerHTML = `<h2 id="dlg-title">${opts.title}</h2><div class="dlg-body">${opts.body}</div><div class="dlg-buttons">${buttons}</div>`;
  const scrim = document.createElement('div');
  scrim.className = `dlg-scrim ${opts.className ?? ''}`;
  const opener = host instanceof ShadowRoot ? (host.activeElement as HTMLElement | null) : null;
  // The rest of the game (and a dialog under this one) is inert while it is open.
  const quieted = Array.from(host.children).filter((el): el is HTMLElement => el instanceof HTMLElement && !el.inert);
  for (const el of quieted) el.inert = true;
  host.append(scrim, dialog);
  return new Promise((resolve) => {
    let result = 'cancel';
    dialog.addEventListener('click', (event) => {
      const btn = (event.target as Element).closest<HTMLElement>('[data-dlg]');
      if (!btn) return;
      const id = btn.dataset['dlg'] ?? 'cancel';
      if (opts.onButton && !opts.onButton(id, dialog)) return;
      result = id;
      dialog.close();
    });
    // A form in a dialog never submits (it would reload the host's page); listened to here, not with an
    // inline `onsubmit`, which a Content-Security-Policy without 'unsafe-inline' refuses and reports.
    dialog.addEventListener('submit', (event) => event.preventDefault());
    // Enter in a field does what the primary button does, as in any form.
    dialog.addEventListener('keydown', (event) => {
      // Escape cancels, as it would a modal dialog (a cancel listener may refuse).
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
        return;
      }
      if (event.key !== 'Enter' || (event.target as Element).tagName !== 'INPUT') return;
      const primary = dialog.querySelector<HTMLElement>('.dlg-buttons .primary');
      if (!primary) return;
      event.preventDefault();
      primary.click();
    });
    let stopScrollWatch = (): void => {};
    const finish = (): void => {
      if (!dialog.isConnected) return;
      stopScrollWatch();
      for (const el of quieted) el.inert = false;
      const focus = host instanceof ShadowRoot ? host.activeElement : null;
      if ((!focus || dialog.contains(focus)) && opener?.isConnected) opener.focus({ preventScroll: true });
      scrim.remove();
      dialog.remove();
      resolve(result);
    };
    finishers.set(dialog, finish);
    dialog.addEventListener('close', finish);
    opts.onReady?.(dialog);
    // Opened by its attribute, not show(), which would focus the dialog's first button and scroll the host
    // page to it: the focus moves only where the game may move it (focus.ts), and never scrolls.
    dialog.setAttribute('open', '');
    stopScrollWatch = scrollableByKeyboard(dialog);
    focusInGame(dialog.querySelector<HTMLElement>('.primary, [autofocus]'));
  });
}

export async function confirmDialog({ t }: Words, host: ParentNode, text: string, title = t('newGame')): Promise<boolean> {
  const r = await openDialog(host, {
    title,
    body: `<p>${escapeHTML(text)}</p>`,
    buttons: [
      { id: 'cancel', label: t('cancel') },
      { id: 'ok', label: t('ok'), primary: true },
    ],
  });
  return r === 'ok';
}

export function claimDialog({ t }: Words, host: ParentNode, title: string, body: string, canClaim: string | null): Promise<string> {
  const buttons: DialogButton[] = [{ id: 'close', label: t('close'), primary: canClaim === null }];
  if (canClaim) buttons.push({ id: 'claim', label: canClaim, primary: true });
  return openDialog(host, { title, body, buttons, className: 'claim' });
}

/** `winChances`: the label of the coach's win-chances setting, when the element offers it. */
export async function settingsDialog({ t }: Words, host: ParentNode, settings: Settings, winChances: string | null = null): Promise<Settings | null> {
  const option = (value: string, label: string, selected: boolean): string => `<option value="${value}" ${selected ? 'selected' : ''}>${label}</option>`;
  let out: Settings | null = null;
  const result = await openDialog(host, {
    title: t('settings'),
    body:
      `<form class="settings-form">` +
      `<label class="check"><input type="checkbox" name="hints" ${settings.hints ? 'checked' : ''}> ${t('hintsSetting')}</label>` +
      (winChances ? `<label class="check"><input type="checkbox" name="winChances" ${settings.winChances ? 'checked' : ''}> ${winChances}</label>` : '') +
      `<label>${t('aiSpeed')} <select name="pace">` +
      option('1100', t('aiSpeedSlow'), settings.aiDelay >= 1000) +
      option('650', t('aiSpeedNormal'), settings.aiDelay >= 300 && settings.aiDelay < 1000) +
      option('150', t('aiSpeedFast'), settings.aiDelay < 300) +
      `</select></label>` +
      `<label>${t('language')} <select name="lang">${option('en', 'English', settings.lang === 'en')}${option('zh', '中文', settings.lang === 'zh')}</select></label>` +
      `<p class="note">${t('keyboardHelp')}</p>` +
      `</form>`,
    buttons: [
      { id: 'cancel', label: t('cancel') },
      { id: 'ok', label: t('ok'), primary: true },
    ],
    onButton: (id, dialog) => {
      if (id === 'ok') {
        const form = dialog.querySelector('form')!;
        out = {
          hints: (form.elements.namedItem('hints') as HTMLInputElement).checked,
          aiDelay: Number((form.elements.namedItem('pace') as HTMLSelectElement).value),
          lang: (form.elements.namedItem('lang') as HTMLSelectElement).value as Lang,
          winChances: (form.elements.namedItem('winChances') as HTMLInputElement | null)?.checked ?? settings.winChances,
        };
      }
      return true;
    },
  });
  return result === 'ok' ? out : null;
}

/** The curtain between hot-seat turns: hides the hand of the player who just moved (`prev`: null before anyone has). */
export function handoverHTML({ t }: Words, next: PlayerIndex, prev: PlayerIndex | null, names: readonly string[], recent: string[]): string {
  const name = escapeHTML(names[next] ?? '');
  return (
    `<div class="curtain-card" role="dialog" aria-labelledby="handover-title">` +
    `<h2 id="handover-title">${t('handoverTitle', { name })}</h2>` +
    `<p>${prev === null ? t('handoverFirst', { name }) : t('handoverBody', { prev: escapeHTML(names[prev] ?? ''), name })}</p>` +
    (recent.length ? `<div class="recent"><h3>${t('handoverRecent')}</h3><ul>${recent.map((r) => `<li>${r}</li>`).join('')}</ul></div>` : '') +
    `<button type="button" class="btn primary big" data-act="reveal">${t('handoverShow', { name })}</button>` +
    `</div>`
  );
}
