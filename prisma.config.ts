import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import { createPgPool } from './infra/db/pg-pool.js';

// schema.prisma's datasource needs a URL even for `prisma generate` (postinstall, build), or Prisma
// falls back to its native engine and tries to download it. Only migrations use the real one.
const databaseUrl = process.env.DATABASE_URL;
process.env.DATABASE_URL ??= 'postgresql://unused@localhost:5432/unused';

// Migrations run on Prisma's JavaScript/WebAssembly schema engine through the pg driver adapter,
// so no native engine binary is downloaded (see docs/adr/0002-prisma-offline.md).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  experimental: { adapter: true },
  engine: 'js',
  async adapter() {
    const url = databaseUrl;
    if (!url) throw new Error('DATABASE_URL is required to run Prisma migrations');
    return new PrismaPg(createPgPool(url, 1, { allowExitOnIdle: true }));
  },
});
