import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { idPrefix, newId, type IdKind } from '../../contracts/ids.js';
import { expectError } from '../support/resources.js';
import { openSse } from '../support/sse.js';
import { startStack, type TestStack } from '../support/stack.js';
import { internalIdPattern } from '../support/internal-ids.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

const ALLOWED = 'https://shop.example.com';
const PER_KEY_LIMIT = 8;
const PER_ADDRESS_LIMIT = 5;
/** Every kind of internal id but the session id, which visitors are given to continue a conversation. */
const visitorSeesNo = internalIdPattern(['session']);

describe('public chat: agent key, allowed origins, rate limits, turns', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;
  let address = 0;
  /** Each call comes from its own client address (TRUST_PROXY), so per-address limits stay out of the way. */
  const freshAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({
        env: {
          TRUST_PROXY: '1',
          PUBLIC_CHAT_RATE_LIMIT_PER_MINUTE: String(PER_KEY_LIMIT),
          PUBLIC_CHAT_RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS_LIMIT),
        },
      }),
      startModelServer(),
      startToolServer(),
    ]);
    providerId = await createProvider(stack, model);
    tools.route('/refund', (req, res) => json(res, 200, { refunded: req.body }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  async function chatAgent(extra: Record<string, unknown> = {}): Promise<{ id: string; slug: string; key: string }> {
    const res = await stack.api('POST', '/v1/agents', {
      name: `Support ${Math.random().toString(36).slice(2, 8)}`,
      aiProviderId: providerId,
      instructions: 'You are the shop assistant.',
      allowClarification: false,
      publicChat: { enabled: true, allowedOrigins: [ALLOWED] },
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.publicChatKey).toMatch(/^ag_/);
    return { id: res.body.id, slug: res.body.slug, key: res.body.publicChatKey };
  }

  async function chat(
    slug: string,
    key: string | null,
    body: unknown,
    headers: Record<string, string> = {},
    method = 'POST',
  ) {
    const res = await fetch(`${stack.url}/v1/public/agents/${slug}${method === 'POST' ? '/chat' : ''}`, {
      method,
      headers: {
        'x-forwarded-for': freshAddress(),
        ...(key ? { 'x-agent-key': key } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text };
  }

  it('answers a turn with answer, flattened trace and tools used, and no internal ids', async () => {
    const refundId = await createTool(stack, {
      type: 'http',
      name: 'refund_order',
      parameters: obj({ orderId: { type: 'string' } }),
      execute: { url: `${tools.url}/refund` },
    });
    const agent = await chatAgent({ toolIds: [refundId] });
    model.script(call('refund_order', { orderId: 'A-17' }), { text: 'Your order A-17 is refunded.' });
    const res = await chat(agent.slug, agent.key, { query: 'Refund order A-17 please' }, { origin: ALLOWED });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 'completed',
      answer: 'Your order A-17 is refunded.',
      toolsUsed: ['refund_order'],
      sessionId: null,
    });
    expect(res.body.trace).toContain('Action: refund_order({"orderId":"A-17"})');
    expect(res.body.trace).toContain('Observation: {"refunded":{"orderId":"A-17"}}');
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    // No internal ids of any kind (generation, agent, trace, provider, approval, …), no provider URL.
    expect(res.text).not.toMatch(visitorSeesNo);
    expect(res.text).not.toMatch(/sk-scripted|127\.0\.0\.1/);
    // The generation is recorded as started through public chat, by no API key.
    const row = await stack.db.generation.findFirstOrThrow({ where: { agentId: agent.id } });
    expect(row).toMatchObject({ channel: 'public_chat', createdByKeyId: null, status: 'completed' });
  });

  it('the internal-id pattern covers every id prefix but the session one (approval ids start appr_)', () => {
    for (const kind of Object.keys(idPrefix) as IdKind[])
      expect(visitorSeesNo.test(newId(kind)), kind).toBe(kind !== 'session');
    expect(visitorSeesNo.test('appr_x1')).toBe(true);
  });

  it('serves the widget settings: name, welcome message, branding', async () => {
    const agent = await chatAgent({ welcomeMessage: 'Hello from the shop!', branding: { primaryColor: '#0f766e' } });
    const res = await chat(agent.slug, agent.key, undefined, { origin: ALLOWED }, 'GET');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      name: expect.stringContaining('Support'),
      slug: agent.slug,
      welcomeMessage: 'Hello from the shop!',
      branding: { primaryColor: '#0f766e' },
      conversational: false,
    });
  });

  it('CORS: allowed origins get a preflight and CORS headers; any other origin is a 403 without them', async () => {
    const agent = await chatAgent();
    const preflight = await fetch(`${stack.url}/v1/public/agents/${agent.slug}/chat`, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-agent-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-agent-key');

    const badPreflight = await fetch(`${stack.url}/v1/public/agents/${agent.slug}/chat`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'POST' },
    });
    expect(badPreflight.status).toBe(403);
    expect(badPreflight.headers.get('access-control-allow-origin')).toBeNull();

    const before = await stack.db.generation.count();
    const refused = await chat(agent.slug, agent.key, { query: 'hi' }, { origin: 'https://evil.example.net' });
    expectError(refused, 403, 'forbidden');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await stack.db.generation.count()).toBe(before);
  });

  it('refuses wrong keys (401), another agent’s key, inactive agents and disabled public chat (404)', async () => {
    const a = await chatAgent();
    const b = await chatAgent();
    expectError(await chat(a.slug, null, { query: 'hi' }), 401, 'unauthorized');
    expectError(await chat(a.slug, `${a.key.slice(0, -4)}zzzz`, { query: 'hi' }), 401, 'unauthorized');
    expectError(await chat(a.slug, b.key, { query: 'hi' }), 404, 'not_found');

    expect((await stack.api('PATCH', `/v1/agents/${a.id}`, { active: false })).status).toBe(200);
    expectError(await chat(a.slug, a.key, { query: 'hi' }), 404, 'not_found');
    expect((await stack.api('PATCH', `/v1/agents/${a.id}`, { active: true })).status).toBe(200);
    expect(
      (await stack.api('PATCH', `/v1/agents/${a.id}`, { publicChat: { enabled: false, allowedOrigins: [] } })).status,
    ).toBe(200);
    expectError(await chat(a.slug, a.key, { query: 'hi' }), 404, 'not_found');

    // A regenerated key replaces the old one.
    const regenerated = await stack.api('POST', `/v1/agents/${b.id}/regenerate-key`);
    expectError(await chat(b.slug, b.key, { query: 'hi' }), 401, 'unauthorized');
    model.script({ text: 'ok' });
    expect((await chat(b.slug, regenerated.body.publicChatKey, { query: 'hi' })).body.answer).toBe('ok');
  });

  it('refuses bad input (400) and a sessionId for an agent that is not conversational (422), starting nothing', async () => {
    const agent = await chatAgent();
    const before = await stack.db.generation.count();
    expectError(await chat(agent.slug, agent.key, { query: '' }), 400, 'invalid_request');
    expectError(await chat(agent.slug, agent.key, { query: 'hi', extra: 1 }), 400, 'invalid_request');
    const malformed = await chat(agent.slug, agent.key, { query: 'hi', sessionId: 'sess-1' });
    expectError(malformed, 400, 'invalid_request');
    expect(malformed.body.error.details[0].path).toBe('body.sessionId');
    const stateless = await chat(agent.slug, agent.key, { query: 'hi', sessionId: 'ses_abcdefgh12' });
    expectError(stateless, 422, 'unprocessable');
    expect(stateless.body.error.details).toEqual({ path: 'body.sessionId' });
    expect(stateless.body.error.message).toContain('not conversational');
    expect(await stack.db.generation.count()).toBe(before);
  });

  it('rate limits per agent key and per client address (429 with Retry-After)', async () => {
    const agent = await chatAgent();
    const statuses: number[] = [];
    for (let i = 0; i < PER_KEY_LIMIT + 1; i++)
      statuses.push((await chat(agent.slug, agent.key, undefined, {}, 'GET')).status);
    expect(statuses.slice(0, PER_KEY_LIMIT).every((s) => s === 200)).toBe(true);
    const limited = await chat(agent.slug, agent.key, undefined, {}, 'GET');
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // One address: limited after PER_ADDRESS_LIMIT requests, even with wrong keys, for any agent.
    const other = await chatAgent();
    const fixed = { 'x-forwarded-for': '10.200.0.1' };
    for (let i = 0; i < PER_ADDRESS_LIMIT; i++)
      expect((await chat(other.slug, 'ag_wrongwrongwrongwrongwrong', undefined, fixed, 'GET')).status).toBe(401);
    expectError(await chat(other.slug, other.key, undefined, fixed, 'GET'), 429, 'rate_limited');
    expect((await chat(other.slug, other.key, undefined, {}, 'GET')).status).toBe(200);

    // A visitor cannot pick its own address: TRUST_PROXY=1 believes only the entry the one proxy
    // appended (right-most), not the left-most one the client wrote.
    const third = await chatAgent();
    const spoofed = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}, 10.201.0.1` });
    for (let i = 0; i < PER_ADDRESS_LIMIT; i++)
      expect((await chat(third.slug, 'ag_wrongwrongwrongwrongwrong', undefined, spoofed(i), 'GET')).status).toBe(401);
    expectError(await chat(third.slug, third.key, undefined, spoofed(99), 'GET'), 429, 'rate_limited');
  });

  it('returns a clarification as { clarification: { question, reason } }', async () => {
    const agent = await chatAgent({ allowClarification: true });
    model.script(call('agent_clarify', { question: 'Which order?', reason: 'You have two orders' }));
    const res = await chat(agent.slug, agent.key, { query: 'Refund my order' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 'clarification',
      answer: null,
      clarification: { question: 'Which order?', reason: 'You have two orders' },
    });
  });

  it('streams a turn through an operator approval: pending, then the answer once approved', async () => {
    const refundId = await createTool(stack, {
      type: 'http',
      name: 'refund_order',
      parameters: obj({ orderId: { type: 'string' } }),
      execute: { url: `${tools.url}/refund` },
    });
    const agent = await chatAgent({ toolIds: [refundId] });
    // requesterMayNotApprove: no API key started a public-chat turn, so the operator's key may decide.
    const hook = await stack.api('POST', `/v1/agents/${agent.id}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'refund_order',
      config: { requesterMayNotApprove: true },
    });
    expect(hook.status).toBe(201);
    model.script(call('refund_order', { orderId: 'B-2' }), { text: 'Refunded B-2.' });
    const stream = await openSse(
      `${stack.url}/v1/public/agents/${agent.slug}/chat`,
      { 'x-agent-key': agent.key, 'x-forwarded-for': freshAddress(), origin: ALLOWED },
      { method: 'POST', body: { query: 'refund B-2', stream: true } },
    );
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === 'pending', 60_000);
    expect(stream.events.find((e) => e.event === 'pending')!.data).toEqual({ reason: 'approval' });
    expect(stream.events.find((e) => e.event === 'tool')!.data).toEqual({ name: 'refund_order' });

    const pending = await stack.api('GET', '/v1/approvals?status=pending');
    const approval = pending.body.data.find((a: { toolName: string }) => a.toolName === 'refund_order');
    expect(approval.requestedBy).toEqual({ channel: 'public_chat', apiKeyId: null });
    expect(approval.toolParameters).toEqual(obj({ orderId: { type: 'string' } }));
    // Edited arguments must match the tool's schema: refused, and the approval stays pending.
    const path = `/v1/generations/${approval.generationId}/approvals/${approval.id}`;
    const badEdit = await stack.api('POST', path, { approved: true, arguments: { orderId: 42 } });
    expectError(badEdit, 422, 'unprocessable');
    expect(badEdit.body.error.details[0].path).toBe('body.arguments.orderId');
    expect((await stack.api('GET', `/v1/approvals/${approval.id}`)).body.status).toBe('pending');
    const decided = await stack.api('POST', path, { approved: true });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const done = await stream.waitFor((e) => e.event === 'done', 60_000);
    await stream.ended;
    expect(done.data).toMatchObject({ status: 'completed', answer: 'Refunded B-2.', toolsUsed: ['refund_order'] });
    const chunks = stream.events
      .filter((e) => e.event === 'chunk')
      .map((e) => e.data.text)
      .join('');
    expect(chunks).toBe('Refunded B-2.');
    expect(JSON.stringify(stream.events.map((e) => e.data))).not.toMatch(visitorSeesNo);
  });

  it('context resolvers: the model is told the channel, the local time and whether the business is open', async () => {
    const alwaysOpen = {
      timeZone: 'Pacific/Auckland',
      schedule: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], open: '00:00', close: '00:00' }],
    };
    const agent = await chatAgent({ contextResolvers: ['temporal', 'channel'], businessHours: alwaysOpen });
    model.script({ text: 'We are open.' });
    expect((await chat(agent.slug, agent.key, { query: 'Are you open?' })).body.answer).toBe('We are open.');
    const system = model.requests[0]!.messages.filter((m) => m.role === 'system').map((m) => m.content);
    expect(system[0]).toBe('You are the shop assistant.');
    expect(system[1]).toContain('Channel: public chat');
    expect(system[1]).toMatch(/Current local time: \w+day \d{4}-\d\d-\d\d \d\d:\d\d \(Pacific\/Auckland\)/);
    expect(system[1]).toContain('Business hours: open now');

    // Through the API the channel says so.
    model.script({ text: 'ok' });
    const viaApi = await stack.api('POST', `/v1/agents/${agent.id}/generate`, { prompt: 'hi' });
    expect(viaApi.status).toBe(200);
    expect(model.requests[1]!.messages[1].content).toContain('Channel: API');
  });
  const userPrompts = (i: number): string[] =>
    model.requests[i]!.messages.filter((m) => m.role === 'user').map((m) => m.content as string);

  it('a conversational agent opens a session on the first message; the next message continues it', async () => {
    const agent = await chatAgent({ conversational: true, contextResolvers: ['conversation'] });
    model.script({ text: 'Your order A-17 ships tomorrow.' }, (req) => {
      // The second turn sees the first one: its question and its answer.
      const seen = req.messages.map((m) => `${m.role}:${String(m.content)}`);
      return {
        text:
          seen.includes('user:Where is order A-17?') && seen.includes('assistant:Your order A-17 ships tomorrow.')
            ? 'It (A-17) ships tomorrow, as I said.'
            : 'Which order do you mean?',
      };
    });
    const first = await chat(agent.slug, agent.key, { query: 'Where is order A-17?' }, { origin: ALLOWED });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ status: 'completed', answer: 'Your order A-17 ships tomorrow.' });
    expect(first.body.sessionId).toMatch(/^ses_/);
    const sessionId = first.body.sessionId as string;

    const second = await chat(agent.slug, agent.key, { query: 'When does it ship?', sessionId }, { origin: ALLOWED });
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({
      status: 'completed',
      answer: 'It (A-17) ships tomorrow, as I said.',
      sessionId,
    });
    expect(userPrompts(1)).toEqual(['Where is order A-17?', 'When does it ship?']);

    // The conversation context resolver: first message, then message 2 of the session.
    const context = (i: number) =>
      model.requests[i]!.messages.find((m) => m.role === 'system' && String(m.content).startsWith('Context:'))!.content;
    expect(context(0)).toBe('Context:\n- Conversation: the first message of a new conversation.');
    expect(context(1)).toMatch(
      /^Context:\n- Conversation: message 2 of an ongoing conversation started \w+day \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\), just now; the previous message was sent just now; the earlier turn is in the messages that follow\.$/,
    );

    // Both turns are generations of one session, opened through public chat with this key.
    const session = await stack.db.session.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session).toMatchObject({ agentId: agent.id, turnCount: 2 });
    expect(agent.key.startsWith(session.publicChatKeyPrefix!)).toBe(true);
    const turns = await stack.api('GET', `/v1/sessions/${sessionId}`);
    expect(turns.body.turns.map((t: { status: string }) => t.status)).toEqual(['completed', 'completed']);
    // A new conversation without sessionId: nothing from the first one.
    model.script({ text: 'Hello!' });
    const fresh = await chat(agent.slug, agent.key, { query: 'Hi' });
    expect(fresh.body.sessionId).toMatch(/^ses_/);
    expect(fresh.body.sessionId).not.toBe(sessionId);
    expect(userPrompts(2)).toEqual(['Hi']);
  });

  it('a session id not opened by this agent key is a 404 that tells nothing, and starts nothing', async () => {
    const agent = await chatAgent({ conversational: true });
    const other = await chatAgent({ conversational: true });
    model.setDefault({ text: 'ok' });
    const mine = (await chat(agent.slug, agent.key, { query: 'hi' })).body.sessionId as string;
    const theirs = (await chat(other.slug, other.key, { query: 'hi' })).body.sessionId as string;
    // A session of this very agent, opened through the API (an API key), is not the visitor's either.
    const viaApi = await stack.api('POST', `/v1/agents/${agent.id}/generate`, { prompt: 'hi' });
    expect(viaApi.body.sessionId).toMatch(/^ses_/);

    const before = await stack.db.generation.count();
    const refusals = [
      await chat(agent.slug, agent.key, { query: 'next', sessionId: theirs }),
      await chat(agent.slug, agent.key, { query: 'next', sessionId: viaApi.body.sessionId }),
      await chat(agent.slug, agent.key, { query: 'next', sessionId: 'ses_doesnotexist00' }),
      // The other agent's key cannot continue this agent's session either.
      await chat(other.slug, other.key, { query: 'next', sessionId: mine }),
    ];
    for (const res of refusals) {
      expectError(res, 404, 'not_found');
      expect(res.body).toEqual({
        error: {
          code: 'not_found',
          message: 'No such conversation for this agent key',
          details: { path: 'body.sessionId' },
        },
      });
    }
    // A regenerated key starts over: the sessions of the old key are not reachable with the new one.
    const regenerated = await stack.api('POST', `/v1/agents/${agent.id}/regenerate-key`);
    const newKey = regenerated.body.publicChatKey as string;
    expectError(await chat(agent.slug, newKey, { query: 'next', sessionId: mine }), 404, 'not_found');
    expect(await stack.db.generation.count()).toBe(before);
    const continued = await chat(agent.slug, newKey, { query: 'new start' });
    expect(continued.status).toBe(200);
    expect(continued.body.sessionId).not.toBe(mine);
  });

  it('the next message answers a pending clarification: the same generation continues (and streamed)', async () => {
    const agent = await chatAgent({ conversational: true, allowClarification: true });
    model.script(call('agent_clarify', { question: 'Which order?', reason: 'You have two orders' }, 'c1'), (req) => {
      const answer = req.messages.find((m) => m.role === 'tool' && m.tool_call_id === 'c1');
      return { text: `Refund started for ${String(answer?.content)}.` };
    });
    const asked = await chat(agent.slug, agent.key, { query: 'Refund my order' });
    expect(asked.body).toMatchObject({
      status: 'clarification',
      clarification: { question: 'Which order?', reason: 'You have two orders' },
    });
    const sessionId = asked.body.sessionId as string;
    expect(sessionId).toMatch(/^ses_/);
    const answered = await chat(agent.slug, agent.key, { query: 'order B-2', sessionId });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toMatchObject({ status: 'completed', answer: 'Refund started for order B-2.', sessionId });
    // One generation: the answer became the agent_clarify result, not a new user message.
    const generations = await stack.db.generation.findMany({ where: { agentId: agent.id } });
    expect(generations).toHaveLength(1);
    expect(userPrompts(1)).toEqual(['Refund my order']);

    // Streamed: the question ends the first stream, the answer streams the rest of the same turn.
    model.script(call('agent_clarify', { question: 'Which size?' }, 'c2'), (req) => {
      const answer = req.messages.find((m) => m.role === 'tool' && m.tool_call_id === 'c2');
      return { text: `Size ${String(answer?.content)} it is.` };
    });
    const streamTurn = async (query: string) => {
      const stream = await openSse(
        `${stack.url}/v1/public/agents/${agent.slug}/chat`,
        { 'x-agent-key': agent.key, 'x-forwarded-for': freshAddress(), origin: ALLOWED },
        { method: 'POST', body: { query, sessionId, stream: true } },
      );
      expect(stream.status).toBe(200);
      await stream.ended;
      return stream.events;
    };
    const question = await streamTurn('I want the shirt');
    expect(question[0]).toMatchObject({ event: 'session', data: { sessionId } });
    expect(question.find((e) => e.event === 'clarification')!.data).toEqual({ question: 'Which size?', reason: null });
    expect(question.at(-1)!.data).toMatchObject({ status: 'clarification', sessionId });
    const answer = await streamTurn('M');
    expect(answer[0]).toMatchObject({ event: 'session', data: { sessionId } });
    const text = answer
      .filter((e) => e.event === 'chunk')
      .map((e) => e.data.text)
      .join('');
    expect(text).toBe('Size M it is.');
    expect(answer.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed', answer: 'Size M it is.' } });
    expect(await stack.db.generation.count({ where: { agentId: agent.id } })).toBe(2);
    // The second turn saw the first (its clarification answered) as history.
    expect(userPrompts(3)).toEqual(['Refund my order', 'I want the shirt']);
  });

  it('a message while the previous one waits for an approval is 409 session_busy, without ids', async () => {
    const refundId = await createTool(stack, {
      type: 'http',
      name: 'refund_order',
      parameters: obj({ orderId: { type: 'string' } }),
      execute: { url: `${tools.url}/refund` },
    });
    const agent = await chatAgent({ conversational: true, toolIds: [refundId] });
    const hook = await stack.api('POST', `/v1/agents/${agent.id}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'refund_order',
      config: {},
    });
    expect(hook.status).toBe(201);
    model.script(call('refund_order', { orderId: 'D-4' }), { text: 'Refunded D-4.' });
    const first = await chat(agent.slug, agent.key, { query: 'refund D-4' });
    expect(first.body).toMatchObject({ status: 'pending', pending: { reason: 'approval' } });
    const sessionId = first.body.sessionId as string;

    const before = await stack.db.generation.count();
    const busy = await chat(agent.slug, agent.key, { query: 'are you there?', sessionId }, { origin: ALLOWED });
    expectError(busy, 409, 'session_busy');
    expect(busy.body.error.details).toBeUndefined();
    expect(busy.text).not.toMatch(visitorSeesNo);
    expect(busy.text).not.toMatch(/requires_action/);
    expect(busy.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(await stack.db.generation.count()).toBe(before);

    const paused = await stack.db.generation.findFirstOrThrow({ where: { agentId: agent.id } });
    const pending = await stack.api('GET', '/v1/approvals?status=pending');
    const approval = pending.body.data.find((a: { generationId: string }) => a.generationId === paused.id);
    const decided = await stack.api('POST', `/v1/generations/${approval.generationId}/approvals/${approval.id}`, {
      approved: true,
    });
    expect(decided.body.status).toBe('completed');
    model.script({ text: 'Yes, D-4 is refunded.' });
    const next = await chat(agent.slug, agent.key, { query: 'are you there?', sessionId });
    expect(next.body).toMatchObject({ status: 'completed', answer: 'Yes, D-4 is refunded.', sessionId });
    expect(userPrompts(2)).toEqual(['refund D-4', 'are you there?']);
  });
});
