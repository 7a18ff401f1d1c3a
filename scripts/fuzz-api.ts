import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { loadConfigOrExit } from '../config/env.js';
import { SCHEMATHESIS, ensurePythonTool, runPythonTool } from '../infra/python-tool.js';
import { createLogger } from '../infra/logger.js';
import { startLocalStack } from './local-stack.js';

/**
 * `npm run fuzz:api [-- --max-time 180 …]`: starts the whole service (its own PostgreSQL database,
 * an embedded Temporal dev server, a fresh data folder, NODE_ENV=test so every response is checked against its documented schema, rate
 * limits raised) and runs Schemathesis against its /v1/openapi.json with every check and every
 * phase. Extra arguments go to `st run`. Exits with Schemathesis's code: 0 only without failures.
 *
 * `npm run fuzz:api -- --random [st run options]`: a run with a fresh random seed, printed at the
 * start and at the end, for `--max-time 600` unless the options give another. A seed that finds a
 * failure goes into scripts/fuzz/seeds.txt with the failure and its fix (CI replays that list).
 */
const say = (line = '') => process.stdout.write(`${line}\n`);

/** A random 128-bit seed in decimal, the format Schemathesis prints and `--seed` takes. */
function randomSeed(): string {
  return BigInt(`0x${randomBytes(16).toString('hex')}`).toString();
}

const given = process.argv.slice(2);
const random = given.includes('--random');
const hasOption = (name: string) => given.some((a) => a === name || a.startsWith(`${name}=`));
if (random && hasOption('--seed')) {
  say('--random picks its own seed; to replay a seed, run with --seed <seed> and without --random');
  process.exit(2);
}
const seed = random ? randomSeed() : null;
const extra = given.filter((a) => a !== '--random');
if (seed) {
  extra.push('--seed', seed);
  if (!hasOption('--max-time')) extra.push('--max-time', '600');
  say(`Random seed: ${seed}`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'durable-agents-fuzz-'));
Object.assign(process.env, {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: '0',
  TEMPORAL_DEV_PORT: '0',
  LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'fatal',
  RATE_LIMIT_PER_MINUTE: '1000000',
  // Providers the fuzzer creates point at made-up hosts, which may only fail at the connect
  // timeout here: one short attempt keeps a synchronous generate inside the request timeout.
  MODEL_CALL_MAX_ATTEMPTS: '1',
  MODEL_CALL_TIMEOUT_SECONDS: '5',
  BOOTSTRAP_API_KEY: 'da_fuzz_' + Math.random().toString(36).slice(2).padEnd(24, '0'),
});

/**
 * The run's own PostgreSQL database (created on the server the test suite uses, dropped at the
 * end), like production; the embedded PGlite only when that server is not reachable.
 */
async function createFuzzDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `da_fuzz_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await run(`CREATE DATABASE ${name}`);
  } catch (err) {
    say(`PostgreSQL at ${admin} is not usable (${(err as Error).message}); using the embedded PGlite`);
    return null;
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const database = process.env.DATABASE_URL ? null : await createFuzzDatabase();
if (database) process.env.DATABASE_URL = database.url;
const env = loadConfigOrExit('dev');
const logger = createLogger(env.LOG_LEVEL, 'fuzz');

// Schemathesis is pip-installed on a fresh clone (about 13 s) while the stack starts.
const starting = startLocalStack(env, logger, { say: () => {}, headless: true });
const [stack] = await Promise.all([starting, ensurePythonTool(SCHEMATHESIS, say)]).catch(async (err: unknown) => {
  await starting.then((s) => s.stop()).catch(() => {});
  await database?.drop();
  throw err;
});
let code: number;
try {
  const key = stack.apiKey!;
  const keys = (await (
    await fetch(`${stack.apiUrl}/v1/api-keys?limit=100`, { headers: { authorization: `Bearer ${key}` } })
  ).json()) as { data: Array<{ id: string; name: string }> };
  const bootstrapKeyId = keys.data.find((k) => k.name === 'bootstrap admin')?.id;
  if (!bootstrapKeyId) throw new Error('the bootstrap key was not found');
  say(`Fuzzing ${stack.apiUrl} (data in ${dataDir})`);

  code = await runPythonTool(
    SCHEMATHESIS,
    [
      '--config-file',
      resolve('scripts', 'fuzz', 'schemathesis.toml'),
      'run',
      `${stack.apiUrl}/v1/openapi.json`,
      '--url',
      stack.apiUrl,
      '--checks',
      'all',
      // Revoked API keys stay readable by design (see scripts/fuzz/schemathesis.toml).
      '--exclude-checks',
      'use_after_free',
      '--header',
      `Authorization: Bearer ${key}`,
      // One worker: Hypothesis' lambda-description cache is not thread-safe (sporadic internal errors).
      '--workers',
      '1',
      // A synchronous generate may wait for a provider call (5 s above) and the workflow around it.
      '--request-timeout',
      '30',
      '--generation-database',
      'none',
      '--suppress-health-check',
      'too_slow,filter_too_much',
      '--report',
      'junit,vcr',
      // A folder of the run's own: CI runs the gate and the replays side by side.
      '--report-dir',
      resolve('.data', 'fuzz-report', String(process.pid)),
      ...(extra.length ? extra : ['--max-examples', '25']),
    ],
    {
      log: say,
      env: {
        SCHEMATHESIS_HOOKS: 'hooks',
        PYTHONPATH: resolve('scripts', 'fuzz'),
        FUZZ_PROTECTED_API_KEY_ID: bootstrapKeyId,
      },
    },
  );
} finally {
  await stack.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  if (seed) say(`Random seed: ${seed}`);
}
if (seed && code !== 0) {
  say(`Add the seed to scripts/fuzz/seeds.txt with the failure and its fix; replay it with`);
  say(`npm run fuzz:api -- --max-time 60 --seed ${seed}`);
}
process.exit(code);
