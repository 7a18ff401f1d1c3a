import { notImplemented } from '../../contracts/errors.js';

/** Whether a field, as sent, asks for behaviour the server does not have (absent/default values do not). */
type Asks = (value: unknown) => boolean;
const present: Asks = (v) => v !== undefined && v !== null;

/**
 * Agent fields the schema documents but nothing implements: `memory`, `conversational`,
 * `contextWindow`, and the `conversation` context resolver (it needs sessions).
 * Accepting them would silently ignore them, so a request
 * that sets one to a non-default value is refused with 422 `not_implemented`.
 */
const agentFields: Record<string, Asks> = {
  memory: present,
  conversational: (v) => v === true,
  contextWindow: present,
  contextResolvers: (v) => Array.isArray(v) && v.includes('conversation'),
};

/** Generate-request fields with no behaviour yet: no session is created or joined. */
const generateFields: Record<string, Asks> = {
  sessionId: present,
};

function refuse(body: Record<string, unknown>, fields: Record<string, Asks>): void {
  const set = Object.entries(fields)
    .filter(([name, asks]) => asks(body[name]))
    .map(([name]) => `body.${name}`);
  if (set.length) throw notImplemented(set);
}

/** Create, PUT, and PATCH (the fields a patch sets). */
export const refuseUnimplementedAgentFields = (body: object) => refuse(body as Record<string, unknown>, agentFields);
export const refuseUnimplementedGenerateFields = (body: object) =>
  refuse(body as Record<string, unknown>, generateFields);
