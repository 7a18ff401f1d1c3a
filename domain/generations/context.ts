import type { BusinessHours, ContextResolver } from '../../contracts/schemas/agent-presence.js';

/**
 * Context resolvers: blocks of facts added to a generation's system prompt when it starts (the
 * agent's `contextResolvers`). Pure functions of the agent's settings, the clock, the channel and
 * the generation's place in its session, so the stored initial messages say exactly what the
 * model was told.
 */

/** Where a generation was started: an API key (`api`) or an agent's public-chat key. */
export type Channel = 'api' | 'public_chat';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
type Weekday = (typeof WEEKDAYS)[number];

export interface LocalTime {
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
  /** e.g. "Monday 2026-11-23 14:05". */
  text: string;
}

export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const weekday = parts.weekday!.slice(0, 3).toLowerCase() as Weekday;
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  return {
    weekday,
    minutes: hour * 60 + minute,
    text: `${parts.weekday} ${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`,
  };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Open now? A window whose close is not after its open runs past midnight into the next day. */
export function isOpen(hours: BusinessHours, at: LocalTime): boolean {
  const yesterday = WEEKDAYS[(WEEKDAYS.indexOf(at.weekday) + 6) % 7]!;
  return hours.schedule.some((w) => {
    const open = toMinutes(w.open);
    const close = toMinutes(w.close);
    if (open < close) return w.days.includes(at.weekday) && at.minutes >= open && at.minutes < close;
    return (w.days.includes(at.weekday) && at.minutes >= open) || (w.days.includes(yesterday) && at.minutes < close);
  });
}

export interface ContextSettings {
  contextResolvers: ContextResolver[];
  businessHours?: BusinessHours | undefined;
}

/** Where a generation stands in its session (for the `conversation` resolver). */
export interface ConversationFacts {
  /** The generation's turn number (1 = the session's first message). */
  turn: number;
  sessionStartedAt: Date;
  /** When the previous turn was sent (null on the first turn). */
  previousTurnAt: Date | null;
  /** Memory `last_k`: how many earlier turns the model is shown at most (null = all). */
  lastK: number | null;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function elapsed(from: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - from.getTime()) / 60_000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** The `conversation` line: which message of the conversation this is, and since when it runs. */
function conversationLine(facts: ConversationFacts | null, now: Date, timeZone: string): string {
  if (!facts)
    return 'Conversation: a standalone request, not part of a session (nothing earlier is remembered beyond the messages given).';
  if (facts.turn <= 1) return 'Conversation: the first message of a new conversation.';
  const earlier = facts.turn - 1;
  const started = localTime(facts.sessionStartedAt, timeZone).text;
  const parts = [
    `Conversation: message ${facts.turn} of an ongoing conversation started ${started} (${timeZone}), ${elapsed(facts.sessionStartedAt, now)}`,
  ];
  if (facts.previousTurnAt) parts.push(`the previous message was sent ${elapsed(facts.previousTurnAt, now)}`);
  parts.push(
    facts.lastK !== null && facts.lastK < earlier
      ? `only the last ${facts.lastK} of the ${earlier} earlier turns are in the messages that follow`
      : `the earlier turn${earlier === 1 ? ' is' : 's are'} in the messages that follow`,
  );
  return `${parts.join('; ')}.`;
}

/**
 * The context block for the system prompt, or null when the agent asks for none. `conversation`
 * is the generation's place in its session (null: not in a session).
 */
export function contextBlock(
  settings: ContextSettings,
  now: Date,
  channel: Channel,
  conversation: ConversationFacts | null = null,
): string | null {
  const lines: string[] = [];
  for (const resolver of settings.contextResolvers) {
    if (resolver === 'temporal') {
      const timeZone = settings.businessHours?.timeZone ?? 'UTC';
      const local = localTime(now, timeZone);
      lines.push(`Current local time: ${local.text} (${timeZone}).`);
      if (settings.businessHours)
        lines.push(`Business hours: ${isOpen(settings.businessHours, local) ? 'open now' : 'closed now'}.`);
    } else if (resolver === 'channel') {
      lines.push(
        channel === 'public_chat'
          ? 'Channel: public chat (an anonymous visitor through the chat widget or the public chat endpoint).'
          : 'Channel: API (an application using a project API key).',
      );
    } else if (resolver === 'conversation') {
      lines.push(conversationLine(conversation, now, settings.businessHours?.timeZone ?? 'UTC'));
    }
  }
  return lines.length ? `Context:\n${lines.map((l) => `- ${l}`).join('\n')}` : null;
}
