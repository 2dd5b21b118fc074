// The start dialog: who plays (two or three players, persons and computers at their levels, names for the
// persons at one device, online with a friend), the variant (claim timing, tactics), the match's length and
// the deal's seed; it offers the tutorial beside them. Opened in the frame of dialogs.ts.
import type { ClaimTiming } from '../../pkg/index.js';
import { escapeAttr, escapeHTML } from './cards.js';
import { openDialog, type DialogButton } from './dialogs.js';
import type { Words } from './i18n.js';
import type { Level, Mode, Seat } from './storage.js';
import { focusInGame } from './focus.js';
import { cleanName } from './player-name.js';
import { adoptCss } from './feature-css.js';
// Its rules, in the same chunk: added to the game's stylesheet before the dialog first opens.
import startDialogCss from './start-dialog.css';
// Its words, added to the tables as this module (a chunk of its own: start-dialog-loader.ts) loads.
import './start-words.js';

export interface StartChoice {
  mode: Mode;
  level: Level;
  claimTiming: ClaimTiming;
  tactics: boolean;
  games: number;
  seed: number | null;
  /** 2 or 3 players; with 3, `seats` says who sits where and tactics are off (R-3P). */
  players?: 2 | 3;
  seats?: Seat[];
  /** The names the persons gave (by seat; empty: the default name). */
  names?: string[];
  /** Online (mode 'online'): each player's clock in minutes for the match; 0 or none: no clock. */
  clockMinutes?: number;
  /** Online: the coach (hints, unseen cards, win chances) for everyone in the room; off unless chosen. */
  coach?: boolean;
  /** Online: open the lobby (online/lobby.ts) to take an open game or post this one, not a private room. */
  lobby?: boolean;
}

/** Weakest first: random moves, then the search at growing budgets. */
const LEVELS: Level[] = ['random', 'easy', 'medium', 'hard'];
const levelKey = { easy: 'levelEasy', medium: 'levelMedium', hard: 'levelHard', random: 'levelRandom' } as const;

function seatValue(seat: Seat): string {
  return seat.kind === 'person' ? 'person' : `computer:${seat.level}`;
}

function parseSeat(value: string): Seat {
  if (value.startsWith('computer:')) {
    const level = value.slice(9) as Level;
    return { kind: 'computer', level: LEVELS.includes(level) ? level : 'easy' };
  }
  return { kind: 'person' };
}


/** The tutorial's offer in the start dialog, in the tutorial's words: a note for a newcomer, and its button. */
export interface TutorialOffer {
  note: string | null;
  button: string;
}

/**
 * The new-game dialog. With `offerTutorial` it offers the tutorial too (with a word for a newcomer when it
 * has a note), and resolves to `'tutorial'` when that is chosen.
 */
export async function startDialog(w: Words, host: ShadowRoot, defaults: StartChoice, canCancel: boolean, offerTutorial: TutorialOffer | null = null, offerOnline = false): Promise<StartChoice | 'tutorial' | null> {
  const { t } = w;
  const radio = (name: string, value: string, label: string, checked: boolean): string =>
    `<label class="choice"><input type="radio" name="${name}" value="${value}" ${checked ? 'checked' : ''}><span>${label}</span></label>`;
  const option = (value: string, label: string, selected: boolean): string => `<option value="${value}" ${selected ? 'selected' : ''}>${label}</option>`;
  const seats3: Seat[] = defaults.seats ?? [{ kind: 'person' }, { kind: 'computer', level: 'easy' }, { kind: 'computer', level: 'easy' }];
  const body =
    (offerTutorial?.note ? `<p class="tutorial-offer">${escapeHTML(offerTutorial.note)}</p>` : '') +
    `<form class="start-form">` +
    `<fieldset class="players"><legend>${t('playersCount')}</legend>` +
    radio('players', '2', t('twoPlayers'), (defaults.players ?? 2) === 2) +
    radio('players', '3', t('threePlayers'), defaults.players === 3) +
    `</fieldset>` +
    `<fieldset class="seats3"><legend>${t('seats')}</legend>` +
    seats3.map((seat, i) =>
      `<label class="seat-row"><span class="seat-dot p${i}" aria-hidden="true"></span>${t('seatN', { n: i + 1 })} <select name="seat${i}">` +
      option('person', t('seatPerson'), seat.kind === 'person') +
      LEVELS.map((l) => option(`computer:${l}`, t('seatComputer', { level: t(levelKey[l]) }), seatValue(seat) === `computer:${l}`)).join('') +
      `</select></label>`,
    ).join('') +
    `</fieldset>` +
    `<fieldset class="mode2"><legend>${t('opponent')}</legend>` +
    radio('mode', 'computer', t('vsComputer'), defaults.mode === 'computer') +
    `<label class="sub">${t('level')} <select name="level" aria-describedby="level-hint">` +
    LEVELS.map((l) => option(l, t(levelKey[l]), defaults.level === l)).join('') +
    `</select></label>` +
    `<p class="hint level-hint" id="level-hint">${t('levelHint')}</p>` +
    radio('mode', 'hotseat', t('vsFriend'), defaults.mode === 'hotseat') +
    `</fieldset>` +
    // Online play right below who plays, where it is seen without scrolling (a laptop's or a phone's
    // screen), not below the variant's details.
    (offerOnline ? onlineChoiceHTML(w, defaults) : '') +
    `<fieldset class="names"><legend>${t('playerNames')}</legend>` +
    [0, 1, 2]
      .map((i) => `<label class="seat-row name-row n${i}"><span class="seat-dot p${i}" aria-hidden="true"></span><span class="visually-hidden">${t('nameOf', { n: i + 1 })}</span><input name="name${i}" maxlength="20" autocomplete="off" placeholder="${escapeAttr(t(i === 0 ? 'player1' : i === 1 ? 'player2' : 'player3'))}" value="${escapeAttr(defaults.names?.[i] ?? '')}"></label>`)
      .join('') +
    `</fieldset>` +
    `<fieldset aria-describedby="timing-hint"><legend>${t('claimTiming')}</legend>` +
    `<p class="hint" id="timing-hint">${t('timingHint')}</p>` +
    radio('timing', 'afterPlay', t('timingAfterPlay'), defaults.claimTiming === 'afterPlay') +
    radio('timing', 'startOfTurn', t('timingStartOfTurn'), defaults.claimTiming === 'startOfTurn') +
    radio('timing', 'endOfTurn', t('timingEndOfTurn'), defaults.claimTiming === 'endOfTurn') +
    `</fieldset>` +
    `<label class="check"><input type="checkbox" name="tactics" ${defaults.tactics ? 'checked' : ''}> ${t('tacticsOn')}</label>` +
    `<p class="hint tactics3">${t('tactics3pHint')}</p>` +
    `<div class="row2"><label>${t('matchGames')} <select name="games">${[1, 2, 3, 4, 5, 7, 9].map((n) => option(String(n), String(n), n === defaults.games)).join('')}</select></label>` +
    `<label>${t('seed')} <input name="seed" inputmode="numeric" pattern="[0-9]*" placeholder="${t('seedPlaceholder')}" value="${defaults.seed ?? ''}" size="10" aria-describedby="seed-hint"></label></div>` +
    `<p class="hint" id="seed-hint">${t('seedHint')}</p>` +
    `</form>`;
  let choice: StartChoice | null = null;
  const buttons: DialogButton[] = [];
  if (canCancel) buttons.push({ id: 'cancel', label: t('cancel') });
  if (offerTutorial) buttons.push({ id: 'tutorial', label: offerTutorial.button });
  buttons.push({ id: 'start', label: t('start'), primary: true });
  adoptCss(host, startDialogCss);
  const result = await openDialog(host, {
    title: t('newGame'),
    body,
    buttons,
    className: 'start',
    onReady: (dialog) => {
      if (!canCancel) dialog.addEventListener('cancel', (e) => e.preventDefault());
      const form = dialog.querySelector('form')!;
      const tactics = form.elements.namedItem('tactics') as HTMLInputElement;
      let tacticsWanted = tactics.checked;
      const sync = (): void => {
        const three = (form.elements.namedItem('players') as RadioNodeList).value === '3';
        const mode = (form.elements.namedItem('mode') as RadioNodeList).value;
        // Online, every seat is a person's: the friends who open the invite link.
        const online = (form.elements.namedItem('online') as HTMLInputElement | null)?.checked ?? false;
        (form.elements.namedItem('level') as HTMLSelectElement).disabled = three || mode !== 'computer' || online;
        form.classList.toggle('three', three);
        form.querySelector<HTMLFieldSetElement>('fieldset.mode2')!.disabled = three || online;
        form.querySelector<HTMLFieldSetElement>('fieldset.seats3')!.disabled = !three || online;
        const clock = form.elements.namedItem('clock') as HTMLSelectElement | null;
        if (clock) clock.disabled = !online;
        const coach = form.elements.namedItem('coach') as HTMLInputElement | null;
        if (coach) coach.disabled = !online;
        // Online, the server deals: a seed chosen by a player would tell them every card.
        (form.elements.namedItem('seed') as HTMLInputElement).disabled = online;
        // Names for the persons of a game on this device (a lone person against the computer is "You";
        // online, each friend is named by their own device).
        const persons = [0, 1, 2].map((i) => !online && (three ? (form.elements.namedItem(`seat${i}`) as HTMLSelectElement).value === 'person' : i < 2 && mode === 'hotseat'));
        const named = persons.filter(Boolean).length >= 2;
        form.classList.toggle('named', named);
        form.querySelector<HTMLFieldSetElement>('fieldset.names')!.disabled = !named;
        persons.forEach((person, i) => {
          const row = form.querySelector<HTMLElement>(`.name-row.n${i}`)!;
          row.hidden = !person;
          (form.elements.namedItem(`name${i}`) as HTMLInputElement).disabled = !person;
        });
        // R-3P: no tactics cards with three players.
        if (three && !tactics.disabled) tacticsWanted = tactics.checked;
        tactics.disabled = three;
        tactics.checked = three ? false : tacticsWanted;
      };
      tactics.addEventListener('change', () => {
        if (!tactics.disabled) tacticsWanted = tactics.checked;
      });
      form.addEventListener('change', sync);
      sync();
    },
    onButton: (id, dialog) => {
      if (id !== 'start' && id !== 'lobby') return true;
      const form = dialog.querySelector('form')!;
      const value = (name: string): string => {
        const el = form.elements.namedItem(name);
        if (el instanceof RadioNodeList) return el.value;
        if (el instanceof HTMLInputElement && el.type === 'checkbox') return el.checked ? 'on' : '';
        return (el as HTMLInputElement | HTMLSelectElement | null)?.value ?? '';
      };
      const seedText = value('seed').trim();
      const seed = seedText === '' ? null : Number(seedText);
      if (seed !== null && (!Number.isSafeInteger(seed) || seed < 0)) {
        focusInGame(form.querySelector<HTMLInputElement>('[name=seed]'));
        return false;
      }
      const three = value('players') === '3';
      const lobby = id === 'lobby';
      const online = lobby || value('online') === 'on';
      const seats = three ? [0, 1, 2].map((i) => (online ? ({ kind: 'person' } as Seat) : parseSeat(value(`seat${i}`)))) : undefined;
      const humans = seats ? seats.filter((x) => x.kind === 'person').length : 0;
      const names = [0, 1, 2].map((i) => cleanName(value(`name${i}`)));
      choice = {
        players: three ? 3 : 2,
        ...(seats ? { seats } : {}),
        ...(names.some((n) => n !== '') && !online ? { names } : {}),
        mode: online ? 'online' : three ? (humans >= 2 ? 'hotseat' : 'computer') : value('mode') === 'hotseat' ? 'hotseat' : 'computer',
        ...(online ? { clockMinutes: Number(value('clock')) || 0, coach: value('coach') === 'on' } : {}),
        ...(lobby ? { lobby: true } : {}),
        level: (value('level') || 'medium') as Level,
        claimTiming: value('timing') as ClaimTiming,
        tactics: three ? false : value('tactics') === 'on',
        games: Number(value('games')) || 1,
        seed,
      };
      return true;
    },
  });
  if (result === 'tutorial') return 'tutorial';
  return result === 'start' || result === 'lobby' ? choice : null;
}

/** The start dialog's online choice: play a friend over the game server, with an optional clock. */
function onlineChoiceHTML({ t }: Words, defaults: StartChoice): string {
  const minutes = [0, 5, 10, 20, 45];
  const option = (n: number): string =>
    `<option value="${n}" ${n === (defaults.clockMinutes ?? 0) ? 'selected' : ''}>${n === 0 ? t('onlineNoClock') : t('onlineClockMinutes', { n })}</option>`;
  return (
    `<fieldset class="online-choice"><legend>${t('onlineTitle')}</legend>` +
    `<label class="check"><input type="checkbox" name="online" ${defaults.mode === 'online' ? 'checked' : ''}> ${t('onlinePlay')}</label>` +
    `<label class="sub">${t('onlineClock')} <select name="clock">${minutes.map(option).join('')}</select></label>` +
    // Off unless chosen: a coach helps only when everyone in the room has it and knows it.
    `<label class="check sub"><input type="checkbox" name="coach" ${defaults.coach === true ? 'checked' : ''}> ${t('onlineCoach')}</label>` +
    // The lobby: games strangers posted, or this one posted for anyone (online/lobby.ts).
    `<button type="button" class="btn find-game" data-dlg="lobby">${t('onlineFindGame')}</button>` +
    `</fieldset>`
  );
}
