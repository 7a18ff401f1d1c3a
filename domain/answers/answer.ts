import type { Client } from '@temporalio/client';
import { ApiError, notFound, unprocessable } from '../../contracts/errors.js';
import {
  evaluateRules,
  type AnswerControls,
  type ClaimedAnswer,
  type PlannedHook,
} from '../../contracts/generation/index.js';
import type { ApprovalDecisionRequest, ToolOutputsRequest } from '../../contracts/schemas/index.js';
import type { Generation } from '../../generated/prisma/client.js';
import { readRuleHookConfig, readSnapshot } from '../../infra/db/json-columns.js';
import type { Db } from '../../infra/db/prisma.js';
import { approvalDecisionSeconds } from '../../infra/observability/metrics.js';
import type { AuthInfo } from '../auth-info.js';
import { findGeneration } from '../generation-access.js';
import { checkToolArguments, toolParameters } from '../tool-arguments.js';
import { checkApprover } from './approvers.js';
import { claimApprovalDecision, claimClarification, claimToolOutputs, type Claim } from './claims.js';
import { deliverAnswer } from './delivery.js';

/**
 * Answering a paused generation: client tool outputs, an approval decision, a clarification. One
 * path for the REST routes, `/mcp`, public chat and the agents' platform actions: the same checks,
 * then the claim in PostgreSQL (where an answer is refused), then the signal (docs/adr/0041). The
 * caller has already been allowed the endpoint's policy action on its resource.
 */
export interface AnswerDeps {
  db: Db;
  temporal: Client;
  /** Where a claimed answer whose signal failed is reported (the reconciler sends it again). */
  logger?: { warn: (obj: object, msg: string) => void };
}

/** What an answer did. */
export interface Answered {
  /** The generation as the answer read it (paused). */
  generation: Generation;
  claim: Claim;
  /** The generation's last event id before the answer: the events after it belong to the resumed run. */
  resumeAfter: number;
}

/** How the answering request waits: for the generation to settle, or not (async, a stream, an agent's tool). */
export interface AnswerDelivery {
  callerWaits: boolean;
}

/**
 * Delivers every answer of a claim (domain/answers/delivery.ts). A failure other than a finished
 * workflow is left to the reconciler, as is a row whose mark as sent fails (the request does not
 * wait for that mark).
 */
async function deliverClaim(deps: AnswerDeps, generationId: string, claim: Claim, delivery: AnswerDelivery) {
  const notSent = (err: unknown) => deps.logger?.warn({ err, generationId }, 'claimed answer not sent yet');
  for (const answer of claim.answers) {
    try {
      const { sent } = await deliverAnswer(deps, generationId, answer, delivery);
      sent.catch(notSent);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      notSent(err);
    }
  }
}

export type ToolOutputsSubmission = Pick<
  ToolOutputsRequest,
  'toolOutputs' | 'toolChoice' | 'activeToolIds' | 'stepRules' | 'defaults'
>;

/** The tool controls an answer carries for the next steps, as the workflow takes them. */
export function answerControls(body: ToolOutputsSubmission): AnswerControls {
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

/** POST /v1/agents/{agentId}/generate/{generationId}/tool-outputs. */
export async function submitToolOutputs(
  deps: AnswerDeps,
  auth: AuthInfo,
  action: string,
  agentId: string,
  generationId: string,
  body: ToolOutputsSubmission,
  delivery: AnswerDelivery,
): Promise<Answered> {
  const generation = await findGeneration(deps, auth, action, generationId, agentId);
  if (generation.status !== 'requires_action')
    throw new ApiError(
      409,
      'generation_not_waiting',
      `The generation is ${generation.status}, not waiting for tool outputs`,
    );
  const attached = new Set(readSnapshot(generation.snapshot).tools.map((t) => t.id));
  const check = (ids: string[] | undefined, path: string) => {
    const bad = (ids ?? []).filter((id) => !attached.has(id));
    if (bad.length)
      throw unprocessable(`${path} must be a subset of the generation's tools; unknown: ${bad.join(', ')}`, { path });
  };
  check(body.activeToolIds, 'body.activeToolIds');
  check(body.defaults?.activeToolIds, 'body.defaults.activeToolIds');
  for (const [i, rule] of (body.stepRules ?? []).entries())
    check(rule.activeToolIds, `body.stepRules.${i}.activeToolIds`);
  const claim = await claimToolOutputs(deps.db, generation, body.toolOutputs, answerControls(body), auth.keyId);
  await deliverClaim(deps, generation.id, claim, delivery);
  return { generation, claim, resumeAfter: generation.eventSeq };
}

export type ApprovalDecision = Pick<ApprovalDecisionRequest, 'approved' | 'reason' | 'arguments'>;

/** The PreToolUse rule hooks of the generation's snapshot that apply to `toolName`. */
function ruleHooksOf(g: Generation, toolName: string): PlannedHook[] {
  return readSnapshot(g.snapshot)
    .hooks.filter(
      (h) => h.type === 'rule' && h.event === 'PreToolUse' && (h.matcher === null || h.matcher === toolName),
    )
    .map((h) => ({
      id: h.id,
      event: 'PreToolUse',
      type: 'rule',
      matcher: h.matcher,
      rule: readRuleHookConfig(h.config),
    }));
}

/** POST /v1/generations/{generationId}/approvals/{approvalId}: approver checks, the edited arguments, the claim. */
export async function decideApproval(
  deps: AnswerDeps,
  auth: AuthInfo,
  action: string,
  generationId: string,
  approvalId: string,
  body: ApprovalDecision,
  delivery: AnswerDelivery,
): Promise<Answered> {
  const g = await findGeneration(deps, auth, action, generationId);
  const approval = await deps.db.approval.findFirst({
    where: { id: approvalId, generationId: g.id, projectId: auth.projectId },
  });
  if (!approval) throw notFound('Approval');
  await checkApprover(deps.db, g, approval, auth);
  if (approval.status !== 'pending')
    throw new ApiError(409, 'conflict', `Approval ${approval.id} is already ${approval.status}`);
  if (!body.approved && body.arguments !== undefined) throw unprocessable('arguments can only be given when approving');
  if (body.arguments !== undefined) {
    const problems = await checkToolArguments(toolParameters(g, approval.toolName), body.arguments, auth.projectId);
    if (problems.length)
      throw new ApiError(
        422,
        'unprocessable',
        `The edited arguments do not match the parameters of ${approval.toolName}: ${problems[0]!.path} ${problems[0]!.message}`,
        problems,
      );
    // Edited arguments are a new call: the PreToolUse rules that would block it from the model block it here.
    const verdict = evaluateRules(ruleHooksOf(g, approval.toolName), body.arguments);
    if (verdict.denied)
      throw unprocessable(
        `The edited arguments are blocked by rule hook ${verdict.hookId}: ${verdict.reason ?? 'denied'}`,
      );
  }
  const claim = await claimApprovalDecision(deps.db, g, approval, body, auth.keyId);
  await deliverClaim(deps, g.id, claim, delivery);
  approvalDecisionSeconds.observe((Date.now() - approval.createdAt.getTime()) / 1000);
  return { generation: g, claim, resumeAfter: g.eventSeq };
}

/** One decision for every approval a pause waits for: no edited arguments, which are per call. */
export type AllApprovalsDecision = Pick<ApprovalDecisionRequest, 'approved' | 'reason'>;

/**
 * POST /v1/generations/{generationId}/approvals (seed 000's run-level approve): the same decision
 * for every approval the generation's pause waits for. Every approver check runs before the first
 * claim, so a 403 decides nothing; then each approval is claimed and delivered as a single decision
 * is, the last one the way the caller waits.
 */
export async function decideAllApprovals(
  deps: AnswerDeps,
  auth: AuthInfo,
  action: string,
  generationId: string,
  body: AllApprovalsDecision,
  delivery: AnswerDelivery,
): Promise<Answered> {
  const g = await findGeneration(deps, auth, action, generationId);
  const asked =
    (g.requiredAction as { type?: string; approvals?: Array<{ approvalId: string }> } | null)?.approvals ?? [];
  const approvals = asked.length
    ? await deps.db.approval.findMany({
        where: { id: { in: asked.map((a) => a.approvalId) }, generationId: g.id, projectId: auth.projectId },
        orderBy: { createdAt: 'asc' },
      })
    : [];
  const pending = approvals.filter((a) => a.status === 'pending');
  if (g.status !== 'requires_action' || pending.length === 0)
    throw new ApiError(409, 'generation_not_waiting', `The generation is ${g.status}, not waiting for approvals`);
  for (const approval of pending) await checkApprover(deps.db, g, approval, auth);
  const answers: ClaimedAnswer[] = [];
  for (const [i, approval] of pending.entries()) {
    const claim = await claimApprovalDecision(deps.db, g, approval, body, auth.keyId);
    await deliverClaim(deps, g.id, claim, i === pending.length - 1 ? delivery : { callerWaits: false });
    approvalDecisionSeconds.observe((Date.now() - approval.createdAt.getTime()) / 1000);
    answers.push(...claim.answers);
  }
  return { generation: g, claim: { answers, repeated: false }, resumeAfter: g.eventSeq };
}

/**
 * POST /v1/generations/{generationId}/clarification, and the next turn of a session paused on a
 * question (its prompt is the answer). `generation` is the paused row, already authorized.
 */
export async function answerClarification(
  deps: AnswerDeps,
  generation: Generation,
  answer: { answer: string; toolCallId?: string | undefined },
  answeredBy: string | null,
  delivery: AnswerDelivery,
): Promise<Answered> {
  const claim = await claimClarification(deps.db, generation, answer.answer, answer.toolCallId, answeredBy);
  await deliverClaim(deps, generation.id, claim, delivery);
  return { generation, claim, resumeAfter: generation.eventSeq };
}

/** The tool calls of `answered` the answer itself answered: its keys, to wait until the workflow took them. */
export function answeredKeys(answers: ClaimedAnswer[]): string[] {
  return answers.flatMap((a) =>
    a.kind === 'toolOutputs'
      ? a.toolOutputs.map((o) => o.toolCallId)
      : a.kind === 'approval'
        ? [a.approvalId]
        : [a.toolCallId],
  );
}
