// Why a record cannot be imported, in words for people: the engine's `bad_record` message names the
// parser's or the rules' reason ("key must be a string at line 1 column 2"), which tells a player nothing.
// The page says what kind of problem it is and keeps the engine's detail only where it helps.
import type { Words } from './i18n.js';

export function importProblem({ t }: Words, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (/^not valid JSON|^a record is a JSON object/.test(message)) return t('importNotRecord');
  if (/^(format|version) must be/.test(message)) return t('importNotOurs');
  const action = /^action (\d+) .* is (illegal|malformed)/.exec(message);
  if (action) return t(action[2] === 'illegal' ? 'importIllegalMove' : 'importUnreadableMove', { n: action[1] ?? '' });
  return t('importBad', { msg: message });
}
