import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { ApiError } from '../contracts/errors.js';
import type { Env } from '../config/env.js';
import type { Logger } from '../infra/logger.js';
import { addLogContext } from '../infra/observability/log-context.js';
import { isAllowed } from '../domain/policy.js';
import { handler, parseInput, requireAuth, type AuthInfo } from './http.js';
import { documentedResponseProblems } from './openapi/response-check.js';
import {
  expressPath,
  type AnyRouteSpec,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from './openapi/spec.js';

/**
 * Returned by a handler that has written its own response (an SSE stream, or `reply` with a
 * computed status): the router then sends nothing more.
 */
export class Responded {
  // Makes the type nominal (a unique symbol would widen to `symbol` in inferred return types).
  private readonly marker = 'responded';
}
export const responded = new Responded();

export interface RouteInput<S> {
  req: Request;
  res: Response;
  params: ParamsOf<S>;
  query: QueryOf<S>;
  body: BodyOf<S>;
  /**
   * Sends `body` with `status`, which the entry must declare (its success status or one of its
   * otherResponses); checked against the documented schema like a returned result.
   */
  reply: (status: number, body: ResponseOf<S>) => Responded;
}

export interface AuthedRouteInput<S> extends RouteInput<S> {
  auth: AuthInfo;
  /** The policy action the request was authorized for (checked again on resources it loads). */
  action: string;
}

/** The entry's response, sent with its declared status; or `responded` when the handler sent it. */
type HandlerResult<S> = Promise<ResponseOf<S> | Responded> | ResponseOf<S> | Responded;

export interface ApiRouterOptions {
  env: Pick<Env, 'NODE_ENV'>;
  logger: Logger;
}

const noQuery = z.object({}).strict();

/**
 * Path parameters name stored resources. A value without its kind's shape (an id of another kind,
 * `None`, an id followed by a newline, which a pattern's `$` accepts in Python's regex dialect)
 * names nothing, so it is answered like an id that does not exist: 404, with the expected shape in
 * the details. Every dialect reading the document then agrees on the status (ADR 0015, amended for
 * issue 48). A value outside an enum (a setting key) stays a 400.
 */
function parsePath<T>(schema: z.ZodType<T>, value: unknown): T {
  try {
    return parseInput(schema, value, 'path');
  } catch (err) {
    const details = err instanceof ApiError ? (err.details as Array<{ code?: string }> | undefined) : undefined;
    if (err instanceof ApiError && err.status === 400 && details?.length && details.every(isShapeIssue))
      throw new ApiError(404, 'not_found', err.message.replace(/^Invalid path: /, 'Not found: '), details);
    throw err;
  }
}
const isShapeIssue = (d: { code?: string }) => d.code === 'invalid_format';

/** The key's policy must allow the entry's action on its resource (a 403 before anything else). */
function checkRoutePolicy(spec: AnyRouteSpec, auth: AuthInfo, raw: Record<string, string>): void {
  const resource = `${auth.projectId}:${spec.resource!(raw, auth.projectId)}`;
  if (!isAllowed(auth.policy, spec.action!, resource))
    throw new ApiError(403, 'forbidden', `This API key is not allowed to perform ${spec.action}`, {
      action: spec.action,
    });
}

/** Path, query and body validated with the entry's schemas (400, or 404 for a malformed id). */
function parseRouteInput(spec: AnyRouteSpec, raw: Record<string, string>, rawQuery: unknown, rawBody: unknown) {
  const asGiven = spec.pathAndQuery === 'as-given';
  const params = spec.params && !asGiven ? parsePath(spec.params, raw) : raw;
  const query = spec.query || !asGiven ? parseInput(spec.query ?? noQuery, rawQuery, 'query') : {};
  const body = spec.body ? parseInput(spec.body, rawBody, 'body') : undefined;
  return { params, query, body };
}

/** An authenticated endpoint run for a caller outside HTTP: its status and result. */
type Invocable = (
  auth: AuthInfo,
  raw: { params: Record<string, string>; query: unknown; body: unknown },
) => Promise<{ status: number; result: unknown }>;

/** The endpoints each app's routers registered (keyed by the options object: the app's context). */
const registries = new WeakMap<object, Map<AnyRouteSpec, Invocable>>();
function invocables(opts: object): Map<AnyRouteSpec, Invocable> {
  let found = registries.get(opts);
  if (!found) registries.set(opts, (found = new Map()));
  return found;
}

/**
 * Runs an endpoint's handler for a caller that is not an HTTP request (`/mcp`'s management
 * actions, api/mcp/management.ts): the same policy check, the same validation of path, query and
 * body, the same handler, so nothing of the endpoint is restated. Only for handlers that use
 * neither `req` nor `res` (not streams). `app` is the context the routers were built with.
 */
export async function invokeRoute(
  app: object,
  spec: AnyRouteSpec,
  auth: AuthInfo,
  raw: { params: Record<string, string>; query: unknown; body: unknown },
): Promise<{ status: number; result: unknown }> {
  const run = registries.get(app)?.get(spec);
  if (!run) throw new Error(`${spec.operationId} is not served by this app`);
  return run(auth, raw);
}

/**
 * A resource's router, built from route-table entries: for each request it checks the policy
 * action (before anything else, so a caller without the permission learns nothing), validates
 * path, query and body with the entry's schemas, runs the handler and sends its result with the
 * entry's status. `base` is where app.ts mounts the router; entry paths must start with it.
 */
export class ApiRouter {
  readonly router = Router();

  /**
   * Under NODE_ENV=test every response is checked against its documented schema, both the zod
   * schema and the OpenAPI document's JSON Schema (a mismatch is a 500).
   */
  private readonly validateResponses: boolean;
  private readonly logger: Logger;

  constructor(
    readonly base: string,
    private readonly opts: ApiRouterOptions,
  ) {
    this.validateResponses = opts.env.NODE_ENV === 'test';
    this.logger = opts.logger;
  }

  /** An endpoint that needs an API key (spec.action set). */
  add<S extends AnyRouteSpec>(spec: S, fn: (input: AuthedRouteInput<S>) => HandlerResult<S>): this {
    if (!spec.action || !spec.resource)
      throw new Error(`${spec.operationId}: an authenticated route needs action and resource`);
    const action = spec.action;
    invocables(this.opts).set(spec, async (auth, raw) => {
      checkRoutePolicy(spec, auth, raw.params);
      const parsed = parseRouteInput(spec, raw.params, raw.query, raw.body);
      let replied: { status: number; result: unknown } | undefined;
      const reply = (status: number, result: unknown): Responded => {
        replied = { status, result };
        return responded;
      };
      const result = await fn({ ...parsed, auth, action, reply } as unknown as AuthedRouteInput<S>);
      return replied ?? { status: spec.status, result };
    });
    return this.mount(spec, (input) => fn({ ...input, action } as AuthedRouteInput<S>));
  }

  /** An endpoint served without an API key (spec.action null). */
  addPublic<S extends AnyRouteSpec>(spec: S, fn: (input: RouteInput<S>) => HandlerResult<S>): this {
    if (spec.action !== null) throw new Error(`${spec.operationId}: a public route must have action null`);
    return this.mount(spec, fn);
  }

  private mount<S extends AnyRouteSpec>(spec: S, fn: (input: RouteInput<S> & { auth?: AuthInfo }) => unknown): this {
    if (!spec.path.startsWith(this.base))
      throw new Error(`${spec.operationId}: ${spec.path} is not under ${this.base}`);
    const relative = expressPath(spec.path.slice(this.base.length)) || '/';
    this.router[spec.method](
      relative,
      handler(async (req, res) => {
        const raw = Object.fromEntries(Object.entries(req.params).map(([k, v]) => [k, String(v)]));
        // Metrics label requests by their route template; logs carry the ids the path names.
        res.locals.route = spec.path;
        addLogContext({ agentId: raw.agentId, generationId: raw.generationId });
        let auth: AuthInfo | undefined;
        if (spec.action) {
          auth = requireAuth(req);
          addLogContext({ projectId: auth.projectId });
          checkRoutePolicy(spec, auth, raw);
        }
        const { params, query, body } = parseRouteInput(spec, raw, req.query ?? {}, req.body);
        const reply = (status: number, result: unknown): Responded => {
          this.send(spec, res, status, result);
          return responded;
        };
        const result = await fn({ req, res, auth, params, query, body, reply } as RouteInput<S> & { auth?: AuthInfo });
        if (result !== responded) this.send(spec, res, spec.status, result);
        // A handler that claims to have answered but did not would leave the request hanging.
        else if (!res.headersSent)
          throw new Error(`${spec.operationId}: the handler returned responded without responding`);
      }),
    );
    return this;
  }

  private send(spec: AnyRouteSpec, res: Response, status: number, result: unknown): void {
    const declared =
      status === spec.status
        ? { schema: spec.response, contentType: spec.responseContentType }
        : spec.otherResponses?.[status];
    if (!declared) throw new Error(`${spec.operationId}: status ${status} is not among its documented responses`);
    if (status === spec.status && !spec.response) {
      res.status(status).end();
      return;
    }
    if (this.validateResponses && declared.schema) {
      const check = declared.schema.safeParse(result);
      if (!check.success) {
        this.logger.error(
          { operationId: spec.operationId, status, issues: check.error.issues },
          'response does not match its documented schema',
        );
        throw new ApiError(
          500,
          'internal_error',
          `Response of ${spec.operationId} does not match its documented schema`,
          check.error.issues,
        );
      }
      // The OpenAPI document too: its JSON Schema restates refinements the zod schema only runs
      // as code (if/then/else, allOf, propertyNames), and it is what clients and the fuzzer read.
      const problems = documentedResponseProblems(spec, status, declared.contentType, result);
      if (problems) {
        this.logger.error(
          { operationId: spec.operationId, status, problems },
          'response does not match the OpenAPI document',
        );
        throw new ApiError(
          500,
          'internal_error',
          `Response of ${spec.operationId} does not match the OpenAPI document`,
          problems,
        );
      }
    }
    if (declared.contentType && declared.contentType !== 'application/json') {
      res.status(status).type(declared.contentType).send(result);
      return;
    }
    res.status(status).json(result);
  }
}
