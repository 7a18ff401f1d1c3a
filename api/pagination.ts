import { ApiError } from '../contracts/errors.js';

/**
 * Opaque cursors: base64url of `<createdAt ISO>|<id>`. Lists are ordered newest first by
 * (createdAt, id), so a cursor stays valid while rows are added.
 */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const sep = raw.indexOf('|');
  const at = sep > 0 ? raw.slice(0, sep) : '';
  const id = sep > 0 ? raw.slice(sep + 1) : '';
  const createdAt = new Date(at);
  // Exactly what encodeCursor writes: a toISOString() timestamp and a printable-ASCII id.
  const valid = !Number.isNaN(createdAt.getTime()) && createdAt.toISOString() === at && /^[\x21-\x7e]{1,200}$/.test(id);
  if (!valid)
    throw new ApiError(400, 'invalid_request', 'Invalid cursor', [
      { path: 'query.cursor', message: 'not a cursor returned by this list' },
    ]);
  return { createdAt, id };
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
