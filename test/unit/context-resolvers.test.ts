import { describe, expect, it } from 'vitest';
import { contextBlock, elapsed, isOpen, localTime } from '../../api/generations/context.js';
import type { BusinessHours } from '../../contracts/schemas/index.js';

const weekdays: BusinessHours = {
  timeZone: 'Europe/Paris',
  schedule: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '09:00', close: '17:30' }],
};

describe('context resolvers', () => {
  it('reads the local time in the business time zone (DST included)', () => {
    // 2026-07-06 is a Monday; Paris is UTC+2 in summer, UTC+1 in winter.
    expect(localTime(new Date('2026-07-06T07:00:00Z'), 'Europe/Paris')).toEqual({
      weekday: 'mon',
      minutes: 9 * 60,
      text: 'Monday 2026-07-06 09:00',
    });
    expect(localTime(new Date('2026-01-05T07:00:00Z'), 'Europe/Paris').minutes).toBe(8 * 60);
  });

  it('open and closed follow the schedule: opening minute included, closing minute excluded, weekends closed', () => {
    const at = (iso: string) => isOpen(weekdays, localTime(new Date(iso), weekdays.timeZone));
    expect(at('2026-07-06T06:59:00Z')).toBe(false); // Mon 08:59
    expect(at('2026-07-06T07:00:00Z')).toBe(true); // Mon 09:00
    expect(at('2026-07-06T15:29:00Z')).toBe(true); // Mon 17:29
    expect(at('2026-07-06T15:30:00Z')).toBe(false); // Mon 17:30
    expect(at('2026-07-04T10:00:00Z')).toBe(false); // Saturday
  });

  it('a window closing after midnight belongs to the day it opened', () => {
    const night: BusinessHours = { timeZone: 'UTC', schedule: [{ days: ['fri'], open: '22:00', close: '02:00' }] };
    const at = (iso: string) => isOpen(night, localTime(new Date(iso), 'UTC'));
    expect(at('2026-07-10T23:00:00Z')).toBe(true); // Fri 23:00
    expect(at('2026-07-11T01:59:00Z')).toBe(true); // Sat 01:59
    expect(at('2026-07-11T02:00:00Z')).toBe(false); // Sat 02:00
    expect(at('2026-07-09T23:00:00Z')).toBe(false); // Thu 23:00
  });

  it('builds the block in the order the agent lists its resolvers; none asked → null', () => {
    const now = new Date('2026-07-06T07:00:00Z');
    expect(contextBlock({ contextResolvers: [] }, now, 'api')).toBeNull();
    expect(
      contextBlock({ contextResolvers: ['channel', 'temporal'], businessHours: weekdays }, now, 'public_chat'),
    ).toBe(
      [
        'Context:',
        '- Channel: public chat (an anonymous visitor through the chat widget or the public chat endpoint).',
        '- Current local time: Monday 2026-07-06 09:00 (Europe/Paris).',
        '- Business hours: open now.',
      ].join('\n'),
    );
    // Without business hours: the time in UTC, and no open/closed line.
    expect(contextBlock({ contextResolvers: ['temporal'] }, now, 'api')).toBe(
      'Context:\n- Current local time: Monday 2026-07-06 07:00 (UTC).',
    );
  });

  it('conversation: standalone, first message, or message n of a session with its start and last message', () => {
    const now = new Date('2026-07-06T07:30:00Z');
    const conv = { contextResolvers: ['conversation' as const] };
    expect(contextBlock(conv, now, 'public_chat')).toBe(
      'Context:\n- Conversation: a standalone request, not part of a session (nothing earlier is remembered beyond the messages given).',
    );
    const first = { turn: 1, sessionStartedAt: now, previousTurnAt: null, lastK: null };
    expect(contextBlock(conv, now, 'public_chat', first)).toBe(
      'Context:\n- Conversation: the first message of a new conversation.',
    );
    const third = {
      turn: 3,
      sessionStartedAt: new Date('2026-07-06T07:00:00Z'),
      previousTurnAt: new Date('2026-07-06T07:29:10Z'),
      lastK: null,
    };
    expect(contextBlock(conv, now, 'api', third)).toBe(
      'Context:\n- Conversation: message 3 of an ongoing conversation started Monday 2026-07-06 07:00 (UTC), 30 minutes ago; the previous message was sent just now; the earlier turns are in the messages that follow.',
    );
    // In the business time zone, and last_k memory says how many earlier turns are shown.
    expect(
      contextBlock({ contextResolvers: ['conversation'], businessHours: weekdays }, now, 'api', {
        ...third,
        turn: 12,
        lastK: 5,
      }),
    ).toContain(
      'message 12 of an ongoing conversation started Monday 2026-07-06 09:00 (Europe/Paris), 30 minutes ago; the previous message was sent just now; only the last 5 of the 11 earlier turns are in the messages that follow.',
    );
  });

  it('elapsed time in words', () => {
    const now = new Date('2026-07-06T12:00:00Z');
    const ago = (ms: number) => elapsed(new Date(now.getTime() - ms), now);
    expect(ago(59_000)).toBe('just now');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(59 * 60_000)).toBe('59 minutes ago');
    expect(ago(3 * 3_600_000)).toBe('3 hours ago');
    expect(ago(47 * 3_600_000)).toBe('47 hours ago');
    expect(ago(72 * 3_600_000)).toBe('3 days ago');
  });
});
