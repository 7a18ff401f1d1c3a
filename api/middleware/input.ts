import type { RequestHandler } from 'express';
import { badRequest } from '../../contracts/errors.js';

/**
 * Input PostgreSQL (or a recursive walk) cannot take is refused up front, in the path, the query
 * and the body, with the location of the first problem:
 * - NUL characters (text and jsonb refuse them) and unpaired UTF-16 surrogates (jsonb refuses them):
 *   they would otherwise fail deep inside a write as a 500;
 * - JSON nested deeper than MAX_DEPTH levels: no endpoint accepts such documents, and recursive
 *   code (hashing, serialising) would overflow the stack on them.
 */
export const MAX_DEPTH = 64;

/**
 * Longest path segment (as sent, percent-encoded). Path parameters are ids and slugs of at most ~70
 * characters; the policy check matches tenants' wildcard patterns against them, so over-long ones
 * are refused before any route (and so before the policy check) runs.
 */
export const MAX_PATH_SEGMENT_LENGTH = 256;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badString(s: string): boolean {
  return s.includes('\u0000') || LONE_SURROGATE.test(s);
}

/** Iterative walk (the input may be deeper than the stack allows). */
function findProblem(root: unknown, rootPath: string): { path: string; message: string } | null {
  const stack: Array<[unknown, string, number]> = [[root, rootPath, 0]];
  while (stack.length) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (badString(value)) return { path, message: 'contains a NUL character or an unpaired surrogate' };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return { path, message: `nests deeper than ${MAX_DEPTH} levels` };
    for (const [k, v] of Object.entries(value)) {
      if (badString(k))
        return {
          path: `${path}.${JSON.stringify(k)}`,
          message: 'key contains a NUL character or an unpaired surrogate',
        };
      stack.push([v, `${path}.${k}`, depth + 1]);
    }
  }
  return null;
}

export const rejectUnstorableInput: RequestHandler = (req, _res, next) => {
  const rawPath = req.originalUrl.split('?')[0] ?? '';
  // Raw (encoded) segments: a decoded %2F would split one long parameter into short pieces.
  const longest = rawPath.split('/').reduce((n, s) => Math.max(n, s.length), 0);
  if (longest > MAX_PATH_SEGMENT_LENGTH) {
    next(
      badRequest(`A path segment is longer than ${MAX_PATH_SEGMENT_LENGTH} characters`, [
        { path: 'path', message: `segment of ${longest} characters` },
      ]),
    );
    return;
  }
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    next(
      badRequest('The request path is not valid percent-encoded UTF-8', [
        { path: 'path', message: 'invalid percent-encoding' },
      ]),
    );
    return;
  }
  if (badString(path)) {
    next(
      badRequest('The request path contains a NUL character or an unpaired surrogate', [
        { path: 'path', message: 'unstorable character' },
      ]),
    );
    return;
  }
  const problem = findProblem(req.query, 'query') ?? findProblem(req.body, 'body');
  if (problem) {
    const shown = problem.path.length > 120 ? `${problem.path.slice(0, 120)}…` : problem.path;
    next(badRequest(`${shown} ${problem.message}`, [{ ...problem, path: shown }]));
    return;
  }
  next();
};
