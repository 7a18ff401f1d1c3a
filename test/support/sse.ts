/** A minimal SSE reader over fetch, for tests that need to cut a stream at an exact point. */
export interface SseEvent {
  id: number;
  event: string;
  data: any;
  receivedAt: number;
}

export interface SseReader {
  events: SseEvent[];
  comments: string[];
  /** Resolves when an event matching `predicate` has arrived. */
  waitFor(predicate: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(
  url: string,
  headers: Record<string, string>,
  init: { method?: string; body?: unknown } = {},
): Promise<SseReader & { status: number }> {
  const controller = new AbortController();
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'text/event-stream',
      ...headers,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const i = line.indexOf(':');
              fields[line.slice(0, i)] =
                (fields[line.slice(0, i)] ? `${fields[line.slice(0, i)]}\n` : '') + line.slice(i + 1).replace(/^ /, '');
            }
          }
          if (fields.data !== undefined) {
            events.push({
              id: Number(fields.id),
              event: fields.event ?? 'message',
              data: JSON.parse(fields.data),
              receivedAt: Date.now(),
            });
            notify();
          }
        }
      }
    } catch {
      // aborted by close()
    } finally {
      notify();
    }
  })();
  let done = false;
  void ended.then(() => {
    done = true;
    notify();
  });
  return {
    status: res.status,
    events,
    comments,
    ended,
    close: () => controller.abort(),
    waitFor(predicate, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find(predicate);
          if (hit) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(hit);
          } else if (done) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`stream ended without the expected event; got ${events.map((e) => e.event).join(',')}`));
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for an event; got ${events.map((e) => e.event).join(',')}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}
