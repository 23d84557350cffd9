import { useCallback, useState } from 'react';
import { useShowError } from '@/components/use-show-error';

/**
 * Runs one document download at a time per key and says which one is running (its button spins); a failure is
 * toasted with the server's message, else `fallback`.
 */
export function usePdfDownload(fallback: string) {
  const showError = useShowError();
  const [running, setRunning] = useState<string | null>(null);
  const start = useCallback(
    (key: string, download: () => Promise<void>) => {
      setRunning(key);
      download()
        .catch((error: unknown) => showError(error, fallback))
        .finally(() => setRunning((current) => (current === key ? null : current)));
    },
    [fallback, showError],
  );
  return { running, start };
}
