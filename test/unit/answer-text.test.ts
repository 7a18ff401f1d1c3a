import { describe, expect, it } from 'vitest';
import { answerText } from '../../activities/generation-store.js';

/** The answer a run ends with, as the final write stores it (read back, or from the model call). */
describe('answerText', () => {
  const reply = (content: string | null, finishReason = 'stop') => ({ content, finishReason });

  it("is the newest reply's text", () => {
    expect(answerText([reply('the answer'), reply('thinking', 'tool_calls')])).toBe('the answer');
  });

  it('joins the length-cut replies the newest one continues, oldest first, and stops at the first that was not cut', () => {
    expect(
      answerText([reply(' end.'), reply(' middle', 'length'), reply('Start', 'length'), reply('earlier step')]),
    ).toBe('Start middle end.');
  });

  it('skips parts without text, and is null when no part has any', () => {
    expect(answerText([reply('tail'), reply(null, 'length'), reply('head', 'length')])).toBe('headtail');
    expect(answerText([reply(null)])).toBeNull();
    expect(answerText([reply(''), reply(null, 'length')])).toBeNull();
    expect(answerText([])).toBeNull();
  });

  it('reads at most five parts', () => {
    const cut = Array.from({ length: 6 }, (_, i) => reply(`${6 - i}`, 'length'));
    expect(answerText([reply('!'), ...cut])).toBe('3456!');
  });
});
