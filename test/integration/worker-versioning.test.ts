import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resolveTemporalCli } from '../../infra/temporal/cli.js';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

/** The operator's command (docs/versioning.md), run with the Temporal CLI. */
function temporalCli(args: string[]): string {
  const cli = resolveTemporalCli({ cliPathFromEnv: process.env.TEMPORAL_CLI_PATH, install: false });
  if (cli.kind !== 'path') throw new Error(`no Temporal CLI (${cli.reason})`);
  return execFileSync(cli.path, [...args, '--address', inject('temporalAddress')], { encoding: 'utf8' });
}

/**
 * Worker Versioning (docs/adr/0042): a worker started with TEMPORAL_DEPLOYMENT_NAME and
 * TEMPORAL_BUILD_ID polls as that version of the deployment; once the operator makes it current,
 * generations run on it with TEMPORAL_VERSIONING_BEHAVIOR as their behaviour.
 */
describe('Worker Versioning, against the dev server', () => {
  let stack: TestStack;
  let model: ModelServer;
  const deploymentName = `da-test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack({ mode: 'processes', withoutWorker: true }), startModelServer()]);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  it('a generation started once the version is current runs on it, pinned as configured', async () => {
    await stack.startWorker({
      TEMPORAL_DEPLOYMENT_NAME: deploymentName,
      TEMPORAL_BUILD_ID: 'build-1',
      TEMPORAL_VERSIONING_BEHAVIOR: 'pinned',
    });
    temporalCli([
      'worker',
      'deployment',
      'set-current-version',
      '--deployment-name',
      deploymentName,
      '--build-id',
      'build-1',
      '--yes',
    ]);
    const agentId = await createAgent(stack, { aiProviderId: await createProvider(stack, model) });
    model.script({ text: 'versioned' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hi' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'versioned' });
    // The row settles inside the run's first workflow task (the final write rides on the model
    // call); the behaviour is recorded when that task completes, so wait for the workflow.
    const handle = stack.temporal.workflow.getHandle(res.body.id);
    await handle.result();
    const described = await handle.describe();
    const info = described.raw.workflowExecutionInfo?.versioningInfo;
    expect(info?.behavior).toBe(1); // VERSIONING_BEHAVIOR_PINNED
    expect(info?.deploymentVersion).toMatchObject({ deploymentName, buildId: 'build-1' });
    await stack.stopWorker();
  });
});
