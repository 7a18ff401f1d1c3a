import type { Client } from '@temporalio/client';
import { ApiError } from '../../contracts/errors.js';
import { platformAction, type PlatformActionSpec } from '../../contracts/platform-actions.js';
import type { AuthInfo } from '../auth-info.js';
import { loadGenerationView } from '../../infra/db/generation-view.js';
import type { Db } from '../../infra/db/prisma.js';
import type { AnswerDelivery, Answered } from '../answers/answer.js';
import { authorizePlatformAction, PlatformDenied, readerPolicy, type PlatformCaller } from './authorize.js';
import { platformExecutors, PlatformNotFound } from './executors.js';
import { resumeExecutors } from './resume.js';
import { knowledgeExecutors, KnowledgeNotFound } from './knowledge.js';
import { fileExecutors, type PlatformFiles } from './files.js';
import type { IngestionStarter } from '../knowledge/documents.js';
import type { KnowledgeService } from '../knowledge/search.js';

export { authorizePlatformAction, boundaryPoliciesOf, PlatformDenied, type PlatformCaller } from './authorize.js';

export interface PlatformDeps {
  db: Db;
  /** Needed by the actions that answer a paused generation (their signals). */
  temporal?: Client | undefined;
  /** Needed by search-documents (query embeddings). */
  knowledge?: KnowledgeService | undefined;
  /** Needed by create-document: where its ingestion workflow is started. */
  ingestion?: IngestionStarter | undefined;
  /** Needed by the file actions: the server's file storage. */
  files?: PlatformFiles | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Authorizes then runs one of the actions that resume a paused generation. The acting identity is
 * the caller's key; the boundary policies add their Deny statements, so a generation whose agent a
 * boundary denies is refused like one the key denies.
 */
export async function runResumingAction(
  deps: PlatformDeps,
  caller: PlatformCaller,
  spec: PlatformActionSpec,
  args: Record<string, unknown>,
  delivery: AnswerDelivery,
): Promise<Answered> {
  const run = resumeExecutors[spec.name];
  if (!run) throw new ApiError(400, 'invalid_request', `Unknown platform action ${spec.name}`);
  const policy = await authorizePlatformAction(deps.db, caller, spec, args);
  if (!deps.temporal) throw new ApiError(503, 'unavailable', `${spec.name} needs a Temporal client in this process`);
  const auth: AuthInfo = {
    projectId: caller.projectId,
    keyId: caller.keyId!,
    policy: readerPolicy(policy, caller.boundaryPolicies),
  };
  return run({ db: deps.db, temporal: deps.temporal }, auth, spec, args, delivery);
}

/**
 * Runs one platform action for a caller: authorized, then executed in-process. A denial, an
 * unknown id or bad arguments are results the model reads (`denied` / `error`), never a crash.
 * An action that answers a paused generation answers with that generation right after the
 * answer was claimed and signalled.
 */
export async function runPlatformAction(
  deps: PlatformDeps,
  caller: PlatformCaller,
  action: string,
  rawArgs: unknown,
): Promise<{ status: 'success' | 'error' | 'denied'; result: unknown }> {
  // Either spelling of an action (platformActionAliases) runs the canonical one.
  const spec = platformAction(action);
  const name = spec?.name ?? action;
  const run = Object.hasOwn(platformExecutors, name) ? platformExecutors[name] : undefined;
  const projectRun = Object.hasOwn(knowledgeExecutors, name)
    ? knowledgeExecutors[name]
    : Object.hasOwn(fileExecutors, name)
      ? fileExecutors[name]
      : undefined;
  if (!spec || (!run && !projectRun && !resumeExecutors[name]))
    return { status: 'error', result: { error: `Unknown platform action ${action}` } };
  const args = isRecord(rawArgs) ? rawArgs : {};
  try {
    if (projectRun) {
      await authorizePlatformAction(deps.db, caller, spec, args);
      return { status: 'success', result: await projectRun(deps, caller.projectId, args) };
    }
    if (!run) {
      // An agent's tool call reads the generation right after its answer: it does not wait for it.
      const { generation } = await runResumingAction(deps, caller, spec, args, { callerWaits: false });
      return { status: 'success', result: await loadGenerationView(deps.db, caller.projectId, generation.id) };
    }
    const policy = await authorizePlatformAction(deps.db, caller, spec, args);
    const reader = { projectId: caller.projectId, policy: readerPolicy(policy, caller.boundaryPolicies) };
    return { status: 'success', result: await run(deps.db, reader, spec.policyAction, args) };
  } catch (err) {
    const refused = err instanceof PlatformDenied || (err instanceof ApiError && err.status === 403);
    if (refused) return { status: 'denied', result: { error: err.message } };
    if (err instanceof PlatformNotFound || err instanceof KnowledgeNotFound || err instanceof ApiError)
      return { status: 'error', result: { error: err.message } };
    throw err;
  }
}
