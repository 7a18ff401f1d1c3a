import { ApiError } from '../contracts/errors.js';
import { CURSOR_PATTERN } from '../contracts/schemas/index.js';

/**
 * Cursors: `<createdAt in epoch milliseconds>.<id>` of the last row of the previous page (see
 * `cursorSchema`, which the query validator applies, so the OpenAPI document states the exact
 * format). Lists are ordered newest first by (createdAt, id), so a cursor stays valid while rows
 * are added. Clients treat it as opaque.
 */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return `${row.createdAt.getTime()}.${row.id}`;
}

export function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match)
    throw new ApiError(400, 'invalid_request', 'Invalid cursor', [
      { path: 'query.cursor', message: 'not a cursor returned by this list' },
    ]);
  return { createdAt: new Date(Number(match[1])), id: match[2]! };
}

/** Prisma `where` fragment for "after this cursor" in (createdAt desc, id desc) order. */
export function afterCursor(cursor: string | undefined) {
  const c = decodeCursor(cursor);
  if (!c) return {};
  return { OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] };
}

export const newestFirst = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

/** Fetch `limit + 1` rows, return `limit` and the cursor of the last one if more exist. */
export function page<T extends { createdAt: Date; id: string }>(
  rows: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** What a list query reads: rows after the cursor, newest first, one more than the page holds. */
export interface PageWindow {
  after: ReturnType<typeof afterCursor>;
  orderBy: typeof newestFirst;
  take: number;
}

/** One page of a newest-first list: `find` reads the window's rows, `view` shows each one. */
export async function listPage<T extends { createdAt: Date; id: string }, V>(
  query: { cursor?: string | undefined; limit: number },
  find: (window: PageWindow) => Promise<T[]>,
  view: (row: T) => V,
): Promise<{ data: V[]; nextCursor: string | null }> {
  const rows = await find({ after: afterCursor(query.cursor), orderBy: newestFirst, take: query.limit + 1 });
  const { items, nextCursor } = page(rows, query.limit);
  return { data: items.map((row) => view(row)), nextCursor };
}
