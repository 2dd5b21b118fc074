// The element's language when its `lang` attribute says none: the page's, as HTML inherits it, when the
// game speaks it (English or Chinese); element.ts falls back to the browser's languages after that.

/** `en` or `zh` for a language tag that is one of them (`zh-CN`, `en-GB`, …); null for any other. */
export function langOf(tag: string | null | undefined): 'en' | 'zh' | null {
  const lang = (tag ?? '').trim().toLowerCase();
  if (lang === 'zh' || lang.startsWith('zh-')) return 'zh';
  if (lang === 'en' || lang.startsWith('en-')) return 'en';
  return null;
}

/**
 * The language of the page around `element`, as HTML inherits it: the nearest ancestor's `lang` (usually
 * `<html lang>`), when it is English or Chinese; null otherwise (then the browser's languages decide).
 */
export function pageLang(element: HTMLElement): 'en' | 'zh' | null {
  return langOf(element.parentElement?.closest('[lang]')?.getAttribute('lang'));
}
