// A tiny static server for the built page (www/dist/) on 127.0.0.1: the port comes from $PORT (default
// 8080; 0 picks a free one), and the URL is printed once listening. Text and wasm go out compressed
// (brotli, else gzip, as the browser accepts): the copies scripts/build-www.mjs wrote beside each file
// (file.br, file.gz, at the highest levels), else compressed here once per version and kept in memory.
import { createServer } from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve, sep } from 'node:path';

const root = resolve(process.env.BATTLELINE_ROOT ?? new URL('../www/dist/', import.meta.url).pathname);
const port = Number(process.env.PORT ?? 8080);

if (!existsSync(join(root, 'index.html'))) {
  console.error(`[serve] ${root}/index.html is missing: run scripts/build-www.sh first`);
  process.exit(1);
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.wasm', '.svg', '.ts', '.md', '.txt']);
const compressed = new Map(); // `${encoding} ${file}` -> { mtimeMs, bytes }

/** The encoding to send `file` in for this request's Accept-Encoding (null: as it is). */
function encodingFor(req, file) {
  if (!compressible.has(extname(file).toLowerCase())) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function compressedBytes(file, encoding) {
  const { mtimeMs } = statSync(file);
  const built = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  if (existsSync(built) && statSync(built).mtimeMs >= mtimeMs) return readFileSync(built);
  const key = `${encoding} ${file}`;
  const cached = compressed.get(key);
  if (cached?.mtimeMs === mtimeMs) return cached.bytes;
  const raw = readFileSync(file);
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gzipSync(raw, { level: 9 });
  compressed.set(key, { mtimeMs, bytes });
  return bytes;
}

const server = createServer((req, res) => {
  let path;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    res.writeHead(400).end('bad request');
    return;
  }
  // The page asks whether a game server runs here (www/src/online/server.ts): this static server is none.
  if (path === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end('{"ok":false}');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  let file = normalize(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(403).end('forbidden');
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    return;
  }
  const encoding = encodingFor(req, file);
  const body = encoding ? compressedBytes(file, encoding) : null;
  const headers = {
    'content-type': types[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': body ? body.length : statSync(file).size,
    // Always revalidate: a rebuilt page shows at once (the service worker keeps the offline copy).
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  };
  if (compressible.has(extname(file).toLowerCase())) headers.vary = 'Accept-Encoding';
  if (encoding) headers['content-encoding'] = encoding;
  if (file.endsWith(`${sep}sw.js`)) headers['service-worker-allowed'] = '/';
  res.writeHead(200, headers);
  if (req.method === 'HEAD') res.end();
  else if (body) res.end(body);
  else createReadStream(file).pipe(res);
});

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.log(`http://127.0.0.1:${address.port}/`);
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
