import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PRUNED_PLACEHOLDER,
  contextWindowFor,
  conversationTokens,
  conversationTokensAtMost,
  fitsTokenBudget,
  pruneToolResults,
  summarySpan,
  withSummary,
} from '../../activities/compaction.js';
import type { StoredMessage } from '../../activities/generation-store.js';

const sys: StoredMessage = { role: 'system', content: 's' };
const u = (c: string): StoredMessage => ({ role: 'user', content: c });
const a = (c: string): StoredMessage => ({ role: 'assistant', content: c });
const t = (c: string): StoredMessage => ({ role: 'tool', tool_call_id: c, content: c });
const convo = [sys, u('1'), t('r1'), a('a1'), u('2'), t('r2'), u('3'), u('4'), t('r4')];

describe('compaction', () => {
  it('prunes tool results before the last 3 user turns only', () => {
    const pruned = pruneToolResults(convo);
    expect(pruned.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([PRUNED_PLACEHOLDER, 'r2', 'r4']);
    expect(pruneToolResults([sys, u('1'), t('r1')])).toEqual([sys, u('1'), t('r1')]);
  });

  it('summarises what lies between the system prompt and the kept turns (1 kept at level 3)', () => {
    expect(summarySpan(convo, 2)).toEqual({ from: 1, to: 4 });
    expect(summarySpan(convo, 3)).toEqual({ from: 1, to: 7 });
    expect(withSummary(convo, 2, 'S')).toEqual([sys, u('Summary of the earlier conversation:\nS'), ...convo.slice(4)]);
    expect(withSummary([sys, u('only')], 2, 'S')).toEqual([sys, u('only')]);
  });

  it('takes the configured window, else the model table, else 128k', () => {
    expect(contextWindowFor('gpt-4o', 5000)).toBe(5000);
    expect(contextWindowFor('gpt-4-0613', null)).toBe(8192);
    expect(contextWindowFor('llama3.1', null)).toBe(128_000);
  });

  it('bounds the token count by bytes, so the budget check decides as the exact count does', () => {
    const message = fc.record({
      role: fc.constantFrom('system', 'user', 'assistant', 'tool'),
      content: fc.option(
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'grapheme-ascii' }),
          fc.constantFrom('<|endoftext|>', 'x<|im_start|>y', '<|fim_prefix|>'),
        ),
        { nil: null },
      ),
      tool_calls: fc.array(
        fc.record({
          id: fc.string(),
          type: fc.constant('function'),
          function: fc.record({ name: fc.string(), arguments: fc.json() }),
        }),
        { maxLength: 2 },
      ),
    }) as fc.Arbitrary<StoredMessage>;
    fc.assert(
      fc.property(fc.array(message, { maxLength: 6 }), fc.string(), fc.nat(400), (messages, tools, budget) => {
        const exact = conversationTokens(messages, tools);
        expect(conversationTokensAtMost(messages, tools)).toBeGreaterThanOrEqual(exact);
        expect(fitsTokenBudget(messages, tools, budget)).toBe(exact <= budget);
      }),
      { numRuns: 300 },
    );
    // Text spelling a special token is counted as plain text, not refused.
    const special = [u('before <|endoftext|> <|im_start|> after'), t('<|endofprompt|>')];
    expect(conversationTokens(special)).toBeGreaterThan(8);
    expect(conversationTokens(special)).toBeLessThanOrEqual(conversationTokensAtMost(special));
    expect(fitsTokenBudget(special, '', 0)).toBe(false);
    // Far under its budget, a conversation is not tokenized; near it, the exact count decides.
    const long = [u('word '.repeat(1000))];
    expect(conversationTokens(long)).toBeLessThan(1100);
    expect(conversationTokensAtMost(long)).toBe(5004);
    expect(fitsTokenBudget(long, '', 1100)).toBe(true);
    expect(fitsTokenBudget(long, '', 900)).toBe(false);
  });
});
