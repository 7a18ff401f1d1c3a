import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/**
 * SSRF guard at the connection: every TCP connection made through the returned
 * dispatcher resolves the host, checks every resolved address, and connects to the checked
 * address itself (no second lookup to race). Redirects open new connections, so each hop is
 * checked too. Only global unicast addresses pass unless allow-listed.
 */

export class SsrfBlockedError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`Blocked request to ${host} (${address}, ${range} address); allow it with SSRF_ALLOWLIST`);
    this.name = 'SsrfBlockedError';
  }
}

export interface AllowList {
  hosts: Set<string>;
  cidrs: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
}

export function parseAllowList(entries: string[]): AllowList {
  const hosts = new Set<string>();
  const cidrs: AllowList['cidrs'] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes('/')) cidrs.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const addr = ipaddr.process(entry);
      cidrs.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
    } else hosts.add(entry);
  }
  return { hosts, cidrs };
}

function inAllowList(address: ipaddr.IPv4 | ipaddr.IPv6, allow: AllowList): boolean {
  return allow.cidrs.some(([net, bits]) => net.kind() === address.kind() && address.match([net, bits] as never));
}

/** Throws SsrfBlockedError unless the address is public unicast or allow-listed. */
export function checkAddress(host: string, address: string, allow: AllowList): void {
  const parsed = ipaddr.process(address);
  if (inAllowList(parsed, allow)) return;
  const range = parsed.range();
  if (range !== 'unicast') throw new SsrfBlockedError(host, parsed.toString(), range);
  // Deprecated IPv4-compatible IPv6 (::a.b.c.d) embeds an IPv4 address that process() keeps as IPv6.
  if (parsed.kind() === 'ipv6' && parsed.match(ipaddr.parseCIDR('::/96'))) {
    throw new SsrfBlockedError(host, parsed.toString(), 'ipv4Compatible');
  }
}

/** Resolves a host and returns the first address, after checking all of them. */
export async function resolveChecked(host: string, allow: AllowList): Promise<{ address: string; family: number }> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (allow.hosts.has(bare.toLowerCase())) {
    if (isIP(bare)) return { address: bare, family: isIP(bare) };
    const first = await lookup(bare);
    return first;
  }
  const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookup(bare, { all: true });
  if (addresses.length === 0) throw new Error(`${host} did not resolve`);
  for (const a of addresses) checkAddress(host, a.address, allow);
  return addresses[0]!;
}

export function createGuardedAgent(allow: AllowList, options: { connectTimeoutMs?: number } = {}): Agent {
  const connect = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000 });
  return new Agent({
    connect(opts, callback) {
      resolveChecked(opts.hostname, allow).then(
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
