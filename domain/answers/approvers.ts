import { ApiError } from '../../contracts/errors.js';
import type { Generation } from '../../generated/prisma/client.js';
import { readApprovalHookConfig, readSnapshot } from '../../infra/db/json-columns.js';
import type { AuthInfo } from '../auth-info.js';

/**
 * Who may decide an approval: every approval hook of the generation's snapshot (the configuration it
 * started with, not the live hooks) that matches the tool applies — `approvers` lists the API key
 * ids that may decide, `requesterMayNotApprove` excludes the key that started the generation. Any
 * one refusing is a 403; a generation whose starter is unknown is refused too (fail closed).
 */
export function checkApprover(g: Generation, toolName: string, auth: AuthInfo): void {
  const hooks = readSnapshot(g.snapshot).hooks.filter(
    (h) => h.type === 'approval' && h.event === 'PreToolUse' && (h.matcher === null || h.matcher === toolName),
  );
  for (const hook of hooks) {
    const config = readApprovalHookConfig(hook.config);
    if (config.approvers !== undefined && !config.approvers.includes(auth.keyId)) {
      throw new ApiError(403, 'forbidden', `This API key is not an approver of hook ${hook.id}`, { hookId: hook.id });
    }
    // A public-chat visitor holds no API key, so any approver key is someone other than the requester.
    const requester = g.channel === 'public_chat' ? undefined : g.createdByKeyId;
    if (config.requesterMayNotApprove === true && (requester === null || requester === auth.keyId)) {
      throw new ApiError(
        403,
        'forbidden',
        `Hook ${hook.id} does not let the API key that started the generation decide its approvals`,
        { hookId: hook.id },
      );
    }
  }
}
