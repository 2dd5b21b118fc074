// A small Markdown-to-HTML converter for the rules documents (headings, nested lists, paragraphs,
// bold, emphasis, inline code, HTML comments dropped): enough for the players' rules (www/rules/) and
// docs/RULES.md, with no dependency. One extension for the players' rules: `{cards r5 r6 r7 | caption}`
// becomes a placeholder that the rules page fills with the game's own card faces (www/src/rules-page.ts).

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inline(text) {
  return escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
    .replace(/\b(R-[A-Z0-9]+(?:-\d+)?)\b/g, '<span class="rule-id">$1</span>')
    .replace(/\{cards ([a-z0-9 ]+?)(?: \| ([^}]*))?\}/g, (_, cards, caption) =>
      `<span class="rules-cards" data-cards="${cards.trim()}"><span class="rules-cards-row"></span>` +
      (caption ? `<span class="rules-cards-caption">${caption.trim()}</span>` : '') +
      '</span>');
}

/** Joins wrapped lines: a space between Latin words, nothing between Chinese characters. */
function join(parts) {
  return parts.reduce((acc, part) => {
    if (!acc) return part;
    const cjk = /[\u3000-\u9fff\uff00-\uffef]$/.test(acc) && /^[\u3000-\u9fff\uff00-\uffef]/.test(part);
    return cjk ? acc + part : `${acc} ${part}`;
  }, '');
}

export function markdownToHtml(source) {
  const lines = source.replace(/<!--[\s\S]*?-->/g, '').split(/\r?\n/);
  const out = [];
  let para = [];
  // Open lists, innermost last; each has an open <li>.
  const lists = [];

  const flushPara = () => {
    if (para.length) out.push(`<p>${inline(join(para))}</p>`);
    para = [];
  };
  const closeLists = (test) => {
    while (lists.length && test(lists[lists.length - 1].indent)) {
      out.push(`</li></${lists.pop().tag}>`);
    }
  };

  for (const raw of lines) {
    const line = raw.replace(/\s+$/, '');
    if (line.trim() === '') {
      flushPara();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flushPara();
      closeLists(() => true);
      const level = heading[1].length;
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
      continue;
    }
    const item = /^(\s*)([-*+]|\d+[.)]|[a-z]\))\s+(.*)$/.exec(line);
    if (item) {
      flushPara();
      const indent = item[1].length;
      const tag = /^[-*+]$/.test(item[2]) ? 'ul' : 'ol';
      closeLists((i) => i > indent);
      const top = lists[lists.length - 1];
      if (top && top.indent === indent && top.tag === tag) {
        out.push('</li>');
      } else {
        if (top && top.indent === indent) closeLists((i) => i >= indent);
        const start = /^\d+/.exec(item[2]);
        const attrs = (tag === 'ol' && start && start[0] !== '1' ? ` start="${start[0]}"` : '') + (/^[a-z]\)$/.test(item[2]) ? ' type="a"' : '');
        out.push(`<${tag}${attrs}>`);
        lists.push({ indent, tag });
      }
      out.push('<li>');
      para = [item[3].trim()];
      continue;
    }
    if (para.length) {
      para.push(line.trim());
      continue;
    }
    const indent = /^\s*/.exec(line)[0].length;
    closeLists((i) => i >= indent);
    para = [line.trim()];
  }
  flushPara();
  closeLists(() => true);
  return out.join('\n');
}
