// The coach's corpus in the page's own words, English and Chinese: reads the corpus that
// `cargo run --release -p battleline-lab --example coach_corpus` wrote (docs/coach-corpus.json), words each
// position's hint and verdict with www/src/coach/reasons.ts (bundled here by esbuild, cards as plain
// text), writes docs/coach-corpus-words.md and prints the count of worded reasons that name no formation,
// card, out or claim, and how many chance lines name a flag that the words shown (or the move) name.
//   node lab/coach-corpus-words.mjs [docs/coach-corpus.json] [docs/coach-corpus-words.md]
import { build } from 'esbuild';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [input = 'docs/coach-corpus.json', output = 'docs/coach-corpus-words.md'] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'coach-words-'));
const bundle = join(dir, 'reasons.mjs');
await build({ entryPoints: ['www/src/coach/reasons.ts'], bundle: true, format: 'esm', platform: 'neutral', outfile: bundle, logLevel: 'error' });
const { reasonText, reasonsText, reasonsBesides, pickReasons } = await import(pathToFileURL(bundle).href);

const corpus = JSON.parse(readFileSync(input, 'utf8'));
const styles = { en: { lang: 'en', card: (c) => c }, zh: { lang: 'zh', card: (c) => c } };
// A formation (by name in either language), a card ("r7", a tactics card), a total, an out or a claim.
const NAMES = /\b[roygbp]\d{1,2}\b|Wedge|Phalanx|Battalion|Skirmish|Host|total of|claim|同花顺|炸弹|同花|顺子|总和|占据/;
const move = (a) => JSON.stringify(a).replace(/"/g, '');
let worded = 0;
let namingNothing = 0;
// Chance lines whose flag the worded reasons (as the page picks them) or the move itself name.
let lines_ = 0;
let linesNamed = 0;
const target = (a) => a.flag ?? a.to ?? null;
const named = (line, reasons, ...actions) => {
  if (!line) return;
  lines_++;
  if (reasons.some((r) => r.flag === line.flag) || actions.some((a) => target(a) === line.flag)) linesNamed++;
};
const lines = [`# The coach's corpus in words`, '', `From ${input} (${corpus.positions.length} positions); \`node lab/coach-corpus-words.mjs\`.`, ''];
for (const p of corpus.positions) {
  lines.push(`## ${p.level}, game ${p.game}, action ${p.index}`, '');
  for (const lang of ['en', 'zh']) {
    // Each reason checked alone, then all of them as the page joins them (picked again: the same ones).
    const say = (reasons) => {
      for (const r of reasons) {
        worded++;
        if (!NAMES.test(reasonText(r, styles[lang]))) namingNothing++;
      }
      return { join: () => reasonsText(reasons, null, styles[lang]) };
    };
    // As the page says them: the first two, and the one about the chance line's flag.
    const hintPicked = pickReasons(p.hint.reasons, p.hint.reason?.flag ?? null);
    if (lang === 'en') named(p.hint.reason, hintPicked, p.hint.action);
    const hint = say(hintPicked).join(' ');
    const line = p.hint.reason ? ` [flag ${p.hint.reason.flag}: ${Math.round(p.hint.reason.from * 100)}% → ${Math.round(p.hint.reason.to * 100)}%]` : '';
    lines.push(`- ${lang} hint ${move(p.hint.action)}: ${hint}${line}`);
    const v = p.verdict;
    const mark = v.judgement ?? 'good';
    const focus = v.reason?.flag ?? null;
    // As the review panel: what the better move does that the move played does not.
    const playedPicked = pickReasons(v.playedReasons, focus);
    const betterPicked = pickReasons(reasonsBesides(v.bestReasons, v.playedReasons), focus);
    if (lang === 'en') named(v.reason, [...playedPicked, ...betterPicked], v.played, v.best);
    const played = say(playedPicked).join(' ');
    const better = say(betterPicked).join(' ');
    lines.push(`- ${lang} verdict (${mark}, loss ${Math.round(v.loss * 100)}) played ${move(v.played)}: ${played}${better ? ` · better ${move(v.best)}: ${better}` : ''}`);
  }
  lines.push('');
}
writeFileSync(output, lines.join('\n'));
const summary = { positions: corpus.positions.length, wordedReasons: worded, wordedNamingNothing: namingNothing, chanceLines: lines_, chanceLinesNamedInTheWords: linesNamed, output };
console.log(JSON.stringify(summary));
