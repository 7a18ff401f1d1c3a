import { SECRET_PLACEHOLDER } from '../contracts/schemas/index.js';
import type { StoredHeaderValue } from '../contracts/snapshot.js';
import type { SecretBox } from '../infra/crypto/secrets.js';

export type HeaderInput = Record<string, string | { value: string; secret: boolean }>;

/** Secret header values are encrypted at rest (`{ encrypted }`); plain ones are stored as given. */
export function storeHeaders(headers: HeaderInput, secrets: SecretBox): Record<string, StoredHeaderValue> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : v.secret ? { encrypted: secrets.encrypt(v.value) } : v.value,
    ]),
  );
}

/** As shown in responses: secret values replaced by the placeholder. */
export function showHeaders(headers: Record<string, StoredHeaderValue>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, typeof v === 'string' ? v : SECRET_PLACEHOLDER]),
  );
}

/**
 * Stored headers as a request would have sent them, for re-validating a merge patch: secret
 * values become a stand-in that passes validation and is never written (the stored block is kept).
 */
export function headersAsInput(headers: Record<string, StoredHeaderValue>): HeaderInput {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, typeof v === 'string' ? v : { value: 'stored-secret', secret: true }]),
  );
}
