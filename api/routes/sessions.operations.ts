import {
  listResponseSchema,
  listSessionsQuerySchema,
  sessionDetailSchema,
  sessionIdSchema,
  sessionMessageSchema,
  sessionSchema,
  z,
} from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

const sessionParams = z.object({ sessionId: sessionIdSchema });
const sessionList = listResponseSchema(sessionSchema, 'SessionList');
const sessionMessages = z.object({ data: z.array(sessionMessageSchema) }).openapi('SessionMessageList');

/** Conversations (served by ./sessions.ts); turns are started by generate with `sessionId`. */
export const sessionRoutes = {
  list: defineRoute({
    operationId: 'listSessions',
    method: 'get',
    path: '/v1/sessions',
    tag: 'Sessions',
    summary: 'List sessions (filter: agentId)',
    action: 'agents:ListSessions',
    resource: () => 'sessions/*',
    query: listSessionsQuerySchema,
    status: 200,
    response: sessionList,
    responseDescription: 'A page of sessions, newest first',
  }),
  get: defineRoute({
    operationId: 'getSession',
    method: 'get',
    path: '/v1/sessions/{sessionId}',
    tag: 'Sessions',
    summary: 'Get a session with its turns and usage totals',
    action: 'agents:GetSession',
    resource: (p) => `sessions/${p.sessionId}`,
    params: sessionParams,
    status: 200,
    response: sessionDetailSchema,
    responseDescription: 'The session, its turns in order and the usage summed over them',
  }),
  messages: defineRoute({
    operationId: 'listSessionMessages',
    method: 'get',
    path: '/v1/sessions/{sessionId}/messages',
    tag: 'Sessions',
    summary: "The session's stored conversation, whole (whatever the memory strategy sends)",
    action: 'agents:ListSessionMessages',
    resource: (p) => `sessions/${p.sessionId}`,
    params: sessionParams,
    status: 200,
    response: sessionMessages,
    responseDescription: 'Every message of every turn, in order (system prompts left out)',
  }),
  delete: defineRoute({
    operationId: 'deleteSession',
    method: 'delete',
    path: '/v1/sessions/{sessionId}',
    tag: 'Sessions',
    summary: 'Delete a session, its turns and their messages',
    action: 'agents:DeleteSession',
    resource: (p) => `sessions/${p.sessionId}`,
    params: sessionParams,
    status: 204,
    response: undefined,
    responseDescription: 'Deleted',
    errors: [409],
  }),
};
