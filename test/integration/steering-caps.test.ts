import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEERING_MAX_PENDING_BYTES, STEERING_MAX_PENDING_MESSAGES } from '../../domain/steering-limits.js';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { expectError } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

type Sent = { role: string; content: unknown };

/**
 * Steering bounds (docs/steering.md, "Bounds"): at most 100 messages or 1 MiB pending per
 * generation, refused beyond with 429 and nothing stored; a model call applies one batch of at
 * most the same size and leaves the rest for the next step.
 */
describe('steering caps: pending messages per generation', () => {
  let stack: TestStack;
  let model: ModelServer;
  let agentId: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    const providerId = await createProvider(stack, model);
    const clientTool = await createTool(stack, {
      type: 'client',
      name: 'ask_size',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
    });
    // A megabyte of messages fits its context: no compaction round (its summary is not scripted).
    agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [clientTool], contextWindow: 10_000_000 });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  const messages = (id: string) => `/v1/generations/${id}/messages`;
  const askSize = (id: string) => ({ text: '', toolCalls: [{ id, name: 'ask_size', arguments: { q: 'Size?' } }] });
  /** The scripted model server finds a request's script in its last user message: every message carries it. */
  const note = (tag: string, i: number) => `note ${i} [[script:${tag}]]`;
  /** A message of exactly `bytes` UTF-8 bytes. */
  const ofBytes = (tag: string, bytes: number) => {
    const marker = ` [[script:${tag}]]`;
    return 'x'.repeat(bytes - marker.length) + marker;
  };

  /** A generation paused on the client tool `ask_size` (call id `call_<tag>_1`). */
  async function paused(tag: string, ...after: Array<{ text: string; toolCalls?: unknown[] }>): Promise<string> {
    model.scriptFor(tag, askSize(`call_${tag}_1`), ...(after as never[]));
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: `Buy a shirt [[script:${tag}]]` });
    expect(res.body.status).toBe('requires_action');
    return res.body.id as string;
  }

  const answer = (generationId: string, callId: string) =>
    stack.api('POST', `/v1/agents/${agentId}/generate/${generationId}/tool-outputs`, {
      toolOutputs: [{ toolCallId: callId, output: 'M' }],
    });

  /** The user messages after the last tool result of a model request. */
  const steeredIn = (request: { messages: Sent[] }) => {
    const sent = request.messages;
    const lastTool = sent.map((m) => m.role).lastIndexOf('tool');
    return sent.slice(lastTool + 1).map((m) => {
      expect(m.role).toBe('user');
      return m.content as string;
    });
  };

  const pendingCounters = (id: string) =>
    stack.db.generation.findUniqueOrThrow({
      where: { id },
      select: { steeringPendingCount: true, steeringPendingBytes: true },
    });

  it('takes 100 pending messages, sent at once, refuses the 101st with 429 storing nothing, and applies all once, in order', async () => {
    const tag = 'caps-count';
    const generationId = await paused(tag, { text: 'Size M.' });
    const first = { content: note(tag, 0), clientMessageId: 'first' };
    expect((await stack.api('POST', messages(generationId), first)).status).toBe(202);
    // Concurrent requests: the cap is checked under the generation row's lock, so exactly 99 more fit.
    const sent = await Promise.all(
      Array.from({ length: STEERING_MAX_PENDING_MESSAGES + 4 }, (_, i) =>
        stack.api('POST', messages(generationId), { content: note(tag, i + 1) }),
      ),
    );
    expect(sent.filter((r) => r.status === 202)).toHaveLength(STEERING_MAX_PENDING_MESSAGES - 1);
    const refused = sent.filter((r) => r.status !== 202);
    expect(refused).toHaveLength(5);
    for (const r of refused) expectError(r, 429, 'too_many_pending_messages');
    expect(await stack.db.steeringMessage.count({ where: { generationId } })).toBe(STEERING_MAX_PENDING_MESSAGES);

    const more = await stack.api('POST', messages(generationId), { content: 'one more', clientMessageId: 'late' });
    expectError(more, 429, 'too_many_pending_messages');
    expect(more.body.error.details).toMatchObject({ pendingMessages: 100, maxPendingMessages: 100 });
    expect(await stack.db.steeringMessage.count({ where: { generationId } })).toBe(STEERING_MAX_PENDING_MESSAGES);
    expect(await stack.db.steeringMessage.count({ where: { generationId, clientMessageId: 'late' } })).toBe(0);
    // A stored message sent again is the same message, also at the cap; other content is still a 422.
    const again = await stack.api('POST', messages(generationId), first);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ clientMessageId: 'first', content: first.content, status: 'pending' });
    expectError(await stack.api('POST', messages(generationId), { ...first, content: 'other' }), 422);

    expect((await answer(generationId, `call_${tag}_1`)).body.status).toBe('completed');
    const stored = await stack.db.steeringMessage.findMany({ where: { generationId }, orderBy: { ordinal: 'asc' } });
    const last = model.requests.filter((r) => r.tag === tag).at(-1)!;
    expect(steeredIn(last)).toEqual(stored.map((m) => m.content));
    expect(stored.every((m) => m.status === 'applied' && m.appliedAtStep === 2)).toBe(true);
    expect(await pendingCounters(generationId)).toEqual({ steeringPendingCount: 0, steeringPendingBytes: 0 });
  });

  it('caps the pending content at 1 MiB of UTF-8: a message that reaches it exactly is taken, one byte more is not', async () => {
    const tag = 'caps-bytes';
    const generationId = await paused(tag, { text: 'Size M.' });
    // 'é' is 2 UTF-8 bytes: five messages of under 100,000 characters take 999,120 of the 1,048,576 bytes.
    const wide = Array.from({ length: 5 }, (_, i) => `${i} ${'é'.repeat(99_900)} [[script:${tag}]]`);
    for (const content of wide) expect((await stack.api('POST', messages(generationId), { content })).status).toBe(202);
    const used = wide.reduce((n, c) => n + Buffer.byteLength(c, 'utf8'), 0);
    const room = STEERING_MAX_PENDING_BYTES - used;
    expectError(
      await stack.api('POST', messages(generationId), { content: ofBytes(tag, room + 1) }),
      429,
      'too_many_pending_messages',
    );
    expect(await stack.db.steeringMessage.count({ where: { generationId } })).toBe(5);
    const exact = ofBytes(tag, room);
    expect((await stack.api('POST', messages(generationId), { content: exact })).status).toBe(202);
    expect(await pendingCounters(generationId)).toEqual({
      steeringPendingCount: 6,
      steeringPendingBytes: STEERING_MAX_PENDING_BYTES,
    });
    expectError(await stack.api('POST', messages(generationId), { content: 'x' }), 429, 'too_many_pending_messages');
    expect(await stack.db.steeringMessage.count({ where: { generationId } })).toBe(6);

    expect((await answer(generationId, `call_${tag}_1`)).body.status).toBe('completed');
    expect(steeredIn(model.requests.filter((r) => r.tag === tag).at(-1)!)).toEqual([...wide, exact]);
  });

  /**
   * More pending than one batch can only be rows stored before the caps (or under higher ones):
   * seeded here directly. Each model call applies one batch and leaves the rest for the next step.
   */
  it.each([
    { what: 'count', contents: (tag: string) => Array.from({ length: 150 }, (_, i) => note(tag, i)), batch: 100 },
    { what: 'bytes', contents: (tag: string) => Array.from({ length: 12 }, () => ofBytes(tag, 100_000)), batch: 10 },
  ])(
    'applies over-cap pending rows in batches ($what): one batch per model call',
    async ({ what, contents, batch }) => {
      const tag = `caps-batch-${what}`;
      const generationId = await paused(tag, askSize(`call_${tag}_2`), { text: 'Size L.' });
      const seeded = contents(tag).map((c, i) => `${i}:${c}`);
      await stack.db.$transaction([
        stack.db.generation.update({
          where: { id: generationId },
          data: {
            steeringSeq: seeded.length,
            steeringPendingCount: seeded.length,
            steeringPendingBytes: seeded.reduce((n, c) => n + Buffer.byteLength(c, 'utf8'), 0),
          },
        }),
        stack.db.steeringMessage.createMany({
          data: seeded.map((content, i) => ({ id: `msg_${tag}_${i}`, generationId, ordinal: i + 1, content })),
        }),
      ]);
      // Over the caps, the API takes nothing more.
      expectError(
        await stack.api('POST', messages(generationId), { content: 'more' }),
        429,
        'too_many_pending_messages',
      );

      // Step 2 applies the first batch and pauses again; step 3 applies the rest.
      expect((await answer(generationId, `call_${tag}_1`)).body.status).toBe('requires_action');
      const step2 = await stack.db.steeringMessage.count({ where: { generationId, appliedAtStep: 2 } });
      expect(step2).toBe(batch);
      expect(await stack.db.steeringMessage.count({ where: { generationId, status: 'pending' } })).toBe(
        seeded.length - batch,
      );
      expect((await answer(generationId, `call_${tag}_2`)).body.status).toBe('completed');

      const calls = model.requests.filter((r) => r.tag === tag);
      expect(calls).toHaveLength(3);
      expect(steeredIn(calls[1]!)).toEqual(seeded.slice(0, batch));
      expect(steeredIn(calls[2]!)).toEqual(seeded.slice(batch));
      // Each exactly once in the conversation, in ordinal order.
      const users = (calls[2]!.messages as Sent[]).filter((m) => m.role === 'user').map((m) => m.content);
      expect(users.slice(1)).toEqual(seeded);
      expect(await stack.db.steeringMessage.count({ where: { generationId, appliedAtStep: 3 } })).toBe(
        seeded.length - batch,
      );
      expect(await pendingCounters(generationId)).toEqual({ steeringPendingCount: 0, steeringPendingBytes: 0 });
    },
  );
});
