import { randomBytes } from 'node:crypto';

/** A Standard Webhooks signing secret: `whsec_` + 32 random bytes, base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
