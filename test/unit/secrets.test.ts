import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadOrCreateDevKey } from '../../infra/crypto/secrets.js';

const key1 = Buffer.alloc(32, 1);
const key2 = Buffer.alloc(32, 2);

/** Replaces the byte at `index` of the decoded ciphertext+tag part of an envelope. */
function tamper(envelope: string, index: (length: number) => number): string {
  const parts = envelope.split(':');
  const body = Buffer.from(parts[3]!, 'base64');
  const i = index(body.length);
  body[i] = body[i]! ^ 0x01;
  parts[3] = body.toString('base64');
  return parts.join(':');
}

describe('createSecretBox', () => {
  it('round-trips text, including empty and non-ASCII strings', () => {
    const box = createSecretBox(key1, 'k1');
    for (const plaintext of ['sk-live-123', '', 'ünïcødé 🔑', 'x'.repeat(10_000)]) {
      const envelope = box.encrypt(plaintext);
      expect(envelope).not.toContain(plaintext || '\u0000');
      expect(box.decrypt(envelope)).toBe(plaintext);
    }
  });

  it('writes the v1:<keyId>:<nonce>:<body> envelope with a 12-byte nonce and a 16-byte tag', () => {
    const envelope = createSecretBox(key1, 'k-1_a').encrypt('hello');
    const [version, keyId, nonce, body] = envelope.split(':');
    expect(version).toBe('v1');
    expect(keyId).toBe('k-1_a');
    expect(Buffer.from(nonce!, 'base64')).toHaveLength(12);
    expect(Buffer.from(body!, 'base64')).toHaveLength('hello'.length + 16);
  });

  it('uses a fresh nonce for every encryption', () => {
    const box = createSecretBox(key1, 'k1');
    const a = box.encrypt('same');
    const b = box.encrypt('same');
    expect(a).not.toBe(b);
    expect(a.split(':')[2]).not.toBe(b.split(':')[2]);
    expect(box.decrypt(a)).toBe('same');
    expect(box.decrypt(b)).toBe('same');
  });

  it('rejects a key that is not 32 bytes', () => {
    expect(() => createSecretBox(Buffer.alloc(16), 'k1')).toThrow(/32 bytes/);
    expect(() => createSecretBox(Buffer.alloc(33), 'k1')).toThrow(/32 bytes/);
  });

  it('detects a flipped byte in the ciphertext or the tag', () => {
    const box = createSecretBox(key1, 'k1');
    const envelope = box.encrypt('provider api key');
    expect(() => box.decrypt(tamper(envelope, () => 0))).toThrow();
    expect(() => box.decrypt(tamper(envelope, (n) => n - 1))).toThrow();
    expect(() => box.decrypt(tamper(envelope, (n) => n - 16))).toThrow();
  });

  it('detects a changed nonce', () => {
    const box = createSecretBox(key1, 'k1');
    const parts = box.encrypt('secret').split(':');
    const nonce = Buffer.from(parts[2]!, 'base64');
    nonce[0] = nonce[0]! ^ 0x80;
    parts[2] = nonce.toString('base64');
    expect(() => box.decrypt(parts.join(':'))).toThrow();
  });

  it('rejects a truncated authentication tag (GCM would accept a 4-byte tag prefix)', () => {
    // Forge an envelope for "" whose tag is only the first 4 bytes of the real tag: valid for GCM
    // with a short tag, so only a strict 16-byte tag length rejects it.
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key1, nonce);
    cipher.final();
    const shortTag = cipher.getAuthTag().subarray(0, 4);
    const forged = `v1:k1:${nonce.toString('base64')}:${shortTag.toString('base64')}`;
    expect(() => createSecretBox(key1, 'k1').decrypt(forged)).toThrow();
  });

  it('throws for an unknown key id or a wrong key under the same id', () => {
    const envelope = createSecretBox(key1, 'k1').encrypt('secret');
    expect(() => createSecretBox(key1, 'k2').decrypt(envelope)).toThrow(/unreadable/);
    expect(() => createSecretBox(key2, 'k1').decrypt(envelope)).toThrow();
  });

  it('throws for malformed envelopes', () => {
    const box = createSecretBox(key1, 'k1');
    const good = box.encrypt('secret').split(':');
    expect(() => box.decrypt('plaintext')).toThrow(/unreadable/);
    expect(() => box.decrypt(`v2:${good.slice(1).join(':')}`)).toThrow(/unreadable/);
    expect(() => box.decrypt(`v1:k1:${good[2]}:`)).toThrow(/unreadable/);
    expect(() => box.decrypt(`v1:k1::${good[3]}`)).toThrow(/unreadable/);
  });

  it('decrypts envelopes of previous keys after rotation and encrypts with the current one', () => {
    const oldBox = createSecretBox(key1, 'k1');
    const oldEnvelope = oldBox.encrypt('written before rotation');

    const rotated = createSecretBox(key2, 'k2', { k1: key1 });
    expect(rotated.decrypt(oldEnvelope)).toBe('written before rotation');
    const fresh = rotated.encrypt('written after rotation');
    expect(fresh.startsWith('v1:k2:')).toBe(true);
    expect(rotated.decrypt(fresh)).toBe('written after rotation');
    // The old key alone cannot read the new envelope.
    expect(() => oldBox.decrypt(fresh)).toThrow();
  });

  it('the current key wins when a previous entry reuses its id', () => {
    const box = createSecretBox(key2, 'k1', { k1: key1 });
    expect(box.decrypt(createSecretBox(key2, 'k1').encrypt('x'))).toBe('x');
  });

  it('isEnvelope recognises envelopes only', () => {
    const box = createSecretBox(key1, 'k1');
    expect(box.isEnvelope(box.encrypt('x'))).toBe(true);
    expect(box.isEnvelope(box.encrypt(''))).toBe(true);
    expect(box.isEnvelope('sk-live-abc')).toBe(false);
    expect(box.isEnvelope('v1:k1:abc')).toBe(false);
    expect(box.isEnvelope('v2:k1:abc=:def=')).toBe(false);
    expect(box.isEnvelope('v1:k 1:abc:def')).toBe(false);
    expect(box.isEnvelope(42)).toBe(false);
    expect(box.isEnvelope(null)).toBe(false);
    expect(box.isEnvelope({ value: 'v1:k1:a:b' })).toBe(false);
  });
});

describe('loadOrCreateDevKey', () => {
  it('creates a 32-byte key once (mode 0600) and returns the same key afterwards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-test-'));
    try {
      const dataDir = join(dir, 'nested', 'data');
      const first = loadOrCreateDevKey(dataDir);
      expect(first).toHaveLength(32);
      const path = join(dataDir, 'secrets.key');
      expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64').equals(first)).toBe(true);
      if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(loadOrCreateDevKey(dataDir).equals(first)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
