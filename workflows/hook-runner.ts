import {
  approvalHookFor,
  argumentsHash,
  evaluateRules,
  hooksFor,
  traceOrder,
  type HttpHookInput,
  type PlannedHook,
  type RuleVerdict,
} from '../contracts/generation/index.js';
import { hookOptions, runHttpHook } from './activity-proxies.js';
import type { ActCall } from './loop/act-calls.js';
import type { WriteQueue } from './pending-writes.js';

/**
 * Runs the configured hooks at their events. Rule hooks are evaluated here (pure); http hooks are
 * activities with the hook's own timeout. Each entry in the trace gets its sort key from
 * traceOrder, so hooks always show between the call they concern and the next step.
 */
export class HookRunner {
  constructor(
    private readonly generationId: string,
    private readonly hooks: PlannedHook[],
    private readonly writes: WriteQueue,
  ) {}

  private http(event: PlannedHook['event'], toolName?: string): PlannedHook[] {
    return hooksFor(this.hooks, event, toolName).filter((h) => h.type === 'http');
  }

  private run(hook: PlannedHook, input: Omit<HttpHookInput, 'generationId' | 'hookId'>) {
    const call = this.writes.carry({ generationId: this.generationId, hookId: hook.id, ...input });
    return runHttpHook.executeWithOptions(hookOptions(hook.timeoutSeconds), [call]);
  }

  /** OnRunStart: the first http hook that denies stops the run; returns its reason. */
  async onRunStart(): Promise<string | null> {
    for (const [k, hook] of this.http('OnRunStart').entries()) {
      const decision = await this.run(hook, { event: 'OnRunStart', step: 0, traceOrder: traceOrder.runStartHook(k) });
      if (decision.decision === 'deny') return decision.reason ?? `Blocked by hook ${hook.id}`;
    }
    return null;
  }

  /**
   * PreToolUse on one call: rule hooks first, then http hooks in order, which may deny or replace
   * the arguments (the call is updated in place). Returns the denial, if any.
   */
  async preToolUse(step: number, c: ActCall, callIndex: number): Promise<RuleVerdict> {
    const hooks = hooksFor(this.hooks, 'PreToolUse', c.call.name);
    let denial = evaluateRules(hooks, c.call.arguments);
    for (const [k, hook] of hooks.entries()) {
      if (denial.denied) break;
      if (hook.type !== 'http') continue;
      const decision = await this.run(hook, {
        event: 'PreToolUse',
        step,
        traceOrder: traceOrder.preToolUseHook(step, callIndex, k),
        toolCallId: c.call.id,
        toolName: c.call.name,
        arguments: c.call.arguments,
      });
      if (decision.decision === 'deny') {
        denial = { denied: true, hookId: hook.id, reason: decision.reason ?? `Blocked by hook ${hook.id}` };
      } else if (decision.decision === 'modify' && isObject(decision.arguments)) {
        c.call = { ...c.call, arguments: decision.arguments, argumentsHash: argumentsHash(decision.arguments) };
      }
    }
    return denial;
  }

  /** PostToolUse http hooks see, and may replace, the result stored at the call's seq. */
  async postToolUse(step: number, c: ActCall): Promise<void> {
    for (const [k, hook] of hooksFor(this.hooks, 'PostToolUse', c.call.name).entries()) {
      if (hook.type !== 'http') continue;
      await this.run(hook, {
        event: 'PostToolUse',
        step,
        traceOrder: traceOrder.postToolUseHook(step, c.seq, k),
        toolCallId: c.call.id,
        toolName: c.call.name,
        arguments: c.call.arguments,
        resultSeq: c.seq,
      });
    }
  }

  /** OnRunComplete: fire-and-forget; it can neither delay the result (already stored) nor fail it. */
  async onRunComplete(step: number, status: string): Promise<void> {
    for (const [k, hook] of this.http('OnRunComplete').entries()) {
      await this.run(hook, {
        event: 'OnRunComplete',
        step,
        traceOrder: traceOrder.runCompleteHook(step, k),
        status,
      }).catch(() => undefined);
    }
  }

  /** PreResponse hook ids, reviewed with the final text by one activity. */
  preResponseIds(): string[] {
    return hooksFor(this.hooks, 'PreResponse').map((h) => h.id);
  }

  /** The approval hook that matches the call, if any. */
  approvalHookFor(toolName: string): PlannedHook | undefined {
    return approvalHookFor(this.hooks, toolName);
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
