import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * `TRUST_PROXY`: which proxies in front of the API may say who the client is (X-Forwarded-For),
 * as Express's `trust proxy` setting takes it. Never "trust everything": then the left-most
 * X-Forwarded-For entry, which the client writes itself, would be the client address that public
 * chat's per-address limit counts, so a visitor could pick a new address for every request.
 *
 * - `false`, `no`, `0` (default): no proxy; the client address is the connection's.
 * - a number n: the n proxies nearest the API are trusted (the n-th entry from the right is the client).
 * - `true`, `yes`: one proxy (what a deployment behind one load balancer meant by `true`).
 * - a comma-separated list of addresses or CIDRs (and Express's names `loopback`, `linklocal`,
 *   `uniquelocal`): the proxies at those addresses are trusted, whatever their number.
 */
export type TrustProxy = false | number | string[];

const MAX_HOPS = 32;
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A whole address: four decimal parts for IPv4 (ipaddr.js would also take `1.5` as 1.0.0.5). */
const isAddress = (text: string) => ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);

function isProxyAddress(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !isAddress(address)) return false;
  if (bits === undefined) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no') return false;
  if (value === 'true' || value === 'yes') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : hops <= MAX_HOPS ? hops : null;
  }
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return entries.length > 0 && entries.every(isProxyAddress) ? entries : null;
}

export const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const parsed = parseTrustProxy(raw);
    if (parsed !== null) return parsed;
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a number of proxies (1-${MAX_HOPS}; true means 1), or a comma-separated list of proxy IPs or CIDRs`,
    });
    return z.NEVER;
  });
