import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  argumentsHash,
  callHandling,
  decideReply,
  fingerprint,
  hooksFor,
  isDoomLoop,
  matchStopCondition,
  needsApproval,
  stepContext,
  stopToolsOf,
  workInModelCall,
  type LoopPlan,
  type ModelToolCall,
  type PlannedHook,
  type PlannedTool,
} from '../../contracts/generation/index.js';

/**
 * What the model call does on its own after a reply (`workInModelCall`) must be exactly what the
 * loop would do with it. The loop's act phase applies PreToolUse hooks (`hooksFor`), approvals
 * (`needsApproval`), runs server calls, pauses for client calls and then PostToolUse hooks; its
 * stop rules end the run first. Over generated plans, steps and replies, a call the model call
 * runs or pauses for must be one none of those gates concerns, and an end the model call writes
 * must be one the loop ends the same way, with no review between.
 */
const names = ['search', 'write', 'ask', 'lookup', 'done', 'agent_clarify', 'mcp_docs', 'other'];

const toolArb: fc.Arbitrary<PlannedTool> = fc
  .record({
    name: fc.constantFrom(...names.slice(0, 7)),
    type: fc.constantFrom('http', 'client', 'builtin', 'mcp', 'agent', 'platform'),
    readOnly: fc.boolean(),
    hasExecutor: fc.boolean(),
    requiresApproval: fc.boolean(),
    destructive: fc.boolean(),
  })
  .map((t) => ({ id: `agt_tool_${t.name}`, timeoutSeconds: 30, ...t }) as PlannedTool);

const hookArb: fc.Arbitrary<PlannedHook> = fc.record({
  id: fc.constantFrom('h1', 'h2', 'h3'),
  event: fc.constantFrom('PreToolUse', 'PostToolUse', 'OnRunStart', 'PreResponse'),
  type: fc.constantFrom('http', 'rule', 'approval'),
  matcher: fc.option(fc.constantFrom(...names), { nil: null }),
});

const planArb: fc.Arbitrary<LoopPlan> = fc
  .record({
    tools: fc.uniqueArray(toolArb, { selector: (t) => t.name, maxLength: 6 }),
    hooks: fc.array(hookArb, { maxLength: 3 }),
    stop: fc.subarray(names, { maxLength: 2 }),
    approveDestructive: fc.boolean(),
    reviewFinalText: fc.boolean(),
    maxSteps: fc.integer({ min: 1, max: 4 }),
  })
  .map(({ stop, ...p }) => ({
    ...p,
    stopConditions: stop.map((toolName) => ({ type: 'hasToolCall' as const, toolName })),
    toolChoice: 'auto' as const,
    activeToolIds: null,
    stepRules: [],
    modelRetry: { maximumAttempts: 1, startToCloseSeconds: 60 },
    approvalTimeoutSeconds: 300,
    requireToolUse: false,
  }));

const callArb: fc.Arbitrary<ModelToolCall> = fc
  .record({ id: fc.constantFrom('c1', 'c2', 'c3'), name: fc.constantFrom(...names), q: fc.integer({ min: 0, max: 1 }) })
  .map(({ id, name, q }) => ({ id, name, arguments: { q }, argumentsHash: argumentsHash({ q }) }));

const caseArb = fc.record({
  plan: planArb,
  step: fc.integer({ min: 1, max: 4 }),
  toolChoice: fc.constantFrom('auto', 'required', 'none'),
  calls: fc.array(callArb, { maxLength: 3 }),
  recent: fc.array(callArb, { maxLength: 2 }),
  finishReason: fc.constantFrom('stop', 'length', 'tool_calls'),
  part: fc.integer({ min: 0, max: 3 }),
});

describe('decideReply: the model call acts only where the loop would decide the same', () => {
  it('holds over generated plans, steps and replies', () => {
    fc.assert(
      fc.property(caseArb, ({ plan, step, toolChoice, calls, recent, finishReason, part }) => {
        const ctx = stepContext(plan, { step, offered: plan.tools, toolChoice, recentCalls: recent.map(fingerprint) });
        const decision = decideReply({ toolCalls: calls, finishReason, seq: 10, part }, ctx);
        const work = workInModelCall(decision);
        const tool = (name: string) => plan.tools.find((t) => t.name === name);
        const stops = stopToolsOf(plan.stopConditions);
        const noStopRule = () => {
          expect(matchStopCondition(calls, stops)).toBeUndefined();
          expect(isDoomLoop([...recent, ...calls].map(fingerprint))).toBe(false);
          expect(new Set(calls.map((c) => c.id)).size).toBe(calls.length);
        };
        if (work === 'runTools' || work === 'pause') {
          expect(calls.length).toBeGreaterThan(0);
          noStopRule();
          for (const c of calls) {
            const t = tool(c.name);
            expect(t).toBeDefined();
            expect(callHandling(t!)).toBe(work === 'runTools' ? 'server' : 'client');
            // The act phase's gates: none applies.
            expect(hooksFor(plan.hooks, 'PreToolUse', c.name)).toEqual([]);
            expect(needsApproval(plan, c.name, t)).toBe(false);
            if (work === 'runTools') {
              expect(t!.type).toBe('http');
              expect(hooksFor(plan.hooks, 'PostToolUse', c.name)).toEqual([]);
            }
          }
          // Results are numbered after the reply, in its order.
          expect(decision.kind !== 'finish' && 'calls' in decision && decision.calls.map((c) => c.seq)).toEqual(
            calls.map((_, i) => 11 + i),
          );
        }
        if (work === 'finish') {
          if (decision.kind !== 'finish') throw new Error('finish work without a finish decision');
          expect(decision.reviewText).toBe(false);
          const reason = decision.outcome.stopReason;
          if (reason === 'final_answer' || reason === 'max_steps') {
            expect(calls).toEqual([]);
            expect(plan.reviewFinalText).toBe(false);
            expect(toolChoice === 'required' && step < plan.maxSteps).toBe(false);
          } else if (reason === 'stop_condition') {
            expect(matchStopCondition(calls, stops)?.arguments).toEqual(decision.outcome.output);
          } else if (reason === 'doom_loop') {
            expect(isDoomLoop([...recent, ...calls].map(fingerprint))).toBe(true);
          } else {
            expect(reason).toBe('done_tool');
            expect(calls.some((c) => tool(c.name) && callHandling(tool(c.name)!) === 'ends_run')).toBe(true);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('generates every kind of decision and work (the property above is not vacuous)', () => {
    const kinds = new Set<string>();
    for (const { plan, step, toolChoice, calls, recent, finishReason, part } of fc.sample(caseArb, {
      numRuns: 2000,
      seed: 7,
    })) {
      const ctx = stepContext(plan, { step, offered: plan.tools, toolChoice, recentCalls: recent.map(fingerprint) });
      const decision = decideReply({ toolCalls: calls, finishReason, seq: 10, part }, ctx);
      kinds.add(decision.kind === 'finish' ? `finish:${decision.outcome.stopReason}` : decision.kind);
      kinds.add(`work:${workInModelCall(decision)}`);
    }
    expect([...kinds].sort()).toEqual(
      [
        'continue',
        'finish:doom_loop',
        'finish:done_tool',
        'finish:final_answer',
        'finish:max_steps',
        'finish:stop_condition',
        'loopDecides',
        'nextStep',
        'pause',
        'runTools',
        'work:finish',
        'work:null',
        'work:pause',
        'work:runTools',
      ].sort(),
    );
  });
});
