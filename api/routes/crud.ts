import type { AnyRouteSpec, ResponseOf } from '../openapi/spec.js';
import { listPage, type PageWindow } from '../../domain/pagination.js';
import type { ApiRouter, AuthedRouteInput } from '../routing.js';

type PageWindowQuery = { cursor?: string | undefined; limit: number };

/** The rows of one list page: the caller's project, after the cursor, newest first. */
export type PageQuery = {
  where: { projectId: string } & PageWindow['after'];
  orderBy: PageWindow['orderBy'];
  take: number;
};

/**
 * The two read endpoints of a resource: `list` (newest-first pages, `{ data, nextCursor }`) and
 * `get` (one row by id), both showing rows with `view`. `page` reads the rows of a page query
 * (a findMany of the resource); `find` reads the row the path names (404 otherwise).
 */
export function addReads<L extends AnyRouteSpec, G extends AnyRouteSpec, T extends { id: string; createdAt: Date }>(
  r: ApiRouter,
  routes: { list: L; get: G },
  rows: {
    page: (query: PageQuery) => Promise<T[]>;
    find: (input: AuthedRouteInput<G>) => Promise<T>;
  },
  view: (row: T) => ResponseOf<G>,
): void {
  // The list entry's response is listResponseSchema(item) of the get entry's item (checked under test).
  r.add(
    routes.list,
    (input) =>
      listPage(
        input.query as PageWindowQuery,
        ({ after, ...window }) => rows.page({ where: { projectId: input.auth.projectId, ...after }, ...window }),
        view,
      ) as Promise<ResponseOf<L>>,
  );
  r.add(routes.get, async (input) => view(await rows.find(input)));
}
