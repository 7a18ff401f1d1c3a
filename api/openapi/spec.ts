import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ResponseSpec {
  description: string;
  /** JSON body schema; omitted = no body. */
  schema?: z.ZodType;
  /** Content type of the body (default application/json). */
  contentType?: string;
}

/**
 * One endpoint, declared once: what Express serves, what the handler validates and authorizes,
 * and what the OpenAPI document says all come from this object.
 */
export interface RouteSpec<
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/v1/agents/{agentId}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Policy action checked before anything else; null = served without an API key. */
  action: string | null;
  /** Policy resource (relative to the key's project) built from the raw path parameters. */
  resource?: (params: Record<string, string>, projectId: string) => string;
  params?: P;
  query?: Q;
  /**
   * 'as-given': path parameters reach the handler unchecked (an id that cannot exist is the
   * handler's 404, not a 400) and query parameters the entry does not declare are ignored, as the
   * generation, approval, webhook and probe routes have always answered. Default: both give a 400.
   */
  pathAndQuery?: 'validated' | 'as-given';
  body?: B;
  /** Success status and body schema (undefined = no body). */
  status: number;
  response: R;
  responseDescription: string;
  responseContentType?: string;
  /** Further media types of the success response (e.g. `text/event-stream` when `stream: true`). */
  alternativeContent?: Record<string, z.ZodType>;
  /** Other documented responses (e.g. 202 of a sync generate that did not settle). */
  otherResponses?: Record<number, ResponseSpec>;
  /** Error statuses this endpoint can answer besides the ones every authenticated route has. */
  errors?: number[];
  deprecated?: boolean;
}

export type AnyRouteSpec = RouteSpec<
  z.ZodObject | undefined,
  z.ZodObject | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined
>;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
export type ParamsOf<S> =
  S extends RouteSpec<infer P, infer _Q, infer _B, infer _R>
    ? P extends z.ZodObject
      ? z.output<P>
      : Record<string, never>
    : never;
export type QueryOf<S> =
  S extends RouteSpec<infer _P, infer Q, infer _B, infer _R>
    ? Q extends z.ZodObject
      ? z.output<Q>
      : Record<string, never>
    : never;
export type BodyOf<S> = S extends RouteSpec<infer _P, infer _Q, infer B, infer _R> ? Out<B> : never;
export type ResponseOf<S> =
  S extends RouteSpec<infer _P, infer _Q, infer _B, infer R> ? (R extends z.ZodType ? z.input<R> : void) : never;

/** Identity with inference: keeps the literal schema types for typed handlers. */
export function defineRoute<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<P, Q, B, R>): RouteSpec<P, Q, B, R> {
  return spec;
}

/** `/v1/agents/{agentId}` → `/v1/agents/:agentId` */
export function expressPath(openApiPath: string): string {
  return openApiPath.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/** The same routes under another base path (the `/v1/agents/tools` alias of `/v1/tools`). */
export function aliasRoutes<T extends Record<string, AnyRouteSpec>>(
  routes: T,
  from: string,
  to: string,
  suffix: string,
): T {
  return Object.fromEntries(
    Object.entries(routes).map(([k, r]) => [
      k,
      {
        ...r,
        path: to + r.path.slice(from.length),
        operationId: `${r.operationId}${suffix}`,
        summary: `${r.summary} (alias of ${r.method.toUpperCase()} ${r.path})`,
      },
    ]),
  ) as T;
}
