import type { RequestHandler } from 'express';
import { ApiError } from '../../contracts/errors.js';
import { hotQuery, sql } from '../../infra/db/hot-sql.js';
import type { Db } from '../../infra/db/prisma.js';
import { keyMatches, keyPrefix } from '../auth/keys.js';
import { policySchema } from '../../domain/policy.js';

/** Resolves `Authorization: Bearer <key>` to the key's project and policy. */
export function authMiddleware(db: Db): RequestHandler {
  return async (req, _res, next) => {
    try {
      const header = req.headers.authorization ?? '';
      const match = /^Bearer\s+(\S{24,200})$/i.exec(header);
      if (!match) throw new ApiError(401, 'unauthorized', 'Missing or malformed Authorization: Bearer <key> header');
      const key = match[1]!;
      // Every request reads its key: through the pool, not Prisma's pipeline (docs/performance.md).
      // Timestamps hold UTC without a zone; the pool's sessions run in UTC, so LOCALTIMESTAMP is now.
      const [row] = await hotQuery<{
        id: string;
        projectId: string;
        keyHash: string;
        policy: unknown;
        revoked: boolean;
        stale: boolean;
      }>(
        db,
        sql`SELECT "id", "projectId", "keyHash", "policy", "revokedAt" IS NOT NULL AS "revoked",
            ("lastUsedAt" IS NULL OR "lastUsedAt" < LOCALTIMESTAMP - interval '60 seconds') AS "stale"
          FROM "ApiKey" WHERE "prefix" = ${keyPrefix(key)}`,
      );
      if (!row || row.revoked || !keyMatches(key, row.keyHash)) {
        throw new ApiError(401, 'unauthorized', 'Invalid or revoked API key');
      }
      const policy = policySchema.safeParse(row.policy);
      if (!policy.success) throw new ApiError(403, 'forbidden', 'This API key has an unreadable policy');
      req.auth = { projectId: row.projectId, keyId: row.id, policy: policy.data };
      // lastUsedAt at most once a minute per key, off the request path.
      if (row.stale) {
        db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
