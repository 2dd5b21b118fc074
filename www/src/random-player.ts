// The fallback when the computer player cannot answer (no worker, an engine error): a random legal action (a claim
// when there is one), chosen by a seeded generator so a seed gives the same choice.
import type { Action } from '../../pkg/index.js';

/** A small deterministic generator (mulberry32) so a seed gives the same fallback choice. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export function sameAction(a: Action, b: Action): boolean {
  const norm = (x: Action): string =>
    JSON.stringify(Object.fromEntries(Object.entries(x as unknown as Record<string, unknown>).sort(([p], [q]) => (p < q ? -1 : 1))));
  return norm(a) === norm(b);
}

/** A random legal action; a claim when there is one (claiming never hurts). */
export function randomAction(legal: readonly Action[], seed: number): Action | null {
  if (legal.length === 0) return null;
  const claim = legal.find((a) => a.type === 'claim');
  if (claim) return claim;
  const rnd = random(seed);
  const plays = legal.filter((a) => a.type !== 'endClaims' && a.type !== 'pass');
  const pool = plays.length ? plays : legal;
  return pool[Math.floor(rnd() * pool.length)] ?? null;
}

