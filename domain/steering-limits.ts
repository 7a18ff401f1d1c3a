import { ApiError, conflict } from '../contracts/errors.js';

/**
 * Bounds of steering (docs/steering.md). Pending messages are capped per generation, so what one
 * generation can queue is bounded, and a model call applies at most one batch of the same size,
 * so the local activity on the shared workflow worker loads a bounded amount whatever is pending.
 */
export const STEERING_MAX_PENDING_MESSAGES = 100;
/** UTF-8 bytes of the pending messages' `content` (PostgreSQL `octet_length`). */
export const STEERING_MAX_PENDING_BYTES = 1024 * 1024;

export interface SteeringLimits {
  messages: number;
  bytes: number;
}

export const steeringLimits: SteeringLimits = {
  messages: STEERING_MAX_PENDING_MESSAGES,
  bytes: STEERING_MAX_PENDING_BYTES,
};

/** Statuses that can still take a message: queued and running runs, and paused ones (applied after the pause). */
export const acceptingStatuses = ['queued', 'running', 'requires_action'] as const;

/** The generation row as read after an insert that stored nothing. */
export interface SteeringRefusalState {
  status: string;
  waitingForTurn: boolean;
  steeringPendingCount: number;
  steeringPendingBytes: number;
}

/**
 * Why the insert stored nothing. Its statement refuses for two reasons only: the run cannot take
 * a message (409, checked first: it is final), or a cap would be exceeded (429: retry once the run
 * has applied some). Read after the statement, the counters may already be lower again; the
 * refusal stands, as nothing was stored.
 */
export function steeringRefusal(g: SteeringRefusalState, limits: SteeringLimits = steeringLimits): ApiError {
  const accepting = (acceptingStatuses as readonly string[]).includes(g.status) && !g.waitingForTurn;
  if (!accepting) {
    const status = g.waitingForTurn ? 'waiting for its turn' : g.status;
    return conflict(`The generation cannot take a message: it is ${status}`, { status: g.status });
  }
  return new ApiError(
    429,
    'too_many_pending_messages',
    `The generation already has ${g.steeringPendingCount} pending messages (${g.steeringPendingBytes} bytes); at most ${limits.messages} messages or ${limits.bytes} bytes may wait. Send it again once the run has applied some.`,
    {
      pendingMessages: g.steeringPendingCount,
      pendingBytes: g.steeringPendingBytes,
      maxPendingMessages: limits.messages,
      maxPendingBytes: limits.bytes,
    },
  );
}
