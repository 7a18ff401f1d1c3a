import { z, apiKeyIdSchema, UNPROCESSABLE_RULE } from './common.js';

/** Longest wait an approval deadline may have: one year. */
export const MAX_APPROVAL_SECONDS = 365 * 24 * 3600;

const ISO_DURATION = /^P(?:(\d{1,6})D)?(?:T(?:(\d{1,7})H)?(?:(\d{1,9})M)?(?:(\d{1,10})S)?)?$/;

/**
 * Seconds of an `expiresAfter` value: a whole number of seconds, or an ISO-8601 duration limited to
 * days, hours, minutes and seconds (`PT10M`, `P2D`, `P1DT12H`). Months and years have no fixed
 * length, so they are refused. null when the string is not such a duration.
 */
export function durationSeconds(value: number | string): number | null {
  if (typeof value === 'number') return value;
  const m = ISO_DURATION.exec(value);
  if (!m || value === 'P' || value.endsWith('T')) return null;
  const [d, h, min, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number];
  return ((d * 24 + h) * 60 + min) * 60 + s;
}

export const expiresAfterSchema = z
  .union([
    z.number().int().min(1).max(MAX_APPROVAL_SECONDS),
    z
      .string()
      .max(40)
      .regex(ISO_DURATION, 'must be an ISO-8601 duration in days, hours, minutes or seconds, e.g. PT10M or P2D'),
  ])
  .superRefine((v, ctx) => {
    if (typeof v === 'number') return;
    const seconds = durationSeconds(v);
    // Not a duration at all: the pattern above already says so (400).
    if (seconds === null) return;
    if (seconds < 1 || seconds > MAX_APPROVAL_SECONDS)
      ctx.addIssue({
        code: 'custom',
        message: 'must be a duration between 1 second and 365 days',
        params: UNPROCESSABLE_RULE,
      });
  })
  .describe('Seconds (integer) or an ISO-8601 duration of days, hours, minutes, seconds (e.g. `PT30M`, `P2D`).');

export const approvalEscalationSchema = z
  .object({
    approvers: z
      .array(apiKeyIdSchema)
      .min(1)
      .max(100)
      .describe('API key ids that decide once the first deadline passed; the first group no longer may.'),
    expiresAfter: expiresAfterSchema,
    onExpiry: z
      .enum(['deny', 'approve'])
      .default('deny')
      .describe('What the second deadline decides; `approve` needs `allowAutoApprove` on the hook.'),
    expiryReason: z
      .string()
      .min(1)
      .max(1000)
      .optional()
      .describe('Shown to the model when the second deadline denies.'),
  })
  .strict()
  .openapi('ApprovalEscalationPolicy');

/** The deadline fields of an approval hook config, as `checkApprovalDeadlines` reads them. */
interface DeadlineFields {
  timeoutSeconds?: number | undefined;
  expiresAfter?: number | string | undefined;
  onExpiry?: 'deny' | 'approve' | 'escalate' | undefined;
  allowAutoApprove?: boolean | undefined;
  remindBefore?: number | undefined;
  escalation?: { expiresAfter: number | string; onExpiry?: 'deny' | 'approve' | undefined } | undefined;
}

/** The rules across fields the OpenAPI document cannot state: each a 422. */
export function checkApprovalDeadlines(c: DeadlineFields, ctx: z.core.$RefinementCtx): void {
  const fail = (path: string[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message, params: UNPROCESSABLE_RULE });
  if (c.timeoutSeconds !== undefined && c.expiresAfter !== undefined)
    fail(['expiresAfter'], 'expiresAfter is another name for timeoutSeconds: give only one');
  const autoApprove = c.onExpiry === 'approve' || c.escalation?.onExpiry === 'approve';
  if (autoApprove && c.allowAutoApprove !== true)
    fail(
      [c.onExpiry === 'approve' ? 'onExpiry' : 'escalation'],
      'approving at expiry needs allowAutoApprove: true on the hook',
    );
  if (c.onExpiry === 'escalate' && c.escalation === undefined)
    fail(['escalation'], 'onExpiry escalate needs an escalation (approvers, expiresAfter)');
  if (c.onExpiry !== 'escalate' && c.escalation !== undefined)
    fail(['escalation'], 'escalation is only used with onExpiry: escalate');
  if (c.remindBefore !== undefined && c.expiresAfter === undefined && c.timeoutSeconds === undefined)
    fail(['remindBefore'], 'remindBefore needs the hook to set its own expiresAfter');
  const first = c.expiresAfter !== undefined ? durationSeconds(c.expiresAfter) : (c.timeoutSeconds ?? null);
  if (c.remindBefore !== undefined && first !== null && c.remindBefore >= first)
    fail(['remindBefore'], 'remindBefore must be shorter than the deadline it reminds of');
}
