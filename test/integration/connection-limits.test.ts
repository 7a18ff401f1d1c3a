import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, mintKey, rowCounts } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

/** A request that may turn into a held-open response: its status and headers, the body left open. */
interface Held {
  status: number;
  retryAfter: string | null;
  body: unknown;
  close(): void;
}

/**
 * Long-lived connections are capped per API key and per project (here: 2 streams per key, 3 per
 * project, 1 synchronous wait per key, 2 per project): one more is refused with 429 + Retry-After
 * before anything is written, and a slot comes back when its response closes.
 */
describe('caps on open streams and synchronous waits', () => {
  let stack: TestStack;
  let model: ModelServer;
  let agentId = '';
  let pausedId = '';
  let keyA = '';
  let keyB = '';
  let release!: () => void;

  beforeAll(async () => {
    [stack, model] = await Promise.all([
      startStack({
        env: {
          MAX_STREAMS_PER_KEY: '2',
          MAX_STREAMS_PER_PROJECT: '3',
          MAX_WAITS_PER_KEY: '1',
          MAX_WAITS_PER_PROJECT: '2',
        },
      }),
      startModelServer(),
    ]);
    const providerId = await createProvider(stack, model);
    const client = await createTool(stack, { type: 'client', name: 'ask', parameters: obj() });
    agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [client] });
    model.script(calls(['ask', {}, 'c1']));
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'pause' });
    expect(paused.body.status).toBe('requires_action');
    pausedId = paused.body.id;
    const all = [{ effect: 'Allow', action: ['*'], resource: ['*'] }];
    keyA = (await mintKey(stack, all)).key;
    keyB = (await mintKey(stack, all)).key;
  });
  afterAll(async () => {
    release?.();
    await stack?.close();
    await model?.close();
  });

  async function open(
    key: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Held> {
    const controller = new AbortController();
    const res = await fetch(stack.url + path, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: isJson ? await res.json() : null,
      close: () => controller.abort(),
    };
  }
  const stream = (key: string) => open(key, 'GET', `/v1/generations/${pausedId}/events?follow=true`);

  /** The slot of a closed stream is freed when the server sees the connection close. */
  async function eventually(fn: () => Promise<number>, status: number): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if ((await fn()) === status) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`never answered ${status}`);
  }

  it('streams: per key, then per project; a closed stream frees its slot', async () => {
    const a1 = await stream(keyA);
    const a2 = await stream(keyA);
    expect([a1.status, a2.status]).toEqual([200, 200]);
    const a3 = await stream(keyA);
    expect(a3.status).toBe(429);
    expect(a3.retryAfter).toMatch(/^\d+$/);
    expect(a3.body).toMatchObject({ error: { code: 'rate_limited', details: { limit: 'streams', scope: 'key' } } });

    const b1 = await stream(keyB);
    expect(b1.status).toBe(200);
    const b2 = await stream(keyB);
    expect(b2.status).toBe(429);
    expect(b2.body).toMatchObject({ error: { details: { scope: 'project' } } });
    // Other requests of the same key are not affected.
    expect((await callAs(stack, keyB, 'GET', `/v1/generations/${pausedId}`)).status).toBe(200);

    a1.close();
    let next: Held | null = null;
    await eventually(async () => {
      next = await stream(keyB);
      if (next.status !== 200) return next.status;
      return 200;
    }, 200);
    for (const h of [a2, b1, next!]) h.close();
  });

  it('synchronous waits: a second sync generate of the key is refused and creates nothing; async still works', async () => {
    const gate = new Promise<void>((r) => (release = r));
    model.setDefault(async () => {
      await gate;
      return { text: 'late' };
    });
    const waiting = open(keyA, 'POST', `/v1/agents/${agentId}/generate`, { prompt: 'wait', waitSeconds: 120 });
    // The first one holds the key's only wait slot once the model has been asked.
    while (!model.requests.some((r) => r.messages.some((m: { content?: string }) => m.content === 'wait')))
      await new Promise((r) => setTimeout(r, 50));
    const before = await rowCounts(stack);
    const refused = await open(keyA, 'POST', `/v1/agents/${agentId}/generate`, { prompt: 'second' });
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited', details: { limit: 'waits', scope: 'key' } } });
    expect(await rowCounts(stack)).toEqual(before);

    const async = await callAs(stack, keyA, 'POST', `/v1/agents/${agentId}/generate`, { prompt: 'bg', async: true });
    expect(async.status).toBe(202);

    release();
    const first = await waiting;
    expect(first.status).toBe(200);
    await eventually(async () => {
      const again = await open(keyA, 'POST', `/v1/agents/${agentId}/generate`, { prompt: 'third', waitSeconds: 60 });
      return again.status;
    }, 200);
  });

  /** Makes the model wait for `gate` before answering, and resolves once `prompt` has reached it. */
  function gateModel(): { reached: (prompt: string) => Promise<void>; open: () => void } {
    let openGate!: () => void;
    const gate = new Promise<void>((r) => (openGate = r));
    model.setDefault(async () => {
      await gate;
      return { text: 'late' };
    });
    return {
      open: openGate,
      reached: async (prompt) => {
        while (!model.requests.some((r) => r.messages.some((m: { content?: string }) => m.content === prompt)))
          await new Promise((r) => setTimeout(r, 50));
      },
    };
  }

  /** Opens until the server has seen earlier tests' connections close (their slots free up then). */
  async function openWhenFree(fn: () => Promise<Held>): Promise<Held> {
    for (let i = 0; i < 100; i++) {
      const held = await fn();
      if (held.status !== 429) return held;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no slot came free');
  }

  it("/mcp: the transport's event stream and a waiting tools/call count like REST streams and waits", async () => {
    const keyC = (await mintKey(stack, [{ effect: 'Allow', action: ['*'], resource: ['*'] }])).key;
    const mcpStream = () => open(keyC, 'GET', '/mcp', undefined, { accept: 'text/event-stream' });
    const s1 = await openWhenFree(mcpStream);
    const s2 = await openWhenFree(mcpStream);
    expect([s1.status, s2.status]).toEqual([200, 200]);
    const s3 = await mcpStream();
    expect(s3.status).toBe(429);
    expect(s3.retryAfter).toMatch(/^\d+$/);
    expect(s3.body).toMatchObject({ error: { code: 'rate_limited', details: { limit: 'streams', scope: 'key' } } });
    for (const h of [s1, s2]) h.close();

    // One official MCP client; its first create_agent_generation waits, a second call at once is refused.
    const client = new Client({ name: 'caps-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${keyC}` } },
      }),
    );
    const gate = gateModel();
    try {
      const waiting = client.callTool({ name: 'create_agent_generation', arguments: { agentId, prompt: 'mcp wait' } });
      await gate.reached('mcp wait');
      const before = await rowCounts(stack);
      const refused = client.callTool({ name: 'create_agent_generation', arguments: { agentId, prompt: 'mcp 2' } });
      await expect(refused).rejects.toMatchObject({ code: 429 });
      await expect(refused).rejects.toThrow(/rate_limited/);
      expect(await rowCounts(stack)).toEqual(before);
      // Calls that answer at once are not waits.
      expect((await client.callTool({ name: 'list_agents', arguments: {} })).isError).toBeFalsy();
      gate.open();
      expect((await waiting).isError).toBeFalsy();
    } finally {
      gate.open();
      await client.close();
    }
  });

  it("public chat: a visitor's wait and stream count under the agent's key caps and the project's", async () => {
    const created = await stack.api('POST', '/v1/agents', {
      name: 'caps chat',
      aiProviderId: (await stack.db.agent.findUniqueOrThrow({ where: { id: agentId } })).aiProviderId,
      allowClarification: false,
      publicChat: { enabled: true, allowedOrigins: ['https://shop.example.com'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { slug, publicChatKey } = created.body;
    const chat = (query: string, stream = false) =>
      open(null, 'POST', `/v1/public/agents/${slug}/chat`, { query, stream }, { 'x-agent-key': publicChatKey });

    const gate = gateModel();
    try {
      const waiting = openWhenFree(() => chat('visitor wait'));
      await gate.reached('visitor wait');
      const before = await rowCounts(stack);
      const refused = await chat('second visitor');
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toMatch(/^\d+$/);
      expect(refused.body).toMatchObject({
        error: { code: 'rate_limited', details: { limit: 'waits', scope: 'key' } },
      });
      expect(await rowCounts(stack)).toEqual(before);

      const streams = [
        await openWhenFree(() => chat('stream 1', true)),
        await openWhenFree(() => chat('stream 2', true)),
      ];
      expect(streams.map((h) => h.status)).toEqual([200, 200]);
      const third = await chat('stream 3', true);
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ error: { details: { limit: 'streams', scope: 'key' } } });
      gate.open();
      expect((await waiting).status).toBe(200);
      for (const h of streams) h.close();
    } finally {
      gate.open();
    }
  });
});
