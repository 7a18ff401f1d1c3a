import { listSessionsQuerySchema } from '../../contracts/schemas/index.js';
import { findSession } from '../generation-access.js';
import { deleteSession, listSessions, sessionDetail, sessionMessages } from '../sessions.js';
import type { PlatformExecutor } from './executors.js';
import { parseArguments } from './resume.js';

/**
 * The session platform actions (contracts/platform-actions-sessions.ts): `/v1/sessions`'s
 * functions (domain/sessions.ts) with the REST query schema for the list. `action` is the REST
 * endpoint's policy action, so a session of an agent the reader's Denies withhold is refused.
 */
const sessionOf = (
  db: Parameters<PlatformExecutor>[0],
  reader: Parameters<PlatformExecutor>[1],
  action: string,
  args: Record<string, unknown>,
) => findSession({ db }, reader, action, typeof args.sessionId === 'string' ? args.sessionId : '');

export const sessionExecutors: Record<string, PlatformExecutor> = {
  'list-sessions': (db, reader, action, args) =>
    listSessions(db, reader, action, parseArguments(listSessionsQuerySchema, args)),
  'get-session': async (db, reader, action, args) => sessionDetail(db, await sessionOf(db, reader, action, args)),
  'list-session-messages': async (db, reader, action, args) =>
    sessionMessages(db, await sessionOf(db, reader, action, args)),
  'delete-session': async (db, reader, action, args) => {
    const session = await sessionOf(db, reader, action, args);
    await deleteSession(db, session);
    return { id: session.id, deleted: true };
  },
};
