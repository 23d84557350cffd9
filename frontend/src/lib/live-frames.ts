/**
 * The messages of one frame of a live socket (the console's and the bidder page's): the server sends a message
 * alone, or a JSON array of lot events when several were waiting for the socket. None when the frame is not JSON.
 */
export function framedMessages<T>(data: unknown): T[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(data));
  } catch {
    return [];
  }
  return (Array.isArray(parsed) ? parsed : [parsed]) as T[];
}
