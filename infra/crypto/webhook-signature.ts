import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signing: `webhook-signature: v1,<base64 HMAC-SHA256(secret, "id.timestamp.body")>`.
 * Secrets written as `whsec_<base64>` are used as the decoded bytes; any other string as UTF-8.
 */
function secretBytes(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export function webhookHeaders(
  secret: string | null,
  id: string,
  body: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    ...(secret ? { 'webhook-signature': signWebhook(secret, id, timestamp, body) } : {}),
  };
}

/** Verifies a signature header (which may list several space-separated signatures). */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
): boolean {
  const expected = Buffer.from(signWebhook(secret, headers.id, Number(headers.timestamp), body));
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
