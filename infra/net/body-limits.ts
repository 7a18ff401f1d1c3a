/**
 * How much of a response body the service reads. Every outbound request names its limits, so a
 * server (a tenant's provider, tool, MCP server, hook or web page) can make us read a bounded
 * amount and no more: the count is of decoded bytes, taken as the decoder produces them, and a
 * compressed body that expands far more than real text does is refused early (a decompression
 * bomb costs CPU even under the byte cap).
 */
export interface BodyLimits {
  /** Largest decoded body, in bytes. */
  maxBytes: number;
  /** Largest decoded / received ratio of a compressed body … */
  maxRatio: number;
  /** … checked once this many decoded bytes have been read (small bodies compress unevenly). */
  ratioFloorBytes: number;
}

const MiB = 1024 * 1024;

/**
 * Text and JSON compress 3–20×; repetitive JSON reaches 50×. Past 100× and 1 MiB it is a bomb
 * (gzip of zeros is about 1000×, brotli far more).
 */
const EXPANSION = { maxRatio: 100, ratioFloorBytes: 1 * MiB };

/** The limits of each kind of outbound call. */
export const bodyLimits = {
  /**
   * A model provider's answer: a chat completion (whole, or the sum of its streamed events, which
   * bounds each event too), an embeddings batch (64 inputs of 3,072 floats are about 4 MiB), or an
   * error body. Replies are bounded by their tokens, far below this.
   */
  provider: { maxBytes: 32 * MiB, ...EXPANSION },
  /**
   * Tools, hooks, builtins and web pages: each caller reads at most its own result cap (at most
   * 4 MB for a 1,000,000-character maxResultChars) and cuts there; this bounds everything else.
   */
  tool: { maxBytes: 16 * MiB, ...EXPANSION },
  /**
   * MCP: the client caps each response, and each event of an event stream, itself (activities/mcp/
   * fetch.ts, the call's maxResponseBytes); a session's event stream is long-lived, so only the
   * expansion is checked over its whole length.
   */
  mcp: { maxBytes: Number.POSITIVE_INFINITY, ...EXPANSION },
  /** Object storage (S3-compatible, tenant-configured): objects written by storage_write are ≤ 10 MiB. */
  storage: { maxBytes: 64 * MiB, ...EXPANSION },
} satisfies Record<string, BodyLimits>;

/**
 * Largest event of a model provider's event stream. The openai client buffers an event, and each
 * line of it, by copying and rescanning it whole on every chunk that extends it: an event of n
 * bytes costs about n² / chunk size of work on the worker's thread (measured: 4 MiB in 64 KiB
 * chunks about 0.8 s; 32 MiB would be about a minute). Streamed deltas are small; a whole reply
 * in one event (some gateways) is a few hundred KB.
 */
export const PROVIDER_EVENT_MAX_BYTES = 1 * MiB;

/** A response body that went over its limits; the request was aborted there. */
export class ResponseTooLargeError extends Error {
  constructor(
    readonly reason: 'size' | 'expansion' | 'event',
    readonly limits: BodyLimits,
    /** Decoded bytes read when the limit was hit. */
    readonly decodedBytes: number,
    /** Bytes sent by the server that had been decoded by then (for a plain body, `decodedBytes`). */
    readonly receivedBytes: number,
  ) {
    super(
      reason === 'size'
        ? `The response body exceeded ${limits.maxBytes} bytes and was not read further`
        : reason === 'event'
          ? `An event of the response stream exceeded ${limits.maxBytes} bytes and was not read further`
          : `The response body expanded more than ${limits.maxRatio}× when decoded (${receivedBytes} bytes sent became ${decodedBytes}) and was not read further`,
    );
    this.name = 'ResponseTooLargeError';
  }
}

/** The ResponseTooLargeError somewhere in an error's cause chain (clients wrap what a body throws). */
export function responseTooLargeIn(err: unknown): ResponseTooLargeError | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof ResponseTooLargeError) return current;
    current = current.cause;
  }
  return null;
}

/** Throws when `decoded` bytes (from `received` bytes on the wire) break `limits`. */
export function checkBodySize(limits: BodyLimits, decoded: number, received: number): void {
  if (decoded > limits.maxBytes) throw new ResponseTooLargeError('size', limits, decoded, received);
  if (decoded > limits.ratioFloorBytes && decoded > limits.maxRatio * received)
    throw new ResponseTooLargeError('expansion', limits, decoded, received);
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * `body` (an event stream) erroring with ResponseTooLargeError once one event, the bytes between
 * blank lines (LF, CR or CRLF line ends), exceeds `maxEventBytes` (the error's `limits.maxBytes`).
 * Leaving early ends `body`.
 */
export async function* limitEvents(
  body: AsyncIterable<Uint8Array>,
  maxEventBytes: number,
  limits: BodyLimits,
): AsyncGenerator<Uint8Array> {
  let event = 0;
  let line = 0;
  let previous = -1;
  for await (const chunk of body) {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      event++;
      if (byte === LF && previous === CR) {
        // The second half of a CRLF: the line ended at the CR.
      } else if (byte === LF || byte === CR) {
        if (line === 0) event = 0;
        line = 0;
      } else line++;
      previous = byte;
      if (event > maxEventBytes)
        throw new ResponseTooLargeError('event', { ...limits, maxBytes: maxEventBytes }, event, event);
    }
    yield chunk;
  }
}
