import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

export const SEND_EMAIL_MAX_RECIPIENTS = 50;
export const SEND_EMAIL_MAX_SUBJECT_CHARS = 300;
export const SEND_EMAIL_MAX_BODY_CHARS = 100_000;
export const SEND_EMAIL_MAX_HTML_CHARS = 200_000;
export const SEND_EMAIL_TIMEOUT_SECONDS = 30;

/**
 * One plain address (no display name, no list): what `to`/`cc`/`bcc` entries and the SMTP_FROM
 * setting must be. ASCII only and a dotted domain, so that no entry can smuggle a second recipient
 * or a header into the message.
 */
export const EMAIL_ADDRESS_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const EMAIL_ADDRESS_MAX_CHARS = 254;

export const sendEmailConfigSchema = z
  .object({
    requireApproval: z
      .boolean()
      .optional()
      .describe('Default true: every e-mail waits for a human approval before it is sent.'),
  })
  .strict();

const addressList = (description: string, minItems: number) => ({
  type: 'array',
  minItems,
  maxItems: SEND_EMAIL_MAX_RECIPIENTS,
  items: { type: 'string', maxLength: EMAIL_ADDRESS_MAX_CHARS, pattern: EMAIL_ADDRESS_PATTERN.source },
  description,
});

export const sendEmailBuiltin: BuiltinDefinition = {
  name: 'send_email',
  description:
    "Send an e-mail from the project's address to one or more recipients: a subject and a plain-text body, an " +
    'HTML body, or both. A human usually approves each e-mail before it leaves.',
  parameters: {
    type: 'object',
    properties: {
      to: addressList('Recipient addresses (plain addresses, no display names)', 1),
      cc: addressList('Carbon-copy addresses', 0),
      bcc: addressList('Blind carbon-copy addresses (not shown to the other recipients)', 0),
      subject: { type: 'string', minLength: 1, maxLength: SEND_EMAIL_MAX_SUBJECT_CHARS, description: 'One line' },
      body: { type: 'string', minLength: 1, maxLength: SEND_EMAIL_MAX_BODY_CHARS, description: 'Plain-text body' },
      html: {
        type: 'string',
        minLength: 1,
        maxLength: SEND_EMAIL_MAX_HTML_CHARS,
        description: 'HTML body (with body: sent as the alternative of the plain text)',
      },
    },
    required: ['to', 'subject'],
    additionalProperties: false,
  },
  config: sendEmailConfigSchema,
  approvalByDefault: true,
  delivery: 'at_most_once',
  limits: `SMTP through the project settings SMTP_URL (secret) and SMTP_FROM; the SMTP host passes the SSRF rules; at most ${SEND_EMAIL_MAX_RECIPIENTS} recipients in to, cc and bcc together, subject ${SEND_EMAIL_MAX_SUBJECT_CHARS} characters, body ${SEND_EMAIL_MAX_BODY_CHARS} and html ${SEND_EMAIL_MAX_HTML_CHARS} characters (body or html required), ${SEND_EMAIL_TIMEOUT_SECONDS} s timeout; human approval unless requireApproval is false; sent at most once per tool call (an interrupted call is not repeated).`,
};
