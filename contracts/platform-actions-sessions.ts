import type { PlatformActionSpec } from './platform-actions.js';

/**
 * Platform actions on sessions, each checked like its `/v1/sessions` endpoint (same policy action
 * and resource, same views, a session of a withheld agent refused like a generation of it).
 * There is no create-session: the REST API has no such route either, a session starts with the
 * first generation that names its sessionKey. Executors: domain/platform-actions/sessions.ts.
 */
const str = (description: string) => ({ type: 'string', description });
const arg = (args: Record<string, unknown>, name: string) => (typeof args[name] === 'string' ? args[name] : '');
const sessionId = { type: 'object', properties: { sessionId: str('The session (ses_…)') }, required: ['sessionId'] };

export const sessionPlatformActions: PlatformActionSpec[] = [
  {
    name: 'list-sessions',
    description: "List the project's sessions, newest first (filters: agentId, sessionKey).",
    parameters: {
      type: 'object',
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Page size (default 20)' },
        cursor: str('nextCursor of the previous page'),
        agentId: str('Only sessions of this agent'),
        sessionKey: str('Only the session with this key'),
      },
      additionalProperties: false,
    },
    policyAction: 'agents:ListSessions',
    resource: () => 'sessions/*',
    readOnly: true,
  },
  {
    name: 'get-session',
    description: "Get a session with its turns (each turn's prompt, answer, status and usage).",
    parameters: sessionId,
    policyAction: 'agents:GetSession',
    resource: (a) => `sessions/${arg(a, 'sessionId')}`,
    readOnly: true,
  },
  {
    name: 'list-session-messages',
    description: "A session's conversation: every message of its turns in order (no system prompt).",
    parameters: sessionId,
    policyAction: 'agents:ListSessionMessages',
    resource: (a) => `sessions/${arg(a, 'sessionId')}`,
    readOnly: true,
  },
  {
    name: 'delete-session',
    description: 'Delete a session with its turns; refused while a turn is running or queued.',
    parameters: sessionId,
    policyAction: 'agents:DeleteSession',
    resource: (a) => `sessions/${arg(a, 'sessionId')}`,
    readOnly: false,
  },
];
