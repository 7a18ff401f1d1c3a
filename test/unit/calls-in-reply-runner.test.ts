import { describe, expect, it } from 'vitest';
import type {
  CallInReply,
  ModelCallInput,
  ModelCallResult,
  ToolOutcomeInReply,
  ToolRunInReply,
} from '../../contracts/generation/index.js';
import { TOOL_TIMEOUT_MARGIN_SECONDS, runCallsInReply } from '../../activities/tools-in-reply.js';

const tools: ToolRunInReply[] = [
  { name: 'lookup', readOnly: true, timeoutSeconds: 10 },
  { name: 'write', readOnly: false, timeoutSeconds: 10 },
  { name: 'slow', readOnly: false, timeoutSeconds: 100 },
];
const input: ModelCallInput = {
  generationId: 'gen_1',
  step: 2,
  seq: 4,
  toolNames: tools.map((t) => t.name),
  toolChoice: 'auto',
  continuation: false,
  usageSoFar: { promptTokens: 0, completionTokens: 0 },
  runTools: { tools, recentCalls: [] },
};
const usage = { promptTokens: 1, completionTokens: 1 };
const reply = (...names: string[]): ModelCallResult => ({
  toolCalls: names.map((name, i) => ({ id: `call_${i}`, name, arguments: { i }, argumentsHash: `h${i}` })),
  finishReason: 'tool_calls',
  hasText: false,
  usage,
});
const outcome = (c: CallInReply): ToolOutcomeInReply => ({
  status: 'success',
  replayed: false,
  toolType: 'http',
  toolCallId: c.call.id,
  toolName: c.call.name,
  seq: c.seq,
  durationMs: 1,
});

/** A runner over a clock that calls advance; records which calls started, batch by batch. */
function runner(opts: { fail?: string[]; deadlineInSeconds?: number; controller?: AbortController } = {}) {
  let clock = 0;
  const started: string[][] = [];
  let batch: string[] | null = null;
  return {
    started,
    runner: {
      attemptDeadlineMs: (opts.deadlineInSeconds ?? 300) * 1000,
      signal: (opts.controller ?? new AbortController()).signal,
      now: () => clock,
      async run(c: CallInReply) {
        if (!batch) started.push((batch = []));
        batch.push(c.call.id);
        await Promise.resolve();
        batch = null;
        clock += 1000;
        return opts.fail?.includes(c.call.id) ? null : outcome(c);
      },
    },
  };
}

describe('runCallsInReply (docs/adr/0031)', () => {
  it('runs the calls in the loop’s batches, at the seqs the loop gives them', async () => {
    const r = runner();
    const ran = await runCallsInReply(input, reply('lookup', 'lookup', 'write'), r.runner);
    expect(r.started).toEqual([['call_0', 'call_1'], ['call_2']]);
    expect(ran?.map((o) => [o.toolCallId, o.seq])).toEqual([
      ['call_0', 5],
      ['call_1', 6],
      ['call_2', 7],
    ]);
  });

  it('leaves every call to the loop when it was not allowed, the reply is continued or a summary comes first', async () => {
    const r = runner();
    const { runTools: _omitted, ...withoutTools } = input;
    expect(await runCallsInReply(withoutTools, reply('lookup'), r.runner)).toBeNull();
    expect(await runCallsInReply({ ...input, continuation: true }, reply('lookup'), r.runner)).toBeNull();
    const summaryFirst = { ...reply('lookup'), needsSummary: { level: 1, failures: 0 } };
    expect(await runCallsInReply(input, summaryFirst, r.runner)).toBeNull();
    // A call to a tool the loop did not allow makes the whole reply the loop's.
    expect(await runCallsInReply(input, reply('lookup', 'unknown'), r.runner)).toBeNull();
    expect(r.started).toEqual([]);
  });

  it('keeps what a batch finished when one of its calls failed and leaves the later batches to the loop', async () => {
    const r = runner({ fail: ['call_1'] });
    const ran = await runCallsInReply(input, reply('lookup', 'lookup', 'write'), r.runner);
    expect(r.started).toEqual([['call_0', 'call_1']]);
    expect(ran?.map((o) => o.toolCallId)).toEqual(['call_0']);
  });

  it('starts no batch that might outlast the attempt: its calls and all later ones go back to the loop', async () => {
    // Each call advances the clock by one second; `write` needs 10 + margin seconds, `slow` 100 + margin.
    const deadline = 2 + 10 + TOOL_TIMEOUT_MARGIN_SECONDS + 50;
    const r = runner({ deadlineInSeconds: deadline });
    const ran = await runCallsInReply(input, reply('write', 'write', 'slow', 'write'), r.runner);
    expect(r.started).toEqual([['call_0'], ['call_1']]);
    expect(ran?.map((o) => o.toolCallId)).toEqual(['call_0', 'call_1']);
    // An attempt with no time left for the first batch runs nothing, and says so with an empty list.
    const late = runner({ deadlineInSeconds: 10 + TOOL_TIMEOUT_MARGIN_SECONDS - 1 });
    expect(await runCallsInReply(input, reply('write'), late.runner)).toEqual([]);
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
    await expect(runCallsInReply(input, reply('write', 'write'), r.runner)).rejects.toThrow('cancel requested');
    expect(r.started).toEqual([['call_0']]);
  });
});
