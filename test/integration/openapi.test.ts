import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { routeTable } from '../../api/openapi/table.js';
import { createLogger } from '../../infra/logger.js';
import { servedRoutes } from '../support/served-routes.js';
import { startStack, type TestStack } from '../support/stack.js';

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operations(doc: Doc): Array<{ key: string; method: string; path: string; op: any }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, method: m, path, op: item[m] })),
  );
}

describe('OpenAPI document and /docs', () => {
  let stack: TestStack;
  let doc: Doc;

  beforeAll(async () => {
    stack = await startStack({ withoutWorker: true });
    const res = await fetch(`${stack.url}/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    doc = (await res.json()) as Doc;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('is a valid OpenAPI 3.1 document (checked by an OpenAPI schema validator)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists exactly the routes Express serves (walked from the app router stack)', () => {
    const app = createApp({
      env: stack.env,
      db: stack.db,
      temporal: stack.temporal,
      feed: stack.runtime.feed,
      secrets: stack.runtime.secrets,
      logger: createLogger('silent', 'test'),
    });
    const served = servedRoutes(app);
    const documented = operations(doc)
      .map((o) => o.key)
      .sort();
    expect(served.length).toBeGreaterThan(40);
    expect(
      served.filter((r) => !documented.includes(r)),
      'served but not documented',
    ).toEqual([]);
    expect(
      documented.filter((r) => !served.includes(r)),
      'documented but not served',
    ).toEqual([]);
    // The generation endpoints and the operational ones are among them.
    for (const key of [
      'POST /v1/agents/{agentId}/generate',
      'POST /v1/agents/{agentId}/generate/{generationId}/tool-outputs',
      'GET /v1/agents/{agentId}/generations/{generationId}',
      'GET /v1/generations',
      'GET /v1/generations/{generationId}',
      'POST /v1/generations/{generationId}/cancel',
      'GET /healthz',
      'GET /readyz',
      'GET /v1/openapi.json',
      'GET /docs',
    ]) {
      expect(documented).toContain(key);
    }
  });

  it('has unique operationIds, a policy action on every authenticated operation, schemas for requests and responses', () => {
    const ops = operations(doc);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, method, op } of ops) {
      const publicRoute = Array.isArray(op.security) && op.security.length === 0;
      if (!publicRoute) expect(op['x-action'], key).toMatch(/^[a-zA-Z]+:[A-Z][a-zA-Z]+$/);
      if (method === 'put' || method === 'patch')
        expect(op.requestBody?.content?.['application/json']?.schema, key).toBeTruthy();
      const responses = Object.entries(op.responses as Record<string, any>);
      const success = responses.filter(([s]) => s.startsWith('2'));
      expect(success.length, key).toBeGreaterThan(0);
      for (const [status, r] of success) {
        if (status !== '204') expect(Object.values(r.content ?? {})[0], `${key} ${status}`).toHaveProperty('schema');
      }
      for (const [status, r] of responses.filter(([s]) => !s.startsWith('2') && s !== '503')) {
        expect(r.content['application/json'].schema, `${key} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
      for (const p of op.parameters ?? []) expect(p.schema, `${key} ${p.name}`).toBeTruthy();
    }
    // Every write endpoint of the route table documents its body.
    for (const r of routeTable.filter((r) => r.body)) {
      expect(doc.paths[r.path]![r.method].requestBody.required, r.operationId).toBe(true);
    }
  });

  it('states what the validators enforce (3.1 keywords where 3.0 had none)', () => {
    const schemas = doc.components.schemas as Record<string, any>;
    // Shared components are never nullable themselves; nullable uses are anyOf [ref, null].
    for (const [name, schema] of Object.entries(schemas)) {
      const types = ([] as unknown[]).concat(schema.type ?? []);
      expect(types, name).not.toContain('null');
      expect(
        (schema.anyOf ?? []).filter((s: any) => s.type === 'null'),
        name,
      ).toEqual([]);
    }
    // ToolChoice is itself a union (its members are inlined): the two forms, and null.
    for (const nullable of [schemas.Agent.properties.toolChoice, schemas.PatchAgent.properties.toolChoice]) {
      expect(nullable.anyOf).toHaveLength(3);
      expect(nullable.anyOf).toContainEqual({ type: 'null' });
      expect(nullable.anyOf).toContainEqual(schemas.ToolChoice.anyOf[0]);
    }
    expect(schemas.Agent.properties.boundaryPolicy).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Policy' }, { type: 'null' }],
    });
    expect(schemas.CreateAgent.properties.toolChoice).toEqual({ $ref: '#/components/schemas/ToolChoice' });
    expect(schemas.Generation.properties.requiredAction.anyOf).toContainEqual({ type: 'null' });
    // Header names are checked by the record's key schema.
    expect(schemas.ToolExecute.properties.headers.propertyNames.pattern).toBeTruthy();
    expect(schemas.HttpHookConfig.properties.headers.propertyNames.pattern).toBeTruthy();
    expect(schemas.CreateAiProvider.properties.headers.propertyNames.pattern).toBe('^[A-Za-z0-9-]{1,128}$');
    // Tool parameters are JSON Schemas of type object.
    expect(schemas.ToolParameters).toMatchObject({ properties: { type: { const: 'object' } }, required: ['type'] });
    // A tool output must carry `output` (null is a value).
    expect(schemas.ToolOutputsRequest.properties.toolOutputs.items.required).toEqual(['toolCallId', 'output']);
    // Cross-field rules.
    expect(schemas.GenerateRequest.allOf[0].anyOf).toHaveLength(2);
    expect(schemas.CreateAiProvider.allOf[0].anyOf).toContainEqual({ required: ['baseUrl'] });
    // Cursors have a stated format; integers the safe range zod enforces.
    const cursor = doc.paths['/v1/agents']!.get.parameters.find((p: any) => p.name === 'cursor');
    expect(new RegExp(cursor.schema.pattern).test('1700000000000.agt_abc')).toBe(true);
    expect(new RegExp(cursor.schema.pattern).test('bogus')).toBe(false);
    expect(schemas.StepRule.properties.step).toMatchObject({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
  });

  it('resolves every $ref', () => {
    const refs = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, child] of Object.entries(v)) {
          if (k === '$ref' && typeof child === 'string') refs.add(child);
          else walk(child);
        }
      }
    };
    walk(doc);
    expect(refs.size).toBeGreaterThan(20);
    for (const ref of refs) {
      const match = /^#\/components\/(schemas|securitySchemes)\/(.+)$/.exec(ref);
      expect(match, ref).toBeTruthy();
      expect((doc.components as Record<string, Record<string, unknown>>)[match![1]!]![match![2]!], ref).toBeDefined();
    }
  });

  it('/docs serves the reference page and every asset it loads from the API itself, under a strict CSP', async () => {
    const res = await fetch(`${stack.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe|https?:)/);
    expect(csp).toContain("connect-src 'self'");
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.sort()).toEqual([
      '/docs/assets/reference.js',
      '/docs/assets/swagger-ui-bundle.js',
      '/docs/assets/swagger-ui.css',
    ]);
    for (const asset of assets) {
      const a = await fetch(`${stack.url}${asset}`);
      expect(a.status, asset).toBe(200);
      expect(a.headers.get('content-type'), asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await a.text()).length, asset).toBeGreaterThan(100);
    }
    expect((await fetch(`${stack.url}/docs/assets/secrets.env`)).status).toBe(400);
  });

  it('answers a method a known path does not serve with 405 and Allow; an unknown path with 404', async () => {
    const agents = await stack.api('DELETE', '/v1/agents');
    expect(agents.status).toBe(405);
    expect(agents.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(agents.body.error).toMatchObject({ code: 'method_not_allowed' });
    const one = await stack.api('POST', '/v1/agents/agt_00000000000000/hooks/hook_0000000000000000');
    expect(one.status).toBe(405);
    expect(one.headers.get('allow')).toBe('DELETE, GET, HEAD, PATCH, PUT');
    // Every documented path answers 405 (never 404 or 500) to a method it does not serve.
    for (const { path, method } of operations(doc)) {
      const served = operations(doc)
        .filter((o) => o.path === path)
        .map((o) => o.method.toUpperCase());
      const unserved = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].find((m) => !served.includes(m));
      if (!unserved || method !== operations(doc).find((o) => o.path === path)!.method) continue;
      const concrete = path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}_0000000000000000`);
      // A templated path may also match another route's template (`/v1/agents/{agentId}/hooks` and
      // `/v1/agents/traces/{traceId}` with traceId "hooks"): that route serves it. A literal path
      // (`/v1/agents/traces`, `/v1/agents/tools`) is never an agent id, so it is always checked.
      const template = (p: string) => new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`);
      const shadowed = operations(doc).some(
        (o) => o.path !== path && o.method.toUpperCase() === unserved && template(o.path).test(concrete),
      );
      if (shadowed && path.includes('{')) continue;
      const res = await stack.api(unserved, concrete);
      expect(res.status, `${unserved} ${concrete}`).toBe(405);
      expect(res.headers.get('allow'), `${unserved} ${concrete}`).toContain(served[0]!);
    }
    // Literal sub-paths of /v1/agents are not agent ids, whichever method is sent.
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/v1/agents/traces', '/v1/agents/tools']) {
        const res = await stack.api(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow'), `${method} ${path}`).toContain('GET');
      }
    }
    expect((await stack.api('GET', '/v1/nothing-here')).status).toBe(404);
  });

  it('is served without an API key; the rest of /v1 is not', async () => {
    expect((await fetch(`${stack.url}/v1/openapi.json`)).status).toBe(200);
    expect((await fetch(`${stack.url}/v1/agents`)).status).toBe(401);
  });
});
