import { EventSource } from 'eventsource';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { openSse, type SseEvent } from '../support/sse.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** Worker and API are separate processes: events reach the API through PostgreSQL LISTEN/NOTIFY. */
describe('live streaming of generation events (SSE)', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let agentId: string;
  let release: () => void = () => {};

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({ mode: 'processes' }),
      startModelServer({ chunkDelayMs: 5 }),
      startToolServer(),
    ]);
    tools.route('/gate', async (req, res) => {
      await new Promise<void>((r) => (release = r));
      json(res, 200, { opened: req.body.door });
    });
    tools.route('/quick', (req, res) => json(res, 200, { ok: req.body }));
    const providerId = await createProvider(stack, model);
    const gate = await createTool(stack, {
      type: 'http',
      name: 'open_gate',
      parameters: { type: 'object', properties: { door: { type: 'string' } } },
      execute: { url: `${tools.url}/gate` },
    });
    const quick = await createTool(stack, {
      type: 'http',
      name: 'quick',
      parameters: { type: 'object', properties: {} },
      execute: { url: `${tools.url}/quick` },
    });
    agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [gate, quick] });
  });
  afterAll(async () => {
    release();
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  const auth = () => ({ authorization: `Bearer ${stack.apiKey}` });
  const eventsUrl = (id: string) => `${stack.url}/v1/generations/${id}/events`;

  it('a real EventSource client receives the full ordered sequence; chunks concatenate to the final text', async () => {
    const answer = 'The quick tool said ok, and this sentence is streamed in many small chunks.';
    model.script(
      { text: 'Calling quick.', toolCalls: [{ id: 'q1', name: 'quick', arguments: { a: 1 } }] },
      { text: answer },
    );
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'use quick', async: true });
    const received: Array<{ id: number; type: string; data: any }> = [];
    await new Promise<void>((resolve, reject) => {
      const es = new EventSource(eventsUrl(started.body.id), {
        fetch: (input, init) =>
          fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...auth() } }),
      });
      const types = ['start', 'step_started', 'chunk', 'tool_call', 'tool_result', 'step_completed', 'done'];
      for (const t of types) {
        es.addEventListener(t, (e) => {
          received.push({ id: Number(e.lastEventId), type: t, data: JSON.parse(e.data) });
          if (t === 'done') {
            es.close();
            resolve();
          }
        });
      }
      es.onerror = (e) => {
        if (received.at(-1)?.type !== 'done')
          reject(new Error(`EventSource error: ${String((e as { message?: string }).message)}`));
      };
    });
    const ids = received.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const types = received.map((e) => e.type).filter((t, i, all) => t !== 'chunk' || all[i - 1] !== 'chunk');
    expect(types).toEqual([
      'start',
      'step_started',
      'chunk',
      'tool_call',
      'tool_result',
      'step_completed',
      'step_started',
      'chunk',
      'step_completed',
      'done',
    ]);
    expect(received.every((e) => e.data.generationId === started.body.id && typeof e.data.step === 'number')).toBe(
      true,
    );
    const step2 = received
      .filter((e) => e.type === 'chunk' && e.data.step === 2)
      .map((e) => e.data.delta)
      .join('');
    const done = received.at(-1)!;
    expect(done.data.generation).toMatchObject({ status: 'completed', text: answer });
    expect(step2).toBe(done.data.generation.text);
    // `done` carries the view the final write returned, with its answer entry put into the trace
    // it read: the same as a read of the settled generation.
    expect(done.data.generation.steps.at(-1)).toMatchObject({ type: 'answer', text: answer });
    const settled = await stack.api('GET', `/v1/generations/${started.body.id}`);
    expect(done.data.generation).toEqual(settled.body);
    expect(received.find((e) => e.type === 'tool_call')!.data).toMatchObject({
      toolCallId: 'q1',
      toolName: 'quick',
      arguments: { a: 1 },
    });
    expect(received.find((e) => e.type === 'tool_result')!.data).toMatchObject({
      toolCallId: 'q1',
      status: 'success',
      result: { ok: { a: 1 } },
    });
  });

  it('stream: true on generate streams the run in the response', async () => {
    model.script({ text: 'streamed directly' });
    const reader = await openSse(`${stack.url}/v1/agents/${agentId}/generate`, auth(), {
      method: 'POST',
      body: { prompt: 'hi', stream: true },
    });
    expect(reader.status).toBe(200);
    await reader.ended;
    expect(reader.events.at(-1)!.event).toBe('done');
    expect(
      reader.events
        .filter((e) => e.event === 'chunk')
        .map((e) => e.data.delta)
        .join(''),
    ).toBe('streamed directly');
    // What is left of a reply when it ends is written with its own record: the last chunk event
    // carries the record's key (one statement, not a chunk write and then the record). Chunks
    // written before, on the 40 ms interval, have none; how many there are depends on the
    // machine's load (none when the reply streams within one interval), so the test does not fix it.
    const id = reader.events.at(-1)!.data.generationId as string;
    const chunks = await stack.db.$queryRaw<Array<{ key: string | null }>>`
      SELECT "key" FROM "GenerationEvent" WHERE "generationId" = ${id} AND "type" = 'chunk' ORDER BY "seq"`;
    expect(chunks.at(-1)).toEqual({ key: 'chunk:1:rest' });
    expect(chunks.slice(0, -1).every((c) => c.key === null)).toBe(true);
  });

  it('a model call retried mid-stream sends reset: the chunks after it are the reply, done agrees', async () => {
    model.script({ text: 'a first attempt that is cut off midway', cutAfterChunks: 4 }, { text: 'the whole answer' });
    const reader = await openSse(`${stack.url}/v1/agents/${agentId}/generate`, auth(), {
      method: 'POST',
      body: { prompt: 'hi', stream: true },
    });
    await reader.ended;
    const { events } = reader;
    const reset = events.find((e) => e.event === 'reset');
    expect(reset?.data).toMatchObject({ step: 1, attempt: 2 });
    const before = events.slice(0, events.indexOf(reset!)).filter((e) => e.event === 'chunk');
    expect(before.map((e) => e.data.delta).join('')).not.toBe('');
    const after = events
      .slice(events.indexOf(reset!) + 1)
      .filter((e) => e.event === 'chunk' && e.data.replySeq === reset!.data.replySeq)
      .map((e) => e.data.delta)
      .join('');
    expect(after).toBe('the whole answer');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { generation: { text: 'the whole answer' } } });
  });

  it('reconnecting with Last-Event-ID gets exactly the missed events, then live ones; after completion, replay and done', async () => {
    model.script(
      { text: '', toolCalls: [{ id: 'g1', name: 'open_gate', arguments: { door: 'A' } }] },
      { text: 'gate opened' },
    );
    const gateReached = tools.nextRequest('/gate');
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'open the gate', async: true });
    const first = await openSse(eventsUrl(started.body.id), auth());
    const toolCall = await first.waitFor((e) => e.event === 'tool_call');
    first.close();
    await gateReached;

    // Reconnect while the run is still blocked in the tool: the rest must arrive live.
    const second = await openSse(eventsUrl(started.body.id), { ...auth(), 'last-event-id': String(toolCall.id) });
    await new Promise((r) => setTimeout(r, 300));
    const beforeRelease = second.events.length;
    release();
    await second.ended;
    expect(second.events.slice(beforeRelease).map((e) => e.event)).toContain('tool_result');
    const all = await openSse(eventsUrl(started.body.id), auth());
    await all.ended;
    const expected = all.events.filter((e) => e.id > toolCall.id);
    expect(second.events.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(second.events[0]!.id).toBe(toolCall.id + 1);
    expect(second.events.at(-1)!.event).toBe('done');
    expect(all.events.map((e) => e.event)[0]).toBe('start');

    const afterDone = await openSse(eventsUrl(started.body.id), {
      ...auth(),
      'last-event-id': String(all.events.at(-2)!.id),
    });
    await afterDone.ended;
    expect(afterDone.events.map((e) => e.event)).toEqual(['done']);
  });

  it('killing the API mid-stream loses nothing: reconnect with Last-Event-ID to the restarted API', async () => {
    model.script(
      { text: '', toolCalls: [{ id: 'g2', name: 'open_gate', arguments: { door: 'B' } }] },
      { text: 'second gate opened' },
    );
    const gateReached = tools.nextRequest('/gate');
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'open gate B', async: true });
    const first = await openSse(eventsUrl(started.body.id), auth());
    await first.waitFor((e) => e.event === 'tool_call');
    const lastSeen = first.events.at(-1)!;
    await stack.restartApi(); // SIGKILL + start
    await first.ended;
    await gateReached;
    release();
    const resumed = await openSse(eventsUrl(started.body.id), { ...auth(), 'last-event-id': String(lastSeen.id) });
    await resumed.ended;
    const seen: SseEvent[] = [...first.events.filter((e) => e.id <= lastSeen.id), ...resumed.events];
    const ids = seen.map((e) => e.id);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    expect(seen.at(-1)).toMatchObject({
      event: 'done',
      data: { generation: { status: 'completed', text: 'second gate opened' } },
    });
  });

  it('stops at requires_action unless ?follow=true, which keeps the stream across the pause', async () => {
    const ask = await createTool(stack, {
      type: 'client',
      name: 'ask',
      parameters: { type: 'object', properties: {} },
    });
    const providerAgent = await createAgent(stack, {
      aiProviderId: (await stack.api('GET', '/v1/ai-providers')).body.data[0].id,
      toolIds: [ask],
    });
    model.script({ text: '', toolCalls: [{ id: 'a1', name: 'ask', arguments: {} }] }, { text: 'after the pause' });
    const started = await stack.api('POST', `/v1/agents/${providerAgent}/generate`, { prompt: 'ask me', async: true });
    const plain = await openSse(eventsUrl(started.body.id), auth());
    await plain.ended;
    expect(plain.events.at(-1)).toMatchObject({
      event: 'requires_action',
      data: { requiredAction: { type: 'submit_tool_outputs' } },
    });
    const follow = await openSse(`${eventsUrl(started.body.id)}?follow=true`, auth());
    await follow.waitFor((e) => e.event === 'requires_action');
    const resumed = await openSse(
      `${stack.url}/v1/agents/${providerAgent}/generate/${started.body.id}/tool-outputs`,
      auth(),
      {
        method: 'POST',
        body: { toolOutputs: [{ toolCallId: 'a1', output: 'yes' }], stream: true },
      },
    );
    await resumed.ended;
    expect(resumed.events[0]!.event).toBe('tool_result');
    expect(resumed.events.at(-1)).toMatchObject({ event: 'done', data: { generation: { text: 'after the pause' } } });
    await follow.ended;
    expect(follow.events.at(-1)!.event).toBe('done');
    expect(follow.events.map((e) => e.event)).toContain('tool_result');
  });

  it('measures the delay from an event being recorded to the SSE client receiving it', async () => {
    const text = 'x'.repeat(400);
    model.script({ text, usage: { promptTokens: 1, completionTokens: 100 } });
    const reader = await openSse(`${stack.url}/v1/agents/${agentId}/generate`, auth(), {
      method: 'POST',
      body: { prompt: 'long text', stream: true },
    });
    await reader.ended;
    const generationId = reader.events[0]!.data.generationId as string;
    const rows = await stack.db.generationEvent.findMany({
      where: { generationId },
      select: { seq: true, createdAt: true },
    });
    const recordedAt = new Map(rows.map((r) => [r.seq, r.createdAt.getTime()]));
    const delays = reader.events.map((e) => e.receivedAt - recordedAt.get(e.id)!).sort((a, b) => a - b);
    const p50 = delays[Math.floor(delays.length / 2)]!;
    console.log(`SSE delivery delay over ${delays.length} events: p50 ${p50} ms, max ${delays.at(-1)} ms`);
    expect(delays.length).toBeGreaterThan(3);
    expect(delays.every((d) => d >= -5)).toBe(true); // same clock; recorded before received
  });
});
