// The lobby: the open games other players posted, listed live, and posting one's own. Opened from the start
// dialog's "Open games" button with the options chosen there. The list follows the server over a WebSocket
// of its own (`lobby`, then one `listed` or `unlisted` per change); taking a game or posting one closes it
// and enters the room on the online session's connection (`take` or `post`, answered as a join or a create).
// Names come from strangers: they are set as text, never as HTML.
import { openDialog } from '../dialogs.js';
import { focusInGame } from '../focus.js';
import type { ClientMessage, ClockSetting, OpenGame, ServerMessage } from './protocol.js';
import { socketUrl } from './server.js';
import { lobbyWords, type LobbyWords } from './lobby-words.js';
import type { Words } from '../i18n.js';
import { adoptCss } from '../feature-css.js';
import lobbyCss from './lobby.css';

/** What a posted game would be: the start dialog's options. */
export interface LobbySetting {
  options: { players?: number; claimTiming: string; tactics: boolean; games: number };
  clock: ClockSetting | null;
  coach: boolean;
}

/** The name last posted under, offered again. */
const NAME_KEY = 'battleline.lobby-name.v1';
/** The server's own check (lobby.rs check_name), so that a refusal is rare. */
const NAME_OK = /^[\p{L}\p{N} _.'-]{1,24}$/u;

const timingKey = { afterPlay: 'lobbyTimingAfterPlay', startOfTurn: 'lobbyTimingStartOfTurn', endOfTurn: 'lobbyTimingEndOfTurn' } as const;

/** A game's options in a few words. */
export function describe(lt: LobbyWords, game: Pick<OpenGame, 'options' | 'clock' | 'coach'> | LobbySetting): string {
  const o = game.options;
  const parts = [
    lt('lobbyPlayers', { n: o.players ?? 2 }),
    lt(o.tactics ? 'lobbyTactics' : 'lobbyNoTactics'),
    lt(timingKey[o.claimTiming as keyof typeof timingKey] ?? 'lobbyTimingAfterPlay'),
    o.games === 1 ? lt('lobbyOneGame') : lt('lobbyGames', { n: o.games }),
    game.clock ? lt('lobbyClock', { n: Math.round(game.clock.initialMs / 60_000) }) : lt('lobbyNoClock'),
  ];
  if (game.coach) parts.push(lt('lobbyCoach'));
  return parts.join(' · ');
}

function storedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

function storeName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // A browser that keeps nothing: the name is asked again next time.
  }
}

/**
 * Opens the lobby on `server` with the start dialog's `setting`; `enter` is given the message that takes
 * the chosen game or posts this one (sent by the online session's connection).
 */
export async function openLobby(words: Words, host: ParentNode, server: string, setting: LobbySetting, enter: (first: ClientMessage) => void): Promise<void> {
  const lt = lobbyWords(words);
  // The lobby's stylesheet comes with its chunk and joins the game's on first use.
  if (host instanceof ShadowRoot) adoptCss(host, lobbyCss);
  const games = new Map<string, OpenGame>();
  let socket: WebSocket | null = null;
  let closed = false;
  let retry = 0;
  let list: HTMLUListElement | null = null;
  let status: HTMLElement | null = null;
  let state: 'connecting' | 'open' | 'lost' = 'connecting';

  const draw = (): void => {
    if (!list || !status) return;
    const items = Array.from(games.values()).map((game) => {
      const li = document.createElement('li');
      li.className = 'lobby-game';
      const who = document.createElement('span');
      who.className = 'lobby-name';
      who.textContent = game.name;
      const what = document.createElement('span');
      what.className = 'lobby-what';
      what.textContent = describe(lt, game) + (game.free > 1 ? ` · ${lt('lobbyFree', { n: game.free })}` : '');
      const take = document.createElement('button');
      take.type = 'button';
      take.className = 'btn lobby-take';
      take.dataset['dlg'] = `take:${game.id}`;
      take.textContent = lt('lobbyTake');
      take.setAttribute('aria-label', lt('lobbyTakeLabel', { name: game.name }));
      li.append(who, what, take);
      return li;
    });
    // Keep the focus on a game's button if that game is still there (the list changes under it).
    const focused = host instanceof ShadowRoot ? (host.activeElement as HTMLElement | null) : null;
    const focusedId = focused?.dataset['dlg'];
    list.replaceChildren(...items);
    if (focusedId?.startsWith('take:')) {
      const again = list.querySelector<HTMLElement>(`[data-dlg="${CSS.escape(focusedId)}"]`);
      focusInGame(again ?? list.closest('dialog')?.querySelector<HTMLElement>('input[name=lobby-name]') ?? null);
    }
    const none = list.parentElement?.querySelector<HTMLElement>('.lobby-none');
    if (none) none.hidden = state !== 'open' || games.size > 0;
    status.textContent = state === 'connecting' ? lt('lobbyConnecting') : state === 'lost' ? lt('lobbyLost') : lt('lobbyCount', { n: games.size });
  };

  const connect = (): void => {
    if (closed) return;
    const s = new WebSocket(socketUrl(server));
    socket = s;
    s.onopen = () => s.send(JSON.stringify({ type: 'lobby' } satisfies ClientMessage));
    s.onmessage = (event) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      if (m.type === 'lobby') {
        games.clear();
        for (const game of m.games) games.set(game.id, game);
        state = 'open';
      } else if (m.type === 'listed') {
        games.set(m.game.id, m.game);
      } else if (m.type === 'unlisted') {
        games.delete(m.game);
      } else if (m.type === 'error') {
        // Refused (the lobby has as many followers as it may): shown as lost, and asked again shortly.
        s.close();
        return;
      } else {
        return;
      }
      draw();
    };
    s.onclose = () => {
      if (closed || socket !== s) return;
      state = 'lost';
      draw();
      retry = window.setTimeout(connect, 1500);
    };
  };

  const name = storedName();
  const body =
    `<p class="lobby-intro">${lt('lobbyIntro')}</p>` +
    `<p class="lobby-status" role="status"></p>` +
    `<section class="lobby-games"><h3 id="lobby-list-label">${lt('lobbyListLabel')}</h3>` +
    `<ul class="lobby-list" aria-labelledby="lobby-list-label"></ul>` +
    `<p class="lobby-none hint" hidden>${lt('lobbyNone')}</p></section>` +
    `<form class="lobby-post">` +
    `<p class="lobby-mine"></p>` +
    `<label>${lt('lobbyYourName')} <input name="lobby-name" maxlength="24" autocomplete="nickname" required aria-describedby="lobby-name-hint"></label>` +
    `<p class="hint" id="lobby-name-hint">${lt('lobbyNameHint')}</p>` +
    `<p class="lobby-problem" role="alert"></p>` +
    `</form>`;
  let posted = '';
  const result = await openDialog(host, {
    title: lt('lobbyTitle'),
    body,
    buttons: [
      { id: 'cancel', label: lt('lobbyClose') },
      { id: 'post', label: lt('lobbyPost'), primary: true },
    ],
    className: 'lobby',
    onReady: (dialog) => {
      list = dialog.querySelector('.lobby-list');
      status = dialog.querySelector('.lobby-status');
      dialog.querySelector('.lobby-mine')!.textContent = lt('lobbyYourGame', { what: describe(lt, setting) });
      const input = dialog.querySelector<HTMLInputElement>('input[name=lobby-name]')!;
      input.value = name;
      draw();
      connect();
    },
    onButton: (id, dialog) => {
      if (id !== 'post') return true;
      const input = dialog.querySelector<HTMLInputElement>('input[name=lobby-name]')!;
      const value = input.value.trim();
      if (!NAME_OK.test(value)) {
        dialog.querySelector('.lobby-problem')!.textContent = lt('lobbyNameBad');
        input.setAttribute('aria-invalid', 'true');
        focusInGame(input);
        return false;
      }
      posted = value;
      return true;
    },
  });
  closed = true;
  clearTimeout(retry);
  (socket as WebSocket | null)?.close();
  if (result === 'post' && posted !== '') {
    storeName(posted);
    enter({ type: 'post', name: posted, options: setting.options, clock: setting.clock, coach: setting.coach });
  } else if (result.startsWith('take:')) {
    enter({ type: 'take', game: result.slice(5) });
  }
}
