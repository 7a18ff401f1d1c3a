import { describe, expect, it } from 'vitest';
import { steeringMessageRequestSchema } from '../../contracts/schemas/index.js';
import {
  STEERING_MAX_PENDING_BYTES,
  STEERING_MAX_PENDING_MESSAGES,
  steeringRefusal,
} from '../../domain/steering-limits.js';

/** Why a steering insert stored nothing (docs/steering.md, "Bounds"). */
describe('steeringRefusal', () => {
  const full = { steeringPendingCount: 100, steeringPendingBytes: 2_000 };

  it('is a 409 conflict when the run cannot take a message, however full it is', () => {
    for (const status of ['completed', 'failed', 'cancelled'])
      expect(steeringRefusal({ status, waitingForTurn: false, ...full })).toMatchObject({
        status: 409,
        code: 'conflict',
        details: { status },
      });
    expect(steeringRefusal({ status: 'queued', waitingForTurn: true, ...full })).toMatchObject({
      status: 409,
      code: 'conflict',
    });
  });

  it('is a 429 too_many_pending_messages, with the pending amounts and the caps, when the run takes messages', () => {
    for (const status of ['queued', 'running', 'requires_action']) {
      const err = steeringRefusal({ status, waitingForTurn: false, ...full });
      expect(err).toMatchObject({ status: 429, code: 'too_many_pending_messages' });
      expect(err.toBody().error.details).toEqual({
        pendingMessages: 100,
        pendingBytes: 2_000,
        maxPendingMessages: 100,
        maxPendingBytes: 1_048_576,
      });
    }
  });

  it('caps at 100 messages and 1 MiB, and one message of the largest content always fits an empty queue', () => {
    expect(STEERING_MAX_PENDING_MESSAGES).toBe(100);
    expect(STEERING_MAX_PENDING_BYTES).toBe(1024 * 1024);
    // The most UTF-8 bytes 100,000 UTF-16 code units can take: 3 each (4 per surrogate pair).
    const largest = '€'.repeat(100_000);
    expect(steeringMessageRequestSchema.safeParse({ content: largest }).success).toBe(true);
    expect(Buffer.byteLength(largest, 'utf8')).toBeLessThanOrEqual(STEERING_MAX_PENDING_BYTES);
  });
});
