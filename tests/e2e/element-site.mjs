// A host site for the package's element (pkg/ copied beside the fixtures' pages), as a web developer's
// static server would serve it: used by element-citizen.test.mjs and element-guest.test.mjs.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { root } from './helpers.mjs';

/** The strict policy a careful site sends: scripts and styles only from its own origin (and wasm). */
export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:";

/** target/NAME/ with the package (pkg/) and these files of tests/e2e/fixtures/; returns its path. */
export function makeSite(name, fixtures) {
  const site = join(root, 'target', name);
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  cpSync(join(root, 'pkg'), join(site, 'pkg'), { recursive: true });
  for (const file of fixtures) cpSync(join(root, 'tests', 'e2e', 'fixtures', file), join(site, file));
  return site;
}

/** A static server of `dir`; with `?csp` in a page's address, every response of that page's load carries STRICT_CSP. */
export function serveSite(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };
  let strict = false;
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.endsWith('.html') || url.pathname === '/') strict = url.searchParams.has('csp');
    let path = normalize(decodeURIComponent(url.pathname));
    if (path.endsWith('/')) path += 'index.html';
    const file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file)) return res.writeHead(404).end();
    const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
    if (strict) headers['content-security-policy'] = STRICT_CSP;
    res.writeHead(200, headers).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, stop: () => new Promise((r) => server.close(r)) })));
}
