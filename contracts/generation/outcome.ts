import type { StopReason } from '../schemas/index.js';

/** How a generation ends: what its final write stores besides usage, counters and text. */
export interface RunOutcome {
  status: 'completed' | 'failed' | 'cancelled';
  stopReason: StopReason;
  output: unknown;
  error: { code: string; message: string } | null;
}

export function completed(stopReason: StopReason, output: unknown = null): RunOutcome {
  return { status: 'completed', stopReason, output, error: null };
}

export function failed(stopReason: StopReason, code: string, message: string): RunOutcome {
  return { status: 'failed', stopReason, output: null, error: { code, message } };
}

export const cancelled: RunOutcome = { status: 'cancelled', stopReason: 'cancelled', output: null, error: null };
