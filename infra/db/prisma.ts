import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.js';
import { registerPool } from './hot-sql.js';
import { createPgPool } from './pg-pool.js';

export type Db = PrismaClient;
export { Prisma } from '../../generated/prisma/client.js';

/**
 * Prisma Client over the pg driver adapter (no native query engine). `preparedStatements`: the
 * hot path's statements are prepared per connection (`DATABASE_PREPARED_STATEMENTS`).
 */
export function createDb(databaseUrl: string, poolSize: number, preparedStatements = true): Db {
  const pool = createPgPool(databaseUrl, poolSize);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  registerPool(db, pool, preparedStatements);
  return db;
}
