import {
  allApprovalsDecisionRequestSchema,
  approvalDecisionRequestSchema,
  approvalIdSchema,
  approvalSchema,
  clarificationAnswerRequestSchema,
  generationIdSchema,
  listApprovalsQuerySchema,
  listResponseSchema,
  z,
} from '../../contracts/schemas/index.js';
import { generationParams } from '../openapi/params.js';
import { defineRoute } from '../openapi/spec.js';
import { generationReplies } from './generations.operations.js';

const approvalParams = z.object({ approvalId: approvalIdSchema });
const generationApprovalParams = z.object({ generationId: generationIdSchema, approvalId: approvalIdSchema });
const approvalList = listResponseSchema(approvalSchema, 'ApprovalList');

/** Human answers to paused generations and the approvals inbox (served by ./approvals.ts). */
export const approvalRoutes = {
  decide: defineRoute({
    operationId: 'decideApproval',
    method: 'post',
    path: '/v1/generations/{generationId}/approvals/{approvalId}',
    tag: 'Approvals',
    summary: 'Approve or deny a tool call waiting for a human decision',
    description:
      "`arguments` (only when approving) replaces the call's arguments. A second decision is a 409. " +
      "403 when a matching approval hook's `approvers` does not list this API key, or its `requesterMayNotApprove` " +
      'excludes the key that started the generation.',
    action: 'agents:DecideApproval',
    pathAndQuery: 'as-given',
    resource: (p) => `generations/${p.generationId}`,
    params: generationApprovalParams,
    body: approvalDecisionRequestSchema,
    ...generationReplies('The generation once settled again (or still requires_action with the approvals pending)'),
    errors: [409, 503],
  }),
  decideAll: defineRoute({
    operationId: 'decideAllApprovals',
    method: 'post',
    path: '/v1/generations/{generationId}/approvals',
    tag: 'Approvals',
    summary: 'Approve or deny every tool call the generation waits for, at once',
    description:
      "The same decision for each pending approval of this generation's pause (not its children's: answer those " +
      'on the child). Every approver check runs first: a 403 for one approval decides none. 409 when the generation ' +
      'waits for no approval. To edit arguments, decide that approval alone.',
    action: 'agents:DecideApproval',
    pathAndQuery: 'as-given',
    resource: (p) => `generations/${p.generationId}`,
    params: generationParams,
    body: allApprovalsDecisionRequestSchema,
    ...generationReplies('The generation once settled again'),
    errors: [409, 503],
  }),
  answerClarification: defineRoute({
    operationId: 'answerClarification',
    method: 'post',
    path: '/v1/generations/{generationId}/clarification',
    tag: 'Approvals',
    summary: 'Answer the question of an agent_clarify call',
    action: 'agents:AnswerClarification',
    pathAndQuery: 'as-given',
    resource: (p) => `generations/${p.generationId}`,
    params: generationParams,
    body: clarificationAnswerRequestSchema,
    ...generationReplies('The generation once settled again'),
    errors: [409, 503],
  }),
  list: defineRoute({
    operationId: 'listApprovals',
    method: 'get',
    path: '/v1/approvals',
    tag: 'Approvals',
    summary: 'The approvals inbox (filters: status, generationId, agentId)',
    action: 'agents:ListApprovals',
    pathAndQuery: 'as-given',
    resource: () => 'approvals/*',
    query: listApprovalsQuerySchema,
    status: 200,
    response: approvalList,
    responseDescription: 'A page of approvals, newest first',
  }),
  get: defineRoute({
    operationId: 'getApproval',
    method: 'get',
    path: '/v1/approvals/{approvalId}',
    tag: 'Approvals',
    summary: 'Get an approval',
    action: 'agents:GetApproval',
    pathAndQuery: 'as-given',
    resource: (p) => `approvals/${p.approvalId}`,
    params: approvalParams,
    status: 200,
    response: approvalSchema,
    responseDescription: 'The approval',
  }),
};
