import { fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.js';
import { createOutbound } from '../../infra/net/outbound.js';
import { ReservedEndpointError } from '../../infra/net/ssrf.js';
import { resolveTemporalCli } from '../../infra/temporal/cli.js';
import { startTemporalDevServer, type TemporalDevServer } from '../../infra/temporal/dev-server.js';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

// Issue 43: the README's SSRF_ALLOWLIST=127.0.0.1, meant for a local model server, opened every port
// of that address to every tenant tool: one project's http_request read another's workflow payloads
// from the Temporal UI, its database_query read the service's own PostgreSQL. With 127.0.0.1 allowed
// for providers, the API and the worker run as their own processes, with their real metrics
// endpoints, on the real database and Temporal dev server; a listener stands in for the Temporal UI
// (the test dev server runs headless).

type Observe = { status: string; result: any };

interface Setup {
  stack: TestStack;
  agentId: string;
  /** The service's own endpoints, as a tenant would name them. */
  targets: Record<string, string>;
}

describe('allow-lists scoped by purpose; the service itself out of reach', () => {
  let model: ModelServer;
  let temporalUi: ToolServer;
  let tools: ToolServer;
  /** 127.0.0.1 allowed for model providers only (the README's example now). */
  let providerOnly: Setup;
  /** 127.0.0.1 allowed for both purposes (SSRF_ALLOWLIST, as existing deployments have it). */
  let shared: Setup;

  async function setUp(env: Record<string, string>, mode: 'processes' | 'in-process'): Promise<Setup> {
    const stack = await startStack({ mode, env: { TEMPORAL_UI_URL: `${temporalUi.url}/`, ...env } });
    const providerId = await createProvider(stack, model);
    const toolIds = await Promise.all([
      createTool(stack, { type: 'builtin', name: 'http_request' }),
      createTool(stack, {
        type: 'builtin',
        name: 'database_query',
        config: { databaseUrl: stack.env.DATABASE_URL, tables: [{ table: 'generations' }] },
      }),
      createTool(stack, { type: 'http', name: 'metrics_tool', execute: { url: `${stack.url}/metrics` } }),
    ]);
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds });
    const db = new URL(stack.env.DATABASE_URL!);
    const temporal = stack.env.TEMPORAL_ADDRESS!;
    return {
      stack,
      agentId,
      targets: {
        "the service's database": `http://${db.hostname}:${db.port || 5432}/`,
        "the service's Temporal frontend": `http://${temporal}/`,
        "the service's Temporal UI": `${temporalUi.url}/api/v1/namespaces/default/workflows`,
        "the service's API": `${stack.url}/metrics`,
        "the worker's metrics endpoint": `http://127.0.0.1:${stack.env.WORKER_METRICS_PORT}/metrics`,
      },
    };
  }

  beforeAll(async () => {
    [model, temporalUi, tools] = await Promise.all([startModelServer(), startToolServer(), startToolServer()]);
    temporalUi.route('/api/v1/namespaces/default/workflows', (_req, res) =>
      json(res, 200, { executions: [{ payload: 'another project' }] }),
    );
    tools.route('/public', (_req, res) => json(res, 200, { ok: 'a tool on 127.0.0.1' }));
    [providerOnly, shared] = await Promise.all([
      setUp({ SSRF_ALLOWLIST: '', PROVIDER_ALLOWLIST: '127.0.0.1' }, 'processes'),
      // In one process: the same guard, without a second pair of processes on a shared machine.
      setUp({ SSRF_ALLOWLIST: '127.0.0.1' }, 'in-process'),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([providerOnly?.stack.close(), shared?.stack.close()]);
    await Promise.all([model?.close(), temporalUi?.close(), tools?.close()]);
  });
  beforeEach(() => model.reset());

  /** One generation calling one tool; the model server on 127.0.0.1 answers both of its calls. */
  async function callTool(setup: Setup, tool: string, args: unknown): Promise<Observe> {
    model.script(call(tool, args, 'c1'), { text: 'done' });
    const res = await setup.stack.api('POST', `/v1/agents/${setup.agentId}/generate`, { prompt: 'go' });
    expect(res.body.status).toBe('completed');
    return res.body.steps.find((s: { type: string }) => s.type === 'observe');
  }

  describe('127.0.0.1 allowed for providers only (PROVIDER_ALLOWLIST)', () => {
    it('the local model server is reached, a tool on 127.0.0.1 is not', async () => {
      const observe = await callTool(providerOnly, 'http_request', { url: `${tools.url}/public` });
      expect(model.requests).toHaveLength(2);
      expect(observe.status).toBe('error');
      expect(observe.result.error).toMatch(/Blocked request to 127\.0\.0\.1 .*loopback/);
    });

    it("http_request reaches none of the service's database, Temporal frontend and UI, API or metrics", async () => {
      for (const [name, url] of Object.entries(providerOnly.targets)) {
        model.reset();
        const observe = await callTool(providerOnly, 'http_request', { url });
        expect({ name, status: observe.status }).toEqual({ name, status: 'error' });
        expect(observe.result.error).toMatch(/Blocked request/);
      }
      expect(temporalUi.connections).toBe(0);
    });

    it("database_query cannot connect to the service's own database", async () => {
      const observe = await callTool(providerOnly, 'database_query', { sql: 'SELECT id FROM generations' });
      expect(observe.status).toBe('error');
      expect(JSON.stringify(observe.result)).toMatch(/Blocked request/);
      expect(JSON.stringify(observe.result)).not.toMatch(/agt_gen_/);
    });
  });

  describe('127.0.0.1 allowed for everything (SSRF_ALLOWLIST, kept for existing deployments)', () => {
    it('a tool on 127.0.0.1 is reached (the list keeps its meaning)', async () => {
      const observe = await callTool(shared, 'http_request', { url: `${tools.url}/public` });
      expect(observe).toMatchObject({ status: 'success', result: { status: 200 } });
    });

    it("http_request is still refused each of the service's own endpoints, naming it", async () => {
      for (const [name, url] of Object.entries(shared.targets)) {
        model.reset();
        const observe = await callTool(shared, 'http_request', { url });
        expect({ name, status: observe.status }).toEqual({ name, status: 'error' });
        expect(observe.result.error).toContain(`that is ${name}, which tools and providers may never reach`);
      }
      expect(temporalUi.connections).toBe(0);
    });

    it("an http tool pointed at the API's /metrics gets an error, not the metrics", async () => {
      const observe = await callTool(shared, 'metrics_tool', {});
      expect(observe.status).toBe('error');
      expect(JSON.stringify(observe.result)).toMatch(/that is the service's API/);
      expect(JSON.stringify(observe.result)).not.toMatch(/# (HELP|TYPE)/);
    });

    it("database_query cannot connect to the service's own database", async () => {
      const observe = await callTool(shared, 'database_query', { sql: 'SELECT id FROM generations' });
      expect(observe.status).toBe('error');
      expect(JSON.stringify(observe.result)).toMatch(/that is the service's database/);
      expect(JSON.stringify(observe.result)).not.toMatch(/agt_gen_/);
    });
  });
});

describe("npm run dev's Temporal dev server: its HTTP API and metrics on fixed, reserved ports", () => {
  let temporal: TemporalDevServer;
  beforeAll(async () => {
    temporal = await startTemporalDevServer({
      cli: resolveTemporalCli({ cliPathFromEnv: process.env.TEMPORAL_CLI_PATH }),
      uiPort: null,
    });
  }, 120_000);
  afterAll(async () => {
    await temporal?.stop();
  });

  it('serves workflow data over HTTP on the port it reports, which the dev stack reserves', async () => {
    const { http, metrics } = temporal.internalPorts;
    // Unguarded, the ports answer: the HTTP API lists namespaces (and would serve histories).
    const namespaces = await fetch(`http://127.0.0.1:${http}/api/v1/namespaces`);
    expect(namespaces.status).toBe(200);
    expect(await namespaces.text()).toContain('default');
    expect((await fetch(`http://127.0.0.1:${metrics}/metrics`)).status).toBe(200);

    // Reserved as scripts/local-stack.ts reserves them, they are refused even with 127.0.0.1 allowed.
    const outbound = createOutbound(loadConfig({ SSRF_ALLOWLIST: '127.0.0.1' }, 'dev'), {
      temporalAddress: temporal.address,
      extra: [
        { name: "the Temporal dev server's HTTP API", host: '127.0.0.1', port: http },
        { name: "the Temporal dev server's metrics", host: '127.0.0.1', port: metrics },
      ],
    });
    try {
      for (const port of [http, metrics]) {
        const err = await undiciFetch(`http://127.0.0.1:${port}/`, { dispatcher: outbound.tool }).then(
          () => null,
          (e: { cause?: unknown }) => e.cause,
        );
        expect(err).toBeInstanceOf(ReservedEndpointError);
      }
    } finally {
      await outbound.close();
    }
  });
});
