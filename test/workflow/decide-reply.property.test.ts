import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideReply, workInModelCall, type PlannedHook } from '../../contracts/generation/index.js';
import type { StopCondition } from '../../contracts/schemas/index.js';
import { makePlan, say, startHarness, tool, type Harness, type ScriptedReply, type ScriptedRun } from './harness.js';

/**
 * The real loop against the model call's own work: over generated plans and first replies, what
 * the model call does on its own (`workInModelCall`: the end, a client-tool pause, the unattended
 * calls) is what the loop then takes as done, and the loop does nothing for those calls a hook,
 * an approval or a second write would do. The stub reports the calls it "ran" exactly when the
 * decision gives the call that work, as the real activity does (test/integration covers that side).
 */
const tools = [
  tool('lookup', { readOnly: true }),
  tool('write'),
  tool('ask', { type: 'client', hasExecutor: false }),
  tool('finish', { hasExecutor: false }),
  tool('agent_clarify', { type: 'builtin', alwaysOffered: true }),
];
const hookChoices: PlannedHook[] = [
  {
    id: 'rule_write',
    event: 'PreToolUse',
    type: 'rule',
    matcher: 'write',
    rule: { conditions: [{ path: 'v', operator: 'IN', value: [1] }], decision: 'deny' },
  },
  { id: 'after_lookup', event: 'PostToolUse', type: 'http', matcher: 'lookup', timeoutSeconds: 5 },
  { id: 'approve_write', event: 'PreToolUse', type: 'approval', matcher: 'write' },
];
const callArb = fc.record({
  // Server calls come up most: what may run inside the model call is what matters here.
  name: fc.constantFrom('lookup', 'lookup', 'write', 'write', 'ask', 'finish', 'agent_clarify', 'nope'),
  arg: fc.integer({ min: 0, max: 1 }),
});
const caseArb = fc.record({
  hooks: fc.subarray(hookChoices),
  stops: fc.subarray(['write', 'ask']),
  reviewFinalText: fc.boolean(),
  calls: fc.array(callArb, { maxLength: 3 }),
  finishReason: fc.constantFrom('stop' as const, 'tool_calls' as const, 'length' as const),
});

/**
 * Answers whatever the run pauses for until it ends (approves every approval). It polls the
 * run's state query rather than waiting on its result: on the time-skipping server a waited
 * result lets the server skip time, and a paused run would meet its deadlines.
 */
async function answerUntilDone(run: ScriptedRun): Promise<void> {
  const answered = new Set<number>();
  for (let i = 0; i < 200; i++) {
    const state = await run.state();
    if (state.outcome) return void (await run.handle.result());
    if (state.phase === 'requires_action' && !answered.has(state.stateVersion)) {
      answered.add(state.stateVersion);
      // All pending calls in one answer: a pause is named by its first version, which a partial
      // answer's progress write leaves behind (the state query shows the latest one).
      if (state.pendingToolCalls.length > 0)
        await run.answer({
          kind: 'toolOutputs',
          toolOutputs: state.pendingToolCalls.map((c) => ({ toolCallId: c.toolCallId, output: 'ok' })),
        });
      for (const opened of run.writesOf('approvalsOpened'))
        for (const a of opened.approvals) {
          const { approvalId, toolName, argumentsHash } = a;
          const pauseVersion = opened.status.stateVersion;
          const decidedAt = new Date().toISOString();
          await run.answer({
            kind: 'approval',
            approvalId,
            toolName,
            argumentsHash,
            approved: true,
            decidedAt,
            pauseVersion,
          });
        }
      for (const w of run.writesOf('status'))
        if (w.requiredAction?.type === 'answer_clarification' && w.pauseVersion !== undefined) {
          const { toolCallId } = w.requiredAction.clarification;
          await run.answer({ kind: 'clarification', toolCallId, answer: 'yes', pauseVersion: w.pauseVersion });
        }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`run ${run.generationId} did not end`);
}

describe('the loop takes the model call’s own work as done, and does nothing more for it', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('holds over generated plans and first replies', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ hooks, stops, reviewFinalText, calls, finishReason }) => {
        const stopConditions: StopCondition[] = stops.map((toolName) => ({ type: 'hasToolCall', toolName }));
        const plan = makePlan({ tools, hooks, stopConditions, reviewFinalText, maxSteps: 3 });
        const toolCalls = calls.map((c, i) => ({ id: `c${i}`, name: c.name, arguments: { v: c.arg } }));
        const first: ScriptedReply = {
          toolCalls,
          finishReason: toolCalls.length ? finishReason : finishReason === 'tool_calls' ? 'stop' : finishReason,
        };
        let decided: ReturnType<typeof decideReply> | null = null;
        seen.add('case');
        let asked = 0;
        // The workflow may call the model before start() has returned the run: wait for it.
        let started!: () => void;
        const ready = new Promise<void>((resolve) => (started = resolve));
        const run: Awaited<ReturnType<typeof h.start>> = await h.start(plan, [first, say(), say(), say(), say()], {
          callModel: async (input) => {
            await ready;
            const reply = run.nextReply(input);
            if (asked++ === 0) {
              decided = decideReply({ ...reply, part: input.part }, input.context);
              // As the real activity: the unattended calls of a `runTools` decision are run by the call.
              if (decided.kind === 'runTools')
                return {
                  ...reply,
                  toolOutcomes: decided.calls.map((c) => ({
                    toolCallId: c.call.id,
                    toolName: c.call.name,
                    status: 'success' as const,
                    replayed: false,
                    durationMs: 1,
                  })),
                };
            }
            return reply;
          },
        });
        started();
        await answerUntilDone(run);
        const end = await run.end();
        const decision = decided!;
        const work = workInModelCall(decision);
        seen.add(String(work));
        const step1 = run.calls.filter((c) => (c.input as { step?: number }).step === 1 && c.name !== 'callModel');
        if (work === 'finish') {
          // Ended by the first call: no review, no final write of the loop's own, the decision's outcome.
          expect(run.callsOf('callModel')).toHaveLength(1);
          expect(run.callsOf('reviewFinalText')).toEqual([]);
          expect(end.finalWrite).toBeNull();
          if (decision.kind === 'finish')
            expect(end).toMatchObject({ status: decision.outcome.status, stopReason: decision.outcome.stopReason });
        }
        if (work === 'runTools' || work === 'pause') {
          // Nothing the loop does for attended calls happened to these: no hook, no approval, no second run.
          const forThem = ['runHttpHook', 'executeTool', 'expireApprovals', 'recordToolResult'];
          expect(step1.filter((c) => forThem.includes(c.name))).toEqual([]);
          expect(run.writesOf('approvalsOpened').filter((w) => w.step === 1)).toEqual([]);
        }
        if (work === 'pause') {
          // The call opened the pause: the loop made no write of its own to enter it.
          const entered = run
            .writesOf('status')
            .filter((w) => w.status === 'requires_action' && w.iterationCount === 1);
          expect(entered).toEqual([]);
          expect(run.writesOf('pauseResults')[0]!.outputs.map((o) => o.toolCallId)).toEqual(toolCalls.map((c) => c.id));
        }
      }),
      { numRuns: 100, seed: 42 },
    );
    // Every kind of work the model call can do came up (the property is not vacuous).
    expect([...seen].sort()).toEqual(['case', 'finish', 'null', 'pause', 'runTools']);
  }, 600_000);
});
