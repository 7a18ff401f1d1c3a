import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTemporalCli } from '../../infra/temporal/cli.js';
import { startTemporalDevServer, type TemporalDevServer } from '../../infra/temporal/dev-server.js';
import { reusablePort } from '../support/ports.js';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * The run's shared Temporal server cannot be restarted under the other test files: this file starts
 * its own, persisting to a SQLite file, and kills it with SIGKILL while a generation's model call is
 * in flight. Restarted on the same file and port, the server still has the workflow, the api and
 * worker processes reconnect, and the generation completes.
 */
describe('kill -9 of the Temporal server mid-generation', () => {
  let dir: string;
  let dbFile: string;
  let port: number;
  let temporal: TemporalDevServer;
  let stack: TestStack;
  let model: ModelServer;
  const cli = resolveTemporalCli({ cliPathFromEnv: process.env.TEMPORAL_CLI_PATH });
  const start = () => startTemporalDevServer({ cli, dbFile, port, uiPort: null });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'da-temporal-restart-'));
    dbFile = join(dir, 'temporal.db');
    port = await reusablePort();
    temporal = await start();
    [stack, model] = await Promise.all([
      startStack({ mode: 'processes', env: { TEMPORAL_ADDRESS: temporal.address } }),
      startModelServer(),
    ]);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await temporal?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the generation whose model call was in flight completes after the server restarts on the same file', async () => {
    expect(cli.kind, 'this test needs the Temporal CLI binary to SIGKILL the server').not.toBe('sdk-download');
    const agentId = await createAgent(stack, {
      aiProviderId: await createProvider(stack, model),
      instructions: 'R [[script:restart]]',
    });
    let arrived!: () => void;
    const inFlight = new Promise<void>((r) => (arrived = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    model.scriptFor(
      'restart',
      async () => {
        arrived();
        await released;
        return { text: 'survived the restart' };
      },
      // A second attempt, should the first one's completion be lost with the server.
      { text: 'survived the restart' },
    );
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go', async: true });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    await inFlight;
    const { runId } = await stack.temporal.workflow.getHandle(id).describe();

    await temporal.kill();
    // Really gone: nothing answers on its port.
    await expect(Connection.connect({ address: temporal.address, connectTimeout: 500 })).rejects.toThrow();
    temporal = await start();
    release();

    let generation = (await stack.api('GET', `/v1/generations/${id}`)).body;
    const deadline = Date.now() + 90_000;
    while (!['completed', 'failed', 'cancelled'].includes(generation.status) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      generation = (await stack.api('GET', `/v1/generations/${id}`)).body;
    }
    expect(generation).toMatchObject({ status: 'completed', text: 'survived the restart' });
    // The same run, read back from the file the restarted server opened.
    const handle = stack.temporal.workflow.getHandle(id);
    await handle.result();
    const after = await handle.describe();
    expect(after.runId).toBe(runId);
    expect(after.status.name).toBe('COMPLETED');
  }, 150_000);
});
