import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectSchema, rowCounts } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * Property-based bad input: generated malformed bodies, query strings and ids across every write
 * endpoint. Every answer must be a 4xx in the error shape (never a 5xx), and afterwards no table
 * has gained or lost a row and no configuration row has changed.
 */

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object';
interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  valid: Record<string, unknown>;
  /** Top-level fields with a single JSON type (union-typed fields are left out). */
  fields: Record<string, Kind>;
  required: string[];
  /** Values that are out of range for a field (still the right JSON type). */
  outOfRange?: Record<string, unknown[]>;
}

interface Req {
  method: string;
  path: string;
  body?: unknown;
  raw?: string;
}

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

const json = fc.jsonValue({ maxDepth: 2 });
const notOfKind: Record<Kind, fc.Arbitrary<unknown>> = {
  string: fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.array(json, { maxLength: 3 }),
    fc.dictionary(fc.string(), json, { maxKeys: 3 }),
  ),
  number: fc.oneof(
    fc.string(),
    fc.boolean(),
    fc.array(json, { maxLength: 3 }),
    fc.dictionary(fc.string(), json, { maxKeys: 3 }),
  ),
  boolean: fc.oneof(
    fc.string(),
    fc.integer(),
    fc.array(json, { maxLength: 3 }),
    fc.dictionary(fc.string(), json, { maxKeys: 3 }),
  ),
  array: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.dictionary(fc.string(), json, { maxKeys: 3 })),
  object: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(json, { maxLength: 3 })),
};
const unknownKey = fc.string({ minLength: 1, maxLength: 20 }).map((s) => `zz_${s}`);
const notAnObject = fc.oneof(
  fc.integer(),
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.array(json, { maxLength: 4 }),
);
const garbage = fc.oneof(
  fc.string({ minLength: 1, maxLength: 200 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
  fc.constantFrom('{', '{"a":', '[1,2', '{"name": "x",}', "{'a': 1}", 'undefined', '\u0000'),
);

describe('malformed input never causes a 5xx and never writes', () => {
  let stack: TestStack;
  let endpoints: Endpoint[];
  let ids: Record<string, string>;

  beforeAll(async () => {
    stack = await startStack({ withoutWorker: true });
    const provider = { name: 'p', kind: 'openai', apiKey: 'sk-x', defaultModel: 'm' };
    const providerId = (await stack.api('POST', '/v1/ai-providers', provider)).body.id;
    const tool = {
      type: 'http',
      name: 'search',
      parameters: objectSchema,
      execute: { url: 'https://tools.example.com/s' },
    };
    const toolId = (await stack.api('POST', '/v1/tools', tool)).body.id;
    const agent = {
      name: 'a',
      aiProviderId: providerId,
      toolIds: [toolId],
      maxSteps: 5,
      temperature: 0.2,
      conversational: false,
      guardrails: { blockPatterns: ['x'], requireToolFor: [] },
    };
    const agentId = (await stack.api('POST', '/v1/agents', agent)).body.id;
    const hook = {
      event: 'PreToolUse',
      type: 'http',
      matcher: 'search',
      config: { url: 'https://hooks.example.com/h', timeoutSeconds: 3 },
    };
    const hookId = (await stack.api('POST', `/v1/agents/${agentId}/hooks`, hook)).body.id;
    const apiKey = {
      name: 'k',
      policy: { statements: [{ effect: 'Allow', action: ['agents:GetAgent'], resource: ['*'] }] },
    };
    const apiKeyId = (await stack.api('POST', '/v1/api-keys', apiKey)).body.id;
    ids = { providerId, toolId, agentId, hookId, apiKeyId };
    for (const id of Object.values(ids)) expect(id).toEqual(expect.any(String));

    const providerFields: Record<string, Kind> = {
      name: 'string',
      kind: 'string',
      apiKey: 'string',
      defaultModel: 'string',
      baseUrl: 'string',
      headers: 'object',
    };
    const agentFields: Record<string, Kind> = {
      name: 'string',
      aiProviderId: 'string',
      toolIds: 'array',
      customTools: 'array',
      mcpServers: 'array',
      maxSteps: 'number',
      temperature: 'number',
      conversational: 'boolean',
      memory: 'object',
      slug: 'string',
      stepRules: 'array',
      guardrails: 'object',
      activeToolIds: 'array',
      publicChat: 'object',
      boundaryPolicy: 'object',
    };
    const agentRanges = {
      maxSteps: [0, -1, 1001, 2.5, 1e12],
      temperature: [-0.1, 2.5, 1e9],
      approvalTimeoutSeconds: [0, 1e10],
      contextWindow: [1, 1e12],
    };
    const toolFields: Record<string, Kind> = {
      type: 'string',
      name: 'string',
      parameters: 'object',
      execute: 'object',
      timeoutSeconds: 'number',
      readOnly: 'boolean',
      maxResultChars: 'number',
    };
    const toolRanges = {
      timeoutSeconds: [0, 3601, 1.5],
      maxResultChars: [99, 2e6],
      name: ['', 'has space', 'x'.repeat(65)],
    };
    const hookFields: Record<string, Kind> = { event: 'string', type: 'string', matcher: 'string', config: 'object' };
    const hookRanges = { event: ['onRunStart', ''], matcher: ['bad name', ''], type: ['webhook'] };
    const patchOnly = (f: Record<string, Kind>) => Object.fromEntries(Object.entries(f));
    endpoints = [
      {
        method: 'POST',
        path: '/v1/api-keys',
        valid: apiKey,
        fields: { name: 'string', policy: 'object' },
        required: ['name', 'policy'],
      },
      {
        method: 'POST',
        path: '/v1/ai-providers',
        valid: provider,
        fields: providerFields,
        required: ['name', 'kind', 'defaultModel'],
      },
      {
        method: 'PUT',
        path: `/v1/ai-providers/${providerId}`,
        valid: provider,
        fields: providerFields,
        required: ['name', 'kind', 'defaultModel'],
      },
      {
        method: 'PATCH',
        path: `/v1/ai-providers/${providerId}`,
        valid: { name: 'p2' },
        fields: patchOnly(providerFields),
        required: [],
      },
      {
        method: 'POST',
        path: '/v1/agents',
        valid: agent,
        fields: agentFields,
        required: ['name', 'aiProviderId'],
        outOfRange: agentRanges,
      },
      {
        method: 'PUT',
        path: `/v1/agents/${agentId}`,
        valid: agent,
        fields: agentFields,
        required: ['name', 'aiProviderId'],
        outOfRange: agentRanges,
      },
      {
        method: 'PATCH',
        path: `/v1/agents/${agentId}`,
        valid: { name: 'b' },
        fields: agentFields,
        required: [],
        outOfRange: agentRanges,
      },
      {
        method: 'POST',
        path: '/v1/tools',
        valid: tool,
        fields: toolFields,
        required: ['type', 'name', 'parameters'],
        outOfRange: toolRanges,
      },
      {
        method: 'POST',
        path: '/v1/agents/tools',
        valid: tool,
        fields: toolFields,
        required: ['type', 'name', 'parameters'],
        outOfRange: toolRanges,
      },
      {
        method: 'PUT',
        path: `/v1/tools/${toolId}`,
        valid: tool,
        fields: toolFields,
        required: ['type', 'name', 'parameters'],
        outOfRange: toolRanges,
      },
      {
        method: 'PATCH',
        path: `/v1/tools/${toolId}`,
        valid: { description: 'd' },
        fields: toolFields,
        required: [],
        outOfRange: toolRanges,
      },
      {
        method: 'PATCH',
        path: `/v1/agents/tools/${toolId}`,
        valid: { description: 'd' },
        fields: toolFields,
        required: [],
        outOfRange: toolRanges,
      },
      {
        method: 'POST',
        path: `/v1/agents/${agentId}/hooks`,
        valid: hook,
        fields: hookFields,
        required: ['event', 'type', 'config'],
        outOfRange: hookRanges,
      },
      {
        method: 'PUT',
        path: `/v1/agents/${agentId}/hooks/${hookId}`,
        valid: hook,
        fields: hookFields,
        required: ['event', 'type', 'config'],
        outOfRange: hookRanges,
      },
      {
        method: 'PATCH',
        path: `/v1/agents/${agentId}/hooks/${hookId}`,
        valid: { matcher: 'other' },
        fields: hookFields,
        required: [],
        outOfRange: hookRanges,
      },
      {
        method: 'POST',
        path: `/v1/agents/${agentId}/generate`,
        valid: { prompt: 'hi', async: true },
        fields: { prompt: 'string', async: 'boolean', maxSteps: 'number' },
        required: ['prompt'],
      },
    ];
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A valid body made invalid in exactly one way that no schema can accept. */
  function malformedBody(ep: Endpoint): fc.Arbitrary<Req> {
    const base = { method: ep.method, path: ep.path };
    const options: Array<fc.Arbitrary<Req>> = [
      fc.tuple(unknownKey, json).map(([k, v]) => ({ ...base, body: { ...ep.valid, [k]: v } })),
      notAnObject.map((body) => ({ ...base, body })),
      garbage.map((raw) => ({ ...base, raw })),
      fc
        .constantFrom(...Object.keys(ep.fields))
        .chain((field) => notOfKind[ep.fields[field]!].map((v) => ({ ...base, body: { ...ep.valid, [field]: v } }))),
    ];
    if (ep.required.length) {
      options.push(
        fc.constantFrom(...ep.required).map((field) => {
          const { [field]: _gone, ...rest } = ep.valid;
          return { ...base, body: rest };
        }),
      );
    }
    const ranges = Object.entries(ep.outOfRange ?? {});
    if (ranges.length) {
      options.push(
        fc
          .constantFrom(...ranges)
          .chain(([field, values]) =>
            fc.constantFrom(...values).map((v) => ({ ...base, body: { ...ep.valid, [field]: v } })),
          ),
      );
    }
    // An unknown key one level down, inside a strict nested object.
    const nested = Object.entries(ep.valid).filter(
      ([k, v]) =>
        v && typeof v === 'object' && !Array.isArray(v) && ['guardrails', 'policy', 'config', 'execute'].includes(k),
    );
    if (nested.length) {
      options.push(
        fc
          .tuple(fc.constantFrom(...nested), unknownKey)
          .map(([[k, v], extra]) => ({ ...base, body: { ...ep.valid, [k]: { ...(v as object), [extra]: 1 } } })),
      );
    }
    return fc.oneof(...options);
  }

  /** Random ids (well-formed-looking or not) on every item endpoint, with valid bodies. */
  function randomIdRequest(): fc.Arbitrary<Req> {
    const id = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 80 }),
        fc
          .constantFrom('agt_', 'agt_tool_', 'aip_', 'hook_', 'key_', 'agt_gen_', 'prj_')
          .chain((p) => fc.stringMatching(/^[0-9a-zA-Z]{0,70}$/).map((s) => p + s)),
      )
      .map(encodeURIComponent);
    const templates: Array<[string, (i: string) => string, unknown]> = [
      ['GET', (i) => `/v1/agents/${i}`, undefined],
      ['PUT', (i) => `/v1/agents/${i}`, { name: 'x', aiProviderId: ids.providerId }],
      ['PATCH', (i) => `/v1/agents/${i}`, { name: 'x' }],
      ['DELETE', (i) => `/v1/agents/${i}`, undefined],
      ['POST', (i) => `/v1/agents/${i}/regenerate-key`, undefined],
      ['GET', (i) => `/v1/ai-providers/${i}`, undefined],
      ['PATCH', (i) => `/v1/ai-providers/${i}`, { name: 'x' }],
      ['DELETE', (i) => `/v1/ai-providers/${i}`, undefined],
      ['GET', (i) => `/v1/tools/${i}`, undefined],
      ['PUT', (i) => `/v1/agents/tools/${i}`, { type: 'client', name: 'c', parameters: objectSchema }],
      ['DELETE', (i) => `/v1/tools/${i}`, undefined],
      ['GET', (i) => `/v1/agents/${ids.agentId}/hooks/${i}`, undefined],
      ['PATCH', (i) => `/v1/agents/${i}/hooks/${ids.hookId}`, { matcher: 'x' }],
      ['DELETE', (i) => `/v1/agents/${ids.agentId}/hooks/${i}`, undefined],
      ['POST', (i) => `/v1/agents/${i}/hooks`, { event: 'PreToolUse', type: 'approval' }],
      ['GET', (i) => `/v1/api-keys/${i}`, undefined],
      ['DELETE', (i) => `/v1/api-keys/${i}`, undefined],
      ['GET', (i) => `/v1/generations/${i}`, undefined],
      ['POST', (i) => `/v1/generations/${i}/cancel`, undefined],
    ];
    return fc
      .tuple(fc.constantFrom(...templates), id)
      .map(([[method, path, body], i]) => ({ method, path: path(i), body }));
  }

  /** Query strings no list endpoint accepts. */
  function badQuery(): fc.Arbitrary<Req> {
    const lists = [
      '/v1/agents',
      '/v1/tools',
      '/v1/agents/tools',
      '/v1/ai-providers',
      '/v1/api-keys',
      `/v1/agents/${ids.agentId}/hooks`,
      '/v1/generations',
      '/v1/approvals',
    ];
    const limit = fc.oneof(
      fc.constantFrom('0', '-1', '101', '1e9', '1.5', 'abc', '', '%00', '20&limit=30'),
      fc
        .string({ maxLength: 10 })
        .filter((s) => !/^\s*\d+\s*$/.test(s) || Number(s) < 1 || Number(s) > 100)
        .map(encodeURIComponent),
    );
    const unknown = fc
      .tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.string({ maxLength: 10 }))
      .map(([k, v]) => `zz${k}=${encodeURIComponent(v)}`);
    const cursor = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 60 }),
        fc.constantFrom('bm90LWEtY3Vyc29y', 'MjAyNC0wMS0wMXx4', '%FF', 'x'.repeat(201)),
      )
      .map((c) => `cursor=${c.startsWith('%') ? c : encodeURIComponent(c)}`);
    return fc
      .tuple(
        fc.constantFrom(...lists),
        fc.oneof(
          limit.map((l) => `limit=${l}`),
          unknown,
          cursor,
        ),
      )
      .map(([path, q]) => ({ method: 'GET', path: `${path}?${q}` }));
  }

  async function send(req: Req): Promise<{ status: number; body: any }> {
    const hasBody = req.raw !== undefined || req.body !== undefined;
    const res = await fetch(stack.url + req.path, {
      method: req.method,
      headers: { authorization: `Bearer ${stack.apiKey}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      body: req.raw ?? (req.body === undefined ? undefined : JSON.stringify(req.body)),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      // checked below
    }
    return { status: res.status, body };
  }

  it(`${NUM_RUNS}+ generated malformed requests all get a 4xx with the error shape, and nothing is written`, async () => {
    const before = await rowCounts(stack);
    const snapshot = async () => ({
      agents: await stack.db.agent.findMany({ orderBy: { id: 'asc' } }),
      tools: await stack.db.agentTool.findMany({ orderBy: { id: 'asc' } }),
      providers: await stack.db.aiProvider.findMany({ orderBy: { id: 'asc' } }),
      hooks: await stack.db.hook.findMany({ orderBy: { id: 'asc' } }),
      keys: await stack.db.apiKey.findMany({ orderBy: { id: 'asc' }, omit: { lastUsedAt: true } }),
    });
    const configBefore = await snapshot();

    const counts = { body: 0, id: 0, query: 0 };
    const statuses = new Map<number, number>();
    const request = fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .constantFrom(...endpoints)
          .chain(malformedBody)
          .map((r) => ({ kind: 'body' as const, r })),
      },
      { weight: 3, arbitrary: randomIdRequest().map((r) => ({ kind: 'id' as const, r })) },
      { weight: 2, arbitrary: badQuery().map((r) => ({ kind: 'query' as const, r })) },
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ kind, r }) => {
        counts[kind]++;
        const res = await send(r);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const where = `${r.method} ${r.path} ${r.raw ?? JSON.stringify(r.body)} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        expect(res.status >= 400 && res.status < 500, where).toBe(true);
        expect(typeof res.body?.error?.code, where).toBe('string');
        expect(typeof res.body?.error?.message, where).toBe('string');
      }),
      { seed: SEED, numRuns: NUM_RUNS, endOnFailure: true },
    );
    expect(counts.body + counts.id + counts.query).toBeGreaterThanOrEqual(1000);
    expect(counts.body).toBeGreaterThan(400);
    expect(counts.id).toBeGreaterThan(150);
    expect(counts.query).toBeGreaterThan(100);
    // Both kinds of refusal happen: invalid input (400) and unknown ids (404).
    expect(statuses.get(400)).toBeGreaterThan(300);
    expect(statuses.get(404)).toBeGreaterThan(20);

    expect(await rowCounts(stack)).toEqual(before);
    expect(await snapshot()).toEqual(configBefore);
  });
});
