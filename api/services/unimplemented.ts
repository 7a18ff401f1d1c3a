import { notImplemented } from '../../contracts/errors.js';

/** Whether a field, as sent, asks for behaviour the server does not have (absent/default values do not). */
type Asks = (value: unknown) => boolean;

/**
 * Agent fields the schema documents but nothing implements: the `conversation` context resolver.
 * Accepting it would silently ignore it, so a request that asks for it is refused with 422
 * `not_implemented`.
 */
const agentFields: Record<string, Asks> = {
  contextResolvers: (v) => Array.isArray(v) && v.includes('conversation'),
};

function refuse(body: Record<string, unknown>, fields: Record<string, Asks>): void {
  const set = Object.entries(fields)
    .filter(([name, asks]) => asks(body[name]))
    .map(([name]) => `body.${name}`);
  if (set.length) throw notImplemented(set);
}

/** Create, PUT, and PATCH (the fields a patch sets). */
export const refuseUnimplementedAgentFields = (body: object) => refuse(body as Record<string, unknown>, agentFields);
