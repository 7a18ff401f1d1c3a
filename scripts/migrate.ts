import { loadConfigOrExit } from '../config/env.js';
import { applyMigrations } from '../infra/db/migrate.js';

/** `npm run db:migrate`: applies prisma/migrations to DATABASE_URL, offline. */
const env = loadConfigOrExit('dev');
if (!env.DATABASE_URL) {
  process.stderr.write(
    'DATABASE_URL is not set: `npm run dev` migrates its embedded database itself; set DATABASE_URL to migrate a PostgreSQL server.\n',
  );
  process.exit(78);
}
await applyMigrations(env.DATABASE_URL, (line) => process.stdout.write(`${line}\n`));
