function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The text to show for a failed call (SPEC.md section 8): the server's message, else the client's own error
 * message, else the fallback of the action.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null) {
    const { serverMessage, message } = error as { serverMessage?: unknown; message?: unknown };
    return text(serverMessage) ?? text(message) ?? fallback;
  }
  return text(error) ?? fallback;
}
