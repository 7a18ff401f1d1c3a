import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * AES-256-GCM for secrets at rest (provider keys, secret headers). Envelope:
 * `v1:<keyId>:<nonce b64>:<ciphertext+tag b64>`; the key id allows rotation (older keys can be
 * passed as `previous`).
 */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(envelope: string): string;
  isEnvelope(value: unknown): value is string;
  /** HMAC-SHA256 (base64url) of `data` with a key derived from the current secrets key for `purpose`. */
  sign(purpose: string, data: string): string;
  /** Whether `signature` is sign(purpose, data), compared in constant time. */
  verify(purpose: string, data: string, signature: string): boolean;
}

export function createSecretBox(key: Buffer, keyId: string, previous: Record<string, Buffer> = {}): SecretBox {
  if (key.length !== 32) throw new Error('secrets key must be 32 bytes');
  const keys: Record<string, Buffer> = { ...previous, [keyId]: key };
  const macKeys = new Map<string, Buffer>();
  // A separate key per purpose (HKDF), so a signature can never be confused with another use of the key.
  const macKey = (purpose: string): Buffer => {
    let k = macKeys.get(purpose);
    if (!k) {
      k = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `durable-agents:${purpose}`, 32));
      macKeys.set(purpose, k);
    }
    return k;
  };
  const sign = (purpose: string, data: string): string =>
    createHmac('sha256', macKey(purpose)).update(data, 'utf8').digest('base64url');
  return {
    sign,
    verify(purpose, data, signature) {
      const expected = Buffer.from(sign(purpose, data));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    encrypt(plaintext) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1:${keyId}:${nonce.toString('base64')}:${body.toString('base64')}`;
    },
    decrypt(envelope) {
      const [version, id, nonceB64, bodyB64] = envelope.split(':');
      const k = id ? keys[id] : undefined;
      if (version !== 'v1' || !k || !nonceB64 || !bodyB64) throw new Error('unreadable secret envelope');
      const body = Buffer.from(bodyB64, 'base64');
      if (body.length < 16) throw new Error('unreadable secret envelope');
      // A fixed tag length: GCM otherwise accepts a truncated (down to 4-byte) tag.
      const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(nonceB64, 'base64'), { authTagLength: 16 });
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
    },
    isEnvelope(value): value is string {
      return typeof value === 'string' && /^v1:[a-zA-Z0-9_-]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/.test(value);
    },
  };
}

/** The dev default: a random key generated once and kept under DATA_DIR (mode 0600). */
export function loadOrCreateDevKey(dataDir: string): Buffer {
  const path = join(dataDir, 'secrets.key');
  if (existsSync(path)) return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(path, key.toString('base64') + '\n', { mode: 0o600 });
  return key;
}
