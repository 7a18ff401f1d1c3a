import { userRegexTest } from '../user-regex.js';
import type { ApprovalDeadlinePlan, LoopPlan, PlannedHook, PlannedTool, RuleCondition } from './plan.js';

export type HookEventName = PlannedHook['event'];

/** Hooks of an event that apply to a tool (no matcher = every tool), in configuration order. */
export function hooksFor(hooks: PlannedHook[], event: HookEventName, toolName?: string): PlannedHook[] {
  return hooks.filter((h) => h.event === event && (h.matcher === null || h.matcher === toolName));
}

/** Reads `a.b.c` from a JSON value; undefined when any part is missing. */
export function valueAtPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function asText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

export function conditionHolds(condition: RuleCondition, args: unknown): boolean {
  const actual = valueAtPath(args, condition.path);
  switch (condition.operator) {
    case 'CONTAINS': {
      if (Array.isArray(actual))
        return actual.some((item) => item === condition.value || asText(item) === asText(condition.value));
      const text = asText(actual);
      const needle = asText(condition.value);
      return text !== undefined && needle !== undefined && text.includes(needle);
    }
    case 'STARTS_WITH': {
      const text = asText(actual);
      const prefix = asText(condition.value);
      return text !== undefined && prefix !== undefined && text.startsWith(prefix);
    }
    case 'MATCHES': {
      const text = asText(actual);
      if (text === undefined || typeof condition.value !== 'string') return false;
      // RE2: runs in the workflow sandbox, where a backtracking regex would stall every tenant's activations.
      return userRegexTest(condition.value, text);
    }
    case 'IN': {
      const options = Array.isArray(condition.value) ? condition.value : [condition.value];
      return options.some((o) => o === actual || (asText(actual) !== undefined && asText(o) === asText(actual)));
    }
  }
}

export interface RuleVerdict {
  denied: boolean;
  hookId?: string;
  reason?: string;
}

/**
 * Rule hooks: a rule matches when all its conditions hold; the first matching `deny` rule wins.
 * `allow` rules document intent and never override a deny.
 */
export function evaluateRules(rules: PlannedHook[], args: unknown): RuleVerdict {
  for (const hook of rules) {
    if (hook.type !== 'rule' || !hook.rule || hook.rule.decision !== 'deny') continue;
    if (hook.rule.conditions.every((c) => conditionHolds(c, args))) {
      return { denied: true, hookId: hook.id, reason: hook.rule.reason ?? `Blocked by rule hook ${hook.id}` };
    }
  }
  return { denied: false };
}

/** True when the user prompt matches one of the agent's `requireToolFor` patterns. */
export function promptRequiresTool(prompt: string, patterns: string[]): boolean {
  // RE2: evaluated on the API thread on prompts of up to 200k characters.
  return patterns.some((p) => userRegexTest(p, prompt, { ignoreCase: true }));
}

/** The approval hook that holds calls of `toolName` for a human decision, if any. */
export function approvalHookFor(hooks: PlannedHook[], toolName: string): PlannedHook | undefined {
  return hooksFor(hooks, 'PreToolUse', toolName).find((h) => h.type === 'approval');
}

/**
 * Whether a call of `tool` waits for a human approval: an approval hook matches it, the tool asks
 * for one on every call, it is destructive and the agent approves destructive tools, or it is
 * at-most-once and the run is a fork — a fork's live steps may repeat what the origin already did,
 * and an at-most-once effect is never repeated without a human saying so (docs/fork.md).
 */
export function needsApproval(
  plan: { hooks: PlannedHook[]; approveDestructive?: boolean | undefined; fork?: LoopPlan['fork'] },
  toolName: string,
  tool: Pick<PlannedTool, 'requiresApproval' | 'destructive' | 'atMostOnce'> | undefined,
): boolean {
  return (
    approvalHookFor(plan.hooks, toolName) !== undefined ||
    tool?.requiresApproval === true ||
    (plan.approveDestructive === true && tool?.destructive === true) ||
    (plan.fork !== undefined && tool?.atMostOnce === true)
  );
}

/** Why a fork's at-most-once call that nobody decided is denied rather than approved at its deadline. */
export const FORK_EXPIRY_REASON =
  'A fork repeats what its origin may already have done: an at-most-once call runs only when a human approves it';

/**
 * The deadline policy an approval of `tool` keeps: its hook's, except where the fork rule asks for
 * the approval (an at-most-once tool in a fork, see `needsApproval`). Such an approval exists so a
 * human decides, so no deadline of it approves: `approve` becomes `deny`, at either stage.
 */
export function approvalDeadlineOf(
  plan: { fork?: LoopPlan['fork'] },
  hook: Pick<PlannedHook, 'approvalDeadline'> | undefined,
  tool: Pick<PlannedTool, 'atMostOnce'> | undefined,
): ApprovalDeadlinePlan | undefined {
  const deadline = hook?.approvalDeadline;
  if (!deadline || plan.fork === undefined || tool?.atMostOnce !== true) return deadline;
  const denyInstead = <T extends { onExpiry: string; expiryReason?: string }>(stage: T): T =>
    stage.onExpiry === 'approve'
      ? { ...stage, onExpiry: 'deny', expiryReason: stage.expiryReason ?? FORK_EXPIRY_REASON }
      : stage;
  return {
    ...denyInstead(deadline),
    ...(deadline.escalation ? { escalation: denyInstead(deadline.escalation) } : {}),
  };
}
