import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj, observeOf } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** A small page whose nesting made the old main-thread parse take 96 s. */
const deepPage = (levels: number) =>
  `<html><head><title>deep</title></head><body>${'<div>'.repeat(levels)}x${'</div>'.repeat(levels)}</body></html>`;

/** Times each request made every `everyMs` until `stop()`; returns the slowest. */
function probe(url: string, headers: Record<string, string>, everyMs = 200) {
  let slowest = 0;
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      const ok = await fetch(url, { headers, signal: AbortSignal.timeout(5000) }).then(
        async (r) => (await r.arrayBuffer(), r.ok),
        () => false,
      );
      slowest = Math.max(slowest, Date.now() - started);
      if (!ok) failures += 1;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { slowest, failures };
    },
  };
}

const kib = (status: string, field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);

/**
 * Tenant-controlled work (docs/security.md, "Untrusted work") on the real stack, the API and the
 * worker in their own processes: a hostile page, a huge sandbox result and a pathological schema
 * check cost their tenant a failed call, never the other tenants' service.
 */
describe('untrusted work stays off the serving threads', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;
  const metricsToken = `m-${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({ mode: 'processes', env: { METRICS_TOKEN: metricsToken } }),
      startModelServer(),
      startToolServer(),
    ]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  it('a deep page is stopped at the tool time limit while another generation completes and the worker answers /metrics within a second', async () => {
    let served = 0;
    tools.route('/deep', (_req, res) => {
      served += 1;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(deepPage(2000));
    });
    const scraper = await createTool(stack, { type: 'builtin', name: 'web_scrape', timeoutSeconds: 6 });
    const scraping = await createAgent(stack, { aiProviderId: providerId, toolIds: [scraper] });
    const other = await createAgent(stack, { aiProviderId: providerId });
    model.scriptFor('deep', call('web_scrape', { url: `${tools.url}/deep` }, 'c1'), { text: 'scraped' });
    model.scriptFor('other', { text: 'other tenant done' });

    const started = await stack.api('POST', `/v1/agents/${scraping}/generate`, {
      prompt: '[[script:deep]] read it',
      async: true,
    });
    expect(started.status).toBe(202);
    const metrics = probe(`http://127.0.0.1:${stack.env.WORKER_METRICS_PORT}/metrics`, {
      authorization: `Bearer ${metricsToken}`,
    });
    while (served === 0) await new Promise((r) => setTimeout(r, 50));

    // The page is being parsed now: the worker still runs other generations.
    const meanwhile = await stack.api('POST', `/v1/agents/${other}/generate`, {
      prompt: '[[script:other]] hi',
      waitSeconds: 30,
    });
    expect(meanwhile.body).toMatchObject({ status: 'completed', text: 'other tenant done' });

    let scraped = await stack.api('GET', `/v1/generations/${started.body.id}`);
    for (let i = 0; i < 200 && scraped.body.status !== 'completed'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      scraped = await stack.api('GET', `/v1/generations/${started.body.id}`);
    }
    const { slowest, failures } = await metrics.stop();
    expect(scraped.body).toMatchObject({ status: 'completed', text: 'scraped' });
    // The parse ran to the tool's time limit, and was stopped there.
    expect(observeOf(scraped.body, 'c1')).toMatchObject({ status: 'timeout' });
    expect(meanwhile.body.completedAt < scraped.body.completedAt).toBe(true);
    expect(failures).toBe(0);
    expect(slowest).toBeLessThan(1000);
  });

  it('a 200 MB sandbox result is cut inside the sandbox: the worker grows by less than 300 MiB', async () => {
    const sandbox = await createTool(stack, {
      type: 'builtin',
      name: 'code_execute',
      config: { memoryLimitMb: 512, timeoutMs: 30_000 },
      timeoutSeconds: 60,
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [sandbox] });
    model.script(call('code_execute', { code: "'x'.repeat(200 * 1024 * 1024)" }, 'big'), { text: 'ran' });

    const pid = stack.workerProcess!.child.pid!;
    const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // the peak starts again from the current size
    const before = kib(status(), 'VmRSS');
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go', waitSeconds: 90 });
    const grownMiB = (kib(status(), 'VmHWM') - before) / 1024;
    console.log(`worker peak RSS growth during a 200 MB sandbox result: ${grownMiB.toFixed(0)} MiB`);

    expect(res.body).toMatchObject({ status: 'completed', text: 'ran' });
    const observed = observeOf(res.body, 'big');
    expect(observed.status).toBe('success');
    const result = (observed.result as { result: string }).result;
    expect(result.length).toBeLessThan(21_000);
    expect(result).toMatch(/^x{100}/);
    expect(result).toMatch(/truncated/);
    expect(grownMiB).toBeLessThan(300);
  });

  it('checking a 20,000-item approval edit against a quadratic schema leaves /healthz answering within a second', async () => {
    tools.route('/tag', (req, res) => json(res, 200, { tagged: req.body }));
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'tag_items',
      parameters: obj({ items: { type: 'array', uniqueItems: true } }),
      execute: { url: `${tools.url}/tag` },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    const hook = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'tag_items',
      config: {},
    });
    expect(hook.status).toBe(201);
    model.script(call('tag_items', { items: [] }, 'ct'), { text: 'tagged' });
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'tag' });
    expect(paused.body.status).toBe('requires_action');
    const { approvalId } = paused.body.requiredAction.approvals[0];

    const health = probe(`${stack.url}/healthz`, {}, 100);
    const items = Array.from({ length: 20_000 }, (_, i) => ({ n: i }));
    const decided = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, {
      approved: true,
      arguments: { items },
    });
    const { slowest, failures } = await health.stop();
    // Not checked within its time limit: the edit is refused (fail closed) and nothing is decided.
    expect(decided.status).toBe(422);
    expect(decided.body.error.message).toMatch(/could not be checked/);
    expect((await stack.api('GET', `/v1/approvals/${approvalId}`)).body.status).toBe('pending');
    expect(failures).toBe(0);
    expect(slowest).toBeLessThan(1000);
    // A small edit is still checked, and a wrong one refused with its reason.
    const wrong = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approvalId}`, {
      approved: true,
      arguments: { items: [{ n: 1 }, { n: 1 }] },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.message).toMatch(/duplicate items/);
  });
});
