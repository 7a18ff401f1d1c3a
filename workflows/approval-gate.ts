import { uuid4 } from '@temporalio/workflow';
import {
  argumentsHash,
  idPrefix,
  needsApproval,
  type ApprovalOutcome,
  type LoopPlan,
  type ToolResultStatus,
} from '../contracts/generation/index.js';
import { localStore } from './activity-proxies.js';
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
 * ones run, with edited arguments when the approver supplied them. Expiry is a durable timer.
 */
export class ApprovalGate {
  private readonly approvals = new PendingApprovals();

  constructor(
    private readonly state: GenerationState,
    private readonly inbox: AnswerInbox,
    private readonly hooks: HookRunner,
    private readonly plan: Pick<LoopPlan, 'approvalTimeoutSeconds' | 'approveDestructive' | 'hooks'>,
  ) {}

  /** Returns the calls that may run; the others have their result recorded through `record`. */
  async review(calls: ActCall[], record: RecordResult): Promise<ActCall[]> {
    const gated = calls.filter((c) => needsApproval(this.plan, c.call.name, c.planned));
    if (gated.length === 0) return calls;
    const now = workflowNow();
    const requests = gated.map((c) => {
      const timeout =
        this.hooks.approvalHookFor(c.call.name)?.approvalTimeoutSeconds ?? this.plan.approvalTimeoutSeconds;
      return {
        approvalId: `${idPrefix.approval}${uuid4().replace(/-/g, '')}`,
        toolCallId: c.call.id,
        toolName: c.call.name,
        arguments: c.call.arguments,
        argumentsHash: argumentsHash(c.call.arguments),
        expiresAt: new Date(now + timeout * 1000).toISOString(),
      };
    });
    this.approvals.open(requests);
    const { generationId, step } = this.state;
    await runPause(this.state, this.inbox, {
      entry: 'ownWrite',
      action: () => ({
        type: 'approve_tool_calls',
        approvals: this.approvals.pendingList().map(({ argumentsHash: _hash, ...a }) => a),
      }),
      enterWrite: (status) => ({ kind: 'approvalsOpened', write: { generationId, step, approvals: requests, status } }),
      take: (answer) => {
        if (answer.kind === 'approval') this.approvals.take(answer);
      },
      wait: async (progress, pauseVersion) => {
        let expired = false;
        await waitForPause(this.approvals, {
          progress,
          deadlineMs: () => this.approvals.msUntilNextExpiry(workflowNow()),
          onDeadline: async () => {
            const due = this.approvals.due(workflowNow());
            if (due.length === 0) return;
            expired = true;
            // PostgreSQL decides between the deadline and a decision claimed just before it.
            const input = { generationId, pauseVersion, approvalIds: due };
            this.approvals.settle(await localStore.expireApprovals(this.state.writes.carry(input)), workflowNow());
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
        await record(c, 'timeout', { error: 'The tool call was not approved before the approval expired' });
      }
    }
    return proceed;
  }
}
