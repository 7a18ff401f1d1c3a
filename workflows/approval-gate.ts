import { uuid4 } from '@temporalio/workflow';
import {
  argumentsHash,
  idPrefix,
  type ApprovalDecisionInput,
  type ApprovalDecisionResult,
  type ApprovalOutcome,
  type LoopPlan,
  type ToolResultStatus,
} from '../contracts/generation/index.js';
import type { RequiredAction } from '../contracts/schemas/index.js';
import { store } from './activity-proxies.js';
import { workflowNow } from './clock.js';
import type { GenerationState } from './generation-state.js';
import type { HookRunner } from './hook-runner.js';
import type { ClassifiedCall } from './loop/stop-rules.js';
import { PendingApprovals, reject, waitForPause } from './pauses.js';
import { updateRejection } from './definitions.js';

type RecordResult = (c: ClassifiedCall, status: ToolResultStatus, result: unknown) => Promise<void>;

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
    private readonly hooks: HookRunner,
    private readonly plan: Pick<LoopPlan, 'approvalTimeoutSeconds' | 'approveDestructive'>,
  ) {}

  private gated(c: ClassifiedCall): boolean {
    return (
      this.hooks.requiresApproval(c.call.name) !== undefined ||
      c.tool?.requiresApproval === true ||
      (this.plan.approveDestructive === true && c.tool?.destructive === true)
    );
  }

  /** Returns the calls that may run; the others have their result recorded through `record`. */
  async review(calls: ClassifiedCall[], record: RecordResult): Promise<ClassifiedCall[]> {
    const gated = calls.filter((c) => this.gated(c));
    if (gated.length === 0) return calls;
    const now = workflowNow();
    const requests = gated.map((c) => {
      const timeout =
        this.hooks.requiresApproval(c.call.name)?.approvalTimeoutSeconds ?? this.plan.approvalTimeoutSeconds;
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
    await this.state.pause(
      (writer) =>
        writer.openApprovals({
          generationId,
          step,
          approvals: requests,
          status: this.state.statusWrite('requires_action', this.action()),
        }),
      () =>
        waitForPause(this.approvals, {
          deadlineMs: () => this.approvals.msUntilNextExpiry(workflowNow()),
          onWake: () => this.approvals.expireDue(workflowNow()),
          progress: () => store.writeStatus(this.state.statusWrite('requires_action', this.action())),
        }),
      (writer) =>
        writer.closeApprovals({
          generationId,
          step,
          outcomes: this.approvals.results(),
          status: this.state.statusWrite('running', null),
        }),
    );

    const byCall = new Map<string, ApprovalOutcome>(this.approvals.results().map((o) => [o.toolCallId, o]));
    const proceed: ClassifiedCall[] = [];
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

  validate(input: ApprovalDecisionInput): void {
    this.approvals.validate(input, workflowNow());
    // Edited arguments are a new call: the PreToolUse rules that would block it from the model block it here.
    if (input.approved && input.arguments !== undefined) {
      const verdict = this.hooks.rulesVerdict(input.toolName, input.arguments);
      if (verdict.denied)
        reject(
          updateRejection.invalid,
          `The edited arguments are blocked by rule hook ${verdict.hookId}: ${verdict.reason ?? 'denied'}`,
        );
    }
  }

  accept(input: ApprovalDecisionInput): ApprovalDecisionResult {
    this.approvals.accept(input, workflowNow());
    this.state.answered(input);
    return { pending: this.approvals.pendingList(), stateVersion: this.state.stateVersion };
  }

  private action(): RequiredAction {
    return {
      type: 'approve_tool_calls',
      approvals: this.approvals.pendingList().map(({ argumentsHash: _hash, ...a }) => a),
    };
  }
}
