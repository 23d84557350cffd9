import type { LaneState, LotEventView, ServerMessage } from '@/features/auctions/live/types';
import { framedMessages } from '@/lib/live-frames';

export type SocketStatus = 'connecting' | 'live' | 'reconnecting' | 'refused';

export interface LiveSocketHandlers {
  /** The session's token, read at every (re)connection. */
  token: () => string | null;
  onEvent: (event: LotEventView) => void;
  onLane: (laneId: string, state: LaneState) => void;
  /** After the server's 'ready'; `again` after a reconnection (the watcher asks for what it missed). */
  onReady: (serverTime: string, again: boolean) => void;
  /** The server may have dropped events (its feed fell behind): every lot shown is to be resynced. */
  onResyncNeeded: (serverTime: string) => void;
  onStatus: (status: SocketStatus, reason?: string) => void;
}

/** Close codes after which connecting again would be refused again: no or ended session, missing privilege, no such event. */
const REFUSED = new Set([4401, 4403, 4404]);
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30_000;

/** ws://host/api/live/events/{eventId} from the page's own address (wss on https): the SPA and the API share an origin. */
export function liveEventsUrl(eventId: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/live/events/${encodeURIComponent(eventId)}`;
}

/** The wait before the n-th reconnection (0 first): 1 s, 2 s, 4 s ... at most 30 s. */
export function backoff(attempt: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** attempt);
}

/**
 * One event's live feed (issue 25): connects, authenticates with the staff token as its first message, watches a
 * lane when asked, and reconnects with a growing wait when the connection drops, except when the server refused
 * the session, the privilege or the event (4401, 4403, 4404), which ends it with the server's reason.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private readied = false;
  private closed = false;

  private readonly url: string;
  private readonly handlers: LiveSocketHandlers;
  private readonly laneId?: string;

  constructor(url: string, handlers: LiveSocketHandlers, laneId?: string) {
    this.url = url;
    this.handlers = handlers;
    this.laneId = laneId;
  }

  start(): void {
    this.closed = false;
    this.connect();
  }

  stop(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Left the page');
  }

  /** Asks the server for every event after the given sequences (sent only while connected). */
  resync(lots: Record<string, number>): void {
    if (this.socket?.readyState === WebSocket.OPEN && Object.keys(lots).length > 0) this.socket.send(JSON.stringify({ type: 'resync', lots }));
  }

  private connect(): void {
    this.handlers.onStatus(this.readied ? 'reconnecting' : 'connecting');
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: this.handlers.token() ?? '' }));
    socket.onmessage = (message: MessageEvent) => {
      if (this.socket === socket) this.receive(socket, message.data);
    };
    socket.onclose = (close: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      if (REFUSED.has(close.code)) {
        this.handlers.onStatus('refused', close.reason);
        return;
      }
      this.handlers.onStatus('reconnecting');
      this.timer = setTimeout(() => this.connect(), backoff(this.attempt));
      this.attempt += 1;
    };
  }

  private receive(socket: WebSocket, data: unknown): void {
    for (const message of framedMessages<ServerMessage>(data)) this.handle(socket, message);
  }

  private handle(socket: WebSocket, message: ServerMessage): void {
    if (message.type === 'ready') {
      const again = this.readied;
      this.readied = true;
      this.attempt = 0;
      if (this.laneId) socket.send(JSON.stringify({ type: 'watch', laneId: this.laneId }));
      this.handlers.onStatus('live');
      this.handlers.onReady(message.serverTime, again);
    } else if (message.type === 'lot_event') {
      const { lotId, eventId, laneId, sequence, at, kind, payload } = message;
      this.handlers.onEvent({ lotId, eventId, laneId, sequence, at, kind, payload });
    } else if (message.type === 'lane') {
      this.handlers.onLane(message.laneId, message.state);
    } else if (message.type === 'resync_needed') {
      this.handlers.onResyncNeeded(message.serverTime);
    }
  }
}
