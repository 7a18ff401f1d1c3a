import { describe, expect, it } from 'vitest';
import { toApiError } from '../../api/middleware/errors.js';
import { Prisma } from '../../infra/db/prisma.js';

const known = (code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError('db said no', { code, clientVersion: '6.19.3', ...(meta ? { meta } : {}) });

describe('toApiError', () => {
  it('maps Prisma unique, foreign-key and missing-row errors to 409, 422 and 404', () => {
    expect(toApiError(known('P2002', { target: ['projectId', 'slug'] }))).toMatchObject({
      status: 409,
      code: 'conflict',
    });
    expect(toApiError(known('P2003'))).toMatchObject({ status: 422, code: 'unprocessable' });
    expect(toApiError(known('P2025'))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('maps a saturated connection pool (no connection or transaction in time) to 503 with Retry-After', () => {
    for (const code of ['P2024', 'P2028']) {
      const err = toApiError(known(code));
      expect(err).toMatchObject({ status: 503, code: 'unavailable' });
      expect(err.headers).toEqual({ 'Retry-After': '1' });
    }
  });

  it('maps body-parser errors to 413 and 400', () => {
    expect(toApiError({ type: 'entity.too.large', status: 413, expose: true })).toMatchObject({
      status: 413,
      code: 'payload_too_large',
    });
    expect(toApiError({ type: 'entity.parse.failed', status: 400, expose: true })).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
  });

  it('keeps everything else a 500 without leaking the message', () => {
    const err = toApiError(new Error('connection string postgres://secret'));
    expect(err.status).toBe(500);
    expect(JSON.stringify(err.toBody())).not.toContain('secret');
  });
});
