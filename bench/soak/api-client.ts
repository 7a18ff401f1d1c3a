import { createParser } from 'eventsource-parser';
import type { StreamEvent } from './observations.js';

/**
 * The load generator's HTTP client, behaving as a careful production client does behind a load
 * balancer whose replicas die: a network error, a 5xx or a 429 is retried (every request the soak
 * sends is safe to repeat: `generate` carries an Idempotency-Key, an answer sent again is taken
 * once) until a deadline.
 */
export interface ApiReply {
  status: number;
  body: any;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SoakApi {
  retries = 0;
  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiReply> {
    const deadline = Date.now() + 180_000;
    let last = '';
    while (Date.now() < deadline) {
      try {
        const res = await fetch(this.baseUrl + path, {
          method,
          headers: {
            authorization: `Bearer ${this.apiKey}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
        const text = await res.text();
        if (res.status >= 500 || res.status === 429) {
          last = `${res.status} ${text.slice(0, 200)}`;
        } else {
          return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
        }
      } catch (err) {
        last = (err as Error).message;
      }
      this.retries++;
      await sleep(300 + Math.random() * 400);
    }
    throw new Error(`${method} ${path}: no answer within 180 s (last: ${last})`);
  }

  /**
   * Follows a generation's event stream to `done`, as an EventSource does: after an error or a
   * deliberate cut (`cutAfter` events, to exercise resumption) it reconnects with Last-Event-ID.
   */
  async follow(
    generationId: string,
    cutAfter: number[],
  ): Promise<{ received: StreamEvent[]; followedToEnd: boolean; reconnects: number }> {
    const received: StreamEvent[] = [];
    let lastId: string | null = null;
    let reconnects = -1;
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      reconnects++;
      const controller = new AbortController();
      const cut = cutAfter[reconnects];
      let seenThisTime = 0;
      let done = false;
      let cutNow = false;
      const resumeAfter = lastId as string | null;
      try {
        const res = await fetch(`${this.baseUrl}/v1/generations/${generationId}/events`, {
          headers: {
            authorization: `Bearer ${this.apiKey}`,
            accept: 'text/event-stream',
            ...(resumeAfter ? { 'last-event-id': resumeAfter } : {}),
          },
          signal: controller.signal,
        });
        if (res.status !== 200 || !res.body) throw new Error(`stream: ${res.status}`);
        const parser = createParser({
          onEvent: (e) => {
            if (done) return;
            received.push({ id: e.id ?? '', type: e.event ?? 'message', data: e.data });
            if (e.id) lastId = e.id;
            seenThisTime++;
            if (e.event === 'done') done = true;
            if (cut !== undefined && seenThisTime >= cut) cutNow = true;
          },
        });
        const decoder = new TextDecoder();
        // Leaving the loop cancels the body; aborting a body read to its end can leave the iterator waiting.
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          parser.feed(decoder.decode(chunk, { stream: true }));
          if (done || cutNow) break;
        }
      } catch {
        // a replica died or the proxy dropped the stream: reconnect
      } finally {
        controller.abort();
      }
      if (done) return { received, followedToEnd: true, reconnects };
      await sleep(200 + Math.random() * 300);
    }
    return { received, followedToEnd: false, reconnects };
  }
}
