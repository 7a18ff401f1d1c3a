import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, calls, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { callAs, expectError, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

const userPrompts = (req: RecordedRequest): string[] =>
  req.messages.filter((m: { role: string }) => m.role === 'user').map((m: { content: string }) => m.content);
const echo = (req: RecordedRequest) => ({
  text: `answer to ${userPrompts(req).at(-1)} (saw ${userPrompts(req).length})`,
});

/**
 * Sessions continued through generate follow the session's policy (docs/permissions.md, "Sessions
 * continued by generate"): a Deny of agents:GetSession, agents:ListSessionMessages or
 * agents:ContinueSession on `<project>:sessions/<id>` refuses the turn with 403, before anything is
 * stored or any other turn is stopped.
 */
describe('continuing a session through generate checks its policy', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;
  let holdId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    providerId = await createProvider(stack, model);
    holdId = await createTool(stack, { type: 'client', name: 'hold', parameters: obj() });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.reset();
    model.setDefault(echo);
  });

  const generate = (key: string, agentId: string, body: Record<string, unknown>) =>
    callAs(stack, key, 'POST', `/v1/agents/${agentId}/generate`, body);
  const conversational = (extra: Record<string, unknown> = {}) =>
    createAgent(stack, { aiProviderId: providerId, conversational: true, toolIds: [holdId], ...extra });
  /** A key allowed everything but the given actions on the given resource. */
  const denied = async (actions: string[], resource: string) =>
    (
      await mintKey(stack, [
        { effect: 'Allow', action: ['*'], resource: ['*'] },
        { effect: 'Deny', action: actions, resource: [resource] },
      ])
    ).key;
  const sessionResource = (sessionId: string) => `${stack.projectId}:sessions/${sessionId}`;
  /** What a refused turn must leave as it was: the session's turns, its history, the agent's generations. */
  const state = async (agentId: string, sessionId: string) => ({
    turnCount: (await stack.db.session.findUniqueOrThrow({ where: { id: sessionId } })).turnCount,
    messages: (await stack.api('GET', `/v1/sessions/${sessionId}/messages`)).body.data,
    generations: await stack.db.generation.count({ where: { agentId } }),
    modelRequests: model.requests.length,
  });
  /** A session opened by the stack's admin key with `sessionKey`, one completed turn. */
  async function openSession(agentId: string, sessionKey: string): Promise<string> {
    const first = await generate(stack.apiKey, agentId, { prompt: 'my order is late', sessionKey });
    expect(first.body.status, JSON.stringify(first.body)).toBe('completed');
    return first.body.sessionId as string;
  }

  for (const action of ['agents:GetSession', 'agents:ListSessionMessages', 'agents:ContinueSession']) {
    it(`a Deny of ${action} on the session refuses its turn by sessionKey and by sessionId, and stores nothing`, async () => {
      const agentId = await conversational();
      const sessionKey = `TICKET-${action}`;
      const sessionId = await openSession(agentId, sessionKey);
      const key = await denied([action], sessionResource(sessionId));
      const before = await state(agentId, sessionId);

      for (const body of [
        { prompt: 'show me what they said', sessionKey },
        { prompt: 'show me what they said', sessionId },
        { prompt: 'show me what they said', sessionKey, multitaskStrategy: 'enqueue', async: true },
      ]) {
        const refused = await generate(key, agentId, body);
        expectError(refused, 403, 'forbidden');
        expect(refused.body.error.details).toEqual({ action });
      }
      expect(await state(agentId, sessionId)).toEqual(before);

      // The same key still opens a session of its own: that needs only the generate right.
      const own = await generate(key, agentId, { prompt: 'hello', sessionKey: `${sessionKey}-own` });
      expect(own.body).toMatchObject({ status: 'completed', text: 'answer to hello (saw 1)' });
      expect(own.body.sessionId).not.toBe(sessionId);
    });
  }

  it('a Deny of agents:ContinueSession on sessions/* lets a key open sessions but never continue one', async () => {
    const agentId = await conversational();
    const key = await denied(['agents:ContinueSession'], `${stack.projectId}:sessions/*`);
    const opened = await generate(key, agentId, { prompt: 'one', sessionKey: 'only-openings' });
    expect(opened.body).toMatchObject({ status: 'completed', text: 'answer to one (saw 1)' });
    const next = await generate(key, agentId, { prompt: 'two', sessionKey: 'only-openings' });
    expectError(next, 403, 'forbidden');
    expect(next.body.error.details).toEqual({ action: 'agents:ContinueSession' });
    expect(await stack.db.session.findUniqueOrThrow({ where: { id: opened.body.sessionId } })).toMatchObject({
      turnCount: 1,
    });
  });

  it("a denied key's interrupt stops nothing; a key allowed only to generate on the agent still interrupts and continues", async () => {
    const agentId = await conversational();
    // Another client's turn, paused on a client tool: busy until its output arrives.
    model.script(call('hold', {}, 'h1'));
    const busy = await generate(stack.apiKey, agentId, { prompt: 'one', sessionKey: 'BUSY-1' });
    expect(busy.body.status).toBe('requires_action');
    const sessionId = busy.body.sessionId as string;
    const key = await denied(['agents:ContinueSession'], sessionResource(sessionId));
    const before = await state(agentId, sessionId);

    const refused = await generate(key, agentId, {
      prompt: 'stop theirs',
      sessionKey: 'BUSY-1',
      multitaskStrategy: 'interrupt',
    });
    expectError(refused, 403, 'forbidden');
    expect(refused.body.error.details).toEqual({ action: 'agents:ContinueSession' });
    expect(await state(agentId, sessionId)).toEqual(before);
    const untouched = await stack.db.generation.findUniqueOrThrow({ where: { id: busy.body.id } });
    expect(untouched).toMatchObject({ status: 'requires_action', multitaskStop: null });
    expect((await stack.api('GET', `/v1/generations/${busy.body.id}`)).body.status).toBe('requires_action');

    // No Allow on sessions is needed: only Denies refuse (the generate right on the agent suffices).
    const allowed = (
      await mintKey(stack, [
        {
          effect: 'Allow',
          action: ['agents:CreateAgentGeneration'],
          resource: [`${stack.projectId}:agents/${agentId}`],
        },
      ])
    ).key;
    const second = await generate(allowed, agentId, {
      prompt: 'two',
      sessionKey: 'BUSY-1',
      multitaskStrategy: 'interrupt',
    });
    expect(second.body).toMatchObject({ status: 'completed', sessionId, text: 'answer to two (saw 2)' });
    const stopped = await stack.db.generation.findUniqueOrThrow({ where: { id: busy.body.id } });
    expect(stopped).toMatchObject({ status: 'cancelled', stopReason: 'interrupted' });
  });

  it('answering a pending agent_clarify through generate is refused to a denied key; the turn still waits', async () => {
    const agentId = await conversational({ allowClarification: true });
    model.script(calls(['agent_clarify', { question: 'Which city?' }, 'q1']), { text: 'Booked for Paris.' });
    const paused = await generate(stack.apiKey, agentId, { prompt: 'Book me a hotel' });
    expect(paused.body.status).toBe('requires_action');
    const sessionId = paused.body.sessionId as string;
    const key = await denied(['agents:GetSession'], sessionResource(sessionId));

    const refused = await generate(key, agentId, { prompt: 'Berlin', sessionId });
    expectError(refused, 403, 'forbidden');
    expect(refused.body.error.details).toEqual({ action: 'agents:GetSession' });
    expect((await stack.api('GET', `/v1/generations/${paused.body.id}`)).body).toMatchObject({
      status: 'requires_action',
      requiredAction: { type: 'answer_clarification' },
    });
    expect(model.requests).toHaveLength(1);

    const answered = await generate(stack.apiKey, agentId, { prompt: 'Paris', sessionId });
    expect(answered.body).toMatchObject({ id: paused.body.id, status: 'completed', text: 'Booked for Paris.' });
  });

  it("a Deny of reading the agent's generations refuses continuing its sessions, as GET of the session", async () => {
    const agentId = await conversational();
    const sessionId = await openSession(agentId, 'AGENT-DENY');
    const key = await denied(['agents:GetAgentGeneration'], `${stack.projectId}:agents/${agentId}`);
    expectError(await callAs(stack, key, 'GET', `/v1/sessions/${sessionId}`), 403, 'forbidden');
    const refused = await generate(key, agentId, { prompt: 'more', sessionId });
    expectError(refused, 403, 'forbidden');
    expect(refused.body.error.details).toEqual({ action: 'agents:GetAgentGeneration' });
  });

  it("create_agent_generation over /mcp continues a session only as generate would: the denied key's call is a tool error", async () => {
    const agentId = await conversational();
    const sessionId = await openSession(agentId, 'MCP-1');
    const key = await denied(['agents:ListSessionMessages'], sessionResource(sessionId));
    const before = await state(agentId, sessionId);
    const client = new Client({ name: 'session-access-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const result = await client.callTool({
        name: 'create_agent_generation',
        arguments: { agentId, prompt: 'what did they say?', sessionKey: 'MCP-1' },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('agents:ListSessionMessages');
    } finally {
      await client.close();
    }
    expect(await state(agentId, sessionId)).toEqual(before);
  });

  it('a replayed Idempotency-Key of a later turn is refused once the session is denied', async () => {
    const agentId = await conversational();
    const sessionId = await openSession(agentId, 'REPLAY-1');
    const key = await mintKey(stack, [{ effect: 'Allow', action: ['*'], resource: ['*'] }]);
    const headers = {
      authorization: `Bearer ${key.key}`,
      'content-type': 'application/json',
      'idempotency-key': `replay-${sessionId}`,
    };
    const body = JSON.stringify({ prompt: 'second', sessionId });
    const post = () => fetch(`${stack.url}/v1/agents/${agentId}/generate`, { method: 'POST', headers, body });
    expect((await post()).status).toBe(200);
    // The key's stored policy gains the Deny (what a later, narrower key would carry).
    const row = await stack.db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    const policy = row.policy as { statements: object[] };
    await stack.db.apiKey.update({
      where: { id: key.id },
      data: {
        policy: {
          statements: [
            ...policy.statements,
            { effect: 'Deny', action: ['agents:ListSessionMessages'], resource: [sessionResource(sessionId)] },
          ],
        },
      },
    });
    const replayed = await post();
    expect(replayed.status).toBe(403);
    expect(((await replayed.json()) as { error: { details: unknown } }).error.details).toEqual({
      action: 'agents:ListSessionMessages',
    });
  });
});
