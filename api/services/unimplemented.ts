import { notImplemented } from '../../contracts/errors.js';

/** Whether a field, as sent, asks for behaviour the server does not have (absent/default values do not). */
type Asks = (value: unknown) => boolean;
const present: Asks = (v) => v !== undefined && v !== null;

/**
 * Agent fields the schema documents but nothing implements: `boundaryPolicy` and `publicChat` (no endpoint accepts a public-chat key).
 * Accepting them would silently ignore them (a boundary policy would fail open), so a request
 * that sets one to a non-default value is refused with 422 `not_implemented`.
 */
const agentFields: Record<string, Asks> = {
  boundaryPolicy: present,
  publicChat: (v) => present(v) && (v as { enabled?: unknown }).enabled !== false,
};

/** Generate-request fields with no behaviour yet: no call depth is enforced. */
const generateFields: Record<string, Asks> = {
  maxCallDepth: (v) => v !== undefined && v !== 10,
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
