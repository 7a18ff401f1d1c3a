import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECALL_HEADER } from '../../domain/memory/ranking.js';
import { forgetMemory, saveMemory } from '../../domain/memory/store.js';
import { call, createAgent, createProvider, createTool, observeOf } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { callAs, createProjectWithKey, expectError, expectStatus, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

/** Long-term memory on the real stack: the builtins in generations, recall, scopes, the API. */
describe('long-term memory', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;
  let toolIds: string[];
  let agentId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    providerId = await createProvider(stack, model);
    toolIds = await Promise.all(
      ['memory_save', 'memory_search', 'memory_forget'].map((name) => createTool(stack, { type: 'builtin', name })),
    );
    agentId = await createAgent(stack, {
      aiProviderId: providerId,
      toolIds,
      instructions: 'You remember users.',
      memoryRecall: { maxTokens: 200 },
    });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  /**
   * One generation that makes one tool call (id c1) and answers; returns the body and the call's
   * result. The model's recorded requests are this generation's only.
   */
  async function turn(name: string, args: unknown, extra: Record<string, unknown> = {}, agent = agentId) {
    model.reset();
    model.script(call(name, args, 'c1'), { text: 'done' });
    const res = await stack.api('POST', `/v1/agents/${agent}/generate`, { prompt: 'go', ...extra });
    expect(res.body.status, JSON.stringify(res.body)).toBe('completed');
    const observe = observeOf(res.body, 'c1');
    return { body: res.body, status: observe.status, result: observe.result };
  }
  const systemText = (i: number) =>
    model.requests[i]!.messages.filter((m: { role: string }) => m.role === 'system')
      .map((m: { content: string }) => m.content)
      .join('\n');

  it('saves in one generation and finds it in a later one for the same end user, by tool and by recall', async () => {
    const saved = await turn('memory_save', { content: 'Prefers vegetarian dishes' }, { endUserId: 'alice' });
    expect(saved.status).toBe('success');
    expect(saved.result.memoryId).toMatch(/^mem_/);
    const row = await stack.db.memory.findUniqueOrThrow({ where: { id: saved.result.memoryId } });
    expect(row).toMatchObject({ projectId: stack.projectId, agentId, endUserId: 'alice', generationId: saved.body.id });

    // A later generation: the memory is recalled into the system prompt and found by memory_search
    // (each query word matches as a prefix: "dish" finds "dishes").
    const found = await turn('memory_search', { query: 'Which dish?' }, { endUserId: 'alice' });
    expect(found.status).toBe('success');
    expect(found.result.memories).toEqual([
      expect.objectContaining({ memoryId: row.id, content: 'Prefers vegetarian dishes' }),
    ]);
    expect(systemText(0)).toContain(`${RECALL_HEADER}\n- [${row.id}] Prefers vegetarian dishes`);
    expect(systemText(0)).toContain('You remember users.');
  });

  it('never shows one end user the memories of another, and refuses without an end user', async () => {
    const alice = await turn('memory_save', { content: 'Allergic to peanuts' }, { endUserId: 'alice' });
    const bob = await turn('memory_search', { query: 'peanuts allergic' }, { endUserId: 'bob' });
    expect(bob.result).toEqual({ memories: [] });
    expect(systemText(0)).not.toContain(RECALL_HEADER);
    const forget = await turn('memory_forget', { memoryId: alice.result.memoryId }, { endUserId: 'bob' });
    expect(forget.status).toBe('error');
    expect(forget.result.error).toMatch(/No memory mem_\w+ for this user/);
    expectStatus(await stack.api('GET', `/v1/memories/${alice.result.memoryId}`), 200);

    const none = await turn('memory_save', { content: 'anonymous fact' });
    expect(none.status).toBe('error');
    expect(none.result.error).toMatch(/no end user/);
    expect(systemText(0)).not.toContain(RECALL_HEADER);
    expect(await stack.db.memory.count({ where: { content: 'anonymous fact' } })).toBe(0);

    // The same end user of another agent of the project sees nothing either.
    const other = await createAgent(stack, { aiProviderId: providerId, toolIds, memoryRecall: { maxTokens: 200 } });
    const elsewhere = await turn('memory_search', { query: 'peanuts' }, { endUserId: 'alice' }, other);
    expect(elsewhere.result).toEqual({ memories: [] });
    expect(systemText(0)).not.toContain(RECALL_HEADER);
  });

  it('forgets a memory of the end user; a retried save writes once', async () => {
    const saved = await turn('memory_save', { content: 'Works night shifts' }, { endUserId: 'carol' });
    const forgotten = await turn('memory_forget', { memoryId: saved.result.memoryId }, { endUserId: 'carol' });
    expect(forgotten).toMatchObject({ status: 'success', result: { forgotten: true } });
    expect(await stack.db.memory.findUnique({ where: { id: saved.result.memoryId } })).toBeNull();
    const again = await turn('memory_search', { query: 'night shifts' }, { endUserId: 'carol' });
    expect(again.result).toEqual({ memories: [] });

    const scope = { projectId: stack.projectId, agentId, endUserId: 'carol' };
    const source = { generationId: again.body.id, toolCallId: 'retried' };
    const first = await saveMemory(stack.db, scope, 'Likes tea', source);
    const second = await saveMemory(stack.db, scope, 'Likes tea', source);
    expect(first).toMatchObject({ created: true });
    expect(second).toMatchObject({ created: false, memory: { id: 'memory' in first ? first.memory.id : '' } });
    expect(await stack.db.memory.count({ where: { endUserId: 'carol', agentId } })).toBe(1);

    // A memory_forget retried after a crash that followed its delete answers as the first attempt did.
    const id = 'memory' in first ? first.memory.id : '';
    const forget = { generationId: again.body.id, toolCallId: 'forget-retried' };
    expect(await forgetMemory(stack.db, scope, id, forget)).toBe(true);
    expect(await forgetMemory(stack.db, scope, id, forget)).toBe(true);
    expect(await forgetMemory(stack.db, scope, id, { ...forget, toolCallId: 'another call' })).toBe(false);
    expect(await stack.db.memory.count({ where: { endUserId: 'carol', agentId } })).toBe(0);
  });

  it('recalls in a later session of the end user; a session never changes end user', async () => {
    const chatty = await createAgent(stack, {
      aiProviderId: providerId,
      toolIds,
      conversational: true,
      memoryRecall: { maxTokens: 200 },
    });
    const saved = await turn('memory_save', { content: 'Lives in Lyon' }, { endUserId: 'erin' }, chatty);
    const sessionId = saved.body.sessionId as string;
    expect(sessionId).toMatch(/^ses_/);

    // A new session (no sessionId) of the same end user is told the memory.
    const later = await turn('memory_search', { query: 'where' }, { endUserId: 'erin' }, chatty);
    expect(later.body.sessionId).not.toBe(sessionId);
    expect(systemText(0)).toContain(`- [${saved.result.memoryId}] Lives in Lyon`);

    // Erin's session holds her memory_save result: another end user (or none) cannot take a turn in it.
    for (const other of [{ endUserId: 'frank' }, {}]) {
      const res = await stack.api('POST', `/v1/agents/${chatty}/generate`, { prompt: 'hi', sessionId, ...other });
      expectError(res, 422, 'unprocessable');
      expect(res.body.error.details).toMatchObject({ path: 'body.endUserId' });
    }
    const same = await turn('memory_search', { query: 'Lyon' }, { endUserId: 'erin', sessionId }, chatty);
    expect(same.result.memories).toHaveLength(1);
  });

  it('a public-chat visitor is scoped to their conversation', async () => {
    const created = await stack.api('POST', '/v1/agents', {
      name: 'remembering chat',
      aiProviderId: providerId,
      toolIds,
      conversational: true,
      allowClarification: false,
      publicChat: { enabled: true, allowedOrigins: [] },
    });
    expectStatus(created, 201);
    const chat = async (query: string, sessionId?: string) => {
      const res = await fetch(`${stack.url}/v1/public/agents/${created.body.slug}/chat`, {
        method: 'POST',
        headers: { 'x-agent-key': created.body.publicChatKey, 'content-type': 'application/json' },
        body: JSON.stringify({ query, ...(sessionId ? { sessionId } : {}) }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { status: string; sessionId: string };
    };
    // The session's history carries earlier tool results too: the newest is this turn's.
    const lastToolMessage = () => model.requests[1]!.messages.findLast((m: { role: string }) => m.role === 'tool');
    model.script(call('memory_save', { content: 'Visitor owns a red bike' }, 'c1'), { text: 'noted' });
    const first = await chat('I own a red bike');
    expect(first.status).toBe('completed');
    const memory = await stack.db.memory.findFirstOrThrow({ where: { agentId: created.body.id } });
    expect(memory.endUserId).toBe(`public_chat:${first.sessionId}`);

    model.reset();
    model.script(call('memory_search', { query: 'bike' }, 'c1'), { text: 'a red bike' });
    await chat('what do I own?', first.sessionId);
    const same = lastToolMessage();
    expect(JSON.parse(same.content).memories).toHaveLength(1);

    model.reset();
    model.script(call('memory_search', { query: 'bike' }, 'c1'), { text: 'nothing' });
    await chat('what do I own?');
    const stranger = lastToolMessage();
    expect(JSON.parse(stranger.content)).toEqual({ memories: [] });
  });

  describe('/v1/memories', () => {
    let ids: string[];
    beforeAll(async () => {
      const scope = { projectId: stack.projectId, agentId, endUserId: 'dave' };
      const gen = await stack.db.generation.findFirstOrThrow({ where: { agentId } });
      ids = [];
      for (const [i, content] of ['Speaks French', 'Has two cats', 'Birthday in May'].entries()) {
        const saved = await saveMemory(stack.db, scope, content, { generationId: gen.id, toolCallId: `api-${i}` });
        if ('memory' in saved) ids.push(saved.memory.id);
        await new Promise((r) => setTimeout(r, 5)); // distinct createdAt: a known list order
      }
    });

    it('lists (filters, pages), searches, gets, edits and deletes', async () => {
      const page1 = await stack.api('GET', `/v1/memories?agentId=${agentId}&endUserId=dave&limit=2`);
      expectStatus(page1, 200);
      expect(page1.body.data.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
      const page2 = await stack.api(
        'GET',
        `/v1/memories?agentId=${agentId}&endUserId=dave&cursor=${page1.body.nextCursor}`,
      );
      expect(page2.body).toMatchObject({
        data: [{ id: ids[0], object: 'memory', content: 'Speaks French' }],
        nextCursor: null,
      });
      const others = await stack.api('GET', '/v1/memories?endUserId=nobody');
      expect(others.body.data).toEqual([]);

      const search = await stack.api('POST', '/v1/memories/search', { agentId, endUserId: 'dave', query: 'cat' });
      expectStatus(search, 200);
      expect(search.body.data.map((m: { id: string }) => m.id)).toEqual([ids[1]]);
      expect(search.body.data[0].score).toBeGreaterThan(0);

      const edited = await stack.api('PATCH', `/v1/memories/${ids[1]}`, { content: 'Has three dogs' });
      expect(edited.body).toMatchObject({ id: ids[1], content: 'Has three dogs', endUserId: 'dave' });
      const afterEdit = await stack.api('POST', '/v1/memories/search', { agentId, endUserId: 'dave', query: 'cats' });
      expect(afterEdit.body.data).toEqual([]);
      expect((await stack.api('GET', `/v1/memories/${ids[1]}`)).body.content).toBe('Has three dogs');

      expectStatus(await stack.api('DELETE', `/v1/memories/${ids[1]}`), 204);
      expectError(await stack.api('GET', `/v1/memories/${ids[1]}`), 404, 'not_found');
      expectError(await stack.api('DELETE', `/v1/memories/${ids[1]}`), 404, 'not_found');
    });

    it('searches with any text: tsquery syntax, quotes and over-long words are words or nothing, never a 500', async () => {
      for (const query of [
        "it's \\ 'French' :* & | ! ( ) <-> ''",
        'é'.repeat(1100), // one word over PostgreSQL's 2047-byte lexeme limit
        '\u0303\u0303 ² ½',
        'x'.repeat(2000),
      ]) {
        const res = await stack.api('POST', '/v1/memories/search', { agentId, endUserId: 'dave', query });
        expectStatus(res, 200);
      }
      const quoted = await stack.api('POST', '/v1/memories/search', { agentId, endUserId: 'dave', query: "'French'" });
      expect(quoted.body.data.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
    });

    it('refuses bad input with 4xx problems', async () => {
      expectError(await stack.api('PATCH', `/v1/memories/${ids[0]}`, { content: '' }), 400, 'invalid_request');
      expectError(await stack.api('PATCH', `/v1/memories/${ids[0]}`, { content: 'x', extra: 1 }), 400);
      expectError(await stack.api('GET', '/v1/memories/not-a-memory'), 404, 'not_found');
      expectError(await stack.api('GET', '/v1/memories?endUserId=a:b'), 400);
      expectError(await stack.api('GET', '/v1/memories/search'), 405, 'method_not_allowed');
      expectError(await stack.api('POST', '/v1/memories/search', { endUserId: 'dave', query: 'x' }), 400);
      const unknownAgent = { agentId: 'agt_zzzzzzzzzzzz', endUserId: 'dave', query: 'x' };
      expectError(await stack.api('POST', '/v1/memories/search', unknownAgent), 404, 'not_found');
      const forged = { prompt: 'hi', endUserId: 'public_chat:ses_abcdefgh12' };
      expectError(await stack.api('POST', `/v1/agents/${agentId}/generate`, forged), 400);
      const tiny = { name: 'x', aiProviderId: providerId, memoryRecall: { maxTokens: 10 } };
      expectError(await stack.api('POST', '/v1/agents', tiny), 400);
      expect((await stack.api('GET', `/v1/agents/${agentId}`)).body.memoryRecall).toEqual({ maxTokens: 200 });
    });

    it("another project's key gets 404 on every memory and sees none in lists or searches", async () => {
      const b = await createProjectWithKey(stack);
      const asB = (method: string, path: string, body?: unknown) => callAs(stack, b.key, method, path, body);
      for (const [method, path, body] of [
        ['GET', `/v1/memories/${ids[0]}`],
        ['PATCH', `/v1/memories/${ids[0]}`, { content: 'stolen' }],
        ['DELETE', `/v1/memories/${ids[0]}`],
        ['POST', '/v1/memories/search', { agentId, endUserId: 'dave', query: 'French' }],
      ] as Array<[string, string, unknown?]>) {
        const res = await asB(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      const list = await asB('GET', `/v1/memories?agentId=${agentId}&limit=100`);
      expectStatus(list, 200);
      expect(list.body.data).toEqual([]);
      expect((await stack.api('GET', `/v1/memories/${ids[0]}`)).body.content).toBe('Speaks French');
    });

    it("a key denied the agent's generations is denied its memories", async () => {
      const { key } = await mintKey(stack, [
        { effect: 'Allow', action: ['*'], resource: ['*'] },
        { effect: 'Deny', action: ['agents:GetAgentGeneration'], resource: [`${stack.projectId}:agents/${agentId}`] },
      ]);
      expectError(await callAs(stack, key, 'GET', `/v1/memories/${ids[0]}`), 403, 'forbidden');
      const list = await callAs(stack, key, 'GET', `/v1/memories?endUserId=dave`);
      expect(list.body.data).toEqual([]);
    });
  });
});
