// Settings, language and the players' rules.
import { claimDialog, settingsDialog } from '../dialogs.js';
import { fillRuleCards } from '../rules-cards.js';
import { saveSettings, type Settings } from '../storage.js';
import { wordsOf, type Ctx } from './state.js';
import { render } from './draw.js';

export async function openSettings(ctx: Ctx): Promise<void> {
  const next = await settingsDialog(wordsOf(ctx.s), ctx.host.shadow, ctx.s.settings, ctx.host.coach.winChances ? ctx.features.coach.say(wordsOf(ctx.s), 'winChancesSetting') : null);
  if (!next) return;
  ctx.s.settings = next;
  saveSettings(ctx.host.store, next);
  render(ctx);
}

/** The element's `lang` changed. */
export function setLanguage(ctx: Ctx, lang: Settings['lang']): void {
  ctx.s.settings = { ...ctx.s.settings, lang };
  render(ctx);
}

export function toggleLang(ctx: Ctx): void {
  ctx.s.settings = { ...ctx.s.settings, lang: ctx.s.settings.lang === 'en' ? 'zh' : 'en' };
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
  const lang = ctx.s.settings.lang;
  if ('href' in rules) {
    window.location.href = `${rules.href}#${lang}`;
    return;
  }
  const html = await rules.html(lang);
  const words = wordsOf(ctx.s);
  void claimDialog(words, ctx.host.shadow, words.t('rulesTitle'), `<div class="rules-inline">${html}</div>`, null);
  const inline = ctx.host.shadow.querySelector<HTMLElement>('dialog .rules-inline');
  if (inline) fillRuleCards(inline, lang);
}
