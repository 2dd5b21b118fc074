// How the page is served (the wasm went out uncompressed and only after the scripts asked for it):
// the server sends text and wasm compressed as the browser accepts, the bytes unpack to the built files,
// and in Chromium the wasm is requested once, compressed, by the preload in index.html, before app.js runs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { assertNoErrors, e2eDist, openPage, serveAndLaunch, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

async function get(path, acceptEncoding) {
  // node's fetch would decompress by itself; ask for the raw bytes through http.
  const { request } = await import('node:http');
  const url = new URL(path, env.server.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the wasm, scripts and styles go out brotli- or gzip-compressed as accepted, and unpack to the built files', async () => {
  for (const path of ['pkg/battleline_bg.wasm', 'app.js', 'styles.css', 'index.html']) {
    const built = readFileSync(`${e2eDist}${path}`);
    const br = await get(path, 'gzip, deflate, br');
    assert.equal(br.headers['content-encoding'], 'br', path);
    assert.equal(br.headers.vary, 'Accept-Encoding', path);
    assert.ok(brotliDecompressSync(br.body).equals(built), `${path}: brotli body unpacks to the built file`);
    assert.ok(br.body.length < built.length * 0.6, `${path}: ${br.body.length} bytes brotli for ${built.length}`);
    const gz = await get(path, 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip', path);
    assert.ok(gunzipSync(gz.body).equals(built), `${path}: gzip body unpacks to the built file`);
    const plain = await get(path, null);
    assert.equal(plain.headers['content-encoding'], undefined, path);
    assert.ok(plain.body.equals(built), `${path}: sent as it is without Accept-Encoding`);
  }
  const wasm = await get('pkg/battleline_bg.wasm', 'br');
  assert.equal(wasm.headers['content-type'], 'application/wasm');
  assert.equal(Number(wasm.headers['content-length']), wasm.body.length);
});

test('Chromium fetches the wasm once, compressed, started by the preload before app.js asks for it', async () => {
  const { context, page, errors } = await openPage(env.browser);
  const warnings = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  const wasmResponses = [];
  page.on('response', (res) => {
    if (res.url().endsWith('.wasm')) wasmResponses.push(res);
  });
  await page.goto(env.server.url);
  await waitReady(page);
  assert.equal(wasmResponses.length, 1, `one wasm request: ${wasmResponses.map((r) => r.url()).join(', ')}`);
  assert.equal((await wasmResponses[0].allHeaders())['content-encoding'], 'br');
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource');
    const find = (end) => entries.find((e) => e.name.endsWith(end));
    const wasm = find('battleline_bg.wasm');
    const app = find('app.js');
    return { wasmStart: wasm.startTime, appEnd: app.responseEnd, transferred: wasm.transferSize, decoded: wasm.decodedBodySize };
  });
  assert.ok(timing.wasmStart < timing.appEnd, `the wasm request starts (${timing.wasmStart} ms) before app.js has arrived (${timing.appEnd} ms)`);
  assert.ok(timing.transferred < timing.decoded * 0.5, `the wasm travels compressed: ${timing.transferred} of ${timing.decoded} bytes`);
  assert.deepEqual(warnings.filter((w) => /preload/i.test(w)), [], 'no warning about an unused or mismatched preload');
  assertNoErrors(errors);
  await context.close();
});
