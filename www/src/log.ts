// The game log: every action applied, with what it needs to be told in words, and the words themselves.
// Secrets (the card drawn, the card Scout put back) are kept with the entry and shown only to the player
// allowed to see them.
import type { Action, CardName, DeckKind, FlagNumber, Game, GameRecord, GameResult, LogEntry as EngineLogEntry, PlayerIndex, Strength } from '../../pkg/full.js';
import { deckOf, escapeHTML, miniCard } from './cards.js';
import type { Words } from './i18n.js';

export interface LogEntry {
  /** Index of the action in the record. */
  n: number;
  actor: PlayerIndex;
  action: Action;
  /** The flag a guile card took its target from. */
  from?: FlagNumber;
  /** The card drawn or put back: known to the actor only. */
  secret?: CardName;
  /** The deck a Scout return went to (the card itself may be hidden: another player's return, online). */
  deck?: DeckKind;
  /** The claimant's formation, for a claim. */
  formation?: Strength | null;
  fog?: boolean;
  /** The game ended with this action. */
  result?: GameResult;
  /** The flags that won it (a breakthrough's three, otherwise all the winner's), from the engine. */
  winFlags?: FlagNumber[];
  /** For nextGame: who starts the new game. */
  starter?: PlayerIndex;
  gameIndex: number;
}

/** Applies `action` for the current player and returns its log entry (throws as the engine does). What it
 * did (the card drawn or put back, where a guile card took its card from, the claim's formation, the game's
 * result, the next game's starter) is read from the engine's log as the actor may know it, not worked out
 * here; `tell` shows the actor's secret only to whom may see it. */
export function applyLogged(game: Game, action: Action): LogEntry {
  // The new entry, as the actor may know it (their own draw, their own Scout return), from the same call.
  const logged = game.apply(action);
  return fromEngine({ ...logged, action }, game.matchScore().gameIndex);
}

/**
 * The page's entry for an entry of the engine's log (as its viewer may know it) in game `gameIndex` of the
 * match. An action hidden from the viewer (another player's Scout return) keeps only its kind and deck.
 */
export function fromEngine(logged: EngineLogEntry, gameIndex: number): LogEntry {
  // The hidden return's card is never shown: `tell` names only its deck (entry.deck) to other players.
  const action = logged.action ?? ({ type: 'scoutReturn', card: '' } as unknown as Action);
  const entry: LogEntry = { n: logged.index, actor: logged.player, action, gameIndex };
  for (const event of logged.events) {
    switch (event.type) {
      case 'drew':
        if (event.card !== null) entry.secret = event.card;
        break;
      case 'returned':
        if (event.card !== null) entry.secret = event.card;
        entry.deck = event.deck;
        break;
      case 'moved':
        entry.from = event.from;
        break;
      case 'claimed':
        entry.formation = event.formation;
        entry.fog = event.fog;
        break;
      case 'gameEnded':
        entry.result = event.result;
        entry.winFlags = event.flags;
        break;
      case 'nextGame':
        entry.starter = event.starter;
        entry.gameIndex = event.gameIndex;
        break;
    }
  }
  return entry;
}

/** Replays a record from its start, returning the live game and the log of every action. */
export function replayLogged(record: GameRecord, GameClass: typeof Game): { game: Game; entries: LogEntry[] } {
  const game = GameClass.fromRecord({ ...record, actions: [] });
  const entries: LogEntry[] = [];
  try {
    for (const action of record.actions) entries.push(applyLogged(game, action));
  } catch (err) {
    game.free();
    throw err;
  }
  return { game, entries };
}

export interface TellContext {
  names: readonly string[];
  /** Whose secrets may be shown: a seat, 'all' (replay) or null (hot-seat: nobody's). */
  reveal: PlayerIndex | 'all' | null;
  /** The language of the element telling it. */
  words: Words;
}

function who(ctx: TellContext, p: PlayerIndex): string {
  return `<b class="who p${p}">${escapeHTML(ctx.names[p] ?? `P${p + 1}`)}</b>`;
}

export function strengthText({ t, formationName }: Words, s: Strength, fog: boolean): string {
  if (fog) return t('formationSum', { formation: t('fog'), sum: s.sum });
  return t('formationSum', { formation: formationName(s.kind), sum: s.sum });
}

export function victoryText({ t }: Words, result: GameResult): string {
  return t(result.victory === 'breakthrough' ? 'victoryShortBreakthrough' : result.victory === 'envelopment' ? 'victoryShortEnvelopment' : 'victoryShortExhaustion');
}

/** One entry in words (HTML with small cards); null for entries not worth a line (ending the claims). */
export function tell(entry: LogEntry, ctx: TellContext): string | null {
  const a = entry.action;
  const w = who(ctx, entry.actor);
  const { t, deckWord } = ctx.words;
  const mini = (card: CardName): string => miniCard(ctx.words, card);
  const visible = entry.secret && (ctx.reveal === 'all' || ctx.reveal === entry.actor);
  let text: string | null;
  switch (a.type) {
    case 'play':
      text = t('logPlay', { who: w, card: mini(a.card), flag: a.flag });
      break;
    case 'environment':
      text = t('logEnv', { who: w, card: mini(a.card), flag: a.flag });
      break;
    case 'scout':
      text = t('logScout', { who: w });
      break;
    case 'scoutDraw':
      text = t('logScoutDraw', { who: w, deck: deckWord(a.deck), card: visible && entry.secret ? t('logDrewCard', { card: mini(entry.secret) }) : '' });
      break;
    case 'scoutReturn':
      text = t('logScoutReturn', { who: w, card: visible ? mini(a.card) : t('logACard'), deck: deckWord(entry.deck ?? deckOf(a.card)) });
      break;
    case 'redeploy':
      text =
        a.to === null
          ? t('logRedeployDiscard', { who: w, card: mini(a.card), from: entry.from ?? '?' })
          : t('logRedeployMove', { who: w, card: mini(a.card), from: entry.from ?? '?', to: a.to });
      break;
    case 'deserter':
      text = t('logDeserter', { who: w, card: mini(a.card), from: entry.from ?? '?' });
      break;
    case 'traitor':
      text = t('logTraitor', { who: w, card: mini(a.card), from: entry.from ?? '?', to: a.to });
      break;
    case 'claim':
      text = t('logClaim', {
        who: w,
        flag: a.flag,
        with: entry.formation ? t('logClaimWith', { formation: strengthText(ctx.words, entry.formation, !!entry.fog) }) : '',
      });
      break;
    case 'endClaims':
      text = null;
      break;
    case 'draw':
      text = t('logDraw', { who: w, deck: deckWord(a.deck), card: visible && entry.secret ? t('logDrewCard', { card: mini(entry.secret) }) : '' });
      break;
    case 'pass':
      text = t('logPass', { who: w });
      break;
    case 'nextGame':
      text = t('logNextGame', { n: entry.gameIndex + 1, who: who(ctx, entry.starter ?? 0) });
      break;
    case 'resign':
      text = t('logResign', { who: w });
      break;
  }
  if (entry.result) {
    const r = entry.result;
    const end = r.winner === null ? t('logDrawResult') : t('logResult', { who: who(ctx, r.winner), victory: victoryText(ctx.words, r) });
    text = text ? `${text} ${end}` : end;
  }
  return text;
}

/** The entries of the last turn: the most recent actor's actions since the previous actor's. */
export function lastTurn(entries: readonly LogEntry[]): LogEntry[] {
  const out: LogEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.action.type === 'nextGame') break;
    if (out.length > 0 && e.actor !== out[0]!.actor) break;
    out.unshift(e);
  }
  return out;
}

/**
 * Everything since `person` last acted in the game in progress: every other player's turn in between
 * (a computer seat's too). The hand-over screen shows it to the person taking the device.
 */
export function sinceLastTurnOf(entries: readonly LogEntry[], person: PlayerIndex): LogEntry[] {
  let start = entries.length;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.action.type === 'nextGame' || e.actor === person) break;
    start = i;
  }
  return entries.slice(start);
}
