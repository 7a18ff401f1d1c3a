import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/temporal/dev-server.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';

/** `npm run dev` itself: embedded Temporal + PGlite under DATA_DIR, restart keeps the data. */
describe('npm run dev (embedded defaults)', () => {
  let dataDir: string;
  let model: ModelServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'da-dev-'));
    model = await startModelServer();
    const [port, temporalPort, uiPort] = [await freePort(), await freePort(), await freePort()];
    // The scripted model listens on loopback: model providers go through the SSRF guard like tools.
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      TEMPORAL_DEV_PORT: String(temporalPort),
      TEMPORAL_UI_PORT: String(uiPort),
      LOG_LEVEL: 'warn',
      SSRF_ALLOWLIST: '127.0.0.1',
    };
  });
  afterAll(async () => {
    await model?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function startDev(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const k of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'BOOTSTRAP_API_KEY', 'SECRETS_KEY']) delete childEnv[k];
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    return { child, output: () => out, exited };
  }

  async function waitForReady(output: () => string): Promise<{ apiUrl: string; apiKey: string }> {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const url = /API\s+(http:\/\/\S+)/.exec(output())?.[1];
      const key = /API key\s+(da_\S+)/.exec(output())?.[1];
      if (url && key) {
        const ready = await fetch(`${url}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
        if (ready === 200) return { apiUrl: url, apiKey: key };
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`dev did not become ready in 90 s:\n${output()}`);
  }

  it('starts everything, completes a generation, stops on SIGINT and keeps the data across a restart', async () => {
    const first = startDev();
    const { apiUrl, apiKey } = await waitForReady(first.output);
    expect(first.output()).toMatch(/Temporal\s+127\.0\.0\.1:\d+\s+\(UI: http:\/\/127\.0\.0\.1:\d+\)/);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(apiUrl + path, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const provider = await call('POST', '/v1/ai-providers', {
      name: 'any compatible server',
      kind: 'openai_compatible',
      baseUrl: model.url,
      defaultModel: 'm',
    });
    expect(provider.status).toBe(201);
    const agent = await call('POST', '/v1/agents', { aiProviderId: provider.body.id, name: 'Persistent agent' });
    expect(agent.status).toBe(201);
    model.script({ text: 'pong' });
    const gen = await call('POST', `/v1/agents/${agent.body.id}/generate`, { prompt: 'ping' });
    expect(gen.body).toMatchObject({ status: 'completed', text: 'pong' });

    // Client-tool answers on the embedded database: claimed in PauseAnswer and signalled
    // (docs/adr/0041), for an asynchronous caller and for one that waits.
    const ask = await call('POST', '/v1/tools', { type: 'client', name: 'ask_user', parameters: { type: 'object' } });
    expect(ask.status).toBe(201);
    const asker = await call('POST', '/v1/agents', {
      aiProviderId: provider.body.id,
      name: 'Asker',
      toolIds: [ask.body.id],
    });
    for (const [i, delivery] of [{ async: true }, {}].entries()) {
      model.script(
        { text: '', toolCalls: [{ id: `call_dev_${i}`, name: 'ask_user', arguments: {} }] },
        { text: `answered ${i}` },
      );
      const paused = await call('POST', `/v1/agents/${asker.body.id}/generate`, { prompt: 'ask' });
      expect(paused.body.status).toBe('requires_action');
      const answered = await call('POST', `/v1/agents/${asker.body.id}/generate/${paused.body.id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: `call_dev_${i}`, output: 'yes' }],
        ...delivery,
      });
      expect(answered.status).toBe(delivery.async ? 202 : 200);
      const deadline = Date.now() + 30_000;
      let settled = answered.body;
      while (settled.status !== 'completed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        settled = (await call('GET', `/v1/generations/${paused.body.id}`)).body;
      }
      expect(settled).toMatchObject({ status: 'completed', text: `answered ${i}` });
    }

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = startDev();
    try {
      const again = await waitForReady(second.output);
      expect(again.apiKey).toBe(apiKey);
      const res = await fetch(`${again.apiUrl}/v1/agents/${agent.body.id}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ name: 'Persistent agent' });
      const old = await fetch(`${again.apiUrl}/v1/generations/${gen.body.id}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(await old.json()).toMatchObject({ status: 'completed', text: 'pong' });
    } finally {
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    }
  });
});
