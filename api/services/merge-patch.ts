import type { ZodType } from 'zod';
import { ApiError, unprocessable } from '../../contracts/errors.js';
import { parseInput } from '../http.js';

/**
 * Top-level JSON merge patch (RFC 7396, one level): a field in the patch replaces the stored one,
 * null removes it, an absent field is kept. The result is validated like a full request.
 */
export function mergePatch(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  return merged;
}

/**
 * A PATCH body applied to the stored resource, validated as the full request `schema`. The body
 * itself was valid (its own schema is checked first, 400); a merged result that is not valid
 * depends on what is stored, so it is a 422 naming each problem at body.*.
 */
export function patched<T>(schema: ZodType<T>, current: Record<string, unknown>, patch: Record<string, unknown>): T {
  try {
    return parseInput(schema, mergePatch(current, patch), 'body');
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 400) throw err;
    throw unprocessable(
      `The resource after this patch would not be valid: ${err.message.replace(/^Invalid body: /, '')}`,
      err.details,
    );
  }
}

/** Drops null/undefined values (stored rows → request-shaped objects). */
export function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined));
}
