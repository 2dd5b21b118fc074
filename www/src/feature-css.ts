// A feature's stylesheet travels in the feature's chunk (coach-chunk.ts) and is added to a game's shadow root
// when the feature is first used there, after the game's own stylesheet, as if it ended it.
const sheets = new Map<string, CSSStyleSheet>();

/** Adds `css` to the shadow root unless it is there (a constructed sheet shared by every game, or a
 * `<style>` right after the game's own where constructed sheets are missing). */
export function adoptCss(shadow: ShadowRoot, css: string): void {
  if ('adoptedStyleSheets' in Document.prototype) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    if (!shadow.adoptedStyleSheets.includes(sheet)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    return;
  }
  const styles = [...shadow.querySelectorAll('style')];
  if (styles.some((s) => s.textContent === css)) return;
  const style = document.createElement('style');
  style.textContent = css;
  if (styles[0]) styles[0].after(style);
  else shadow.prepend(style);
}
