import { describe, expect, it } from 'vitest';
import type { OfferedTool, StepCall, ToolOutcomeInReply } from '../../contracts/generation/index.js';
import { TOOL_TIMEOUT_MARGIN_SECONDS, runCallsInReply } from '../../activities/tools-in-reply.js';

const tools: Record<string, OfferedTool> = {
  lookup: { name: 'lookup', handling: 'server', readOnly: true, timeoutSeconds: 10, unattended: true },
  write: { name: 'write', handling: 'server', readOnly: false, timeoutSeconds: 10, unattended: true },
  slow: { name: 'slow', handling: 'server', readOnly: false, timeoutSeconds: 100, unattended: true },
};
/** The calls of a reply at seq 4, as `decideReply` numbers them. */
const calls = (...names: string[]): StepCall[] =>
  names.map((name, i) => ({
    call: { id: `call_${i}`, name, arguments: { i }, argumentsHash: `h${i}` },
    seq: 5 + i,
    tool: tools[name],
  }));
const outcome = (c: StepCall): ToolOutcomeInReply => ({
  status: 'success',
  replayed: false,
  toolType: 'http',
  toolCallId: c.call.id,
  toolName: c.call.name,
  durationMs: 1,
});

/** A runner over a clock that calls advance; records which calls started, batch by batch. */
function runner(opts: { fail?: string[]; deadlineInSeconds?: number; controller?: AbortController } = {}) {
  let clock = 0;
  const started: string[][] = [];
  const seqs: number[] = [];
  let batch: string[] | null = null;
  return {
    started,
    seqs,
    runner: {
      attemptDeadlineMs: (opts.deadlineInSeconds ?? 300) * 1000,
      signal: (opts.controller ?? new AbortController()).signal,
      now: () => clock,
      async run(c: StepCall) {
        if (!batch) started.push((batch = []));
        batch.push(c.call.id);
        seqs.push(c.seq);
        await Promise.resolve();
        batch = null;
        clock += 1000;
        return opts.fail?.includes(c.call.id) ? null : outcome(c);
      },
    },
  };
}

describe('runCallsInReply: the unattended calls a model call runs itself', () => {
  it('runs the calls in the loop’s batches, at the seqs the decision gave them', async () => {
    const r = runner();
    const ran = await runCallsInReply(calls('lookup', 'lookup', 'write'), r.runner);
    expect(r.started).toEqual([['call_0', 'call_1'], ['call_2']]);
    expect(r.seqs).toEqual([5, 6, 7]);
    expect(ran.map((o) => o.toolCallId)).toEqual(['call_0', 'call_1', 'call_2']);
  });

  it('keeps what a batch finished when one of its calls failed and leaves the later batches to the loop', async () => {
    const r = runner({ fail: ['call_1'] });
    const ran = await runCallsInReply(calls('lookup', 'lookup', 'write'), r.runner);
    expect(r.started).toEqual([['call_0', 'call_1']]);
    expect(ran.map((o) => o.toolCallId)).toEqual(['call_0']);
  });

  it('starts no batch that might outlast the attempt: its calls and all later ones go back to the loop', async () => {
    // Each call advances the clock by one second; `write` needs 10 + margin seconds, `slow` 100 + margin.
    const deadline = 2 + 10 + TOOL_TIMEOUT_MARGIN_SECONDS + 50;
    const r = runner({ deadlineInSeconds: deadline });
    const ran = await runCallsInReply(calls('write', 'write', 'slow', 'write'), r.runner);
    expect(r.started).toEqual([['call_0'], ['call_1']]);
    expect(ran.map((o) => o.toolCallId)).toEqual(['call_0', 'call_1']);
    // An attempt with no time left for the first batch runs nothing.
    const late = runner({ deadlineInSeconds: 10 + TOOL_TIMEOUT_MARGIN_SECONDS - 1 });
    expect(await runCallsInReply(calls('write'), late.runner)).toEqual([]);
    expect(late.started).toEqual([]);
  });

  it('stops at a cancel before the next batch and throws it', async () => {
    const controller = new AbortController();
    const r = runner({ controller });
    const run = r.runner.run;
    r.runner.run = async (c) => {
      const done = await run(c);
      controller.abort(new Error('cancel requested'));
      return done;
    };
    await expect(runCallsInReply(calls('write', 'write'), r.runner)).rejects.toThrow('cancel requested');
    expect(r.started).toEqual([['call_0']]);
  });
});
