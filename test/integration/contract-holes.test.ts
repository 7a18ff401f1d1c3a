import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../api/openapi/table.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * Regressions of what a random-seed Schemathesis run found (issue 48), each rebuilt from its
 * reproduction: a request the OpenAPI document accepts is never a 400, and what the API accepts on
 * write reads back under the document.
 */
describe('contract holes found by fuzzing', () => {
  let stack: TestStack;
  let providerId: string;

  beforeAll(async () => {
    stack = await startStack();
    providerId = (
      await stack.api('POST', '/v1/ai-providers', {
        name: 'p',
        kind: 'openai_compatible',
        baseUrl: 'https://models.example.com/v1',
        apiKey: 'sk-test-0000000000',
        defaultModel: 'm',
      })
    ).body.id;
  });
  afterAll(async () => stack?.close());

  // ST202: a literal of 1,000 characters is within the document's maxLength but compiles to
  // 1,001 RE2 instructions; the budget is a rule the document can only describe, so it is a 422.
  const literal = '0'.repeat(1000);

  it('a guardrail pattern over the RE2 budget is a 422 on POST, PUT and PATCH, and changes nothing', async () => {
    const agent = { name: 'a', aiProviderId: providerId };
    const created = await stack.api('POST', '/v1/agents', { ...agent, guardrails: { requireToolFor: [literal] } });
    expect(created.status).toBe(422);
    expect(created.body.error).toMatchObject({ code: 'unprocessable', message: expect.stringMatching(/too complex/) });

    const id = (await stack.api('POST', '/v1/agents', agent)).body.id;
    const before = (await stack.api('GET', `/v1/agents/${id}`)).body;
    const put = await stack.api('PUT', `/v1/agents/${id}`, { ...agent, guardrails: { requireToolFor: [literal] } });
    expect(put.status).toBe(422);
    const patch = await stack.api('PATCH', `/v1/agents/${id}`, { guardrails: { blockPatterns: ['(a)\\1'] } });
    expect(patch.status).toBe(422);
    expect(patch.body.error.message).toMatch(/backreferences/);
    expect((await stack.api('GET', `/v1/agents/${id}`)).body).toEqual(before);
  });

  it('a MATCHES condition over the RE2 budget is a 422; the document states the rule', async () => {
    const id = (await stack.api('POST', '/v1/agents', { name: 'h', aiProviderId: providerId })).body.id;
    const hook = {
      event: 'PreToolUse',
      type: 'rule',
      config: { decision: 'deny', conditions: [{ path: 'q', operator: 'MATCHES', value: literal }] },
    };
    const res = await stack.api('POST', `/v1/agents/${id}/hooks`, hook);
    expect(res.status).toBe(422);
    expect((await stack.api('GET', `/v1/agents/${id}/hooks`)).body.data).toEqual([]);

    const doc = (await stack.api('GET', '/v1/openapi.json')).body;
    const guardrails = JSON.stringify(doc.components.schemas.Guardrails);
    expect(guardrails).toMatch(/RE2 instructions.*422/);
  });

  // ST108: GET and PUT answered a rule hook the document's HookConfig refuses. Prisma's query
  // compiler parsed the Json config again before writing it, with inexact float parsing: the
  // generated 1.7976931348623157e+308 was stored as null (not a scalar of the document) and a
  // double that needs 17 digits lost its last one (an IN rule no longer matched that number).
  it('a rule hook reads back exactly as written, under the document (GET, list, PUT, PATCH)', async () => {
    const doc = (await stack.api('GET', '/v1/openapi.json')).body;
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ $id: 'https://durable-agents.invalid/openapi.json', components: doc.components });
    const documentAccepts = ajv.compile({
      $ref: 'https://durable-agents.invalid/openapi.json#/components/schemas/Hook',
    });

    const agentId = (await stack.api('POST', '/v1/agents', { name: 'r', aiProviderId: providerId })).body.id;
    const numbers = [1.7976931348623157e308, -1.8905201707611574e295, 0.10739236971565864, 2.2250738585072014e-308];
    const config = {
      decision: 'deny',
      conditions: [
        { path: '0M1VBFp0.g2p', operator: 'IN', value: ['\u0001', ...numbers, true] },
        { path: '_', operator: 'STARTS_WITH', value: '{L\f\udaac\udc6e\t' },
        { path: 'k0.y$', operator: 'CONTAINS', value: '\u0019z\u0005' },
      ],
    };
    const created = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'rule',
      config,
    });
    expect(created.status).toBe(201);
    expect(created.body.config).toEqual(config);
    const hookPath = `/v1/agents/${agentId}/hooks/${created.body.id}`;

    const replaced = { ...config, decision: 'deny', conditions: [{ path: 'a', operator: 'IN', value: numbers }] };
    const put = await stack.api('PUT', hookPath, { event: 'PreToolUse', type: 'rule', config: replaced });
    expect(put.status).toBe(200);
    expect(put.body.config).toEqual(replaced);
    // A patch without config writes the stored config again: it must not be re-parsed either.
    const patch = await stack.api('PATCH', hookPath, { matcher: 'lookup' });
    expect(patch.status).toBe(200);
    expect(patch.body.config).toEqual(replaced);

    const one = await stack.api('GET', hookPath);
    const list = await stack.api('GET', `/v1/agents/${agentId}/hooks`);
    expect(one.body.config).toEqual(replaced);
    expect(list.body.data.map((h: { config: unknown }) => h.config)).toEqual([replaced]);
    expect((await stack.db.hook.findUniqueOrThrow({ where: { id: created.body.id } })).config).toEqual(replaced);
    for (const body of [created.body, put.body, patch.body, one.body, ...list.body.data])
      expect(documentAccepts(body), JSON.stringify(documentAccepts.errors)).toBe(true);
  });

  // A raw run (without scripts/fuzz/hooks.py) sent `None`, a null `agentId` of GET /v1/tools that a
  // stateful link used as a path parameter, and counted the 400 "path.agentId must be an agent id"
  // as a refused valid request; a regex dialect whose `$` matches before a final newline reads
  // `agt_…\n` as matching. A path value without its kind's shape names nothing stored: it is the
  // 404 of an unknown id on every route, whatever dialect the client reads the pattern in.
  it("a path id without its kind's shape is a 404 not_found on every route, naming the shape", async () => {
    const none = await stack.api('GET', '/v1/agents/None');
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({
      code: 'not_found',
      details: [{ path: 'path.agentId', message: 'must be an agent id (agt_…)' }],
    });
    const agentId = (await stack.api('POST', '/v1/agents', { name: 'n', aiProviderId: providerId })).body.id;
    expect((await stack.api('GET', `/v1/agents/${agentId}%0A`)).status).toBe(404);
    expect((await stack.api('GET', `/v1/agents/${agentId}`)).status).toBe(200);

    const doc = (await stack.api('GET', '/v1/openapi.json')).body;
    let checked = 0;
    // Public chat routes need an agent key first (401) and answer 404 for any slug but its agent's.
    for (const spec of routeTable.filter((r) => r.action !== null)) {
      const operation = doc.paths[spec.path][spec.method];
      const parameters: Array<{ in: string; name: string; schema: { pattern?: string } }> = operation.parameters ?? [];
      const ids = parameters.filter((p) => p.in === 'path' && p.schema.pattern);
      if (!ids.length) continue;
      // The documented example body: a valid body, so only the path can be what is refused.
      const body = operation.requestBody?.content['application/json']?.example;
      for (const value of ['None', 'agt_12345678%0A']) {
        let path = spec.path;
        for (const p of ids) path = path.replace(`{${p.name}}`, value);
        const res = await stack.api(spec.method.toUpperCase(), path, body);
        expect(res.status, `${spec.method} ${path}`).toBe(404);
        expect(res.body.error.code, `${spec.method} ${path}`).toBe('not_found');
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });
});
