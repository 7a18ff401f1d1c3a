import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { ApiError, unprocessable } from '../../contracts/errors.js';
import {
  canonicalJson,
  type AnswerDelivery,
  type ClaimedToolOutputsInput,
  type SubmitToolOutputsInput,
} from '../../contracts/generation/index.js';
import type { ApprovalDecisionRequest, GenerationView, ToolOutputsRequest } from '../../contracts/schemas/index.js';
import type { Generation } from '../../generated/prisma/client.js';
import { readSnapshot } from '../../infra/db/json-columns.js';
import type { Db } from '../../infra/db/prisma.js';
import { approvalDecisionSeconds } from '../../infra/observability/metrics.js';
import {
  answerClarificationUpdate,
  decideApprovalUpdate,
  submitToolOutputsUpdate,
} from '../../workflows/definitions.js';
import { found, type AuthInfo } from '../http.js';
import { checkApprover } from '../services/approvers.js';
import { toolArgumentProblems, toolParameters } from '../services/tool-arguments.js';
import type { ChangeFeed } from '../../infra/events/change-feed.js';
import {
  findGeneration,
  mapUpdateError,
  seenPause,
  sendAnswerWatching,
  updateRejected,
  type AnswerOutcome,
} from './resume.js';
import { searchAttributeKeys } from '../../workflows/search-attributes.js';
import { claimForUpdate, claimSignalledAnswer, signalClaimedAnswer } from './answer-claims.js';

/**
 * The answers a person (or an MCP client, or an agent's platform tool) gives a paused generation:
 * an approval decision, client tool outputs, a clarification. One code path for the REST routes,
 * `/mcp` and the platform actions: the same checks, the same workflow update, the same errors.
 * The caller has already been allowed the REST endpoint's policy action on its resource.
 */
export interface AnswerDeps {
  db: Db;
  /** Where a claimed answer whose signal failed is reported (the reconciler sends it again). */
  logger?: { warn: (obj: object, msg: string) => void };
  /** Watches a generation answered by a waiting caller (docs/adr/0026); without it, only the update's reply counts. */
  feed?: ChangeFeed;
  temporal: Client;
}

/** What a resuming update returned: the workflow's state version and the calls still pending. */
export interface Resumed {
  generation: Generation;
  update: AnswerOutcome;
}

/**
 * Whether the workflow still waits for an answer of this type, as its search attributes say. Asked
 * when PostgreSQL already shows the pause answered (`running`, an approval decided): the write that
 * leaves a pause may be a local activity whose update was lost with the worker and the server
 * (docs/adr/0021), and then a client's retry must reach the workflow. Describe is answered by the
 * server alone: a workflow task held by a long local activity does not delay it, as an update would.
 */
async function stillWaits(deps: AnswerDeps, generationId: string, type: string): Promise<boolean> {
  try {
    const { typedSearchAttributes } = await deps.temporal.workflow.getHandle(generationId).describe();
    return (
      typedSearchAttributes.get(searchAttributeKeys.generationStatus) === 'requires_action' &&
      typedSearchAttributes.get(searchAttributeKeys.requiredAction) === type
    );
  } catch {
    return false;
  }
}

export type ApprovalDecision = Pick<ApprovalDecisionRequest, 'approved' | 'reason' | 'arguments'>;

/** POST /v1/generations/{generationId}/approvals/{approvalId}: approver checks, edited-argument schema (RE2 patterns), update. */
export async function decideApproval(
  deps: AnswerDeps,
  auth: AuthInfo,
  action: string,
  generationId: string,
  approvalId: string,
  body: ApprovalDecision,
  delivery: AnswerDelivery = {},
): Promise<Resumed> {
  const g = await findGeneration(deps, auth, action, generationId);
  const approval = found(
    await deps.db.approval.findFirst({ where: { id: approvalId, generationId: g.id, projectId: auth.projectId } }),
    'Approval',
  );
  checkApprover(g, approval.toolName, auth);
  const decided = () => new ApiError(409, 'conflict', `Approval ${approval.id} is already ${approval.status}`);
  if (
    approval.status !== 'pending' &&
    !(g.status === 'running' && (await stillWaits(deps, g.id, 'approve_tool_calls')))
  )
    throw decided();
  if (body.arguments !== undefined) {
    const problems = toolArgumentProblems(toolParameters(g, approval.toolName), body.arguments);
    if (problems.length)
      throw new ApiError(
        422,
        'unprocessable',
        `The edited arguments do not match the parameters of ${approval.toolName}: ${problems[0]!.path} ${problems[0]!.message}`,
        problems,
      );
  }
  // A pending approval belongs to the pause its opening write stores; a reader of the event stream
  // can see the approval before that write moves the row to requires_action (the next version).
  const seen =
    approval.status !== 'pending'
      ? {}
      : g.status === 'requires_action'
        ? seenPause(g)
        : { seenStateVersion: g.stateVersion + 1 };
  const update = await sendAnswerWatching(deps, g, delivery, (updateId) =>
    deps.temporal.workflow.getHandle(g.id).executeUpdate(decideApprovalUpdate, {
      updateId,
      args: [
        {
          approvalId: approval.id,
          approved: body.approved,
          ...(body.reason !== undefined ? { reason: body.reason } : {}),
          ...(body.arguments !== undefined ? { arguments: body.arguments } : {}),
          decidedBy: auth.keyId,
          toolName: approval.toolName,
          argumentsHash: approval.argumentsHash,
          ...seen,
          ...delivery,
        },
      ],
    }),
  ).catch((err: unknown) => {
    if (approval.status !== 'pending' && updateRejected(err)) throw decided();
    return mapUpdateError(err);
  });
  approvalDecisionSeconds.observe((Date.now() - approval.createdAt.getTime()) / 1000);
  return { generation: g, update };
}

/** POST /v1/generations/{generationId}/clarification. */
export async function answerClarification(
  deps: AnswerDeps,
  auth: AuthInfo,
  action: string,
  generationId: string,
  answer: { answer: string; toolCallId?: string | undefined },
  delivery: AnswerDelivery = {},
): Promise<Resumed> {
  const g = await findGeneration(deps, auth, action, generationId);
  const required = g.requiredAction as { type?: string } | null;
  const waiting =
    (g.status === 'requires_action' && required?.type === 'answer_clarification') ||
    (g.status === 'running' && (await stillWaits(deps, g.id, 'answer_clarification')));
  if (!waiting) {
    throw new ApiError(409, 'generation_not_waiting', 'The generation is not waiting for a clarification');
  }
  const update = await sendAnswerWatching(deps, g, delivery, (updateId) =>
    deps.temporal.workflow.getHandle(g.id).executeUpdate(answerClarificationUpdate, {
      updateId,
      args: [
        {
          answer: answer.answer,
          answeredBy: auth.keyId,
          ...(answer.toolCallId !== undefined ? { toolCallId: answer.toolCallId } : {}),
          ...seenPause(g),
          ...delivery,
        },
      ],
    }),
  ).catch(mapUpdateError);
  return { generation: g, update };
}

export type ToolOutputsSubmission = Pick<
  ToolOutputsRequest,
  'toolOutputs' | 'toolChoice' | 'activeToolIds' | 'stepRules' | 'defaults'
>;

/**
 * POST /v1/agents/{agentId}/generate/{generationId}/tool-outputs. `resumeAfter` is the generation's
 * event sequence before the update: the events after it belong to the resumed run (stream: true).
 */
export async function submitToolOutputs(
  deps: AnswerDeps,
  auth: AuthInfo,
  action: string,
  agentId: string,
  generationId: string,
  body: ToolOutputsSubmission,
  delivery: AnswerDelivery = {},
): Promise<Resumed & { resumeAfter: number }> {
  const generation = await findGeneration(deps, auth, action, generationId, agentId);
  const waiting =
    generation.status === 'requires_action' ||
    (generation.status === 'running' && (await stillWaits(deps, generation.id, 'submit_tool_outputs')));
  if (!waiting) {
    throw new ApiError(
      409,
      'generation_not_waiting',
      `The generation is ${generation.status}, not waiting for tool outputs`,
    );
  }
  const snapshot = readSnapshot(generation.snapshot);
  const attached = new Set(snapshot.tools.map((t) => t.id));
  const check = (ids: string[] | undefined, path: string) => {
    const bad = (ids ?? []).filter((id) => !attached.has(id));
    if (bad.length)
      throw unprocessable(`${path} must be a subset of the generation's tools; unknown: ${bad.join(', ')}`, { path });
  };
  check(body.activeToolIds, 'body.activeToolIds');
  check(body.defaults?.activeToolIds, 'body.defaults.activeToolIds');
  for (const [i, rule] of (body.stepRules ?? []).entries())
    check(rule.activeToolIds, `body.stepRules.${i}.activeToolIds`);

  // Stable while the generation waits: nothing writes events to a paused generation.
  const resumeAfter = generation.eventSeq;
  const signalled = await answerBySignal(deps, generation, body, delivery);
  if (signalled) return { generation, update: signalled, resumeAfter };
  const held = await claimForUpdate(deps.db, generation.id);
  if (held?.kind === 'signal')
    return { generation, update: await repeatedAnswer(deps, generation, body, held.signal), resumeAfter };
  const update = await sendAnswerWatching(deps, generation, delivery, (updateId) =>
    deps.temporal.workflow.getHandle(generation.id).executeUpdate(submitToolOutputsUpdate, {
      updateId,
      args: [
        {
          toolOutputs: body.toolOutputs,
          ...answerControls(body),
          ...seenPause(generation),
          ...delivery,
        },
      ],
    }),
  ).catch(mapUpdateError);
  return { generation, update, resumeAfter };
}

/** The tool controls an answer carries for the next steps, as the workflow takes them. */
function answerControls(body: ToolOutputsSubmission): Omit<SubmitToolOutputsInput, 'toolOutputs'> {
  return {
    ...(body.toolChoice !== undefined || body.activeToolIds !== undefined
      ? {
          next: {
            ...(body.toolChoice !== undefined ? { toolChoice: body.toolChoice } : {}),
            ...(body.activeToolIds ? { activeToolIds: body.activeToolIds } : {}),
          },
        }
      : {}),
    ...(body.stepRules ? { stepRules: body.stepRules } : {}),
    ...(body.defaults ? { defaults: body.defaults } : {}),
  };
}

/**
 * A complete answer from a caller that does not wait (docs/adr/0037): claimed in PostgreSQL, then
 * signalled, so the workflow takes it in the task that runs the next step (an update would cost
 * a task of its own and a regular write). Null when the answer is not one for this path (the
 * caller waits, it answers part of the calls, the pause's answers go through updates) or another
 * answer claimed the pause first: the update path then decides.
 */
async function answerBySignal(
  deps: AnswerDeps,
  generation: Generation,
  body: ToolOutputsSubmission,
  delivery: AnswerDelivery,
): Promise<{ stateVersion: number; pending: []; claimedView: GenerationView } | null> {
  const required = generation.requiredAction as { type?: string; toolCalls?: Array<{ toolCallId: string }> } | null;
  if (delivery.callerWaits || generation.status !== 'requires_action' || generation.answerClaim !== null) return null;
  if (required?.type !== 'submit_tool_outputs' || !required.toolCalls) return null;
  const pending = new Set(required.toolCalls.map((c) => c.toolCallId));
  const answered = new Set(body.toolOutputs.map((o) => o.toolCallId));
  if (answered.size !== body.toolOutputs.length || answered.size !== pending.size) return null;
  if ([...answered].some((id) => !pending.has(id))) return null;
  const signal: ClaimedToolOutputsInput = {
    answerId: randomUUID(),
    seenStateVersion: generation.stateVersion,
    toolOutputs: body.toolOutputs,
    ...answerControls(body),
  };
  const claimedView = await claimSignalledAnswer(deps.db, generation.id, signal);
  if (!claimedView) return null;
  await signalClaimed(deps, generation.id, signal);
  return { stateVersion: generation.stateVersion, pending: [], claimedView };
}

/**
 * Signals a claimed answer. A workflow that is gone is the usual 409; any other failure leaves the
 * claim stored, and the reconciler sends the signal again (the workflow takes it once).
 */
async function signalClaimed(deps: AnswerDeps, generationId: string, signal: ClaimedToolOutputsInput): Promise<void> {
  try {
    await signalClaimedAnswer(deps, generationId, signal);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) mapUpdateError(err);
    deps.logger?.warn({ err, generationId }, 'claimed answer not signalled yet');
  }
}

/**
 * An answer to a pause whose answer is already claimed: the same answer again (a retry of a
 * request whose reply was lost) is accepted once more and its signal sent again; any other is
 * refused, as for an already-answered call.
 */
async function repeatedAnswer(
  deps: AnswerDeps,
  generation: Generation,
  body: ToolOutputsSubmission,
  claimed: ClaimedToolOutputsInput,
): Promise<{ stateVersion: number; pending: [] }> {
  const byCall = (outputs: ClaimedToolOutputsInput['toolOutputs']) =>
    [...outputs].sort((a, b) => (a.toolCallId < b.toolCallId ? -1 : a.toolCallId > b.toolCallId ? 1 : 0));
  const same =
    canonicalJson({ toolOutputs: byCall(body.toolOutputs), ...answerControls(body) }) ===
    canonicalJson({
      toolOutputs: byCall(claimed.toolOutputs),
      ...answerControls({
        ...claimed,
        toolChoice: claimed.next?.toolChoice,
        activeToolIds: claimed.next?.activeToolIds,
      }),
    });
  if (!same) throw new ApiError(409, 'conflict', `The tool calls of generation ${generation.id} were already answered`);
  await signalClaimed(deps, generation.id, claimed);
  return { stateVersion: claimed.seenStateVersion, pending: [] };
}
