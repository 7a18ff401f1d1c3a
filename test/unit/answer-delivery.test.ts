import { describe, expect, it } from 'vitest';
import { answerDelivery, LEAVE_LOCALLY_MIN_WAIT_SECONDS } from '../../api/generations/resume.js';

describe('answerDelivery: whether an answer may leave its pause through a local write (docs/adr/0021)', () => {
  it('a synchronous request that waits at least the workflow task heartbeat: local', () => {
    expect(answerDelivery({ async: false, waitSeconds: 60 })).toEqual({ callerWaits: true });
    expect(answerDelivery({ async: false, waitSeconds: LEAVE_LOCALLY_MIN_WAIT_SECONDS, stream: false })).toEqual({
      callerWaits: true,
    });
  });

  it('asynchronous, streaming or short waits need the update reply at once: regular', () => {
    expect(answerDelivery({ async: true, waitSeconds: 60 })).toEqual({ callerWaits: false });
    expect(answerDelivery({ async: false, waitSeconds: 60, stream: true })).toEqual({ callerWaits: false });
    expect(answerDelivery({ async: false, waitSeconds: LEAVE_LOCALLY_MIN_WAIT_SECONDS - 1 })).toEqual({
      callerWaits: false,
    });
    expect(answerDelivery({ async: false, waitSeconds: 0 })).toEqual({ callerWaits: false });
  });
});
