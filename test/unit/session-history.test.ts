import { describe, expect, it } from 'vitest';
import { NO_RESULT_NOTE, sessionHistory, turnsInMemory, withSessionHistory } from '../../activities/session-history.js';
import type { StoredMessage } from '../../activities/generation-store.js';

const user = (content: string): StoredMessage => ({ role: 'user', content });
const assistant = (content: string): StoredMessage => ({ role: 'assistant', content });
const system: StoredMessage = { role: 'system', content: 'be brief' };
const turn = (n: number, ...messages: StoredMessage[]) => ({ turn: n, messages });

describe('session history', () => {
  const turns = [3, 1, 2, 4].map((n) => turn(n, system, user(`q${n}`), assistant(`a${n}`)));

  it('keeps every turn in order with strategy all, the last k with last_k', () => {
    expect(turnsInMemory(turns, null).map((t) => t.turn)).toEqual([1, 2, 3, 4]);
    expect(turnsInMemory(turns, { strategy: 'all' }).map((t) => t.turn)).toEqual([1, 2, 3, 4]);
    expect(turnsInMemory(turns, { strategy: 'last_k', k: 2 }).map((t) => t.turn)).toEqual([3, 4]);
    expect(turnsInMemory(turns, { strategy: 'last_k', k: 10 }).map((t) => t.turn)).toEqual([1, 2, 3, 4]);
  });

  it("leaves out earlier turns' system prompts", () => {
    expect(sessionHistory(turns, { strategy: 'last_k', k: 1 })).toEqual([user('q4'), assistant('a4')]);
  });

  it('answers a tool call that ended its turn without a result, and only that one', () => {
    const calls: StoredMessage = {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'a', type: 'function', function: { name: 'lookup', arguments: '{}' } },
        { id: 'b', type: 'function', function: { name: 'finish', arguments: '{}' } },
      ],
    };
    const result: StoredMessage = { role: 'tool', tool_call_id: 'a', content: '{"ok":true}' };
    const history = sessionHistory([turn(1, user('go'), calls, result)], null);
    expect(history).toEqual([user('go'), calls, { role: 'tool', tool_call_id: 'b', content: NO_RESULT_NOTE }, result]);
  });

  it('places the history after the system prompt and before the new turn', () => {
    const own = [system, user('new')];
    expect(withSessionHistory(own, [user('old'), assistant('reply')])).toEqual([
      system,
      user('old'),
      assistant('reply'),
      user('new'),
    ]);
    expect(withSessionHistory([user('new')], [user('old')])).toEqual([user('old'), user('new')]);
  });
});
