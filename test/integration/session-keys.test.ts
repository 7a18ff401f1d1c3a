import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { callAs, createProjectWithKey, expectError } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

const userPrompts = (req: RecordedRequest): string[] =>
  req.messages.filter((m: { role: string }) => m.role === 'user').map((m: { content: string }) => m.content);
const echo = (req: RecordedRequest) => {
  const prompts = userPrompts(req);
  return { text: `answer to "${prompts.at(-1)}" (saw ${prompts.length})` };
};

/** Caller-chosen session keys: an enterprise backend's own conversation id (generate's sessionKey). */
describe('sessions named by the caller', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.reset();
    model.setDefault(echo);
  });
  const generate = (agentId: string, body: Record<string, unknown>, key = stack.apiKey) =>
    callAs(stack, key, 'POST', `/v1/agents/${agentId}/generate`, body);

  it('the first turn with a key opens a session; the next turn with it continues that conversation', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true });
    const first = await generate(agentId, { prompt: 'My order is late', sessionKey: 'TICKET-4711' });
    expect(first.body.status).toBe('completed');
    const sessionId = first.body.sessionId as string;
    expect(sessionId).toMatch(/^ses_/);
    const second = await generate(agentId, { prompt: 'Any news?', sessionKey: 'TICKET-4711' });
    expect(second.body).toMatchObject({ status: 'completed', sessionId, text: 'answer to "Any news?" (saw 2)' });
    // The ses_ id continues it too.
    const third = await generate(agentId, { prompt: 'Thanks', sessionId });
    expect(third.body).toMatchObject({ sessionId, text: 'answer to "Thanks" (saw 3)' });

    const listed = await stack.api('GET', `/v1/sessions?agentId=${agentId}&sessionKey=TICKET-4711`);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ id: sessionId, sessionKey: 'TICKET-4711', turnCount: 3 });
    expect((await stack.api('GET', `/v1/sessions/${sessionId}`)).body.sessionKey).toBe('TICKET-4711');
  });

  it('a key is unique per agent within a project: another agent or project gets its own session', async () => {
    const a = await createAgent(stack, { aiProviderId: providerId, conversational: true });
    const b = await createAgent(stack, { aiProviderId: providerId, conversational: true });
    const other = await createProjectWithKey(stack);
    const otherProvider = await callAs(stack, other.key, 'POST', '/v1/ai-providers', {
      name: 'scripted',
      kind: 'openai_compatible',
      baseUrl: model.url,
      defaultModel: 'scripted-model',
    });
    const otherAgent = await callAs(stack, other.key, 'POST', '/v1/agents', {
      name: 'other',
      aiProviderId: otherProvider.body.id,
      conversational: true,
      allowClarification: false,
    });
    expect(otherAgent.status, JSON.stringify(otherAgent.body)).toBe(201);
    const c = otherAgent.body.id as string;
    const onA = await generate(a, { prompt: 'one', sessionKey: 'sess-1' });
    const onB = await generate(b, { prompt: 'two', sessionKey: 'sess-1' });
    const onC = await generate(c, { prompt: 'three', sessionKey: 'sess-1' }, other.key);
    const ids = [onA, onB, onC].map((r) => r.body.sessionId);
    expect(new Set(ids).size).toBe(3);
    expect(onC.body.text).toBe('answer to "three" (saw 1)');
    const mine = await stack.api('GET', '/v1/sessions?sessionKey=sess-1');
    expect(mine.body.data.map((s: { id: string }) => s.id).sort()).toEqual([ids[0], ids[1]].sort());
  });

  it('two first turns with one key at once share one session, turns in arrival order', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId, conversational: true });
    const [x, y] = await Promise.all([
      generate(agentId, { prompt: 'first', sessionKey: 'race-1', queue: true }),
      generate(agentId, { prompt: 'second', sessionKey: 'race-1', queue: true }),
    ]);
    expect(x.body.status).toBe('completed');
    expect(y.body.status).toBe('completed');
    expect(x.body.sessionId).toBe(y.body.sessionId);
    const session = await stack.api('GET', `/v1/sessions/${x.body.sessionId}`);
    expect(session.body.turnCount).toBe(2);
    expect(await stack.db.session.count({ where: { agentId } })).toBe(1);
  });

  it('refused, changing nothing: a key for a non-conversational agent, a key with a session id, a malformed key', async () => {
    const plain = await createAgent(stack, { aiProviderId: providerId });
    const chatty = await createAgent(stack, { aiProviderId: providerId, conversational: true });
    const before = await stack.db.generation.count();
    const notConversational = await generate(plain, { prompt: 'hi', sessionKey: 'k-1' });
    expectError(notConversational, 422);
    expect(notConversational.body.error.details.path).toBe('body.sessionKey');
    const opened = await generate(chatty, { prompt: 'hi', sessionKey: 'k-2' });
    const both = await generate(chatty, { prompt: 'hi', sessionKey: 'k-2', sessionId: opened.body.sessionId });
    expectError(both, 422);
    expectError(await generate(chatty, { prompt: 'hi', sessionKey: 'has space' }), 400);
    expectError(await generate(chatty, { prompt: 'hi', sessionKey: '' }), 400);
    expect(await stack.db.generation.count()).toBe(before + 1);
    expect(await stack.db.session.count({ where: { agentId: plain } })).toBe(0);
  });
});
