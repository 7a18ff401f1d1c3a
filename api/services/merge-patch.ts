import type { ZodType } from 'zod';
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

/** A PATCH body applied to the stored resource, validated as the full request `schema` (a 400 at body.* otherwise). */
export function patched<T>(schema: ZodType<T>, current: Record<string, unknown>, patch: Record<string, unknown>): T {
  return parseInput(schema, mergePatch(current, patch), 'body');
}

/** Drops null/undefined values (stored rows → request-shaped objects). */
export function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined));
}
