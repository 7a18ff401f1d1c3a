import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAdminPolicy } from '../../domain/policy.js';
import { apiKeySchema, agentSchema, hookSchema, providerSchema, toolSchema } from '../../contracts/schemas/index.js';
import {
  callAs,
  createProjectWithKey,
  expectError,
  expectStatus,
  mintKey,
  objectSchema,
} from '../support/resources.js';
import { startStack, type ApiResponse, type TestStack } from '../support/stack.js';

/** CRUD round trips of every configuration resource, through the real app and PostgreSQL. */
describe('resource API', () => {
  let stack: TestStack;
  let providerId: string;

  beforeAll(async () => {
    stack = await startStack({ withoutWorker: true });
    const p = await stack.api('POST', '/v1/ai-providers', {
      name: 'main',
      kind: 'openai',
      apiKey: 'sk-main-provider',
      defaultModel: 'gpt-4o-mini',
    });
    expectStatus(p, 201);
    providerId = p.body.id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  const tool = async (body: Record<string, unknown>) => {
    const res = await stack.api('POST', '/v1/tools', { type: 'client', parameters: objectSchema, ...body });
    expectStatus(res, 201);
    return res.body.id as string;
  };

  describe('projects and bootstrap', () => {
    it('GET /v1/projects/current is the bootstrap project of the admin key', async () => {
      const res = await stack.api('GET', '/v1/projects/current');
      expectStatus(res, 200);
      expect(res.body).toMatchObject({ id: stack.projectId, name: 'Default project' });
    });

    it('the bootstrap key is stored as a hash with a lookup prefix', async () => {
      const row = await stack.db.apiKey.findFirst({ where: { projectId: stack.projectId, name: 'bootstrap admin' } });
      expect(row!.prefix).toBe(stack.apiKey.slice(0, 16));
      expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.keyHash).not.toContain(stack.apiKey);
    });
  });

  describe('API keys', () => {
    it('creates (key shown once), lists without secrets, gets, revokes (then 401)', async () => {
      const created = await stack.api('POST', '/v1/api-keys', {
        name: 'reader',
        policy: { statements: [{ effect: 'Allow', action: ['agents:List*', 'projects:GetProject'], resource: ['*'] }] },
      });
      expectStatus(created, 201);
      expect(created.body.key).toMatch(/^da_[0-9a-zA-Z]{40}$/);
      expect(created.body.prefix).toBe(created.body.key.slice(0, 16));
      expect(created.body.revokedAt).toBeNull();
      const key = created.body.key as string;

      const me = await callAs(stack, key, 'GET', '/v1/projects/current');
      expectStatus(me, 200);
      expect(me.body.id).toBe(stack.projectId);

      const list = await stack.api('GET', '/v1/api-keys?limit=100');
      expectStatus(list, 200);
      const listed = list.body.data.find((k: { id: string }) => k.id === created.body.id);
      expect(listed).toBeTruthy();
      expect(JSON.stringify(list.body)).not.toContain(key);
      expect(apiKeySchema.strict().safeParse(listed).success).toBe(true);

      const got = await stack.api('GET', `/v1/api-keys/${created.body.id}`);
      expectStatus(got, 200);
      expect(got.body).not.toHaveProperty('key');

      const revoked = await stack.api('DELETE', `/v1/api-keys/${created.body.id}`);
      expectStatus(revoked, 200);
      expect(revoked.body.revokedAt).toEqual(expect.any(String));
      const again = await stack.api('DELETE', `/v1/api-keys/${created.body.id}`);
      expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
      expectError(await callAs(stack, key, 'GET', '/v1/projects/current'), 401, 'unauthorized');
    });

    it("refuses (409) to revoke the project's last admin key; keys with a Deny or a narrower Allow are not admin", async () => {
      const project = await createProjectWithKey(stack, 'last admin');
      const asAdmin = (method: string, path: string, body?: unknown) => callAs(stack, project.key, method, path, body);
      const adminId = (await stack.db.apiKey.findFirstOrThrow({ where: { projectId: project.projectId } })).id;
      const everything = { effect: 'Allow', action: ['*'], resource: ['*'] };
      // Not admin: every action but one denied, every action on only this project's resources.
      await mintKey(
        stack,
        [everything, { effect: 'Deny', action: ['agents:DeleteAgent'], resource: ['*'] }],
        project.key,
      );
      await mintKey(stack, [{ effect: 'Allow', action: ['*'], resource: [`${project.projectId}:*`] }], project.key);

      const last = await asAdmin('DELETE', `/v1/api-keys/${adminId}`);
      expectError(last, 409, 'conflict');
      expect(last.body.error.details).toEqual({ apiKeyId: adminId });
      expectStatus(await asAdmin('GET', '/v1/projects/current'), 200);

      // With a second admin key, either may go, but not both.
      const second = await mintKey(stack, [everything], project.key);
      const revoked = await asAdmin('DELETE', `/v1/api-keys/${adminId}`);
      expectStatus(revoked, 200);
      expect(revoked.body.revokedAt).toEqual(expect.any(String));
      expectError(await callAs(stack, second.key, 'DELETE', `/v1/api-keys/${second.id}`), 409, 'conflict');
      expectStatus(await callAs(stack, second.key, 'GET', '/v1/projects/current'), 200);

      // Two concurrent revocations of the last two admin keys: exactly one wins.
      const third = await mintKey(stack, [everything], second.key);
      const both = await Promise.all([
        callAs(stack, second.key, 'DELETE', `/v1/api-keys/${second.id}`),
        callAs(stack, second.key, 'DELETE', `/v1/api-keys/${third.id}`),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const active = await stack.db.apiKey.findMany({ where: { projectId: project.projectId, revokedAt: null } });
      expect(active.filter((k) => isAdminPolicy(k.policy))).toHaveLength(1);
    });

    it('validates the policy of a new key', async () => {
      const bad = await stack.api('POST', '/v1/api-keys', {
        name: 'x',
        policy: { statements: [{ effect: 'Maybe', action: ['agents:GetAgent'] }] },
      });
      expectError(bad, 400, 'invalid_request');
      expect(bad.body.error.details[0].path).toBe('body.policy.statements.0.effect');
      expectError(
        await stack.api('POST', '/v1/api-keys', {
          name: 'x',
          policy: { statements: [{ effect: 'Allow', action: ['GetAgent'] }] },
        }),
        400,
      );
    });
  });

  describe('AI providers', () => {
    it('CRUD with PUT, PATCH and DELETE; the apiKey is write-only', async () => {
      const created = await stack.api('POST', '/v1/ai-providers', {
        name: 'local',
        kind: 'openai_compatible',
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKey: 'sk-local-secret',
        defaultModel: 'llama',
        headers: { 'X-Org': 'acme' },
      });
      expectStatus(created, 201);
      expect(providerSchema.strict().safeParse(created.body).success).toBe(true);
      expect(created.body).toMatchObject({ hasApiKey: true, headers: { 'X-Org': 'acme' } });
      expect(created.body).not.toHaveProperty('apiKey');
      const id = created.body.id;
      const stored = await stack.db.aiProvider.findUnique({ where: { id } });
      expect(stored!.apiKeyEncrypted).toMatch(/^v1:k1:/);

      const put = await stack.api('PUT', `/v1/ai-providers/${id}`, {
        name: 'local2',
        kind: 'openai_compatible',
        baseUrl: 'http://127.0.0.1:11434/v1',
        defaultModel: 'm2',
      });
      expectStatus(put, 200);
      expect(put.body).toMatchObject({ name: 'local2', defaultModel: 'm2', hasApiKey: true, headers: null });
      expect((await stack.db.aiProvider.findUnique({ where: { id } }))!.apiKeyEncrypted).toBe(stored!.apiKeyEncrypted);

      const patch = await stack.api('PATCH', `/v1/ai-providers/${id}`, { defaultModel: 'm3', apiKey: null });
      expectStatus(patch, 200);
      expect(patch.body).toMatchObject({ name: 'local2', defaultModel: 'm3', hasApiKey: false });

      // A merge that leaves the provider invalid is refused (openai_compatible needs baseUrl): the
      // patch itself is valid, so 422.
      const invalid = await stack.api('PATCH', `/v1/ai-providers/${id}`, { baseUrl: null });
      expectError(invalid, 422, 'unprocessable');
      expect(invalid.body.error.details[0].path).toBe('body.baseUrl');

      const rotated = await stack.api('PATCH', `/v1/ai-providers/${id}`, { apiKey: 'sk-rotated' });
      expect(rotated.body.hasApiKey).toBe(true);

      expectStatus(await stack.api('GET', `/v1/ai-providers/${id}`), 200);
      expectStatus(await stack.api('DELETE', `/v1/ai-providers/${id}`), 204);
      expectError(await stack.api('GET', `/v1/ai-providers/${id}`), 404, 'not_found');
      expectError(await stack.api('DELETE', `/v1/ai-providers/${id}`), 404);
    });

    it('a stored apiKey never follows the provider to a new baseUrl or kind: apiKey must be sent again (422)', async () => {
      const created = await stack.api('POST', '/v1/ai-providers', {
        name: 'pinned',
        kind: 'openai_compatible',
        baseUrl: 'https://llm.example.com/v1',
        apiKey: 'sk-pinned-secret',
        defaultModel: 'm',
      });
      expectStatus(created, 201);
      const id = created.body.id;
      const before = await stack.db.aiProvider.findUniqueOrThrow({ where: { id } });
      const full = { name: 'pinned', kind: 'openai_compatible', defaultModel: 'm' };
      const refusals: Array<[string, Record<string, unknown>, string[]]> = [
        ['PATCH', { baseUrl: 'https://attacker.example.net/v1' }, ['body.baseUrl']],
        ['PATCH', { kind: 'azure_openai' }, ['body.kind']],
        ['PATCH', { kind: 'openai', baseUrl: null }, ['body.kind', 'body.baseUrl']],
        ['PUT', { ...full, baseUrl: 'https://attacker.example.net/v1' }, ['body.baseUrl']],
        ['PUT', { ...full, kind: 'azure_openai', baseUrl: 'https://llm.example.com/v1' }, ['body.kind']],
      ];
      for (const [method, body, changed] of refusals) {
        const res = await stack.api(method, `/v1/ai-providers/${id}`, body);
        expectError(res, 422, 'unprocessable');
        expect(res.body.error.details).toEqual({ path: 'body.apiKey', changed });
        expect(res.body.error.message).toContain('apiKey');
      }
      expect(await stack.db.aiProvider.findUniqueOrThrow({ where: { id } })).toEqual(before);

      // Same endpoint: the key is kept. A new endpoint with a new key (or with the key removed) is fine.
      expectStatus(await stack.api('PATCH', `/v1/ai-providers/${id}`, { name: 'renamed' }), 200);
      expectStatus(
        await stack.api('PUT', `/v1/ai-providers/${id}`, { ...full, baseUrl: 'https://llm.example.com/v1' }),
        200,
      );
      const moved = await stack.api('PATCH', `/v1/ai-providers/${id}`, {
        baseUrl: 'https://other.example.com/v1',
        apiKey: 'sk-for-other',
      });
      expectStatus(moved, 200);
      expect(moved.body).toMatchObject({ baseUrl: 'https://other.example.com/v1', hasApiKey: true });
      const dropped = await stack.api('PATCH', `/v1/ai-providers/${id}`, {
        baseUrl: 'https://third.example.com/v1',
        apiKey: null,
      });
      expectStatus(dropped, 200);
      expect(dropped.body.hasApiKey).toBe(false);
      // Without a stored key there is nothing to re-point.
      expectStatus(
        await stack.api('PATCH', `/v1/ai-providers/${id}`, { baseUrl: 'https://fourth.example.com/v1' }),
        200,
      );
    });

    it('refuses to delete a provider agents use (409 naming them)', async () => {
      const p = await stack.api('POST', '/v1/ai-providers', { name: 'used', kind: 'openai', defaultModel: 'm' });
      const a = await stack.api('POST', '/v1/agents', { name: 'uses provider', aiProviderId: p.body.id });
      const res = await stack.api('DELETE', `/v1/ai-providers/${p.body.id}`);
      expectError(res, 409, 'conflict');
      expect(res.body.error.details.agents).toEqual([a.body.id]);
    });
  });

  describe('agents', () => {
    it('creates with every agent field, then PUT replaces and PATCH merges', async () => {
      const t1 = await tool({ name: 'search' });
      const t2 = await tool({ name: 'done' });
      const full = {
        aiProviderId: providerId,
        name: 'Research Bot',
        slug: 'research-bot',
        description: 'Finds things',
        instructions: 'You help {{user}}.',
        model: 'gpt-4o',
        temperature: 0.3,
        toolIds: [t1, t2],
        activeToolIds: [t1],
        toolChoice: { type: 'tool', toolName: 'search' },
        stepRules: [{ step: 1, toolChoice: 'required', activeToolIds: [t2] }],
        stopConditions: [{ type: 'hasToolCall', toolName: 'done' }],
        maxSteps: 12,
        guardrails: { blockPatterns: ['secret\\d+'], requireToolFor: ['weather'] },
        // The implemented defaults of the fields refused until implemented (see the next test).
        conversational: false,
        publicChat: { enabled: false, allowedOrigins: [] },
        approvalTimeoutSeconds: 600,
        active: true,
        allowClarification: false,
        requireApprovalFor: 'destructive',
      };
      const created = await stack.api('POST', '/v1/agents', full);
      expectStatus(created, 201);
      const view = created.body;
      expect(view.publicChatKey).toBeUndefined();
      expect(agentSchema.strict().safeParse(view).success).toBe(true);
      const { aiProviderId: _p, ...rest } = full;
      expect(created.body).toMatchObject(rest);
      expect(created.body.publicChatKeyPrefix).toBeNull();
      const id = created.body.id;

      const got = await stack.api('GET', `/v1/agents/${id}`);
      expect(got.body).toEqual(view);

      // PUT: omitted optional fields return to defaults; the slug is kept.
      const put = await stack.api('PUT', `/v1/agents/${id}`, {
        aiProviderId: providerId,
        name: 'Renamed',
        toolIds: [t1],
      });
      expectStatus(put, 200);
      expect(put.body).toMatchObject({
        name: 'Renamed',
        slug: 'research-bot',
        toolIds: [t1],
        activeToolIds: null,
        toolChoice: null,
        stepRules: null,
        maxSteps: 20,
        conversational: false,
        approvalTimeoutSeconds: 300,
        publicChat: null,
        allowClarification: true,
        requireApprovalFor: null,
      });

      // PATCH: only the given fields change; null clears.
      const patch = await stack.api('PATCH', `/v1/agents/${id}`, {
        temperature: 1.1,
        description: 'later',
        activeToolIds: [t1],
      });
      expectStatus(patch, 200);
      expect(patch.body).toMatchObject({
        name: 'Renamed',
        temperature: 1.1,
        description: 'later',
        activeToolIds: [t1],
        toolIds: [t1],
      });
      const cleared = await stack.api('PATCH', `/v1/agents/${id}`, { description: null, activeToolIds: null });
      expect(cleared.body).toMatchObject({ description: null, activeToolIds: null, temperature: 1.1 });

      const key = await stack.api('POST', `/v1/agents/${id}/regenerate-key`);
      expectStatus(key, 200);
      expect(key.body.publicChatKey).toMatch(/^ag_/);
      expect((await stack.api('GET', `/v1/agents/${id}`)).body.publicChatKeyPrefix).toBe(key.body.publicChatKeyPrefix);

      expectStatus(await stack.api('DELETE', `/v1/agents/${id}`), 204);
      expectError(await stack.api('GET', `/v1/agents/${id}`), 404);
    });

    it('accepts every context resolver, conversation included, on create, PUT and PATCH', async () => {
      const base = { aiProviderId: providerId, name: 'resolvers' };
      const created = await stack.api('POST', '/v1/agents', {
        ...base,
        contextResolvers: ['temporal', 'conversation'],
      });
      expectStatus(created, 201);
      expect(created.body.contextResolvers).toEqual(['temporal', 'conversation']);
      const id = created.body.id as string;
      const put = await stack.api('PUT', `/v1/agents/${id}`, { ...base, contextResolvers: ['conversation'] });
      expectStatus(put, 200);
      expect(put.body.contextResolvers).toEqual(['conversation']);
      const patchedAgent = await stack.api('PATCH', `/v1/agents/${id}`, {
        contextResolvers: ['channel', 'conversation', 'temporal'],
      });
      expectStatus(patchedAgent, 200);
      expect((await stack.api('GET', `/v1/agents/${id}`)).body.contextResolvers).toEqual([
        'channel',
        'conversation',
        'temporal',
      ]);
      // An unknown resolver is still a validation error.
      const unknown = await stack.api('PATCH', `/v1/agents/${id}`, { contextResolvers: ['weather'] });
      expectError(unknown, 400, 'invalid_request');
      expect(unknown.body.error.details[0].path).toBe('body.contextResolvers.0');
    });

    it('checks cross-references: provider, tools, activeToolIds ⊆ toolIds, step rules, maxSteps cap', async () => {
      const t = await tool({ name: 'x1' });
      const base = { aiProviderId: providerId, name: 'refs' };
      const missingProvider = await stack.api('POST', '/v1/agents', { ...base, aiProviderId: 'aip_doesnotexist000' });
      expectError(missingProvider, 422, 'unprocessable');
      expect(missingProvider.body.error.details.path).toBe('body.aiProviderId');
      const missingTool = await stack.api('POST', '/v1/agents', { ...base, toolIds: ['agt_tool_doesnotexist0'] });
      expectError(missingTool, 422);
      expect(missingTool.body.error.details.path).toBe('body.toolIds');
      const notSubset = await stack.api('POST', '/v1/agents', {
        ...base,
        toolIds: [t],
        activeToolIds: ['agt_tool_other000000'],
      });
      expectError(notSubset, 422);
      expect(notSubset.body.error.details.path).toBe('body.activeToolIds');
      const ruleSubset = await stack.api('POST', '/v1/agents', {
        ...base,
        toolIds: [t],
        stepRules: [{ step: 2, activeToolIds: ['agt_tool_other000000'] }],
      });
      expect(ruleSubset.body.error.details.path).toBe('body.stepRules.0.activeToolIds');
      const step0 = await stack.api('POST', '/v1/agents', { ...base, stepRules: [{ step: 0 }] });
      expectError(step0, 400);
      expect(step0.body.error.details[0].path).toBe('body.stepRules.0.step');
      expectError(await stack.api('POST', '/v1/agents', { ...base, maxSteps: 101 }), 422);
      const badRegex = await stack.api('POST', '/v1/agents', { ...base, guardrails: { blockPatterns: ['(unclosed'] } });
      // RE2's syntax is a rule the document cannot state: a 422 (ADR 0015).
      expectError(badRegex, 422, 'unprocessable');
      expect(badRegex.body.error.details[0].path).toBe('body.guardrails.blockPatterns.0');
      const unknown = await stack.api('POST', '/v1/agents', { ...base, colour: 'blue' });
      expect(unknown.body.error.details[0]).toMatchObject({ path: 'body.colour', code: 'unrecognized_keys' });
      // A PATCH that breaks a reference is refused the same way, and changes nothing.
      const a = await stack.api('POST', '/v1/agents', { ...base, toolIds: [t] });
      const before = await stack.db.agent.findUnique({ where: { id: a.body.id } });
      expectError(
        await stack.api('PATCH', `/v1/agents/${a.body.id}`, { activeToolIds: ['agt_tool_other000000'] }),
        422,
      );
      expect(await stack.db.agent.findUnique({ where: { id: a.body.id } })).toEqual(before);
    });

    it('slugs are unique per project (409), derived from the name when omitted', async () => {
      const a = await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'Support Desk!' });
      expect(a.body.slug).toBe('support-desk');
      const dup = await stack.api('POST', '/v1/agents', {
        aiProviderId: providerId,
        name: 'other',
        slug: 'support-desk',
      });
      expectError(dup, 409, 'conflict');
      const b = await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'b', slug: 'desk-b' });
      expectError(await stack.api('PATCH', `/v1/agents/${b.body.id}`, { slug: 'support-desk' }), 409);
      expectStatus(await stack.api('PATCH', `/v1/agents/${b.body.id}`, { slug: 'desk-b' }), 200);
    });

    it('concurrent creations with the same slug: exactly one wins, the others get 409 (never 500)', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: `race ${i}`, slug: 'race-slug' }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of results.filter((r) => r.status === 409)) expectError(r, 409, 'conflict');
      expect(await stack.db.agent.count({ where: { slug: 'race-slug' } })).toBe(1);
    });

    it('rejects two tools that show the model the same name, naming both', async () => {
      const a = await tool({ name: 'lookup' });
      const b = await tool({ name: 'lookup' });
      const res = await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'clash', toolIds: [a, b] });
      expectError(res, 422);
      expect(res.body.error.message).toContain(a);
      expect(res.body.error.message).toContain(b);
      expect(res.body.error.details.tools).toEqual([a, b]);
      const m1 = await tool({
        type: 'mcp',
        name: 'gh',
        mcp: { url: 'https://mcp.example.com/mcp' },
        parameters: undefined,
      });
      const m2 = await tool({
        type: 'mcp',
        name: 'gh',
        mcp: { url: 'https://mcp2.example.com/mcp' },
        parameters: undefined,
      });
      expectError(
        await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'clash2', toolIds: [m1, m2] }),
        422,
      );
      // Same text, different namespaces: an http tool "gh" and an MCP prefix "gh" do not collide.
      const h = await tool({ name: 'gh' });
      expectStatus(
        await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'ok', toolIds: [m1, h] }),
        201,
      );
    });

    it('refuses to delete an agent that agent tools call', async () => {
      const target = await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'child' });
      const caller = await tool({ type: 'agent', name: 'ask_child', agentId: target.body.id, parameters: undefined });
      const res = await stack.api('DELETE', `/v1/agents/${target.body.id}`);
      expectError(res, 409);
      expect(res.body.error.details.tools).toEqual([caller]);
    });
  });

  describe('agent tools', () => {
    it('CRUD for every type, with per-type required fields, on /v1/tools and /v1/agents/tools', async () => {
      const bodies = [
        {
          type: 'http',
          name: 'get_weather',
          parameters: objectSchema,
          execute: { url: 'https://tools.example.com/w', headers: { 'X-Plain': 'p' } },
        },
        { type: 'http', name: 'done_tool', parameters: objectSchema },
        { type: 'client', name: 'read_file', parameters: objectSchema, readOnly: true },
        { type: 'mcp', name: 'github', mcp: { url: 'https://mcp.example.com/mcp', transport: 'sse' }, enabled: false },
        { type: 'builtin', name: 'http_request', config: { maxResponseChars: 1000 } },
      ];
      for (const body of bodies) {
        const res = await stack.api('POST', '/v1/tools', body);
        expectStatus(res, 201);
        expect(toolSchema.strict().safeParse(res.body).success).toBe(true);
        expect(res.body).toMatchObject({ type: body.type, name: body.name, timeoutSeconds: 30, maxResultChars: 50000 });
      }
      const agent = await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'target of agent tool' });
      const viaAlias = await stack.api('POST', '/v1/agents/tools', {
        type: 'agent',
        name: 'delegate',
        agentId: agent.body.id,
      });
      expectStatus(viaAlias, 201);
      const id = viaAlias.body.id;
      expect((await stack.api('GET', `/v1/tools/${id}`)).body).toEqual(viaAlias.body);
      expect((await stack.api('GET', `/v1/agents/tools/${id}`)).body).toEqual(viaAlias.body);

      // Required fields per type.
      const missing = [
        [{ type: 'http', name: 'a' }, 'body.parameters'],
        [{ type: 'client', name: 'a' }, 'body.parameters'],
        [{ type: 'mcp', name: 'a' }, 'body.mcp'],
        [{ type: 'agent', name: 'a' }, 'body.agentId'],
        [{ type: 'builtin', name: 'not_a_builtin' }, 'body.name'],
        [{ type: 'builtin', name: 'http_request', config: { maxChars: 1000 } }, 'body.config.maxChars'],
        [{ type: 'builtin', name: 'database_query', config: { databaseUrl: 'mysql://x' } }, 'body.config.databaseUrl'],
        [{ type: 'http', name: 'a', parameters: objectSchema, execute: {} }, 'body.execute.url'],
        [{ type: 'teleport', name: 'a' }, 'body.type'],
      ] as const;
      for (const [body, path] of missing) {
        const res = await stack.api('POST', '/v1/tools', body);
        expectError(res, 400);
        expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
      }
      expectError(
        await stack.api('POST', '/v1/tools', { type: 'agent', name: 'a', agentId: 'agt_missing000000' }),
        422,
      );

      const put = await stack.api('PUT', `/v1/agents/tools/${id}`, {
        type: 'client',
        name: 'delegate2',
        parameters: objectSchema,
      });
      expectStatus(put, 200);
      expect(put.body).toMatchObject({ type: 'client', name: 'delegate2', agentId: null });
      const patch = await stack.api('PATCH', `/v1/tools/${id}`, { description: 'reads', maxResultChars: 500 });
      expect(patch.body).toMatchObject({
        type: 'client',
        name: 'delegate2',
        description: 'reads',
        maxResultChars: 500,
      });
      // PATCH to another type must bring that type's fields and drop the old ones.
      const retype = await stack.api('PATCH', `/v1/tools/${id}`, {
        type: 'mcp',
        parameters: null,
        mcp: { url: 'https://m.example.com' },
      });
      expectStatus(retype, 200);
      expect(retype.body).toMatchObject({
        type: 'mcp',
        parameters: null,
        mcp: { url: 'https://m.example.com', transport: 'streamable_http' },
      });
      // A valid patch whose merged result is invalid for the stored tool: 422 naming the problem.
      const invalidMerge = await stack.api('PATCH', `/v1/tools/${id}`, { type: 'client' });
      expectError(invalidMerge, 422, 'unprocessable');
      expect(invalidMerge.body.error.details.map((d: { path: string }) => d.path)).toContain('body.parameters');
      const back = await stack.api('PATCH', `/v1/tools/${id}`, {
        type: 'client',
        mcp: null,
        enabled: null,
        parameters: objectSchema,
      });
      expectStatus(back, 200);
      expect(back.body).toMatchObject({ type: 'client', mcp: null, enabled: true, parameters: objectSchema });

      const list = await stack.api('GET', '/v1/agents/tools?limit=3');
      expect(list.body.data).toHaveLength(3);
      expect(list.body.nextCursor).toEqual(expect.any(String));
      expectStatus(await stack.api('DELETE', `/v1/agents/tools/${id}`), 204);
      expectError(await stack.api('GET', `/v1/tools/${id}`), 404);
    });

    it('checks parameters as a JSON Schema, naming the field', async () => {
      // The top-level type and $schema are in the OpenAPI document (400); the rest of being a
      // usable schema is not, so breaking only that is a 422 (ADR 0015).
      const cases: Array<[unknown, string, number]> = [
        [{ type: 'string' }, 'body.parameters.type', 400],
        [{ type: 'object', properties: { a: { type: 'strnig' } } }, 'body.parameters.properties.a.type', 422],
        [{ type: 'object', properties: [] }, 'body.parameters.properties', 422],
        [{ type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }, 'body.parameters.required.0', 422],
        [{ type: 'object', required: 'a' }, 'body.parameters.required', 422],
        [
          { type: 'object', properties: { a: { type: 'string', pattern: '(' } } },
          'body.parameters.properties.a.pattern',
          422,
        ],
        [
          { type: 'object', properties: { a: { $ref: '#/definitions/nope' } } },
          'body.parameters.properties.a.$ref',
          422,
        ],
        [{ type: 'object', properties: { a: { minLength: 'three' } } }, 'body.parameters.properties.a.minLength', 422],
        [{ $schema: 'https://example.com/my-schema', type: 'object' }, 'body.parameters.$schema', 400],
      ];
      for (const [parameters, path, status] of cases) {
        const res = await stack.api('POST', '/v1/tools', { type: 'client', name: 'p', parameters });
        expectError(res, status);
        expect(
          res.body.error.details.map((d: { path: string }) => d.path),
          JSON.stringify(parameters),
        ).toContain(path);
      }
      const ok = await stack.api('POST', '/v1/tools', {
        type: 'client',
        name: 'p',
        parameters: {
          type: 'object',
          properties: { a: { $ref: '#/definitions/s' }, n: { type: 'integer', minimum: 0 } },
          required: ['a'],
          definitions: { s: { type: 'string', enum: ['x'] } },
        },
      });
      expectStatus(ok, 201);
    });

    it('renaming a tool into a collision inside an agent that attaches it is refused', async () => {
      const a = await tool({ name: 'alpha' });
      const b = await tool({ name: 'beta' });
      const agent = await stack.api('POST', '/v1/agents', {
        aiProviderId: providerId,
        name: 'uses both',
        toolIds: [a, b],
      });
      const res = await stack.api('PATCH', `/v1/tools/${b}`, { name: 'alpha' });
      expectError(res, 422);
      expect(res.body.error.details).toMatchObject({ agentId: agent.body.id, tools: [a, b] });
      const put = await stack.api('PUT', `/v1/tools/${b}`, { type: 'client', name: 'alpha', parameters: objectSchema });
      expectError(put, 422);
      expect((await stack.api('GET', `/v1/tools/${b}`)).body.name).toBe('beta');
      expectStatus(await stack.api('PATCH', `/v1/tools/${b}`, { name: 'gamma' }), 200);
    });

    it('deleting a tool that agents attach is a 409 naming the agents', async () => {
      const t = await tool({ name: 'attached' });
      const agent = await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'attacher', toolIds: [t] });
      const res = await stack.api('DELETE', `/v1/tools/${t}`);
      expectError(res, 409);
      expect(res.body.error.details.agents).toEqual([agent.body.id]);
      await stack.api('PATCH', `/v1/agents/${agent.body.id}`, { toolIds: [] });
      expectStatus(await stack.api('DELETE', `/v1/tools/${t}`), 204);
    });

    it('secret header values are encrypted, shown as [secret], and kept by a PATCH that does not touch them', async () => {
      const res = await stack.api('POST', '/v1/tools', {
        type: 'http',
        name: 'secure',
        parameters: objectSchema,
        execute: {
          url: 'https://tools.example.com/s',
          headers: { Authorization: { value: 'Bearer tool-secret-123', secret: true }, 'X-Plain': 'visible' },
        },
      });
      expectStatus(res, 201);
      expect(res.body.execute.headers).toEqual({ Authorization: '[secret]', 'X-Plain': 'visible' });
      const before = await stack.db.agentTool.findUnique({ where: { id: res.body.id } });
      expect(JSON.stringify(before!.execute)).not.toContain('tool-secret-123');
      const patched = await stack.api('PATCH', `/v1/tools/${res.body.id}`, { description: 'still secret' });
      expectStatus(patched, 200);
      const after = await stack.db.agentTool.findUnique({ where: { id: res.body.id } });
      expect(after!.execute).toEqual(before!.execute);
      const placeholder = await stack.api('PUT', `/v1/tools/${res.body.id}`, {
        type: 'http',
        name: 'secure',
        parameters: objectSchema,
        execute: { url: 'https://tools.example.com/s', headers: { Authorization: '[secret]' } },
      });
      expectError(placeholder, 400);
      expect(placeholder.body.error.details[0].path).toBe('body.execute.headers.Authorization');
    });
  });

  describe('hooks', () => {
    let agentId: string;
    beforeAll(async () => {
      agentId = (await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'hooked' })).body.id;
    });

    it('CRUD of http, rule and approval hooks', async () => {
      const http = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
        event: 'PostToolUse',
        type: 'http',
        matcher: 'search',
        config: {
          url: 'https://hooks.example.com/h',
          headers: { 'X-Token': { value: 'hook-header-secret', secret: true } },
          secret: 'signing-secret-0123456789',
        },
      });
      expectStatus(http, 201);
      expect(hookSchema.strict().safeParse(http.body).success).toBe(true);
      expect(http.body.config).toEqual({
        url: 'https://hooks.example.com/h',
        headers: { 'X-Token': '[secret]' },
        timeoutSeconds: 5,
        hasSecret: true,
      });

      const rule = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
        event: 'PreToolUse',
        type: 'rule',
        matcher: 'database_write',
        config: {
          conditions: [
            { path: 'sql', operator: 'MATCHES', value: '^\\s*DROP' },
            { path: 'table', operator: 'IN', value: ['users', 'payments'] },
          ],
          decision: 'deny',
          reason: 'no',
        },
      });
      expectStatus(rule, 201);
      const approval = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
        event: 'PreToolUse',
        type: 'approval',
      });
      expectStatus(approval, 201);
      expect(approval.body).toMatchObject({ matcher: null, config: {} });

      const list = await stack.api('GET', `/v1/agents/${agentId}/hooks`);
      expect(list.body.data.map((h: { id: string }) => h.id)).toEqual([approval.body.id, rule.body.id, http.body.id]);
      expect((await stack.api('GET', `/v1/agents/${agentId}/hooks?limit=1`)).body.nextCursor).toEqual(
        expect.any(String),
      );

      const patched = await stack.api('PATCH', `/v1/agents/${agentId}/hooks/${http.body.id}`, {
        matcher: null,
        event: 'OnRunComplete',
      });
      expectStatus(patched, 200);
      expect(patched.body).toMatchObject({ event: 'OnRunComplete', matcher: null, config: { hasSecret: true } });
      const stored = await stack.db.hook.findUnique({ where: { id: http.body.id } });
      expect(JSON.stringify(stored!.config)).not.toContain('hook-header-secret');
      expect(JSON.stringify(stored!.config)).not.toContain('signing-secret-0123456789');

      const put = await stack.api('PUT', `/v1/agents/${agentId}/hooks/${approval.body.id}`, {
        event: 'PreToolUse',
        type: 'approval',
        matcher: 'pay',
        config: { timeoutSeconds: 86400 },
      });
      expect(put.body).toMatchObject({ matcher: 'pay', config: { timeoutSeconds: 86400 } });
      expect((await stack.api('GET', `/v1/agents/${agentId}/hooks/${approval.body.id}`)).body).toEqual(put.body);

      expectStatus(await stack.api('DELETE', `/v1/agents/${agentId}/hooks/${approval.body.id}`), 204);
      expectError(await stack.api('GET', `/v1/agents/${agentId}/hooks/${approval.body.id}`), 404);
      // A hook is only reachable under its own agent.
      const other = (await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'other hooked' })).body.id;
      expectError(await stack.api('GET', `/v1/agents/${other}/hooks/${rule.body.id}`), 404);
      // Deleting the agent removes its hooks.
      expectStatus(await stack.api('DELETE', `/v1/agents/${agentId}`), 204);
      expect(await stack.db.hook.count({ where: { agentId } })).toBe(0);
      expectError(await stack.api('GET', `/v1/agents/${agentId}/hooks`), 404);
    });

    it('validates event, type, matcher and config per event', async () => {
      const a = (await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'validated hooks' })).body.id;
      const cases: Array<[unknown, string]> = [
        [
          {
            event: 'OnRunStart',
            type: 'rule',
            config: { conditions: [{ path: 'q', operator: 'CONTAINS', value: 'x' }], decision: 'deny' },
          },
          'body.type',
        ],
        [{ event: 'OnRunComplete', type: 'approval' }, 'body.type'],
        [{ event: 'PostToolUse', type: 'approval' }, 'body.type'],
        [
          { event: 'OnRunStart', type: 'http', matcher: 'search', config: { url: 'https://h.example.com' } },
          'body.matcher',
        ],
        [
          { event: 'PreToolUse', type: 'http', matcher: 'bad name!', config: { url: 'https://h.example.com' } },
          'body.matcher',
        ],
        [
          {
            event: 'PreToolUse',
            type: 'rule',
            config: { conditions: [{ path: 'q', operator: 'IN', value: 'x' }], decision: 'deny' },
          },
          'body.config.conditions.0.value',
        ],
        [{ event: 'PreToolUse', type: 'rule', config: { conditions: [], decision: 'deny' } }, 'body.config.conditions'],
        [{ event: 'PreToolUse', type: 'http', config: { url: 'ftp://h.example.com' } }, 'body.config.url'],
        [
          { event: 'PreToolUse', type: 'http', config: { url: 'https://h.example.com', timeoutSeconds: 0 } },
          'body.config.timeoutSeconds',
        ],
        [{ event: 'Whenever', type: 'http', config: { url: 'https://h.example.com' } }, 'body.event'],
      ];
      for (const [body, path] of cases) {
        const res = await stack.api('POST', `/v1/agents/${a}/hooks`, body);
        expectError(res, 400);
        expect(
          res.body.error.details.map((d: { path: string }) => d.path),
          JSON.stringify(body),
        ).toContain(path);
      }
      // A MATCHES pattern RE2 refuses breaks a rule the document cannot state: a 422 (ADR 0015).
      const badPattern = await stack.api('POST', `/v1/agents/${a}/hooks`, {
        event: 'PreToolUse',
        type: 'rule',
        config: { conditions: [{ path: 'q', operator: 'MATCHES', value: '([a-z' }], decision: 'deny' },
      });
      expectError(badPattern, 422, 'unprocessable');
      expect(badPattern.body.error.details[0].path).toBe('body.config.conditions.0.value');
      const h = await stack.api('POST', `/v1/agents/${a}/hooks`, { event: 'PreToolUse', type: 'approval' });
      // A patch producing an invalid combination is refused too (422: the patch alone is valid).
      const res = await stack.api('PATCH', `/v1/agents/${a}/hooks/${h.body.id}`, { event: 'PreResponse' });
      expectError(res, 422, 'unprocessable');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain('body.type');
      expect(await stack.db.hook.count({ where: { agentId: a } })).toBe(1);
    });
  });

  describe('errors, limits, pagination', () => {
    it('unknown routes are 404 JSON, unserved methods 405; bodies over 1 MB are 413 JSON; invalid JSON is 400', async () => {
      expectError(await stack.api('GET', '/v1/nothing-here'), 404, 'not_found');
      expectError(await stack.api('GET', '/nothing'), 404, 'not_found');
      expectError(await stack.api('PATCH', '/v1/api-keys'), 405, 'method_not_allowed');
      const big = await stack.api('POST', '/v1/agents', { name: 'x'.repeat(1_100_000) });
      expectError(big, 413, 'payload_too_large');
      expectError(await stack.api('POST', '/v1/agents', '{"name": '), 400, 'invalid_request');
    });

    it('path parameters and query strings are validated', async () => {
      // A path id without its kind's shape names nothing: 404, naming the shape (ADR 0015, issue 48).
      const res = await stack.api('GET', '/v1/agents/not-an-id');
      expectError(res, 404, 'not_found');
      expect(res.body.error.details[0].path).toBe('path.agentId');
      expectError(await stack.api('GET', '/v1/agents?limit=0'), 400);
      expectError(await stack.api('GET', '/v1/agents?limit=abc'), 400);
      expectError(await stack.api('GET', '/v1/agents?cursor=%%%'), 400);
      expectError(await stack.api('GET', '/v1/agents?unknown=1'), 400);
      expectError(await stack.api('GET', '/v1/agents/agt_abc%00defghij'), 400);
      expectError(await stack.api('GET', '/v1/generations/agt_gen_%00abcdefgh'), 400);
      expectError(await stack.api('POST', '/v1/agents', { name: 'nul\u0000', aiProviderId: providerId }), 400);
      expectError(await stack.api('POST', '/v1/agents', `{"name":"\\ud800","aiProviderId":"${providerId}"}`), 400);
    });

    it('refuses JSON nested too deep (anywhere, generation metadata included) and oversized schemas', async () => {
      const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
      const agent = (await stack.api('POST', '/v1/agents', { aiProviderId: providerId, name: 'deep' })).body.id;
      for (const [path, raw] of [
        ['/v1/tools', `{"type":"client","name":"x","parameters":${deep(20000)}}`],
        ['/v1/tools', `{"type":"client","name":"x","parameters":${deep(40)}}`],
        ['/v1/agents', `[${'['.repeat(50000)}${']'.repeat(50000)}]`],
        [`/v1/agents/${agent}/generate`, `{"prompt":"x","async":true,"metadata":${deep(20000)}}`],
      ] as const) {
        const res = await stack.api('POST', path, raw);
        expectError(res, 400, 'invalid_request');
        expect(res.body.error.message).toMatch(/nests deeper than/);
      }
      const wide = {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 25_000 }, (_, i) => [`p${i}`, {}])),
      };
      // Over the size bound, which the document cannot state: a 422 (ADR 0015).
      expectError(await stack.api('POST', '/v1/tools', { type: 'client', name: 'wide', parameters: wide }), 422);
      const manyEntries = {
        effect: 'Allow',
        action: Array(100).fill('agents:GetAgent'),
        resource: Array(100).fill('*'),
      };
      const policy = await stack.api('POST', '/v1/api-keys', {
        name: 'big',
        policy: { statements: Array(6).fill(manyEntries) },
      });
      // Over the total of actions and resources, a sum the document cannot state: a 422.
      expectError(policy, 422);
      expect(policy.body.error.details[0].path).toBe('body.policy.statements');
    });

    it('lists page with cursor and limit, newest first, without duplicates', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          (await stack.api('POST', '/v1/ai-providers', { name: `page ${i}`, kind: 'openai', defaultModel: 'm' })).body
            .id,
        );
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: ApiResponse = await stack.api('GET', `/v1/ai-providers?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expectStatus(res, 200);
        expect(res.body.data.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.data.map((p: { id: string }) => p.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.slice(0, 5)).toEqual([...ids].reverse());
    });

    it('sends helmet headers', async () => {
      const res = await stack.api('GET', '/v1/projects/current');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-powered-by')).toBeNull();
    });
  });
});

describe('per-key rate limit', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack({ withoutWorker: true, env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 429 with retry-after once a key used its budget; other keys are not affected', async () => {
    const statuses: number[] = [];
    let last: ApiResponse | null = null;
    for (let i = 0; i < 7; i++) {
      last = await stack.api('GET', '/v1/projects/current');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expectError(last!, 429, 'rate_limited');
    const retry = Number(last!.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    const row = await stack.db.apiKey.findFirst({ where: { projectId: stack.projectId } });
    const other = 'da_second_key_for_rate_limit_test_000';
    await stack.db.apiKey.create({
      data: {
        id: 'key_ratelimit0000001',
        projectId: stack.projectId,
        name: 'second',
        prefix: other.slice(0, 16),
        keyHash: (await import('../../api/auth/keys.js')).hashKey(other),
        policy: row!.policy as object,
      },
    });
    expectStatus(await callAs(stack, other, 'GET', '/v1/projects/current'), 200);
  });
});
