/** The error body of every non-2xx response (docs/api.md, "Errors"). */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unprocessable'
  | 'rate_limited'
  | 'too_many_pending_messages'
  | 'internal_error'
  | 'unavailable'
  | 'upstream_error'
  | 'idempotency_mismatch'
  | 'session_busy'
  | 'rollback_refused'
  | 'not_implemented'
  | 'generation_not_waiting'
  | 'provider_error';

/** An error the API turns into its status and `{ error }` body as-is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Response headers sent with the error (Retry-After of a 429). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new ApiError(400, 'invalid_request', message, details);
export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, details?: unknown) => new ApiError(409, 'conflict', message, details);
export const unprocessable = (message: string, details?: unknown) =>
  new ApiError(422, 'unprocessable', message, details);
/** A documented field whose behaviour does not exist yet: refused, never accepted and ignored. */
export const notImplemented = (fields: string[]) =>
  new ApiError(422, 'not_implemented', `Not implemented yet (refused rather than ignored): ${fields.join(', ')}`, {
    path: fields[0],
    fields,
  });
