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

/** A run ended by a tool call (a stop condition, a done tool): its answer is the call's arguments, not text. */
export function endedByToolCall(stopReason: StopReason): boolean {
  return stopReason === 'stop_condition' || stopReason === 'done_tool';
}
