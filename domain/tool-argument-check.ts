import { Ajv, type ErrorObject } from 'ajv';
import { userRegexProblem, userRegexTest } from '../contracts/user-regex.js';
import { untrustedTask } from '../infra/isolation/untrusted-pool.js';

/**
 * Checking arguments against a tool's JSON Schema. The schema is the tenant's, and some keywords
 * cost what its author chooses (ajv's `uniqueItems` is quadratic: 20,000 items took 20 s), so the
 * check runs on the untrusted-work pool's threads (domain/tool-arguments.ts), never on the API's.
 */

export interface ArgumentProblem {
  path: string;
  message: string;
}

/** ajv's regex engine hook; `code` only names it in standalone output, which is not used here. */
const re2Engine = Object.assign(
  // A pattern RE2 cannot run (stored before patterns were checked for it) is not enforced.
  (pattern: string) => ({ test: (text: string) => userRegexProblem(pattern) !== null || userRegexTest(pattern, text) }),
  { code: 're2' },
);

/** At most this many problems cross back. */
const MAX_PROBLEMS = 20;

/**
 * The problems of `args` against `schema`. `pattern` keywords are tenant regexes: they run on RE2
 * (linear time), like every user pattern.
 */
export function toolArgumentProblems(input: {
  schema: Record<string, unknown>;
  args: unknown;
  /** Prefix of each problem's path (default `body.arguments`). */
  root?: string;
  /** A schema ajv cannot compile is a problem instead of checking nothing (a model's output must be checked). */
  mustCompile?: boolean;
}): ArgumentProblem[] {
  // A fresh instance: each schema is compiled once per decision and not cached for the thread's life.
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true, code: { regExp: re2Engine } });
  let validate;
  try {
    validate = ajv.compile(input.schema);
  } catch (err) {
    // Stored schemas were checked when the tool was written; one that ajv cannot compile checks nothing.
    if (!input.mustCompile) return [];
    return [
      { path: input.root ?? '', message: `the schema does not compile: ${(err as Error).message}`.slice(0, 500) },
    ];
  }
  if (validate(input.args)) return [];
  return (validate.errors ?? []).slice(0, MAX_PROBLEMS).map((e: ErrorObject) => ({
    path: `${input.root ?? 'body.arguments'}${e.instancePath.replace(/\//g, '.')}`,
    message: (e.message ?? 'invalid').slice(0, 500),
  }));
}

export const toolArgumentProblemsTask = untrustedTask<Parameters<typeof toolArgumentProblems>[0], ArgumentProblem[]>(
  new URL(import.meta.url),
  'toolArgumentProblems',
);
