import { vi } from 'vitest';

/** A stand-in for the browser's WebSocket: tests open it, speak as the server and close it. */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number; reason: string }) => void) | null = null;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('Sent on a socket that is not open.');
    this.sent.push(JSON.parse(data) as unknown);
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason });
  }

  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  ready(serverTime = new Date().toISOString()): void {
    this.open();
    this.receive({ type: 'ready', serverTime });
  }

  static last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('No socket was opened.');
    return socket;
  }
}

/** Replaces the global WebSocket with FakeSocket for the test (setup.ts restores it after each test). */
export function installFakeSockets(): void {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
}
