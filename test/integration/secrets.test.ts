import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, expectStatus, objectSchema } from '../support/resources.js';
import { startStack, type ApiResponse, type TestStack } from '../support/stack.js';

/**
 * Secrets at rest: provider keys, tool and hook header values marked secret, hook signing secrets,
 * API keys and public-chat keys never appear in clear in any column of any table, nor in any
 * response except the one-time key creation responses.
 */
describe('secrets never leave in clear', () => {
  let stack: TestStack;
  const responses: ApiResponse[] = [];
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await stack.api(method, path, body);
    responses.push(res);
    return res;
  };

  const secrets = {
    provider: 'sk-provider-raw-key-7f3a91c2',
    providerRotated: 'sk-provider-rotated-key-55d0e1',
    toolHeader: 'tool-header-secret-a1b2c3d4',
    mcpHeader: 'mcp-header-secret-e5f6a7b8',
    hookHeader: 'hook-header-secret-c9d0e1f2',
    hookSigning: 'hook-signing-secret-3a4b5c6d7e',
  };
  const oneTime: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ withoutWorker: true });
    const provider = await call('POST', '/v1/ai-providers', {
      name: 'p',
      kind: 'openai',
      apiKey: secrets.provider,
      defaultModel: 'm',
    });
    expectStatus(provider, 201);
    await call('PATCH', `/v1/ai-providers/${provider.body.id}`, { apiKey: secrets.providerRotated });
    await call('PUT', `/v1/ai-providers/${provider.body.id}`, { name: 'p2', kind: 'openai', defaultModel: 'm' });
    const tool = await call('POST', '/v1/tools', {
      type: 'http',
      name: 'secure',
      parameters: objectSchema,
      execute: {
        url: 'https://tools.example.com/x',
        headers: { Authorization: { value: `Bearer ${secrets.toolHeader}`, secret: true } },
      },
    });
    expectStatus(tool, 201);
    await call('PATCH', `/v1/tools/${tool.body.id}`, { description: 'touch' });
    const mcp = await call('POST', '/v1/tools', {
      type: 'mcp',
      name: 'remote',
      mcp: { url: 'https://mcp.example.com/mcp', headers: { 'X-Api-Key': { value: secrets.mcpHeader, secret: true } } },
    });
    expectStatus(mcp, 201);
    const agent = await stack.api('POST', '/v1/agents', {
      name: 'a',
      aiProviderId: provider.body.id,
      toolIds: [tool.body.id, mcp.body.id],
    });
    expectStatus(agent, 201);
    responses.push(agent);
    const regenerated = await stack.api('POST', `/v1/agents/${agent.body.id}/regenerate-key`);
    oneTime.push(regenerated.body.publicChatKey);
    const webhook = await stack.api('POST', `/v1/agents/${agent.body.id}/webhooks`, {
      url: 'https://receiver.example.com/wh',
    });
    expectStatus(webhook, 201);
    oneTime.push(webhook.body.secret);
    expectStatus(await call('GET', `/v1/agents/${agent.body.id}/webhooks`), 200);
    const hook = await call('POST', `/v1/agents/${agent.body.id}/hooks`, {
      event: 'PreToolUse',
      type: 'http',
      config: {
        url: 'https://hooks.example.com/h',
        headers: { 'X-Hook': { value: secrets.hookHeader, secret: true } },
        secret: secrets.hookSigning,
      },
    });
    expectStatus(hook, 201);
    await call('PATCH', `/v1/agents/${agent.body.id}/hooks/${hook.body.id}`, { matcher: 'secure' });
    const key = await stack.api('POST', '/v1/api-keys', {
      name: 'k',
      policy: { statements: [{ effect: 'Allow', action: ['*'], resource: ['*'] }] },
    });
    expectStatus(key, 201);
    oneTime.push(key.body.key);
    // Use the new key once, so lastUsedAt and friends are written too.
    responses.push(await callAs(stack, key.body.key, 'GET', '/v1/projects/current'));

    for (const path of [
      '/v1/ai-providers',
      `/v1/ai-providers/${provider.body.id}`,
      '/v1/tools',
      `/v1/tools/${tool.body.id}`,
      `/v1/agents/tools/${mcp.body.id}`,
      '/v1/agents',
      `/v1/agents/${agent.body.id}`,
      `/v1/agents/${agent.body.id}/hooks`,
      `/v1/agents/${agent.body.id}/hooks/${hook.body.id}`,
      '/v1/api-keys',
      `/v1/api-keys/${key.body.id}`,
      '/v1/openapi.json',
    ]) {
      expectStatus(await call('GET', path), 200);
    }
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('no text or json column of any table holds a secret in clear', async () => {
    const columns = await stack.db.$queryRawUnsafe<
      Array<{ table_name: string; column_name: string; data_type: string }>
    >(
      `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND (c.data_type IN ('text', 'character varying', 'json', 'jsonb') OR c.data_type = 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(20);
    const tables = new Set(columns.map((c) => c.table_name));
    expect(tables).toContain('AiProvider');
    expect(tables).toContain('Hook');
    let scanned = 0;
    for (const { table_name, column_name } of columns) {
      const rows = await stack.db.$queryRawUnsafe<Array<{ v: string | null }>>(
        `SELECT "${column_name}"::text AS v FROM "${table_name}"`,
      );
      for (const { v } of rows) {
        if (v === null) continue;
        scanned++;
        for (const secret of [...Object.values(secrets), ...oneTime]) {
          expect(v.includes(secret), `${table_name}.${column_name} holds a secret`).toBe(false);
        }
      }
    }
    expect(scanned).toBeGreaterThan(30);
    // The encrypted form is there instead; the PUT without apiKey kept the rotated key.
    const provider = await stack.db.aiProvider.findFirst({ where: { name: 'p2' } });
    expect(stack.runtime.secrets.decrypt(provider!.apiKeyEncrypted!)).toBe(secrets.providerRotated);
    const tool = await stack.db.agentTool.findFirst({ where: { name: 'secure' } });
    const header = (tool!.execute as { headers: { Authorization: { encrypted: string } } }).headers.Authorization;
    expect(stack.runtime.secrets.decrypt(header.encrypted)).toBe(`Bearer ${secrets.toolHeader}`);
    const hook = await stack.db.hook.findFirst();
    const config = hook!.config as { secretEncrypted: string; headers: { 'X-Hook': { encrypted: string } } };
    expect(stack.runtime.secrets.decrypt(config.secretEncrypted)).toBe(secrets.hookSigning);
    expect(stack.runtime.secrets.decrypt(config.headers['X-Hook'].encrypted)).toBe(secrets.hookHeader);
  });

  it('the provider key is encrypted with a random nonce per value and the key id', async () => {
    const p = await stack.api('POST', '/v1/ai-providers', {
      name: 'twice',
      kind: 'openai',
      apiKey: 'same-value',
      defaultModel: 'm',
    });
    const q = await stack.api('POST', '/v1/ai-providers', {
      name: 'twice',
      kind: 'openai',
      apiKey: 'same-value',
      defaultModel: 'm',
    });
    const [rp, rq] = await Promise.all([p, q].map((r) => stack.db.aiProvider.findUnique({ where: { id: r.body.id } })));
    expect(rp!.apiKeyEncrypted).toMatch(/^v1:k1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(rp!.apiKeyEncrypted).not.toBe(rq!.apiKeyEncrypted);
    expect(stack.runtime.secrets.decrypt(rp!.apiKeyEncrypted!)).toBe('same-value');
  });

  it('no response carried a secret (one-time keys only in their creation response)', () => {
    expect(responses.length).toBeGreaterThan(20);
    for (const res of responses) {
      const text = JSON.stringify(res.body);
      for (const secret of [...Object.values(secrets), ...oneTime])
        expect(text.includes(secret), text.slice(0, 300)).toBe(false);
    }
  });
});
