import { ApiError } from '../../contracts/errors.js';
import { platformAction } from '../../contracts/platform-actions.js';
import type { Policy } from '../../contracts/schemas/index.js';
import type { Db } from '../../infra/db/prisma.js';
import { authorizePlatformAction, PlatformDenied } from './authorize.js';
import { platformExecutors, PlatformNotFound } from './executors.js';

export { authorizePlatformAction, PlatformDenied } from './authorize.js';

export interface PlatformCaller {
  projectId: string;
  keyId: string | null;
  boundaryPolicy: Policy | null | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Runs one platform action for a caller: authorized, then executed in-process. A denial, an
 * unknown id or bad arguments are results the model reads (`denied` / `error`), never a crash.
 */
export async function runPlatformAction(
  db: Db,
  caller: PlatformCaller,
  action: string,
  rawArgs: unknown,
): Promise<{ status: 'success' | 'error' | 'denied'; result: unknown }> {
  const spec = platformAction(action);
  const run = platformExecutors[action];
  if (!spec || !run) return { status: 'error', result: { error: `Unknown platform action ${action}` } };
  const args = isRecord(rawArgs) ? rawArgs : {};
  try {
    await authorizePlatformAction(db, caller, spec, args);
    return { status: 'success', result: await run(db, caller.projectId, args) };
  } catch (err) {
    if (err instanceof PlatformDenied) return { status: 'denied', result: { error: err.message } };
    if (err instanceof PlatformNotFound || err instanceof ApiError)
      return { status: 'error', result: { error: err.message } };
    throw err;
  }
}
