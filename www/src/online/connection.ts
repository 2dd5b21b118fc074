// The connection to the game server: one WebSocket that reconnects by itself (with growing pauses, and at
// once when the browser is back online), rejoins its room with the seat's token, and sends an action that
// was not acknowledged again under the same id (the server applies an id once, so a retry is harmless).
import type { Action } from '../../../pkg/full.js';
import type { ClientMessage, ServerMessage } from './protocol.js';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface ConnectionHandlers {
  message(message: ServerMessage): void;
  status(status: ConnectionStatus): void;
}

function actionId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class Connection {
  private socket: WebSocket | null = null;
  private join: ClientMessage | null = null;
  private pending: { id: string; action: Action; n: number } | null = null;
  private retryMs = 250;
  private timer: number | null = null;
  private closed = false;
  private readonly online = (): void => this.reconnectNow();

  constructor(
    private readonly url: string,
    private readonly on: ConnectionHandlers,
  ) {
    window.addEventListener('online', this.online);
    this.open();
  }

  /** The message that (re)enters the room on every connection (sent now too, unless `now` is false). */
  enter(message: ClientMessage, now = true): void {
    this.join = message;
    if (now) this.send(message);
  }

  /** Sends an action for the seat; it is sent again after a reconnection until acknowledged. */
  act(action: Action, n: number): string {
    const id = actionId();
    this.pending = { id, action, n };
    this.send({ type: 'act', id, action, n });
    return id;
  }

  send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Forgets the pending action (acknowledged or refused). */
  settle(id: string): void {
    if (this.pending?.id === id) this.pending = null;
  }

  get waiting(): boolean {
    return this.pending !== null;
  }

  close(): void {
    this.closed = true;
    window.removeEventListener('online', this.online);
    if (this.timer !== null) clearTimeout(this.timer);
    this.socket?.close();
    this.on.status('closed');
  }

  private open(): void {
    if (this.closed) return;
    this.on.status(this.socket ? 'reconnecting' : 'connecting');
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = 250;
      this.on.status('open');
      if (this.join) socket.send(JSON.stringify(this.join));
    };
    socket.onmessage = (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      // Back in the room: the action not yet acknowledged goes again, under its id.
      if (message.type === 'welcome' && this.pending) {
        const { id, action, n } = this.pending;
        socket.send(JSON.stringify({ type: 'act', id, action, n }));
      }
      this.on.message(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket || this.closed) return;
      this.on.status('reconnecting');
      this.timer = window.setTimeout(() => this.open(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 4000);
    };
  }

  private reconnectNow(): void {
    if (this.closed || this.socket?.readyState === WebSocket.OPEN) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.retryMs = 250;
    this.open();
  }
}
