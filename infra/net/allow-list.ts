import ipaddr from 'ipaddr.js';

/**
 * Allow-list entries (SSRF_ALLOWLIST, PROVIDER_ALLOWLIST, TOOL_ALLOWLIST): a host name, an IP or a
 * CIDR, each optionally with a port, so an operator can open one local model server
 * (`127.0.0.1:11434`) without opening every service on that address. Forms:
 * `host`, `host:port`, `1.2.3.4`, `1.2.3.4:port`, `10.0.0.0/8`, `10.0.0.0/8:port`, `::1`,
 * `fd00::/8`, `[::1]:port`, `[fd00::/8]:port`. A bare IPv6 address cannot carry a port (its colons
 * would be ambiguous): brackets first.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface AllowList {
  /** Host names allowed whatever they resolve to, with their ports (null: any port). */
  hosts: Map<string, Set<number> | null>;
  /** Address ranges: [network, prefix bits, port or null for any port]. */
  cidrs: Array<[Address, number, number | null]>;
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export type AllowEntry =
  | { kind: 'host'; host: string; port: number | null }
  | { kind: 'range'; range: [Address, number]; port: number | null };

function parsePort(text: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65535) throw new Error(`bad port ${text}`);
  return Number(text);
}

function parseTarget(target: string, port: number | null, bracketed: boolean): AllowEntry {
  if (target.includes('/')) {
    const [net, bits] = ipaddr.parseCIDR(target);
    // An IPv4-mapped IPv6 range is stored as the IPv4 range it names.
    if (net.kind() === 'ipv6' && (net as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96)
      return { kind: 'range', range: [(net as ipaddr.IPv6).toIPv4Address(), bits - 96], port };
    return { kind: 'range', range: [net, bits], port };
  }
  if (ipaddr.isValid(target)) {
    const addr = ipaddr.process(target);
    return { kind: 'range', range: [addr, addr.kind() === 'ipv4' ? 32 : 128], port };
  }
  if (!bracketed && HOSTNAME.test(target)) return { kind: 'host', host: target, port };
  throw new Error(`not a host, IP or CIDR: ${target}`);
}

/** One entry, or an Error saying what is wrong with it. */
export function parseAllowEntry(raw: string): AllowEntry {
  const entry = raw.trim().toLowerCase();
  const bracket = /^\[([^\]]+)\](?::(.*))?$/.exec(entry);
  if (bracket) return parseTarget(bracket[1]!, bracket[2] === undefined ? null : parsePort(bracket[2]), true);
  const colons = entry.split(':').length - 1;
  if (colons === 1) {
    const [target, port] = entry.split(':') as [string, string];
    return parseTarget(target, parsePort(port), false);
  }
  return parseTarget(entry, null, false);
}

export function isAllowListEntry(raw: string): boolean {
  try {
    parseAllowEntry(raw);
    return true;
  } catch {
    return false;
  }
}

/** Empty entries are skipped; a malformed one throws (config/env.ts refuses them at start-up). */
export function parseAllowList(entries: readonly string[]): AllowList {
  const hosts: AllowList['hosts'] = new Map();
  const cidrs: AllowList['cidrs'] = [];
  for (const raw of entries) {
    if (!raw.trim()) continue;
    const entry = parseAllowEntry(raw);
    if (entry.kind === 'range') {
      cidrs.push([...entry.range, entry.port]);
      continue;
    }
    const ports = hosts.get(entry.host);
    if (entry.port === null || ports === null) hosts.set(entry.host, null);
    else hosts.set(entry.host, new Set([...(ports ?? []), entry.port]));
  }
  return { hosts, cidrs };
}

/** Both lists' entries: a purpose's list adds to the shared SSRF_ALLOWLIST. */
export function combineAllowLists(...lists: AllowList[]): AllowList {
  const hosts: AllowList['hosts'] = new Map();
  for (const list of lists) {
    for (const [host, ports] of list.hosts) {
      const known = hosts.get(host);
      hosts.set(host, ports === null || known === null ? null : new Set([...(known ?? []), ...ports]));
    }
  }
  return { hosts, cidrs: lists.flatMap((l) => l.cidrs) };
}

export function hostAllowed(host: string, port: number, allow: AllowList): boolean {
  const ports = allow.hosts.get(host.toLowerCase());
  return ports === null || (ports !== undefined && ports.has(port));
}

export function addressAllowed(address: Address, port: number, allow: AllowList): boolean {
  return allow.cidrs.some(
    ([net, bits, only]) =>
      (only === null || only === port) && net.kind() === address.kind() && address.match([net, bits] as never),
  );
}
