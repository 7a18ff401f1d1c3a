import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { findSession } from '../../domain/generation-access.js';
import { deleteSession, listSessions, sessionDetail, sessionMessages } from '../../domain/sessions.js';
import { ApiRouter } from '../routing.js';
import { sessionRoutes } from './sessions.operations.js';

/** Sessions of the project's agents (/v1/sessions…); what each does is domain/sessions.ts. */
export function sessionsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/sessions', ctx);
  r.add(sessionRoutes.list, ({ auth, action, query }) => listSessions(ctx.db, auth, action, query));
  r.add(sessionRoutes.get, async ({ auth, action, params }) =>
    sessionDetail(ctx.db, await findSession(ctx, auth, action, params.sessionId)),
  );
  r.add(sessionRoutes.messages, async ({ auth, action, params }) =>
    sessionMessages(ctx.db, await findSession(ctx, auth, action, params.sessionId)),
  );
  r.add(sessionRoutes.delete, async ({ auth, action, params }) =>
    deleteSession(ctx.db, await findSession(ctx, auth, action, params.sessionId)),
  );
  return r.router;
}
