// Long tasks on the host page's main thread while <battle-line-game>'s computer plays at hard (issue 40:
// one of 301 ms was the element's own handler for the computer's move; the target is none over 50 ms).
// The package's element (pkg/element.js, after scripts/build-pkg.sh) on tests/e2e/fixtures/boxed.html in
// Chromium; a person's side played by clicks (tests/e2e/element-driver.mjs), the computer at hard. The
// Long Tasks API gives every task over 50 ms; the Long Animation Frames API says which script ran in it:
// the computer's move reaches the page through the worker's message and the element's pacing timer
// (`Worker.onmessage`, `setTimeout`), a person's through the element's click handler.
//
//   node bench/element-long-tasks.mjs [level=hard] [games=2] [pkg=pkg]
// (pkg: another build of the package to compare, e.g. an older commit's, built with scripts/finish-pkg.mjs.)
//
// A timing: run it on a quiet machine (it prints the load average), never as a test.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, openPage, root, startServer } from '../tests/e2e/helpers.mjs';
import { playToEnd } from '../tests/e2e/element-driver.mjs';

const level = process.argv[2] ?? 'hard';
const games = Number(process.argv[3] ?? 2);
const pkgDir = process.argv[4] ?? join(root, 'pkg');
const site = join(root, 'target', 'element-long-tasks');
rmSync(site, { recursive: true, force: true });
mkdirSync(site, { recursive: true });
cpSync(pkgDir, join(site, 'pkg'), { recursive: true });
cpSync(join(root, 'tests', 'e2e', 'fixtures', 'boxed.html'), join(site, 'index.html'));
for (const file of ['boxed.html', 'boxed.css', 'boxed.js']) cpSync(join(root, 'tests', 'e2e', 'fixtures', file), join(site, file));
const server = await startServer(`${site}/`);
const browser = await launchBrowser();
const all = { computer: [], person: [], other: [] };
try {
  for (let game = 0; game < games; game++) {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    await context.addInitScript(() => {
      window.__long = [];
      window.__frames = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask' });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__frames.push({ start: e.startTime, end: e.startTime + e.duration, scripts: e.scripts.map((s) => s.invoker) });
      }).observe({ type: 'long-animation-frame' });
    });
    await page.goto(`${server.url}boxed.html?w=1300&h=860&mode=computer&level=${level}&tactics=off&seed=${11 + game}`);
    await page.waitForFunction(() => window.__loaded === true);
    await page.evaluate(() => document.getElementById('game').ready);
    const ready = await page.evaluate(() => performance.now());
    const clicks = await playToEnd(page, '#game');
    const { long, frames } = await page.evaluate(() => ({ long: window.__long, frames: window.__frames }));
    for (const task of long.filter((t) => t.start >= ready)) {
      const frame = frames.find((f) => task.start >= f.start - 1 && task.start <= f.end);
      const scripts = frame?.scripts ?? [];
      const kind = scripts.some((s) => /onclick|onpointer|onkey/.test(s)) ? 'person' : scripts.some((s) => /setTimeout|onmessage|Promise/.test(s)) ? 'computer' : 'other';
      all[kind].push(Math.round(task.duration));
    }
    if (errors.length) throw new Error(errors.join('\n'));
    console.log(`game ${game + 1}: ${clicks} clicks by the person`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
const line = (list) => `${list.length} over 50 ms${list.length ? ` (max ${Math.max(...list)} ms: ${list.sort((a, b) => b - a).join(', ')})` : ''}`;
console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on this machine (a busy machine stretches every task)`);
console.log(`long tasks after ready, ${games} games at ${level} (${pkgDir}):`);
console.log(`  the computer's moves (worker message, pacing timer): ${line(all.computer)}`);
console.log(`  the person's clicks (the element's click handler):   ${line(all.person)}`);
console.log(`  neither (style, layout, the test driver's queries):  ${line(all.other)}`);
