import { describe, expect, it } from 'vitest';
import { ApiError } from '../../contracts/errors.js';
import fc from 'fast-check';
import { CURSOR_PATTERN, cursorSchema } from '../../contracts/schemas/index.js';
import { afterCursor, decodeCursor, encodeCursor, page } from '../../domain/pagination.js';

const row = (id: string, iso: string) => ({ id, createdAt: new Date(iso), name: id });

function apiError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected an ApiError');
}

describe('cursors', () => {
  it('round-trips createdAt (to the millisecond) and id', () => {
    const r = row('agt_abcdefgh12345678', '2024-05-06T07:08:09.123Z');
    const cursor = encodeCursor(r);
    expect(decodeCursor(cursor)).toEqual({ createdAt: r.createdAt, id: r.id });
  });

  it('is URL-safe and matches the format the query schema documents', () => {
    const cursor = encodeCursor(row('agt_tool_AbC123xyz', '2024-01-01T00:00:00.000Z'));
    expect(cursor).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(cursorSchema.safeParse(cursor).success).toBe(true);
  });

  it('accepts every string the documented pattern accepts (so a schema-valid cursor is never a 400)', () => {
    fc.assert(
      fc.property(fc.stringMatching(CURSOR_PATTERN), (cursor) => {
        const decoded = decodeCursor(cursor)!;
        expect(Number.isNaN(decoded.createdAt.getTime())).toBe(false);
        // PostgreSQL and Prisma take four-digit years only (a later date was a 500).
        expect(decoded.createdAt.getUTCFullYear()).toBeLessThan(10000);
        expect(encodeCursor(decoded)).toBe(cursor.replace(/^0+(?=\d)/, ''));
      }),
    );
  });

  it('decodes no cursor as null', () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['no id', '1704067200000.'],
    ['no separator', '1704067200000'],
    ['a bad date', 'yesterday.agt_1'],
    ['no date', '.agt_1'],
    ['a date beyond 14 digits', '123456789012345.agt_1'],
    ['an id with other characters', '1704067200000.agt/1'],
  ])('rejects %s with a 400 invalid_request', (_label, cursor) => {
    const err = apiError(() => decodeCursor(cursor));
    expect(err.status).toBe(400);
    expect(err.code).toBe('invalid_request');
  });

  it('afterCursor builds the (createdAt desc, id desc) keyset condition', () => {
    const r = row('agt_b', '2024-03-01T00:00:00.000Z');
    expect(afterCursor(undefined)).toEqual({});
    expect(afterCursor(encodeCursor(r))).toEqual({
      OR: [{ createdAt: { lt: r.createdAt } }, { createdAt: r.createdAt, id: { lt: 'agt_b' } }],
    });
    expect(() => afterCursor('%%%')).toThrow(ApiError);
  });
});

describe('page', () => {
  const rows = [
    row('r5', '2024-01-05T00:00:00.000Z'),
    row('r4', '2024-01-04T00:00:00.000Z'),
    row('r3', '2024-01-03T00:00:00.000Z'),
  ];

  it('returns limit items and a cursor at the last one when more rows exist', () => {
    const result = page(rows, 2);
    expect(result.items.map((r) => r.id)).toEqual(['r5', 'r4']);
    expect(result.nextCursor).not.toBeNull();
    expect(decodeCursor(result.nextCursor!)).toEqual({ createdAt: rows[1]!.createdAt, id: 'r4' });
  });

  it('returns no cursor when the rows fit exactly', () => {
    expect(page(rows, 3)).toEqual({ items: rows, nextCursor: null });
  });

  it('returns no cursor when fewer rows than the limit exist', () => {
    expect(page(rows.slice(0, 1), 20)).toEqual({ items: rows.slice(0, 1), nextCursor: null });
    expect(page([], 20)).toEqual({ items: [], nextCursor: null });
  });
});
