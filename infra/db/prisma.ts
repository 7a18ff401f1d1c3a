import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.js';
import { createPgPool } from './pg-pool.js';

export type Db = PrismaClient;
export { Prisma } from '../../generated/prisma/client.js';

/** Prisma Client over the pg driver adapter (no native query engine). */
export function createDb(databaseUrl: string, poolSize: number): Db {
  const adapter = new PrismaPg(createPgPool(databaseUrl, poolSize), { disposeExternalPool: true });
  return new PrismaClient({ adapter });
}
