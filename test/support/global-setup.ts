import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../../infra/db/migrate.js';
import { ensurePythonTool, MOTO_SERVER, OPENAPI_PYTHON_CLIENT } from '../../infra/python-tool.js';
import { resolveTemporalCli } from '../../infra/temporal/cli.js';
import { startTemporalDevServer } from '../../infra/temporal/dev-server.js';
import { bundleWorkflows } from '../../worker.js';
import { adminDatabaseUrl, databaseUrl } from './env.js';
import { buildServices } from './service-build.js';

/**
 * Once per test run: a real Temporal dev server (in memory), a migrated template database that
 * each test file clones (CREATE DATABASE … TEMPLATE, ~50 ms), the workflow bundle, and the PyPI
 * tools of the S3 and Python-client tests, and the compiled API and worker that crash tests spawn.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cli = resolveTemporalCli({ cliPathFromEnv: process.env.TEMPORAL_CLI_PATH, log: (l) => console.log(l) });
  // Workflow tasks of a killed worker go to the next one after 3 s instead of the default 10 s.
  const starting = startTemporalDevServer({
    cli,
    uiPort: null,
    taskQueuePartitions: 1,
    defaultWorkflowTaskTimeoutSeconds: 3,
  });
  const [temporal, bundle, serviceBuildDir] = await Promise.all([
    starting,
    bundleWorkflows(),
    buildServices(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')),
    // The pinned PyPI tools some files use, installed into .tools/ here, once, instead of inside a
    // file's beforeAll (on a fresh clone of a busy machine, pip took longer than the hook's
    // timeout), and side by side with the rest: moto alone takes about 30 s to install.
    ...[MOTO_SERVER, OPENAPI_PYTHON_CLIENT].map((tool) => ensurePythonTool(tool, (l) => console.log(l))),
  ]).catch(async (err: unknown) => {
    // Whatever failed, the dev server must not outlive the run.
    await starting.then((server) => server.stop()).catch(() => {});
    throw err;
  });

  const template = `da_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  try {
    await admin.connect();
  } catch (err) {
    await temporal.stop();
    throw new Error(`Tests need PostgreSQL at ${adminDatabaseUrl} (set TEST_DATABASE_URL): ${(err as Error).message}`, {
      cause: err,
    });
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await applyMigrations(databaseUrl(template));
  } catch (err) {
    // A migration that fails would otherwise leave the dev server running after the run ends.
    await temporal.stop();
    await admin.end();
    throw err;
  }

  const dir = mkdtempSync(join(tmpdir(), 'da-bundle-'));
  const bundlePath = join(dir, 'workflow-bundle.js');
  writeFileSync(bundlePath, bundle.code);

  project.provide('temporalAddress', temporal.address);
  project.provide('templateDatabase', template);
  project.provide('workflowBundlePath', bundlePath);
  project.provide('serviceBuildDir', serviceBuildDir);

  return async () => {
    await temporal.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  };
}
