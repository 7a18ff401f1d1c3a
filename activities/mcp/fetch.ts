import {
  fetch as undiciFetch,
  Response as UndiciResponse,
  type Dispatcher,
  type RequestInit as UndiciRequestInit,
} from 'undici';
import { abortWhen } from '../../infra/net/abort-when.js';
import { bodyLimits, checkBodySize } from '../../infra/net/body-limits.js';
import { countingReceivedBytes } from '../../infra/net/received-bytes.js';

/**
 * The `fetch` handed to the MCP SDK transports. Two guarantees the SDK does not give:
 *
 * - Every connection goes through the given undici dispatcher (the project's SSRF-guarded agent,
 *   infra/net/ssrf.ts): the global fetch would ignore guards built on http.Agent (docs/architecture.md, outgoing calls).
 * - No response body is buffered past a byte cap: bodies are re-streamed on demand (no read-ahead)
 *   and cut when they exceed the cap. For event streams the cap applies to each SSE event, since one
 *   stream (the SSE transport's, or the standalone GET stream) can carry many messages over time.
 *   A body that expands past `bodyLimits.mcp` when decoded (a decompression bomb) errors with
 *   ResponseTooLargeError, whatever its length.
 */

export class McpResponseTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`MCP response exceeded ${limit} bytes and was cut off`);
    this.name = 'McpResponseTooLargeError';
  }
}

export interface CappedResponseEvent {
  limit: number;
  /** The first bytes (at most `limit`) of the body, or of the SSE event, that went over the cap. */
  prefix: Uint8Array;
  eventStream: boolean;
  /** 'post' for a response to a POSTed message, 'stream' for a GET event stream. */
  channel: 'post' | 'stream';
  /** The JSON-RPC method of the POSTed message, when it was a single request or notification. */
  rpcMethod?: string;
}

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface GuardedFetchOptions {
  dispatcher: Dispatcher;
  /** Read when each response arrives. */
  maxResponseBytes: () => number;
  onCapped?: (event: CappedResponseEvent) => void;
  /** An extra signal for POSTs of `tools/call` (lets a finished or abandoned call drop its stream). */
  toolCallSignal?: () => AbortSignal | undefined;
  /** Sees every failed fetch: the SSE transport's EventSource keeps only the error's text. */
  onFetchError?: (error: unknown) => void;
}

/** Statuses whose responses cannot be rebuilt with a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function rpcMethodOf(body: unknown): string | undefined {
  if (typeof body !== 'string' || body.length > 1_000_000) return undefined;
  try {
    const message = JSON.parse(body) as unknown;
    if (message && typeof message === 'object' && !Array.isArray(message)) {
      const method = (message as { method?: unknown }).method;
      return typeof method === 'string' ? method : undefined;
    }
  } catch {
    // not JSON: nothing to classify
  }
  return undefined;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Re-streams `body`, pulling from the source only when the consumer asks (highWaterMark 0), and
 * errors it (cancelling the source, which closes the connection) once it exceeds `limit` bytes —
 * counted per SSE event when `eventStream` is set — or once the whole body has expanded past
 * `bodyLimits.mcp` from the `received()` bytes that carried it.
 */
export function capBody(
  body: ReadableStream<Uint8Array>,
  limit: number,
  eventStream: boolean,
  onCapped: (prefix: Uint8Array) => void,
  onEnd: () => void = () => {},
  received?: () => number,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let total = 0;
  let counted = 0;
  let kept: Uint8Array[] = [];
  let keptBytes = 0;
  // The last two bytes seen, to find blank lines (event boundaries) across chunk edges.
  let prev1 = -1;
  let prev2 = -1;

  const keep = (chunk: Uint8Array) => {
    if (keptBytes >= limit) return;
    const part = chunk.subarray(0, limit - keptBytes);
    kept.push(part.slice());
    keptBytes += part.byteLength;
  };

  /** Offsets just past each event boundary (blank line) in `chunk`. */
  const boundaryEnds = (chunk: Uint8Array): number[] => {
    const ends: number[] = [];
    let at = chunk.indexOf(LF);
    while (at !== -1) {
      const b1 = at >= 1 ? chunk[at - 1]! : prev1;
      const b2 = at >= 2 ? chunk[at - 2]! : at === 1 ? prev1 : prev2;
      if (b1 === LF || (b1 === CR && b2 === LF)) ends.push(at + 1);
      at = chunk.indexOf(LF, at + 1);
    }
    if (chunk.byteLength >= 2) {
      prev2 = chunk[chunk.byteLength - 2]!;
      prev1 = chunk[chunk.byteLength - 1]!;
    } else if (chunk.byteLength === 1) {
      prev2 = prev1;
      prev1 = chunk[0]!;
    }
    return ends;
  };

  const prefix = (): Uint8Array => {
    const out = new Uint8Array(keptBytes);
    let offset = 0;
    for (const part of kept) {
      out.set(part, offset);
      offset += part.byteLength;
    }
    return out;
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read().catch((err: unknown) => {
          onEnd();
          throw err;
        });
        if (done) {
          onEnd();
          controller.close();
          return;
        }
        // Count the chunk segment by segment: each segment up to a boundary closes an event.
        const account = (segment: Uint8Array): boolean => {
          counted += segment.byteLength;
          keep(segment);
          return counted > limit;
        };
        let over = false;
        let start = 0;
        for (const end of eventStream ? boundaryEnds(value) : []) {
          over = account(value.subarray(start, end));
          if (over) break;
          counted = 0;
          kept = [];
          keptBytes = 0;
          start = end;
        }
        if (!over && start < value.byteLength) over = account(value.subarray(start));
        total += value.byteLength;
        if (!over && received) {
          try {
            checkBodySize(bodyLimits.mcp, total, received());
          } catch (expanded) {
            onEnd();
            kept = [];
            await reader.cancel(expanded).catch(() => undefined);
            controller.error(expanded);
            return;
          }
        }
        if (over) {
          const error = new McpResponseTooLargeError(limit);
          onCapped(prefix());
          onEnd();
          kept = [];
          await reader.cancel(error).catch(() => undefined);
          controller.error(error);
          return;
        }
        controller.enqueue(value);
      },
      async cancel(reason) {
        onEnd();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** A fetch for the SDK transports: guarded dispatcher, byte-capped bodies. */
export function createGuardedFetch(options: GuardedFetchOptions): FetchLike {
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const rpcMethod = method === 'POST' ? rpcMethodOf(init?.body) : undefined;
    const extra = rpcMethod === 'tools/call' ? options.toolCallSignal?.() : undefined;
    const base = init?.signal ?? undefined;
    // The transport's signal lives as long as its session: the call's listener on it goes when the
    // response has been read (or failed), not with the session.
    const combined = extra && base ? abortWhen([base, extra]) : undefined;
    const signal = combined?.signal ?? extra ?? base;
    const settled = () => combined?.dispose();
    let response: Awaited<ReturnType<typeof undiciFetch>>;
    // fetch decodes the body itself: the bytes it received are counted beneath it.
    const received = { bytes: 0 };
    try {
      response = await undiciFetch(url, {
        ...(init as UndiciRequestInit | undefined),
        signal,
        dispatcher: countingReceivedBytes(options.dispatcher, received),
      });
    } catch (error) {
      settled();
      options.onFetchError?.(error);
      throw error;
    }
    if (!response.body || NULL_BODY_STATUSES.has(response.status)) {
      settled();
      return response as unknown as Response;
    }
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const eventStream = contentType === 'text/event-stream';
    const limit = options.maxResponseBytes();
    const channel = method === 'POST' ? 'post' : 'stream';
    const body = capBody(
      response.body,
      limit,
      eventStream,
      (prefix) => options.onCapped?.({ limit, prefix, eventStream, channel, ...(rpcMethod ? { rpcMethod } : {}) }),
      settled,
      () => received.bytes,
    );
    const rebuilt = new UndiciResponse(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    return rebuilt as unknown as Response;
  };
}
