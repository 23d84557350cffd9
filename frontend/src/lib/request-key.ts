/**
 * A random key a dialog makes once per opening and sends with its create: the server creates one record per key,
 * so a double click or a retried request never makes a second one. getRandomValues works on plain http too
 * (crypto.randomUUID needs a secure context).
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
