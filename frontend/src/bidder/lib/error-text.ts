import { ApiError } from '@/api/api-error';

/** The server's sentence (a field's first, else the message), or the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.errors[0]?.message ?? error.serverMessage ?? fallback;
  return fallback;
}
