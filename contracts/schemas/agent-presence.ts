import { z, UNPROCESSABLE_RULE } from './common.js';

/**
 * How an agent presents itself and what it knows of its surroundings: business hours in a time
 * zone, the context resolvers it runs, the chat widget's branding (agents.ts uses them).
 */

const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24 h)')
  .openapi({ example: '09:00' });

/**
 * An IANA time zone name. Its shape is in the document; whether the name is known is up to the
 * server's time zone database (checked with Intl, so a typo is refused, not a silent UTC), which
 * the document cannot list, so an unknown well-formed name is a 422.
 */
export const timeZoneSchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_+-]{0,31}(\/[A-Za-z0-9][A-Za-z0-9_+-]{0,31}){0,2}$/, 'must be an IANA time zone name')
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be an IANA time zone such as Europe/Paris', params: UNPROCESSABLE_RULE },
  )
  .describe('IANA time zone such as Europe/Paris or UTC (a name the server does not know is a 422)');

export const weekdaySchema = z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);

export const businessHoursSchema = z
  .object({
    timeZone: timeZoneSchema,
    /** Opening windows; a window whose close is earlier than its open runs past midnight. */
    schedule: z
      .array(z.object({ days: z.array(weekdaySchema).min(1).max(7), open: hhmm, close: hhmm }).strict())
      .max(28),
  })
  .strict()
  .openapi('BusinessHours');
export type BusinessHours = z.infer<typeof businessHoursSchema>;

export const contextResolverSchema = z.enum(['conversation', 'temporal', 'channel']);
export type ContextResolver = z.infer<typeof contextResolverSchema>;

export const DEFAULT_WELCOME_MESSAGE = 'Hi! How can I help you?';
export const DEFAULT_PRIMARY_COLOR = '#8b5cf6';

export const brandingSchema = z
  .object({
    primaryColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')
      .default(DEFAULT_PRIMARY_COLOR),
  })
  .strict()
  .openapi('Branding');
