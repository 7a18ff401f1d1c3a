/** Short, credential-free text for error messages and traces: clipped messages and URLs without secrets. */

const MAX_MESSAGE_CHARS = 500;

export const clip = (text: string, max = MAX_MESSAGE_CHARS) => (text.length <= max ? text : `${text.slice(0, max)}…`);
export const shortMessage = (err: unknown) => clip(err instanceof Error ? err.message : String(err));

/** The URL without credentials, query or fragment: safe for messages and traces. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return clip(url, 200);
  }
}
