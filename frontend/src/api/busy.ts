/** The global busy flag: on while at least one authenticated call runs. */
let running = 0;
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function beginBusy(): void {
  running += 1;
  if (running === 1) notify();
}

export function endBusy(): void {
  running = Math.max(0, running - 1);
  if (running === 0) notify();
}

export function isBusy(): boolean {
  return running > 0;
}

export function subscribeBusy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
