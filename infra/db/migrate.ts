import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SUCCESS = /All migrations have been successfully applied|No pending migrations to apply/;

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Applies `prisma/migrations` with `prisma migrate deploy` on Prisma's WebAssembly schema engine
 * (configured in prisma.config.ts), so it works offline. Idempotent: applied migrations are skipped.
 */
export async function applyMigrations(databaseUrl: string, log: (line: string) => void = () => {}): Promise<void> {
  const prismaCli = join(dirname(createRequire(import.meta.url).resolve('prisma/package.json')), 'build', 'index.js');
  const output: string[] = [];
  let finished = false;
  const code = await new Promise<number | null>((done, reject) => {
    const child = spawn(process.execPath, [prismaCli, 'migrate', 'deploy'], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (d: Buffer) => {
      output.push(d.toString());
      // The WebAssembly schema engine leaves a ~10 s timer behind after its work is done; once the
      // CLI has reported success there is nothing left to wait for.
      if (!finished && SUCCESS.test(output.join(''))) {
        finished = true;
        setTimeout(() => child.kill('SIGTERM'), 200).unref();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (exitCode) => done(finished ? 0 : exitCode));
  });
  const text = output.join('');
  if (code !== 0) throw new Error(`prisma migrate deploy failed (exit ${code}):\n${text}`);
  log(/No pending migrations/i.test(text) ? 'Database schema is up to date' : 'Migrations applied');
}
