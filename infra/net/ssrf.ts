import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';
import { addressAllowed, hostAllowed, parseAllowList, type AllowList } from './allow-list.js';
import { SsrfBlockedError } from './blocked.js';
import { ReservedEndpoints } from './reserved-endpoints.js';

export { parseAllowList, type AllowList } from './allow-list.js';
export { ReservedEndpointError, SsrfBlockedError } from './blocked.js';

/**
 * SSRF guard at the connection: every TCP connection made through the returned
 * dispatcher resolves the host, checks every resolved address, and connects to the checked
 * address itself (no second lookup to race). Redirects open new connections, so each hop is
 * checked too. Only global unicast addresses pass unless allow-listed (by address, or by address
 * and port), and the service's own endpoints never pass (reserved-endpoints.ts).
 */

/** What one purpose (model providers, or tenant tools) may connect to. */
export interface OutboundRules {
  allow: AllowList;
  /** Refused whatever `allow` says. */
  reserved: ReservedEndpoints;
}

/** Rules from allow-list entries (tests, and clients that reach nothing of the service's own). */
export function outboundRules(entries: readonly string[], reserved = ReservedEndpoints.none): OutboundRules {
  return { allow: parseAllowList(entries), reserved };
}

/** Throws SsrfBlockedError unless the address is public unicast or allow-listed for `port`. */
export function checkAddress(host: string, address: string, port: number, allow: AllowList): void {
  const parsed = ipaddr.process(address);
  if (addressAllowed(parsed, port, allow)) return;
  const range = parsed.range();
  if (range !== 'unicast') throw new SsrfBlockedError(host, parsed.toString(), range);
  // Deprecated IPv4-compatible IPv6 (::a.b.c.d) embeds an IPv4 address that process() keeps as IPv6.
  if (parsed.kind() === 'ipv6' && parsed.match(ipaddr.parseCIDR('::/96'))) {
    throw new SsrfBlockedError(host, parsed.toString(), 'ipv4Compatible');
  }
}

/**
 * Resolves a host for a connection to `port` and returns the first address, after checking all of
 * them against the allow-list and the one connected to against the reserved endpoints.
 */
export async function resolveChecked(
  host: string,
  port: number,
  rules: OutboundRules,
): Promise<{ address: string; family: number }> {
  const bare = host.replace(/^\[|\]$/g, '');
  let chosen: { address: string; family: number };
  if (hostAllowed(bare, port, rules.allow)) {
    // An allow-listed name is trusted whatever it resolves to (SSRF_ALLOWLIST's meaning).
    chosen = isIP(bare) ? { address: bare, family: isIP(bare) } : await lookup(bare);
  } else {
    const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookup(bare, { all: true });
    if (addresses.length === 0) throw new Error(`${host} did not resolve`);
    for (const a of addresses) checkAddress(host, a.address, port, rules.allow);
    chosen = addresses[0]!;
  }
  await rules.reserved.check(host, chosen.address, port);
  return chosen;
}

/** The port a connection goes to (undici leaves it empty for the scheme's default). */
function portOf(opts: { port?: string | number; protocol?: string }): number {
  if (opts.port) return Number(opts.port);
  return opts.protocol === 'https:' ? 443 : 80;
}

export function createGuardedAgent(rules: OutboundRules, options: { connectTimeoutMs?: number } = {}): Agent {
  const connect = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000 });
  return new Agent({
    connect(opts, callback) {
      resolveChecked(opts.hostname, portOf(opts), rules).then(
        ({ address }) =>
          connect(
            {
              ...opts,
              hostname: address,
              servername: opts.servername ?? (isIP(opts.hostname) ? undefined : opts.hostname),
            } as typeof opts,
            callback,
          ),
        (err: Error) => callback(err, null),
      );
    },
  });
}
