// The real game server for the online end-to-end tests: battleline-server serving the tests' build of the
// page (www/dist-e2e/) on one port, over a SQLite database in a folder the test owns.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { e2eDist, launchBrowser, root, startListening } from './helpers.mjs';

/** The game server's binary: the one the test command built (cargo test -p battleline-server), else built now. */
export function serverBinary() {
  const binary = process.env.BATTLELINE_SERVER ?? `${root}target/debug/battleline-server`;
  if (!existsSync(binary)) execFileSync('cargo', ['build', '-p', 'battleline-server'], { cwd: root, stdio: 'inherit' });
  return binary;
}

/** Starts the game server on `port` (0: a free one) over `dbDir`'s database; resolves with url, port, proc, stop. */
export async function startGameServer(dbDir, port) {
  const args = ['--port', String(port), '--db', join(dbDir, 'e2e.db'), '--static-dir', e2eDist];
  const started = await startListening(serverBinary(), args);
  return { ...started, port: Number(new URL(started.url).port) };
}

/**
 * Registers a test file's hooks: the game server started over a fresh database folder (named after
 * `name`) and Chromium launched before its tests; both stopped and the folder removed after them. Returns
 * the handles (`env.server.url`, `env.browser`), filled in by the hook.
 */
export function serveGameAndLaunch(name) {
  const env = { server: null, browser: null, dbDir: null };
  before(async () => {
    env.dbDir = mkdtempSync(join(tmpdir(), `battleline-${name}-`));
    env.server = await startGameServer(env.dbDir, 0);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
    if (env.dbDir) rmSync(env.dbDir, { recursive: true, force: true });
  });
  return env;
}
