import { ApiError } from '../../contracts/errors.js';
import type { Policy } from '../../contracts/schemas/policy.js';
import { checkAgentNotDenied } from '../generation-access.js';
import { isDenied } from '../policy.js';

/**
 * A turn of an existing session shows the session (its turns: `GET /v1/sessions/{id}`) and its
 * whole history (`GET /v1/sessions/{id}/messages`) to the model and so to the caller.
 */
export const SESSION_READ_ACTIONS = ['agents:GetSession', 'agents:ListSessionMessages'] as const;

/**
 * Adding a turn to an existing session (generate with its `sessionId` or `sessionKey`), which may
 * stop or roll back another client's turn (docs/double-texting.md). No endpoint of its own: it is
 * only ever checked by generate, like the file actions by their platform actions.
 */
export const SESSION_WRITE_ACTION = 'agents:ContinueSession';

const SESSION_TURN_ACTIONS = [...SESSION_READ_ACTIONS, SESSION_WRITE_ACTION];

/**
 * 403 when `policy` denies a turn of the existing session `sessionId` (of `agentId`): a Deny of any
 * of its actions on `<projectId>:sessions/<id>`, or on the agent as `findSession` applies them
 * (docs/permissions.md, "Sessions continued by generate"). Only Denies count: an Allow on the
 * session is not required, since a key scoped to one agent could otherwise only be granted the
 * sessions of every agent (`sessions/*`). Call it once the session is known to be the project's,
 * so that another project's id stays a 404.
 *
 * `null`: the caller has already established that the session is its own (public chat's visitor).
 */
export function checkSessionTurn(policy: Policy | null, projectId: string, agentId: string, sessionId: string): void {
  if (policy === null) return;
  const resource = `${projectId}:sessions/${sessionId}`;
  for (const action of SESSION_TURN_ACTIONS) {
    if (isDenied(policy, action, resource))
      throw new ApiError(403, 'forbidden', `This API key is not allowed to perform ${action} on session ${sessionId}`, {
        action,
      });
  }
  for (const action of SESSION_TURN_ACTIONS) checkAgentNotDenied({ projectId, policy }, action, agentId);
}
