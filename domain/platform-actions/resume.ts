import { z } from 'zod';
import { ApiError } from '../../contracts/errors.js';
import type { PlatformActionSpec } from '../../contracts/platform-actions.js';
import {
  approvalDecisionRequestSchema,
  clarificationAnswerRequestSchema,
  toolOutputsRequestSchema,
} from '../../contracts/schemas/index.js';
import {
  answerClarification,
  decideApproval,
  submitToolOutputs,
  type AnswerDelivery,
  type AnswerDeps,
  type Answered,
} from '../answers/answer.js';
import type { AuthInfo } from '../auth-info.js';
import { findGeneration } from '../generation-access.js';

/**
 * decide-approval, submit-tool-outputs and answer-clarification: the arguments are checked with the
 * REST endpoint's request schema (without its response options async / waitSeconds / stream, which
 * a tool call has no use for, and for tool outputs without the next-step overrides), then the REST
 * endpoint's answering function runs (domain/answers).
 */
type ResumeExecutor = (
  deps: AnswerDeps,
  auth: AuthInfo,
  spec: PlatformActionSpec,
  args: Record<string, unknown>,
  delivery: AnswerDelivery,
) => Promise<Answered>;

const responseOptions = ['async', 'waitSeconds', 'stream'];
const idSchema = z.string().min(1).max(200);

/** Arguments checked with a zod schema: the first issue is a 400 naming its path. */
export function parseArguments<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new ApiError(400, 'invalid_request', `Invalid arguments: ${issue.path.join('.') || '(root)'} ${issue.message}`);
}

function split(
  args: Record<string, unknown>,
  ids: string[],
): { ids: Record<string, string>; rest: Record<string, unknown> } {
  const extra = Object.keys(args).find((k) => responseOptions.includes(k));
  if (extra) throw new ApiError(400, 'invalid_request', `Invalid arguments: unknown field "${extra}"`);
  const rest = { ...args };
  const found: Record<string, string> = {};
  for (const id of ids) {
    found[id] = parseArguments(idSchema, rest[id]) as string;
    delete rest[id];
  }
  return { ids: found, rest };
}

export const resumeExecutors: Record<string, ResumeExecutor> = {
  'decide-approval': (deps, auth, spec, args, delivery) => {
    const { ids, rest } = split(args, ['generationId', 'approvalId']);
    const body = parseArguments(approvalDecisionRequestSchema, rest);
    return decideApproval(deps, auth, spec.policyAction, ids.generationId!, ids.approvalId!, body, delivery);
  },
  'submit-tool-outputs': (deps, auth, spec, args, delivery) => {
    const { ids, rest } = split(args, ['agentId', 'generationId']);
    const body = parseArguments(toolOutputsRequestSchema.pick({ toolOutputs: true }).strict(), rest);
    return submitToolOutputs(deps, auth, spec.policyAction, ids.agentId!, ids.generationId!, body, delivery);
  },
  'answer-clarification': (deps, auth, spec, args, delivery) => {
    const { ids, rest } = split(args, ['generationId']);
    const answer = parseArguments(
      clarificationAnswerRequestSchema.pick({ answer: true, toolCallId: true }).strict(),
      rest,
    );
    return findGeneration(deps, auth, spec.policyAction, ids.generationId!).then((g) =>
      answerClarification(deps, g, answer, auth.keyId, delivery),
    );
  },
};
