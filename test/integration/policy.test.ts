import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../api/openapi/table.js';
import {
  callAs,
  createProjectWithKey,
  expectError,
  expectStatus,
  mintKey,
  objectSchema,
} from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

/** Policies (Allow/Deny, wildcards, Deny wins), per-endpoint actions and project isolation. */
describe('authorization', () => {
  let stack: TestStack;
  let prj: string;
  const a = { providerId: '', agentId: '', otherAgentId: '', toolId: '', hookId: '', apiKeyId: '', webhookId: '' };

  beforeAll(async () => {
    stack = await startStack({ withoutWorker: true });
    prj = stack.projectId;
    a.providerId = (
      await stack.api('POST', '/v1/ai-providers', { name: 'p', kind: 'openai', apiKey: 'sk-a', defaultModel: 'm' })
    ).body.id;
    a.toolId = (
      await stack.api('POST', '/v1/tools', { type: 'client', name: 'tool_a', parameters: objectSchema })
    ).body.id;
    a.agentId = (
      await stack.api('POST', '/v1/agents', { name: 'agent a', aiProviderId: a.providerId, toolIds: [a.toolId] })
    ).body.id;
    a.otherAgentId = (await stack.api('POST', '/v1/agents', { name: 'agent b', aiProviderId: a.providerId })).body.id;
    a.hookId = (
      await stack.api('POST', `/v1/agents/${a.agentId}/hooks`, { event: 'PreToolUse', type: 'approval' })
    ).body.id;
    a.apiKeyId = (await mintKey(stack, [{ effect: 'Allow', action: ['projects:GetProject'], resource: ['*'] }])).id;
    a.webhookId = (
      await stack.api('POST', `/v1/agents/${a.agentId}/webhooks`, { url: 'https://receiver.example.com/a' })
    ).body.id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  describe('policy matrix', () => {
    it('no key, a malformed key, an unknown key → 401', async () => {
      expectError(await callAs(stack, null, 'GET', '/v1/agents'), 401, 'unauthorized');
      expectError(await callAs(stack, 'short', 'GET', '/v1/agents'), 401);
      expectError(await callAs(stack, 'da_unknownunknownunknownunknown000', 'GET', '/v1/agents'), 401);
    });

    it('allows exactly what an Allow statement names (action and resource)', async () => {
      const { key } = await mintKey(stack, [
        { effect: 'Allow', action: ['agents:GetAgent'], resource: [`${prj}:agents/${a.agentId}`] },
      ]);
      expectStatus(await callAs(stack, key, 'GET', `/v1/agents/${a.agentId}`), 200);
      const other = await callAs(stack, key, 'GET', `/v1/agents/${a.otherAgentId}`);
      expectError(other, 403, 'forbidden');
      expect(other.body.error.details.action).toBe('agents:GetAgent');
      expectError(await callAs(stack, key, 'GET', '/v1/agents'), 403);
      expectError(await callAs(stack, key, 'PATCH', `/v1/agents/${a.agentId}`, { name: 'x' }), 403);
      expectError(await callAs(stack, key, 'GET', `/v1/ai-providers/${a.providerId}`), 403);
    });

    it('a used key records when it was last used (at most once a minute); a revoked one is refused', async () => {
      const { id, key } = await mintKey(stack, [{ effect: 'Allow', action: ['aiProviders:*'], resource: ['*'] }]);
      expect((await stack.db.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt).toBeNull();
      expectStatus(await callAs(stack, key, 'GET', `/v1/ai-providers/${a.providerId}`), 200);
      const usedAt = async () => (await stack.db.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt;
      for (let i = 0; i < 50 && (await usedAt()) === null; i++) await new Promise((r) => setTimeout(r, 20));
      const first = await usedAt();
      expect(first).not.toBeNull();
      expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
      // Used again within the minute: not written again.
      expectStatus(await callAs(stack, key, 'GET', `/v1/ai-providers/${a.providerId}`), 200);
      await new Promise((r) => setTimeout(r, 200));
      expect((await usedAt())!.getTime()).toBe(first!.getTime());
      // Last used two minutes ago: the next use writes it.
      await stack.db.apiKey.update({ where: { id }, data: { lastUsedAt: new Date(Date.now() - 120_000) } });
      expectStatus(await callAs(stack, key, 'GET', `/v1/ai-providers/${a.providerId}`), 200);
      for (let i = 0; i < 50 && Date.now() - (await usedAt())!.getTime() > 60_000; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(Date.now() - (await usedAt())!.getTime()).toBeLessThan(60_000);
      expectStatus(await stack.api('DELETE', `/v1/api-keys/${id}`), 200);
      expectError(await callAs(stack, key, 'GET', `/v1/ai-providers/${a.providerId}`), 401);
    });

    it('denies when nothing matches', async () => {
      const { key } = await mintKey(stack, [{ effect: 'Allow', action: ['aiProviders:*'], resource: ['*'] }]);
      expectStatus(await callAs(stack, key, 'GET', `/v1/ai-providers/${a.providerId}`), 200);
      expectError(await callAs(stack, key, 'GET', `/v1/agents/${a.agentId}`), 403);
      expectError(await callAs(stack, key, 'GET', '/v1/projects/current'), 403);
      expectError(
        await callAs(stack, key, 'POST', '/v1/api-keys', {
          name: 'n',
          policy: { statements: [{ effect: 'Allow', action: ['aiProviders:GetAiProvider'] }] },
        }),
        403,
      );
    });

    it('wildcards in actions and resources', async () => {
      const getters = await mintKey(stack, [{ effect: 'Allow', action: ['agents:Get*'], resource: ['*'] }]);
      expectStatus(await callAs(stack, getters.key, 'GET', `/v1/agents/${a.agentId}`), 200);
      expectStatus(await callAs(stack, getters.key, 'GET', `/v1/tools/${a.toolId}`), 200);
      expectStatus(await callAs(stack, getters.key, 'GET', `/v1/agents/${a.agentId}/hooks/${a.hookId}`), 200);
      expectError(await callAs(stack, getters.key, 'GET', '/v1/agents'), 403);

      const listers = await mintKey(stack, [{ effect: 'Allow', action: ['*:List*'], resource: ['*'] }]);
      for (const path of [
        '/v1/agents',
        '/v1/tools',
        '/v1/ai-providers',
        '/v1/api-keys',
        `/v1/agents/${a.agentId}/hooks`,
        '/v1/generations',
      ]) {
        expectStatus(await callAs(stack, listers.key, 'GET', path), 200);
      }
      expectError(await callAs(stack, listers.key, 'GET', `/v1/agents/${a.agentId}`), 403);

      const hooksOfA = await mintKey(stack, [
        { effect: 'Allow', action: ['agents:*'], resource: [`${prj}:agents/${a.agentId}/hooks/*`] },
      ]);
      expectStatus(await callAs(stack, hooksOfA.key, 'GET', `/v1/agents/${a.agentId}/hooks`), 200);
      expectError(await callAs(stack, hooksOfA.key, 'GET', `/v1/agents/${a.otherAgentId}/hooks`), 403);
      expectError(await callAs(stack, hooksOfA.key, 'GET', `/v1/agents/${a.agentId}`), 403);
    });

    it('Deny wins over Allow, whatever the order', async () => {
      const deny = {
        effect: 'Deny',
        action: ['agents:DeleteAgent', 'agents:UpdateAgent'],
        resource: [`${prj}:agents/${a.agentId}`],
      };
      const allow = { effect: 'Allow', action: ['*'], resource: ['*'] };
      for (const statements of [
        [deny, allow],
        [allow, deny],
      ]) {
        const { key } = await mintKey(stack, statements);
        expectError(await callAs(stack, key, 'DELETE', `/v1/agents/${a.agentId}`), 403);
        expectError(await callAs(stack, key, 'PATCH', `/v1/agents/${a.agentId}`, { name: 'renamed' }), 403);
        expectStatus(await callAs(stack, key, 'GET', `/v1/agents/${a.agentId}`), 200);
        expectStatus(
          await callAs(stack, key, 'PATCH', `/v1/agents/${a.otherAgentId}`, { description: 'allowed' }),
          200,
        );
      }
      expect((await stack.api('GET', `/v1/agents/${a.agentId}`)).body.name).toBe('agent a');
    });

    it('a key cannot mint a key with permissions it does not have; its Deny statements are inherited', async () => {
      const limited = await mintKey(stack, [
        { effect: 'Allow', action: ['agents:*', 'apiKeys:CreateApiKey'], resource: ['*'] },
        { effect: 'Deny', action: ['agents:DeleteAgent'], resource: ['*'] },
      ]);
      const wider = await callAs(stack, limited.key, 'POST', '/v1/api-keys', {
        name: 'n',
        policy: { statements: [{ effect: 'Allow', action: ['*'], resource: ['*'] }] },
      });
      expectError(wider, 403, 'forbidden');
      expect(wider.body.error.details.notGranted[0]).toEqual({ action: '*', resource: '*' });
      const other = await callAs(stack, limited.key, 'POST', '/v1/api-keys', {
        name: 'n',
        policy: { statements: [{ effect: 'Allow', action: ['aiProviders:GetAiProvider'], resource: ['*'] }] },
      });
      expectError(other, 403);

      const narrower = await callAs(stack, limited.key, 'POST', '/v1/api-keys', {
        name: 'n',
        policy: { statements: [{ effect: 'Allow', action: ['agents:*'], resource: [`${prj}:agents/*`] }] },
      });
      expectStatus(narrower, 201);
      expect(narrower.body.policy.statements).toContainEqual({
        effect: 'Deny',
        action: ['agents:DeleteAgent'],
        resource: ['*'],
      });
      expectError(await callAs(stack, narrower.body.key, 'DELETE', `/v1/agents/${a.otherAgentId}`), 403);
      expectStatus(await callAs(stack, narrower.body.key, 'GET', `/v1/agents/${a.otherAgentId}`), 200);
    });

    it('a pathological wildcard cannot stall the API: long ids answer at once, over-long ones get a 400', async () => {
      // Mintable by any key that may create keys: Deny statements are never an escalation.
      const { key } = await mintKey(stack, [
        { effect: 'Allow', action: ['*'], resource: ['*'] },
        { effect: 'Deny', action: ['*'], resource: ['*a*a*a*a*a*a*a*a*b'] },
      ]);
      const started = performance.now();
      const longest = await callAs(stack, key, 'GET', `/v1/agents/${'a'.repeat(256)}`);
      expect(longest.status).toBeGreaterThanOrEqual(400);
      expect(longest.status).toBeLessThan(500);
      const tooLong = await callAs(stack, key, 'GET', `/v1/agents/${'a'.repeat(5000)}`);
      expectError(tooLong, 400, 'invalid_request');
      expect(tooLong.body.error.message).toMatch(/path segment is longer than 256 characters/);
      expect(performance.now() - started).toBeLessThan(2000);
      expectStatus(await callAs(stack, key, 'GET', `/v1/agents/${a.agentId}`), 200);
    });
  });

  describe('every endpoint checks its own action', () => {
    const sample: Record<string, string> = {
      agentId: 'agt_zzzzzzzzzzzz',
      toolId: 'agt_tool_zzzzzzzzzzzz',
      aiProviderId: 'aip_zzzzzzzzzzzz',
      apiKeyId: 'key_zzzzzzzzzzzz',
      hookId: 'hook_zzzzzzzzzzzz',
      generationId: 'agt_gen_zzzzzzzzzzzz',
    };
    const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_m, name: string) => sample[name] ?? 'x');
    const authed = routeTable.filter((r) => r.action);

    it.each(authed.map((r) => [r.operationId, r] as const))('%s', async (_name, route) => {
      const path = fill(route.path);
      const body = route.method === 'get' || route.method === 'delete' ? undefined : {};
      const denied = await mintKey(stack, [
        { effect: 'Allow', action: ['*'], resource: ['*'] },
        { effect: 'Deny', action: [route.action!], resource: ['*'] },
      ]);
      const res = await callAs(stack, denied.key, route.method.toUpperCase(), path, body);
      expectError(res, 403, 'forbidden');
      expect(res.body.error.message).toContain(route.action!);

      // Allowed only this action: authorization passes (the request then fails or succeeds on its own merits).
      const only = await mintKey(stack, [{ effect: 'Allow', action: [route.action!], resource: ['*'] }]);
      const ok = await callAs(stack, only.key, route.method.toUpperCase(), path, body);
      expect([401, 403], `${route.operationId}: ${JSON.stringify(ok.body)}`).not.toContain(ok.status);
    });
  });

  describe('cross-project isolation', () => {
    it('a key of project B gets 404 on every resource of project A, and sees none of them in lists', async () => {
      const b = await createProjectWithKey(stack);
      const asB = (method: string, path: string, body?: unknown) => callAs(stack, b.key, method, path, body);
      const me = await asB('GET', '/v1/projects/current');
      expect(me.body.id).toBe(b.projectId);

      const provider = { name: 'p', kind: 'openai', defaultModel: 'm' };
      const tool = { type: 'client', name: 'other', parameters: objectSchema };
      const agent = { name: 'stolen', aiProviderId: a.providerId };
      const hook = { event: 'PreToolUse', type: 'approval' };
      const requests: Array<[string, string, unknown?]> = [
        ['GET', `/v1/ai-providers/${a.providerId}`],
        ['PUT', `/v1/ai-providers/${a.providerId}`, provider],
        ['PATCH', `/v1/ai-providers/${a.providerId}`, { name: 'x' }],
        ['DELETE', `/v1/ai-providers/${a.providerId}`],
        ['GET', `/v1/agents/${a.agentId}`],
        ['PUT', `/v1/agents/${a.agentId}`, agent],
        ['PATCH', `/v1/agents/${a.agentId}`, { name: 'x' }],
        ['DELETE', `/v1/agents/${a.agentId}`],
        ['POST', `/v1/agents/${a.agentId}/regenerate-key`],
        ['GET', `/v1/tools/${a.toolId}`],
        ['PUT', `/v1/tools/${a.toolId}`, tool],
        ['PATCH', `/v1/tools/${a.toolId}`, { name: 'x' }],
        ['DELETE', `/v1/tools/${a.toolId}`],
        ['GET', `/v1/agents/tools/${a.toolId}`],
        ['PATCH', `/v1/agents/tools/${a.toolId}`, { name: 'x' }],
        ['DELETE', `/v1/agents/tools/${a.toolId}`],
        ['GET', `/v1/agents/${a.agentId}/hooks`],
        ['POST', `/v1/agents/${a.agentId}/hooks`, hook],
        ['GET', `/v1/agents/${a.agentId}/hooks/${a.hookId}`],
        ['PUT', `/v1/agents/${a.agentId}/hooks/${a.hookId}`, hook],
        ['PATCH', `/v1/agents/${a.agentId}/hooks/${a.hookId}`, { matcher: 'x' }],
        ['DELETE', `/v1/agents/${a.agentId}/hooks/${a.hookId}`],
        ['GET', `/v1/api-keys/${a.apiKeyId}`],
        ['DELETE', `/v1/api-keys/${a.apiKeyId}`],
        ['POST', `/v1/agents/${a.agentId}/generate`, { prompt: 'hi', async: true }],
        ['GET', `/v1/agents/${a.agentId}/webhooks`],
        ['POST', `/v1/agents/${a.agentId}/webhooks`, { url: 'https://attacker.example.com/' }],
        ['DELETE', `/v1/agents/${a.agentId}/webhooks/${a.webhookId}`],
      ];
      for (const [method, path, body] of requests) {
        const res = await asB(method, path, body);
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      // Nothing of A changed.
      expect((await stack.api('GET', `/v1/agents/${a.agentId}`)).body.name).toBe('agent a');
      expect((await stack.api('GET', `/v1/api-keys/${a.apiKeyId}`)).body.revokedAt).toBeNull();
      expectStatus(await stack.api('GET', `/v1/agents/${a.agentId}/hooks/${a.hookId}`), 200);
      expect(
        (await stack.api('GET', `/v1/agents/${a.agentId}/webhooks`)).body.data.map((w: { id: string }) => w.id),
      ).toEqual([a.webhookId]);

      for (const path of ['/v1/ai-providers', '/v1/agents', '/v1/tools', '/v1/api-keys', '/v1/generations']) {
        const res = await asB('GET', `${path}?limit=100`);
        expectStatus(res, 200);
        expect(JSON.stringify(res.body)).not.toContain(prj);
      }
      // References across projects do not resolve either.
      const bProvider = (await asB('POST', '/v1/ai-providers', provider)).body.id;
      expectError(await asB('POST', '/v1/agents', agent), 422);
      expectError(await asB('POST', '/v1/agents', { name: 'x', aiProviderId: bProvider, toolIds: [a.toolId] }), 422);
      expectError(await asB('POST', '/v1/tools', { type: 'agent', name: 'call_a', agentId: a.agentId }), 422);
      expectStatus(await asB('POST', '/v1/agents', { name: 'own', aiProviderId: bProvider }), 201);
    });
  });
});
