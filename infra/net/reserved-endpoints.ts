import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';
import { ReservedEndpointError } from './blocked.js';

export { ReservedEndpointError } from './blocked.js';

/**
 * The service's own endpoints (its database, Temporal's frontend and UI, its API and metrics
 * ports). Tenant traffic (tools, MCP, hooks, webhooks, builtins, model providers) never connects
 * to them, whatever an allow-list says: an allow-list entry meant for a local model server must
 * not open the database on the same address. Checked per connection by (resolved address, port).
 */

export interface ReservedEndpoint {
  /** What it is, for the refusal's message ("the service's database"). */
  name: string;
  /** A host name or IP; a loopback or local one stands for every address of this machine. */
  host: string;
  port: number;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Resolved addresses of a host name are kept this long (the service's own names rarely move). */
const RESOLVE_TTL_MS = 30_000;

function parse(address: string): Address | null {
  const bare = address.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : null;
}

/** Loopback, unspecified (0.0.0.0 connects to this machine) or one of this machine's interfaces. */
function isLocal(address: Address, own: readonly Address[]): boolean {
  const range = address.range();
  if (range === 'loopback' || range === 'unspecified') return true;
  return own.some((a) => a.kind() === address.kind() && a.toString() === address.toString());
}

function ownAddresses(): Address[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((i) => (i ? [parse(i.address)] : []))
    .filter((a): a is Address => a !== null);
}

export class ReservedEndpoints {
  /** No endpoints reserved (tests of the guard alone, clients that reach no service of ours). */
  static readonly none = new ReservedEndpoints([]);

  private readonly resolved = new Map<string, { addresses: Address[]; at: number }>();
  private own: { addresses: Address[]; at: number } | null = null;

  constructor(readonly endpoints: readonly ReservedEndpoint[]) {}

  private async addressesOf(host: string): Promise<Address[]> {
    const literal = parse(host);
    if (literal) return [literal];
    const cached = this.resolved.get(host);
    if (cached && Date.now() - cached.at < RESOLVE_TTL_MS) return cached.addresses;
    const found = await lookup(host, { all: true }).catch(() => []);
    const addresses = found.map((f) => parse(f.address)).filter((a): a is Address => a !== null);
    this.resolved.set(host, { addresses, at: Date.now() });
    return addresses;
  }

  private ownAddresses(): Address[] {
    if (!this.own || Date.now() - this.own.at > RESOLVE_TTL_MS)
      this.own = { addresses: ownAddresses(), at: Date.now() };
    return this.own.addresses;
  }

  /** Throws ReservedEndpointError when `address`:`port` (a connection about to open) is one of ours. */
  async check(host: string, address: string, port: number): Promise<void> {
    const target = parse(address);
    if (!target || this.endpoints.length === 0) return;
    for (const endpoint of this.endpoints) {
      if (endpoint.port !== port) continue;
      const addresses = await this.addressesOf(endpoint.host);
      const own = this.ownAddresses();
      const same = addresses.some((a) => a.kind() === target.kind() && a.toString() === target.toString());
      // A service on this machine is reachable on any of its addresses (it may listen on all).
      const local = addresses.some((a) => isLocal(a, own)) && isLocal(target, own);
      if (same || local) throw new ReservedEndpointError(host, target.toString(), port, endpoint.name);
    }
  }
}

/** host:port of an address such as TEMPORAL_ADDRESS (`host:7233`, `[::1]:7233`). */
export function hostPort(address: string, defaultPort: number): { host: string; port: number } | null {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(address) ?? /^([^:]+)(?::(\d+))?$/.exec(address);
  if (m) return { host: m[1]!, port: m[2] ? Number(m[2]) : defaultPort };
  return isIP(address) ? { host: address, port: defaultPort } : null;
}

/** host:port of a URL (its scheme's default port when it names none). */
export function urlHostPort(url: string, defaultPort: number): { host: string; port: number } | null {
  try {
    const u = new URL(url);
    if (!u.hostname) return null;
    const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : u.protocol === 'http:' ? 80 : defaultPort;
    return { host: u.hostname.replace(/^\[|\]$/g, ''), port };
  } catch {
    return null;
  }
}
