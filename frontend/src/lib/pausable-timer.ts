export interface PausableTimer {
  pause(): void;
  resume(): void;
  cancel(): void;
  remainingMs(): number;
}

/** A one-shot timer that can stop and continue where it left off. */
export function createPausableTimer(durationMs: number, onDone: () => void, now: () => number = Date.now): PausableTimer {
  let remaining = durationMs;
  let startedAt = 0;
  let handle: ReturnType<typeof setTimeout> | null = null;
  let finished = false;

  const run = () => {
    if (finished || handle !== null) return;
    startedAt = now();
    handle = setTimeout(() => {
      handle = null;
      finished = true;
      remaining = 0;
      onDone();
    }, remaining);
  };
  const stop = () => {
    if (handle === null) return;
    clearTimeout(handle);
    handle = null;
    remaining = Math.max(0, remaining - (now() - startedAt));
  };

  run();
  return {
    pause: stop,
    resume: run,
    cancel() {
      stop();
      finished = true;
    },
    remainingMs: () => (handle === null ? remaining : Math.max(0, remaining - (now() - startedAt))),
  };
}
