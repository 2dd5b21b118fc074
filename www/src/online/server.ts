// Where the game server is: the element's `server` attribute, either a URL (`https://example.org`) or
// `auto` (the page's own origin, if it answers /api/health: the page served by `bash scripts/serve.sh`).
// Without a server the page plays offline only and offers no online game.

const probes = new Map<string, Promise<string | null>>();

/** The server's http(s) base URL, or null when there is none; asked once per attribute value. */
export function resolveServer(attribute: string | null): Promise<string | null> {
  if (!attribute) return Promise.resolve(null);
  let probe = probes.get(attribute);
  if (!probe) {
    probe = probeServer(attribute);
    probes.set(attribute, probe);
  }
  return probe;
}

async function probeServer(attribute: string): Promise<string | null> {
  if (!location.protocol.startsWith('http') && attribute === 'auto') return null;
  // Offline (the service worker's copy of the page): no request, no online game.
  if (!navigator.onLine) return null;
  const base = attribute === 'auto' ? location.origin : attribute.replace(/\/+$/, '');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 2000);
  try {
    const answer = await fetch(`${base}/api/health`, { signal: controller.signal, cache: 'no-store' });
    if (!answer.ok) return null;
    const body = (await answer.json()) as { ok?: boolean };
    return body.ok === true ? base : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The WebSocket URL of a server's base URL. */
export function socketUrl(base: string): string {
  return `${base.replace(/^http/, 'ws')}/ws`;
}
