import type { BidderLotEvent, BidderServerMessage, WatchSubject } from '@/bidder/live/messages';
import { framedMessages } from '@/lib/live-frames';

export type BidderSocketStatus = 'connecting' | 'live' | 'reconnecting' | 'refused';

export interface BidderSocketOptions {
  url: string;
  /** The bidder token, read at every (re)connection and sent as the first message (never in the URL). */
  token: () => string | null;
  /** The last sequence applied per lot: what a resync asks after. */
  lastSequences: () => Record<string, number>;
  onReady: (serverTime: string, again: boolean) => void;
  onEvent: (event: BidderLotEvent) => void;
  /** The server may have dropped events: a resync is sent by the socket; the page may also read afresh. */
  onResyncNeeded: (serverTime: string) => void;
  onStatus: (status: BidderSocketStatus, reason?: string) => void;
  /** 0 ≤ x < 1; spreads the reconnections of many phones after a server restarts (tests pass a constant). */
  random?: () => number;
}

/** Close codes after which connecting again would be refused again: no or ended session, not allowed. */
const REFUSED = new Set([4401, 4403]);
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30_000;

/** ws(s)://host/api/bidder/live from the page's own address: the page and the API share an origin. */
export function bidderLiveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/bidder/live`;
}

/** The wait before the n-th reconnection (0 first): half of 1 s, 2 s, 4 s ... 30 s, plus up to the other half at random. */
export function backoff(attempt: number, random: number): number {
  const full = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** attempt);
  return Math.round(full / 2 + (full / 2) * random);
}

/**
 * The bidder's live feed: connects, sends the token first, watches what the page follows once the server is ready,
 * and after a reconnection asks for every event after the last sequence it applied per lot ('resync'). A dropped
 * connection is retried with a growing, jittered wait; a refused session (4401, 4403) ends it.
 */
export class BidderSocket {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private readied = false;
  /** This connection's 'ready' came: watch and resync may be sent. */
  private live = false;
  private stopped = true;
  private subject: WatchSubject | null = null;
  private readonly options: BidderSocketOptions;

  constructor(options: BidderSocketOptions) {
    this.options = options;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Left the page');
  }

  /** Follows another event or other lots (sent now when ready, else once ready). */
  watch(subject: WatchSubject | null): void {
    this.subject = subject;
    if (subject && this.isReady()) this.send({ type: 'watch', ...subject });
  }

  /** Asks for every event after the given sequences (only while ready). */
  resync(lots: Record<string, number>): void {
    if (this.isReady() && Object.keys(lots).length > 0) this.send({ type: 'resync', lots });
  }

  private isReady(): boolean {
    return this.live && this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  private send(message: unknown): void {
    this.socket?.send(JSON.stringify(message));
  }

  private handle(data: BidderServerMessage): void {
    if (data.type === 'ready') {
      const again = this.readied;
      this.live = true;
      this.readied = true;
      this.attempt = 0;
      if (this.subject) this.send({ type: 'watch', ...this.subject });
      if (again) this.resync(this.options.lastSequences());
      this.options.onStatus('live');
      this.options.onReady(data.serverTime, again);
    } else if (data.type === 'lot_event' && this.live) {
      const { lotId, eventId, laneId, sequence, at, kind, payload } = data;
      this.options.onEvent({ lotId, eventId, laneId, sequence, at, kind, payload: payload ?? {} });
    } else if (data.type === 'resync_needed' && this.live) {
      this.resync(this.options.lastSequences());
      this.options.onResyncNeeded(data.serverTime);
    }
  }

  private connect(): void {
    this.options.onStatus(this.attempt === 0 && !this.readied ? 'connecting' : 'reconnecting');
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    this.live = false;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: this.options.token() ?? '' }));
    socket.onmessage = (message: MessageEvent) => {
      for (const data of framedMessages<BidderServerMessage>(message.data)) {
        if (this.socket !== socket) return;
        this.handle(data);
      }
    };
    socket.onclose = (close: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.live = false;
      if (this.stopped) return;
      if (REFUSED.has(close.code)) {
        this.stopped = true;
        this.options.onStatus('refused', close.reason);
        return;
      }
      this.options.onStatus('reconnecting');
      this.timer = setTimeout(() => this.connect(), backoff(this.attempt, (this.options.random ?? Math.random)()));
      this.attempt += 1;
    };
  }
}
