// Cheap redraws: the page is drawn from strings, and only what changed reaches the DOM. An element's
// content is replaced only when its HTML differs; keyed children (hand cards, flag columns) are kept,
// replaced or moved one by one, so a click that changes one card touches one card.

const shown = new WeakMap<Element, string>();

/** Replaces an element's content, unless it is already exactly that. Returns whether it changed. */
export function setHTML(el: Element, html: string): boolean {
  if (shown.get(el) === html) return false;
  shown.set(el, html);
  el.innerHTML = html;
  return true;
}

export function setClass(el: Element, className: string): void {
  if (el.className !== className) el.className = className;
}

export interface Keyed {
  key: string;
  /** The child's whole markup (one element). */
  html: string;
}

// Made on first use, not on import: the element's module is imported on servers too (no document there).
let template: HTMLTemplateElement | null = null;

function build(html: string): Element {
  template ??= document.createElement('template');
  template.innerHTML = html;
  const el = template.content.firstElementChild;
  if (!el) throw new Error('patchChildren: empty markup');
  return el;
}

/** Everything after the opening tag (attribute values never hold a raw '>'). */
function contentOf(html: string): string {
  return html.slice(html.indexOf('>') + 1);
}

function syncAttributes(target: Element, source: Element): void {
  for (const attr of Array.from(target.attributes)) {
    if (attr.name !== 'data-key' && !source.hasAttribute(attr.name)) target.removeAttribute(attr.name);
  }
  for (const attr of Array.from(source.attributes)) {
    if (target.getAttribute(attr.name) !== attr.value) target.setAttribute(attr.name, attr.value);
  }
}

/**
 * Makes `parent`'s children the given keyed elements, in order, reusing every child whose markup is
 * unchanged. Returns the elements that were created.
 */
export function patchChildren(parent: Element, items: readonly Keyed[]): Element[] {
  const old = new Map<string, Element>();
  for (const child of Array.from(parent.children)) {
    const key = (child as HTMLElement).dataset['key'];
    if (key !== undefined && shown.has(child)) old.set(key, child);
    else child.remove();
  }
  const created: Element[] = [];
  let cursor: Element | null = parent.firstElementChild;
  for (const item of items) {
    let el = old.get(item.key);
    const before = el ? shown.get(el) : undefined;
    if (el && before === item.html) {
      old.delete(item.key);
    } else if (el && before !== undefined && contentOf(before) === contentOf(item.html)) {
      // Only the element's own attributes changed (a class, aria-pressed): keep it, and its focus.
      syncAttributes(el, build(item.html));
      (el as HTMLElement).dataset['key'] = item.key;
      shown.set(el, item.html);
      old.delete(item.key);
    } else {
      el = build(item.html);
      (el as HTMLElement).dataset['key'] = item.key;
      shown.set(el, item.html);
      created.push(el);
    }
    if (el !== cursor) parent.insertBefore(el, cursor);
    else cursor = cursor.nextElementSibling;
  }
  for (const el of old.values()) el.remove();
  return created;
}
