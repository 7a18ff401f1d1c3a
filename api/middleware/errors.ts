import type { ErrorRequestHandler } from 'express';
import { ApiError } from '../../contracts/errors.js';
import { Prisma } from '../../infra/db/prisma.js';
import type { Logger } from '../../infra/logger.js';

/** Turns every error into the error shape of docs/api.md ("Errors"); only genuine server faults become 500. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const apiError = toApiError(err);
    if (apiError.status >= 500) logger.error({ err, path: req.path, method: req.method }, 'request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(apiError.headers ?? {})) res.setHeader(name, value);
    res.status(apiError.status).json(apiError.toBody());
  };
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean; message?: string };
  // body-parser errors
  if (e?.type === 'entity.too.large')
    return new ApiError(413, 'payload_too_large', 'Request body is larger than the limit');
  if (e?.type === 'entity.parse.failed') return new ApiError(400, 'invalid_request', 'Request body is not valid JSON');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return new ApiError(415 as number, 'invalid_request', e.message ?? 'Unsupported encoding');
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.expose) {
    return new ApiError(e.status, 'invalid_request', e.message ?? 'Bad request');
  }
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    if (err.code === 'P2002')
      return new ApiError(409, 'conflict', 'A resource with these unique fields already exists', {
        target: err.meta?.target,
      });
    if (err.code === 'P2003')
      return new ApiError(422, 'unprocessable', 'A referenced resource does not exist or is still in use');
    if (err.code === 'P2025') return new ApiError(404, 'not_found', 'Resource not found');
    // No database connection or transaction could be had in time (a saturated pool): nothing was
    // written, so the request can be sent again.
    if (err.code === 'P2024' || err.code === 'P2028')
      return new ApiError(503, 'unavailable', 'The database is busy; send the request again', undefined, {
        'Retry-After': '1',
      });
  }
  return new ApiError(500, 'internal_error', 'Internal server error');
}
