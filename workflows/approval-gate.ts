import { uuid4 } from '@temporalio/workflow';
import {
  approvalDeadlineOf,
  argumentsHash,
  idPrefix,
  needsApproval,
  type ApprovalExpiry,
  type ApprovalOutcome,
  type LoopPlan,
  type ToolResultStatus,
} from '../contracts/generation/index.js';
import { localStore } from './activity-proxies.js';
import { ApprovalDeadlines } from './approval-deadlines.js';
import { workflowNow } from './clock.js';
import type { GenerationState } from './generation-state.js';
import type { HookRunner } from './hook-runner.js';
import type { ActCall } from './loop/act-calls.js';
import { runPause, type AnswerInbox } from './pause-lifecycle.js';
import { PendingApprovals, waitForPause } from './pauses.js';

type RecordResult = (c: ActCall, status: ToolResultStatus, result: unknown) => Promise<void>;

/**
 * Human approval of tool calls. Calls matched by an approval hook (or destructive MCP tools when
 * the agent asks for it) wait for a decision; every call of the step waits with them, so the model
 * gets all results of the step together. Denied and expired calls get a result saying so; approved
 * ones run, with edited arguments when the approver supplied them. Expiry is a durable timer; what
 * it decides, escalation and reminders follow the hook's deadline fields (./approval-deadlines.ts).
 */
export class ApprovalGate {
  private readonly approvals = new PendingApprovals();
  private readonly deadlines = new ApprovalDeadlines(this.approvals);

  constructor(
    private readonly state: GenerationState,
    private readonly inbox: AnswerInbox,
    private readonly hooks: HookRunner,
    private readonly plan: Pick<LoopPlan, 'approvalTimeoutSeconds' | 'approveDestructive' | 'hooks' | 'fork'>,
  ) {}

  /** Returns the calls that may run; the others have their result recorded through `record`. */
  async review(calls: ActCall[], record: RecordResult): Promise<ActCall[]> {
    const gated = calls.filter((c) => needsApproval(this.plan, c.call.name, c.planned));
    if (gated.length === 0) return calls;
    const now = workflowNow();
    const requests = gated.map((c) => {
      const hook = this.hooks.approvalHookFor(c.call.name);
      const timeout = hook?.approvalTimeoutSeconds ?? this.plan.approvalTimeoutSeconds;
      return {
        // The fork rule's approvals never approve at a deadline (contracts/generation/hooks.ts).
        deadline: approvalDeadlineOf(this.plan, hook, c.planned),
        approvalId: `${idPrefix.approval}${uuid4().replace(/-/g, '')}`,
        toolCallId: c.call.id,
        toolName: c.call.name,
        arguments: c.call.arguments,
        argumentsHash: argumentsHash(c.call.arguments),
        expiresAt: new Date(now + timeout * 1000).toISOString(),
      };
    });
    this.deadlines.open(requests.map((r) => [r.approvalId, r.deadline]));
    this.approvals.open(requests.map(({ deadline: _plan, ...r }) => r));
    const { generationId, step } = this.state;
    await runPause(this.state, this.inbox, {
      entry: 'ownWrite',
      action: () => ({
        type: 'approve_tool_calls',
        approvals: this.approvals.pendingList().map(({ argumentsHash: _hash, ...a }) => a),
      }),
      enterWrite: (status) => ({
        kind: 'approvalsOpened',
        write: { generationId, step, approvals: requests.map(({ deadline: _plan, ...r }) => r), status },
      }),
      take: (answer) => {
        if (answer.kind === 'approval') this.approvals.take(answer);
      },
      wait: async (progress, pauseVersion) => {
        let expired = false;
        await waitForPause(this.approvals, {
          progress,
          deadlineMs: () => {
            const now = workflowNow();
            const expiry = this.approvals.msUntilNextExpiry(now);
            return Math.min(expiry, this.deadlines.msUntilNextReminder(now) ?? expiry);
          },
          onDeadline: async () => {
            if (this.deadlines.takeDueReminders(workflowNow())) await this.state.notifyWebhooks('approval.reminder');
            const due = this.approvals.due(workflowNow());
            if (due.length === 0) return;
            const escalating = this.deadlines.escalating(due);
            if (escalating.length > 0) await this.escalate(escalating, pauseVersion);
            const ending = due.filter((id) => !escalating.includes(id));
            if (ending.length === 0) return;
            expired = true;
            // PostgreSQL decides between the deadline and a decision claimed just before it.
            const deadlines = this.deadlines.outcomes(ending);
            const input = {
              generationId,
              pauseVersion,
              approvalIds: ending,
              ...(deadlines.length > 0 ? { deadlines } : {}),
            };
            const expiries = await localStore.expireApprovals(this.state.writes.carry(input));
            this.approvals.settle(expiries, workflowNow(), deadlines);
          },
        });
        return expired ? 'expired' : 'answered';
      },
      leaveWrite: (status) => ({
        kind: 'approvalsClosed',
        write: { generationId, step, outcomes: this.approvals.results(), status },
      }),
      showRunningAfterModelCall: false,
    });

    const byCall = new Map<string, ApprovalOutcome>(this.approvals.results().map((o) => [o.toolCallId, o]));
    const proceed: ActCall[] = [];
    for (const c of calls) {
      const outcome = byCall.get(c.call.id);
      if (!outcome) {
        proceed.push(c);
      } else if (outcome.status === 'approved') {
        const edited = outcome.editedArguments;
        if (edited) c.call = { ...c.call, arguments: edited, argumentsHash: argumentsHash(edited) };
        proceed.push(c);
      } else if (outcome.status === 'denied') {
        await record(c, 'denied', { error: 'A human reviewer denied this tool call', reason: outcome.reason });
      } else {
        await record(c, 'timeout', {
          error: 'The tool call was not approved before the approval expired',
          ...(this.deadlines.explainsExpiry(outcome.approvalId) ? { reason: outcome.reason } : {}),
        });
      }
    }
    return proceed;
  }

  /** The first deadline of escalating approvals: claimed in PostgreSQL against a first-group decision. */
  private async escalate(ids: string[], pauseVersion: number): Promise<void> {
    const approvals = this.deadlines.escalation(ids, workflowNow());
    const input = { generationId: this.state.generationId, step: this.state.step, pauseVersion, approvals };
    for (const r of await localStore.escalateApprovals(this.state.writes.carry(input))) {
      if (r.decision === 'escalated')
        this.approvals.escalate(r.approvalId, approvals.find((a) => a.approvalId === r.approvalId)!.expiresAt);
      else this.approvals.settle([r as ApprovalExpiry], workflowNow());
    }
  }
}
