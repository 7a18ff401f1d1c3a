import { randomBytes } from 'node:crypto';
import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { createProviderClient } from '../../domain/provider-client.js';
import type { SnapshotProvider } from '../../contracts/snapshot.js';
import { createSecretBox } from '../../infra/crypto/secrets.js';

describe('createProviderClient', () => {
  const secrets = createSecretBox(randomBytes(32), 'k1');
  const dispatcher = new Agent();
  const provider = (over: Partial<SnapshotProvider> = {}): SnapshotProvider => ({
    id: 'prov_1',
    kind: 'openai',
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKeyEncrypted: secrets.encrypt('sk-one'),
    defaultModel: 'm',
    headers: null,
    ...over,
  });

  it('reuses the client made from the same provider settings, model and timeout', () => {
    const p = provider();
    const first = createProviderClient(p, secrets, 'm', 1000, dispatcher);
    expect(createProviderClient({ ...p }, secrets, 'm', 1000, dispatcher)).toBe(first);
    expect(first.apiKey).toBe('sk-one');
    expect(first.baseURL).toBe('http://127.0.0.1:9/v1');
  });

  it('makes a new client when the key, URL, headers, model or timeout differ', () => {
    const p = provider();
    const base = createProviderClient(p, secrets, 'm', 1000, dispatcher);
    const rotated = createProviderClient(
      { ...p, apiKeyEncrypted: secrets.encrypt('sk-two') },
      secrets,
      'm',
      1000,
      dispatcher,
    );
    expect(rotated).not.toBe(base);
    expect(rotated.apiKey).toBe('sk-two');
    const moved = createProviderClient({ ...p, baseUrl: 'http://127.0.0.1:10/v1' }, secrets, 'm', 1000, dispatcher);
    expect(moved.baseURL).toBe('http://127.0.0.1:10/v1');
    expect(createProviderClient({ ...p, headers: { 'x-a': '1' } }, secrets, 'm', 1000, dispatcher)).not.toBe(base);
    expect(createProviderClient(p, secrets, 'other', 1000, dispatcher)).not.toBe(base);
    expect(createProviderClient(p, secrets, 'm', 2000, dispatcher).timeout).toBe(2000);
  });

  it('keeps a bounded number of clients (least recently used first out)', () => {
    const p = provider();
    const kept = createProviderClient(p, secrets, 'kept', 1000, dispatcher);
    const firstOfMany = createProviderClient(p, secrets, 'model-0', 1000, dispatcher);
    for (let i = 1; i < 300; i++) {
      createProviderClient(p, secrets, `model-${i}`, 1000, dispatcher);
      // Used again and again: never the least recently used one.
      if (i % 50 === 0) expect(createProviderClient(p, secrets, 'kept', 1000, dispatcher)).toBe(kept);
    }
    expect(createProviderClient(p, secrets, 'kept', 1000, dispatcher)).toBe(kept);
    // 300 models through a cache of 256: the first one left it and is made again.
    expect(createProviderClient(p, secrets, 'model-0', 1000, dispatcher)).not.toBe(firstOfMany);
  });
});
