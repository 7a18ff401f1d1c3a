import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/temporal/dev-server.js';
import { call, calls, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startOtlpCollector, type OtlpCollector } from '../support/otlp-collector.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** One sample of the Prometheus text format: `name{label="v",…} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line);
    if (!m) throw new Error(`not exposition format: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the sample with this name whose labels include `labels` (0 when absent). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}

const secrets = {
  providerKey: 'sk-scripted-secret-value',
  toolHeader: `tool-secret-${randomBytes(8).toString('hex')}`,
  metricsToken: `metrics-${randomBytes(12).toString('hex')}`,
};

/**
 * Metrics, logs and traces of generations, observed from outside as an operator would: the API
 * and the worker run as their own processes exporting spans to a real OTLP/HTTP receiver.
 */
describe('observability', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let collector: OtlpCollector;
  let workerMetricsPort: number;

  beforeAll(async () => {
    [model, tools, collector, workerMetricsPort] = await Promise.all([
      startModelServer(),
      startToolServer(),
      startOtlpCollector(),
      freePort(),
    ]);
    tools.route('/lookup', (_req, res) => json(res, 200, { found: true }));
    tools.route('/broken', (_req, res) => json(res, 500, { error: 'down' }));
    stack = await startStack({
      mode: 'processes',
      fullOutput: true,
      env: {
        LOG_LEVEL: 'info',
        METRICS_TOKEN: secrets.metricsToken,
        WORKER_METRICS_PORT: String(workerMetricsPort),
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        TEMPORAL_UI_URL: 'http://temporal-ui.example:8080/',
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
    await Promise.all([model?.close(), tools?.close(), collector?.close()]);
  });

  async function scrape(url: string): Promise<Sample[]> {
    const res = await fetch(url, { headers: { authorization: `Bearer ${secrets.metricsToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return parseExposition(await res.text());
  }
  const apiMetrics = () => scrape(`${stack.url}/metrics`);
  const workerMetrics = () => scrape(`http://127.0.0.1:${workerMetricsPort}/metrics`);

  async function setUp() {
    const providerId = await createProvider(stack, model);
    const lookup = await createTool(stack, {
      type: 'http',
      name: 'lookup',
      execute: { url: `${tools.url}/lookup`, headers: { 'x-tool-key': { value: secrets.toolHeader, secret: true } } },
    });
    const broken = await createTool(stack, { type: 'http', name: 'broken', execute: { url: `${tools.url}/broken` } });
    const ask = await createTool(stack, { type: 'client', name: 'ask_user' });
    return createAgent(stack, { aiProviderId: providerId, toolIds: [lookup, broken, ask] });
  }

  it('metrics need the token and change as expected across generations (API and worker endpoints)', async () => {
    expect((await fetch(`${stack.url}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${workerMetricsPort}/metrics`)).status).toBe(401);
    const agentId = await setUp();
    const [apiBefore, workerBefore] = await Promise.all([apiMetrics(), workerMetrics()]);
    const agent = { agent_id: agentId };

    model.script(calls(['lookup', { q: 1 }], ['broken', {}]), { text: 'done' });
    const completed = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'look it up' });
    expect(completed.body.status).toBe('completed');
    model.script(call('ask_user', {}, 'wait-1'));
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'ask me' });
    expect(paused.body.status).toBe('requires_action');

    const [api, worker] = await Promise.all([apiMetrics(), workerMetrics()]);
    const delta = (after: Sample[], before: Sample[], name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);

    // API: requests by route template, generations started, live gauges read from the database.
    expect(delta(api, apiBefore, 'durable_agents_generations_started_total', agent)).toBe(2);
    expect(
      delta(api, apiBefore, 'durable_agents_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/v1/agents/{agentId}/generate',
        status: '200',
      }),
    ).toBe(2);
    expect(valueOf(api, 'durable_agents_generations', { status: 'requires_action' })).toBe(1);
    expect(valueOf(api, 'durable_agents_generations', { status: 'running' })).toBe(0);
    expect(valueOf(api, 'durable_agents_approvals_pending')).toBe(0);

    // Worker: settled generations by agent and stop reason, model calls and tokens, tools by type.
    const finished = { ...agent, status: 'completed', stop_reason: 'final_answer' };
    expect(delta(worker, workerBefore, 'durable_agents_generations_finished_total', finished)).toBe(1);
    expect(delta(worker, workerBefore, 'durable_agents_generation_steps_count', agent)).toBe(1);
    expect(
      delta(worker, workerBefore, 'durable_agents_model_call_duration_seconds_count', { outcome: 'success' }),
    ).toBe(3);
    expect(
      delta(worker, workerBefore, 'durable_agents_model_tokens_total', { ...agent, kind: 'prompt' }),
    ).toBeGreaterThan(0);
    const tool = (status: string) => ({ type: 'http', status });
    expect(delta(worker, workerBefore, 'durable_agents_tool_call_duration_seconds_count', tool('success'))).toBe(1);
    expect(delta(worker, workerBefore, 'durable_agents_tool_call_duration_seconds_count', tool('error'))).toBe(1);
    // The Temporal SDK runtime's own metrics are on the same endpoint.
    expect(worker.some((s) => s.name.startsWith('temporal_'))).toBe(true);
  });

  it('the committed Grafana dashboard queries only metrics the API and the worker expose', async () => {
    // The SDK exposes a metric family once it has recorded a value. A generation's own activities
    // are local, so run one with an HTTP hook: a regular activity (the dashboard's schedule-to-start).
    tools.route('/hook', (_req, res) => json(res, 200, {}));
    const providerId = await createProvider(stack, model);
    const hooked = await createAgent(stack, { aiProviderId: providerId });
    const hook = await stack.api('POST', `/v1/agents/${hooked}/hooks`, {
      event: 'PreResponse',
      type: 'http',
      config: { url: `${tools.url}/hook` },
    });
    expect(hook.status).toBe(201);
    model.script({ text: 'hooked' });
    const generated = await stack.api('POST', `/v1/agents/${hooked}/generate`, { prompt: 'hi' });
    expect(generated.body.status).toBe('completed');
    expect(tools.requests.some((r) => r.path === '/hook')).toBe(true);
    const families = async (url: string) => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${secrets.metricsToken}` } });
      return [...(await res.text()).matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!],
      );
    };
    const exposed = new Set([
      ...(await families(`${stack.url}/metrics`)),
      ...(await families(`http://127.0.0.1:${workerMetricsPort}/metrics`)),
    ]);
    const dashboard = JSON.parse(
      readFileSync(new URL('../../deploy/grafana/dashboards/durable-agents.json', import.meta.url), 'utf8'),
    ) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const queried = new Set(
      dashboard.panels.flatMap((p) =>
        p.targets.flatMap((t) => [...t.expr.matchAll(/\b(?:durable_agents|temporal)_[a-z_]+/g)].map((m) => m[0])),
      ),
    );
    expect(queried.size).toBeGreaterThan(15);
    expect([...queried].filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('logs of a generation are found by its id, carry its ids through API and worker, and hold no secret', async () => {
    const agentId = await setUp();
    const requestId = `req-${randomBytes(6).toString('hex')}`;
    model.script(calls(['lookup', { q: 2 }], ['broken', {}]), { text: 'logged' });
    const res = await stack.api(
      'POST',
      `/v1/agents/${agentId}/generate`,
      { prompt: 'log this' },
      { 'x-request-id': requestId },
    );
    expect(res.body.status).toBe('completed');
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const { id: generationId, traceId, projectId } = res.body;
    // The generation links to its workflow in the Temporal UI.
    expect(res.body.temporalUiUrl).toBe(`http://temporal-ui.example:8080/namespaces/default/workflows/${generationId}`);

    const output = () => `${stack.apiProcess!.output()}\n${stack.workerProcess!.output()}`;
    const lines = () =>
      output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.generationId === generationId);
    // The worker's last line for the generation (its settled state) may trail the API's answer.
    const deadline = Date.now() + 30_000;
    while (!lines().some((l) => l.status === 'completed') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));

    const mine = lines();
    for (const line of mine) expect(line).toMatchObject({ generationId, agentId, projectId, traceId });
    const created = mine.find((l) => l.msg === 'generation created');
    expect(created).toMatchObject({ service: 'api', requestId, status: 'queued' });
    const states = mine.filter((l) => l.msg === 'generation state changed').map((l) => l.status);
    expect(states).toEqual(['running', 'completed']);
    const failedTool = mine.filter((l) => l.msg === 'tool call failed');
    expect(failedTool).toHaveLength(1);
    expect(failedTool[0]).toMatchObject({ service: 'worker', toolName: 'broken', status: 'error' });

    const everything = output();
    for (const secret of [secrets.providerKey, secrets.toolHeader, secrets.metricsToken, stack.apiKey])
      expect(everything).not.toContain(secret);
  });

  it('spans of a generation form one tree: API request → workflow start → workflow run → activities → outgoing calls', async () => {
    const agentId = await setUp();
    const traceIdHex = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    model.script(call('lookup', { q: 3 }), { text: 'traced' });
    const res = await stack.api(
      'POST',
      `/v1/agents/${agentId}/generate`,
      { prompt: 'trace this' },
      { traceparent: `00-${traceIdHex}-${callerSpan}-01` },
    );
    expect(res.body.status).toBe('completed');

    const ofTrace = () => collector.spans.filter((s) => s.traceId === traceIdHex);
    const deadline = Date.now() + 30_000;
    const exported = (name: string) => ofTrace().some((s) => s.name === name);
    while (
      !(
        ofTrace().filter((s) => s.name === 'RunActivity:callModel').length === 2 &&
        exported('RunWorkflow:generationWorkflow')
      ) &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 200));
    // The API's request span ends after its response: let its exporter flush too.
    while (!ofTrace().some((s) => s.name.startsWith('POST /v1/agents')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));

    const spans = ofTrace();
    const names = spans.map((s) => s.name);
    expect(names).toContain('POST /v1/agents/{agentId}/generate');
    expect(names).toContain('StartWorkflow:generationWorkflow');
    expect(names.filter((n) => n === 'RunActivity:callModel')).toHaveLength(2);
    // The plain http tool call runs inside the model call's activity (docs/adr/0031), in its own span.
    expect(names).not.toContain('RunActivity:executeTool');
    expect(names.filter((n) => n === 'RunToolInModelCall')).toHaveLength(1);
    // The last model call made the final write (docs/adr/0033): no activity of its own.
    expect(names).not.toContain('RunActivity:finishGeneration');

    // One tree: a single span continues the caller's, every other span's parent is in the trace.
    const ids = new Set(spans.map((s) => s.spanId));
    const roots = spans.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId));
    expect(roots.map((r) => [r.name, r.parentSpanId])).toEqual([['POST /v1/agents/{agentId}/generate', callerSpan]]);

    // The workflow run is a child of the start; every activity hangs under the run's scheduling span.
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const parentName = (s: { parentSpanId?: string }) => byId.get(s.parentSpanId ?? '')?.name;
    const run = spans.filter((s) => s.name === 'RunWorkflow:generationWorkflow');
    expect(run).toHaveLength(1);
    expect(parentName(run[0]!)).toBe('StartWorkflow:generationWorkflow');
    const activities = spans.filter((s) => s.name.startsWith('RunActivity:'));
    for (const a of activities) {
      const scheduled = byId.get(a.parentSpanId ?? '');
      expect(scheduled?.name, a.name).toBe(a.name.replace('RunActivity:', 'StartActivity:'));
      expect(scheduled?.parentSpanId, a.name).toBe(run[0]!.spanId);
    }

    // Outgoing HTTP calls are children of the activity that made them.
    const clientCallsUnder = (activity: string) =>
      spans.filter((s) => s.kind === 3 && byId.get(s.parentSpanId ?? '')?.name === activity);
    const toolSpan = spans.find((s) => s.name === 'RunToolInModelCall')!;
    expect(parentName(toolSpan)).toBe('RunActivity:callModel');
    expect(toolSpan.attributes['tool.name']).toBe('lookup');
    expect(clientCallsUnder('RunToolInModelCall').map((s) => s.attributes['url.full'])).toEqual([
      `${tools.url}/lookup`,
    ]);
    expect(clientCallsUnder('RunActivity:callModel')).toHaveLength(2);
    expect(new Set(spans.map((s) => s.service))).toEqual(new Set(['durable-agents-api', 'durable-agents-worker']));
  });
});
