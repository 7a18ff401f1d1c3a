import { randomBytes } from 'node:crypto';
import { idPrefix } from './generation/index.js';

export { idPrefix };

export type IdKind = keyof typeof idPrefix;

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 22 base62 characters ≈ 131 bits of randomness. */
export function randomToken(length = 22): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += ALPHABET[b % 62]; // reject the top 8 values to keep the distribution uniform
  }
  return out.length === length ? out : randomToken(length);
}

export function newId(kind: IdKind): string {
  return idPrefix[kind] + randomToken();
}

/** Shape check for path parameters: the right prefix and a sane token. */
export function isIdOf(kind: IdKind, value: string): boolean {
  const prefix = idPrefix[kind];
  if (!value.startsWith(prefix)) return false;
  // `agt_` must not accept `agt_tool_…`/`agt_gen_…` ids and vice versa.
  const rest = value.slice(prefix.length);
  return /^[0-9a-zA-Z]{8,64}$/.test(rest);
}
