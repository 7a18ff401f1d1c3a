import type { Router } from 'express';
import { ApiError, conflict } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import { policySchema, type ApiKeyView } from '../../contracts/schemas/index.js';
import type { ApiKey } from '../../generated/prisma/client.js';
import { generateApiKey, hashKey, keyPrefix } from '../auth/keys.js';
import { boundedPolicy, isAdminPolicy, uncoveredGrants } from '../../domain/policy.js';
import type { AppContext } from '../context.js';
import { stopWorkOfRevokedKey } from '../schedules/revocation.js';
import { found } from '../http.js';
import { apiKeyRoutes } from './api-keys.operations.js';
import { addReads, type PageQuery } from './crud.js';
import { ApiRouter } from '../routing.js';

export function apiKeyView(k: ApiKey): ApiKeyView {
  const policy = policySchema.safeParse(k.policy);
  return {
    id: k.id,
    projectId: k.projectId,
    name: k.name,
    prefix: k.prefix,
    // A stored policy that no longer parses grants nothing (the auth middleware refuses it too).
    policy: policy.success ? policy.data : { statements: [{ effect: 'Deny', action: ['*'], resource: ['*'] }] },
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
    revokedAt: k.revokedAt ? k.revokedAt.toISOString() : null,
  };
}

export function apiKeysRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/api-keys', ctx);
  const find = async (projectId: string, id: string) =>
    found(await ctx.db.apiKey.findFirst({ where: { id, projectId } }), 'API key');

  r.add(apiKeyRoutes.create, async ({ auth, body }) => {
    // No escalation: a key can only hand out permissions it has itself.
    const missing = uncoveredGrants(auth.policy, body.policy);
    if (missing.length) {
      const first = missing[0]!;
      throw new ApiError(
        403,
        'forbidden',
        `The new key's policy grants ${first.action} on ${first.resource}, which this API key is not allowed itself`,
        {
          path: 'body.policy',
          notGranted: missing.slice(0, 20),
        },
      );
    }
    const key = generateApiKey();
    // Stored: the key's prefix (to recognise it) and its hash; the key itself is shown once.
    const stored = { prefix: keyPrefix(key), keyHash: hashKey(key), policy: boundedPolicy(auth.policy, body.policy) };
    const row = await ctx.db.apiKey.create({
      // Its creator is recorded: approval hooks treat a key minted by the requester as the requester.
      data: { id: newId('apiKey'), projectId: auth.projectId, name: body.name, ...stored, createdByKeyId: auth.keyId },
    });
    return { ...apiKeyView(row), key };
  });

  const page = (query: PageQuery) => ctx.db.apiKey.findMany(query);
  addReads(r, apiKeyRoutes, { page, find: ({ auth, params }) => find(auth.projectId, params.apiKeyId) }, apiKeyView);

  r.add(apiKeyRoutes.revoke, async ({ auth, params }) => {
    const current = await find(auth.projectId, params.apiKeyId);
    if (current.revokedAt) return apiKeyView(current);
    if (!isAdminPolicy(current.policy)) {
      const revoked = await ctx.db.apiKey.update({ where: { id: current.id }, data: { revokedAt: new Date() } });
      await stopWorkOfRevokedKey(ctx, auth.projectId, current.id);
      return apiKeyView(revoked);
    }
    // The project's last admin key (docs/permissions.md) stays: without it nobody could ever grant
    // everything again. Revocations of admin keys are serialised on the project row, so two
    // concurrent ones cannot each see the other as the remaining admin.
    const row = await ctx.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Project" WHERE id = ${auth.projectId} FOR UPDATE`;
      const others = await tx.apiKey.findMany({
        where: { projectId: auth.projectId, revokedAt: null, id: { not: current.id } },
        select: { policy: true },
      });
      if (!others.some((k) => isAdminPolicy(k.policy))) {
        throw conflict(`API key ${current.id} is the project's last admin key and cannot be revoked`, {
          apiKeyId: current.id,
        });
      }
      return tx.apiKey.update({ where: { id: current.id }, data: { revokedAt: new Date() } });
    });
    await stopWorkOfRevokedKey(ctx, auth.projectId, current.id);
    return apiKeyView(row);
  });

  return r.router;
}
