import { createHash, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../../contracts/ids.js';

/** API keys: `da_` + 40 random characters. The first 16 characters are the stored lookup prefix. */
export const KEY_PREFIX_LENGTH = 16;

export function generateApiKey(): string {
  return `da_${randomToken(40)}`;
}

export function keyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX_LENGTH);
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
