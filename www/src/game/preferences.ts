// Settings, language and the players' rules.
import { claimDialog, settingsDialog } from '../dialogs.js';
import { getLang, setLang, t } from '../i18n.js';
import { fillRuleCards } from '../rules-cards.js';
import { saveSettings, type Settings } from '../storage.js';
import type { Ctx } from './state.js';
import { render } from './draw.js';

export async function openSettings(ctx: Ctx): Promise<void> {
  const next = await settingsDialog(ctx.host.shadow, ctx.s.settings, ctx.host.coach.winChances ? ctx.features.coach.say('winChancesSetting') : null);
  if (!next) return;
  ctx.s.settings = next;
  setLang(next.lang);
  saveSettings(ctx.host.store, next);
  render(ctx);
}

/** The element's `lang` changed. */
export function setLanguage(ctx: Ctx, lang: Settings['lang']): void {
  ctx.s.settings = { ...ctx.s.settings, lang };
  render(ctx);
}

export function toggleLang(ctx: Ctx): void {
  ctx.s.settings = { ...ctx.s.settings, lang: getLang() === 'en' ? 'zh' : 'en' };
  setLang(ctx.s.settings.lang);
  saveSettings(ctx.host.store, ctx.s.settings);
  render(ctx);
}

/**
 * The players' rules: a page of their own (the host's `rules` link), or inline from the host (the
 * package's element fetches their text, a chunk of its own, when they are first opened).
 */
export async function openRules(ctx: Ctx): Promise<void> {
  const rules = ctx.host.rules;
  if (!rules) return;
  const lang = getLang();
  if ('href' in rules) {
    window.location.href = `${rules.href}#${lang}`;
    return;
  }
  const html = await rules.html(lang);
  // Another game on the page may have spoken in the meantime: this one's language again.
  setLang(lang);
  void claimDialog(ctx.host.shadow, t('rulesTitle'), `<div class="rules-inline">${html}</div>`, null);
  const inline = ctx.host.shadow.querySelector<HTMLElement>('dialog .rules-inline');
  if (inline) fillRuleCards(inline, lang);
}
