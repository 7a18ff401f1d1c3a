import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ZodType } from 'zod';
import { ApiError, notFound, unprocessable } from '../contracts/errors.js';
import { isUnprocessableRule } from '../contracts/schemas/common.js';
import type { AuthInfo } from '../domain/auth-info.js';

export type { AuthInfo };

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthInfo;
  }
}

/**
 * zod issues → `details` with paths, as a 400 (nothing has been written yet), or a 422 when only
 * rules the OpenAPI document cannot state failed (UNPROCESSABLE_RULE).
 */
export function parseInput<T>(schema: ZodType<T>, value: unknown, where: 'body' | 'query' | 'path'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.flatMap((i): Array<{ path: string; message: string; code: string }> => {
    const base = [where, ...i.path.map(String)];
    // An unknown key is reported at its own path (body.foo), not at the enclosing object.
    if (i.code === 'unrecognized_keys') {
      return i.keys.map((k) => ({ path: [...base, k].join('.'), message: `unknown field "${k}"`, code: i.code }));
    }
    return [{ path: base.join('.'), message: i.message, code: i.code }];
  });
  const message = `Invalid ${where}: ${details[0]?.path} ${details[0]?.message}`;
  if (result.error.issues.every(isUnprocessableRule)) throw unprocessable(message, details);
  throw new ApiError(400, 'invalid_request', message, details);
}

export function requireAuth(req: Request): AuthInfo {
  if (!req.auth) throw new ApiError(401, 'unauthorized', 'Missing or invalid API key');
  return req.auth;
}

/** Express 5 forwards rejected promises to the error middleware; this keeps handlers typed. */
export function handler(fn: (req: Request, res: Response) => Promise<unknown> | unknown): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      await fn(req, res);
    } catch (err) {
      next(err);
    }
  };
}

export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** The row a lookup found, or a 404 naming what was not found. */
export function found<T>(row: T | null, what: string): T {
  if (!row) throw notFound(what);
  return row;
}
