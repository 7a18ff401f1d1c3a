import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConversationCache } from '../../activities/conversation-cache.js';
import { replyState } from '../../activities/model-reply.js';
import { startQueuedGeneration } from '../support/queued-generation.js';
import type { TestStack } from '../support/stack.js';

/**
 * A model call reads its conversation in the statement that starts it; the worker's cache lets that
 * statement send only the rows it does not hold in their current version (docs/adr/0030). The
 * database stays the truth: a row rewritten since is sent again.
 */
describe('conversation cache', () => {
  let stack: TestStack;
  let generationId: string;
  let close: (() => Promise<void>) | undefined;

  // No worker: only this test writes the generation's messages.
  beforeAll(async () => {
    ({ stack, generationId, close } = await startQueuedGeneration());
  });
  afterAll(() => close?.());

  const addMessage = (seq: number, content: Record<string, unknown>) =>
    stack.db.generationMessage.create({
      data: { generationId, key: String(seq), seq, role: String(content.role), content: content as object },
    });
  const fullRead = async (before: number) =>
    (
      await stack.db.generationMessage.findMany({
        where: { generationId, seq: { lt: before } },
        orderBy: { seq: 'asc' },
      })
    ).map((m) => m.content);

  it('sends only new or rewritten rows, and the conversation is always what the database holds', async () => {
    const cache = new ConversationCache();
    const merge = vi.spyOn(cache, 'merge');
    const start = (await fullRead(1_000)).length;
    const sent = () => merge.mock.lastCall![2].filter((r) => r.sent).map((r) => r.seq);

    // First call: everything is sent.
    await addMessage(start, { role: 'assistant', content: 'first reply' });
    await addMessage(start + 1, { role: 'user', content: 'more' });
    let state = await replyState(stack.db, stack.runtime.feed, cache, generationId, start + 2, []);
    expect(state.history).toEqual(await fullRead(start + 2));
    expect(sent()).toEqual([...Array(start + 2).keys()]);

    // Second call: only the two new rows.
    await addMessage(start + 2, { role: 'assistant', content: 'second reply' });
    await addMessage(start + 3, { role: 'user', content: 'and more' });
    state = await replyState(stack.db, stack.runtime.feed, cache, generationId, start + 4, []);
    expect(state.history).toEqual(await fullRead(start + 4));
    expect(sent()).toEqual([start + 2, start + 3]);

    // A row rewritten behind the cache's back (another worker's retry, by hand here) is sent again.
    await stack.db.generationMessage.update({
      where: { generationId_key: { generationId, key: String(start + 1) } },
      data: { content: { role: 'user', content: 'more, rewritten' } },
    });
    state = await replyState(stack.db, stack.runtime.feed, cache, generationId, start + 4, []);
    expect(state.history).toEqual(await fullRead(start + 4));
    expect(state.history[start + 1]).toEqual({ role: 'user', content: 'more, rewritten' });
    expect(sent()).toEqual([start + 1]);

    // Nothing new: nothing sent, the same conversation.
    state = await replyState(stack.db, stack.runtime.feed, cache, generationId, start + 4, []);
    expect(state.history).toEqual(await fullRead(start + 4));
    expect(sent()).toEqual([]);

    // An earlier reply seq (a model call run again) gets the shorter conversation, from the cache.
    state = await replyState(stack.db, stack.runtime.feed, cache, generationId, start + 2, []);
    expect(state.history).toEqual(await fullRead(start + 2));
    expect(sent()).toEqual([]);
  });

  it('a worker with an empty cache (another worker, a restart) reads the whole conversation', async () => {
    const cache = new ConversationCache();
    const state = await replyState(stack.db, stack.runtime.feed, cache, generationId, 1_000, []);
    expect(state.history).toEqual(await fullRead(1_000));
  });
});
