// The package's version says what the computer plays: within a version the same view, level and seed give
// the same move (npm/README.md, Versions), so a build whose computer moves differ must carry another
// version. Seeded games between the levels (every level, hard included) are played here and their final
// digests compared with those recorded for the version in package.json (computer-moves.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import bl from './load.mjs';

const { Game, suggest } = bl;
const version = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
const recorded = JSON.parse(readFileSync(new URL('./computer-moves.json', import.meta.url), 'utf8'));

/** A seeded game between levels (seat p plays `levels[p]`), every suggestion seeded by its index; at most `limit` actions. */
function playLevels(options, levels, limit = Infinity) {
  const game = new Game(options);
  for (let n = 0; n < limit && !game.matchScore().over; n++) {
    const player = game.current;
    game.apply(suggest(game.view(player), levels[player], options.seed * 1000 + n));
  }
  return game.digest();
}

/** A seeded two-player game: seat 0 plays `a`, seat 1 `b`. */
const play = (seed, a, b, limit) => playLevels({ seed }, [a, b], limit);

test(`the computer's moves are those recorded for version ${version}`, () => {
  const now = {
    'random-heuristic': play(1, 'random', 'heuristic'),
    'easy-medium': play(2, 'easy', 'medium'),
    'medium-easy': play(3, 'medium', 'easy'),
    // Hard's first 24 actions against medium: every level's search, at the cost of a second or two.
    'hard-medium-24': play(4, 'hard', 'medium', 24),
    // Three players' first 15 actions: hard searches its own, bigger budget there (Level::three_player_playouts).
    'three-players-hard-15': playLevels({ seed: 5, players: 3, tactics: false }, ['hard', 'easy', 'medium'], 15),
  };
  const pinned = recorded[version];
  assert.ok(
    pinned,
    `tests/node/computer-moves.json has no digests for version ${version} (package.json): add "${version}": ${JSON.stringify(now)}`,
  );
  assert.deepEqual(
    now,
    pinned,
    `the computer plays differently from what version ${version} recorded: the same view, level and seed must give the same move ` +
      'within a version. Bump the version in package.json (a pre-release, 0.2.0-beta.N, while the computer is tuned), say so in ' +
      `CHANGELOG.md, and record the new digests under the new version in tests/node/computer-moves.json: ${JSON.stringify(now)}`,
  );
});
