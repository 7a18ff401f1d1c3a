import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetch, type Agent } from 'undici';
import {
  SsrfBlockedError,
  checkAddress,
  createGuardedAgent,
  outboundRules,
  parseAllowList,
  resolveChecked,
} from '../../infra/net/ssrf.js';
import { ReservedEndpoints } from '../../infra/net/reserved-endpoints.js';

const emptyAllow = parseAllowList([]);

describe('checkAddress', () => {
  const blocked: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.10', 'private'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'linkLocal'], // 169.254.169.254, IPv4-mapped
  ];

  it.each(blocked)('blocks %s (%s)', (address, range) => {
    let thrown: unknown;
    try {
      checkAddress('example.test', address, 80, emptyAllow);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(SsrfBlockedError);
    expect((thrown as SsrfBlockedError).range).toBe(range);
    expect((thrown as SsrfBlockedError).host).toBe('example.test');
  });

  it('reports the unwrapped IPv4 address for an IPv4-mapped IPv6 address', () => {
    expect(() => checkAddress('h', '::ffff:7f00:1', 80, emptyAllow)).toThrow(/127\.0\.0\.1/);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])('allows the public address %s', (address) => {
    expect(() => checkAddress('example.test', address, 80, emptyAllow)).not.toThrow();
  });

  it('lets an allow-listed exact IP through, and only that IP', () => {
    const allow = parseAllowList(['127.0.0.1']);
    expect(() => checkAddress('h', '127.0.0.1', 80, allow)).not.toThrow();
    expect(() => checkAddress('h', '::ffff:127.0.0.1', 80, allow)).not.toThrow();
    expect(() => checkAddress('h', '127.0.0.2', 80, allow)).toThrow(SsrfBlockedError);
    expect(() => checkAddress('h', '::1', 80, allow)).toThrow(SsrfBlockedError);
  });

  it('lets addresses inside an allow-listed CIDR through, and nothing outside it', () => {
    const allow = parseAllowList(['10.1.0.0/16', 'fd00::/8']);
    expect(() => checkAddress('h', '10.1.200.3', 80, allow)).not.toThrow();
    expect(() => checkAddress('h', 'fd00::1234', 80, allow)).not.toThrow();
    expect(() => checkAddress('h', '10.2.0.1', 80, allow)).toThrow(SsrfBlockedError);
    expect(() => checkAddress('h', 'fc00::1', 80, allow)).toThrow(SsrfBlockedError);
  });
});

describe('parseAllowList', () => {
  it('sorts entries into exact IPs, CIDRs and hostnames, trimming and lower-casing', () => {
    const allow = parseAllowList([' 127.0.0.1 ', '10.0.0.0/8', '::1', 'Tools.Internal', '', '  ']);
    expect([...allow.hosts]).toEqual([['tools.internal', null]]);
    expect(allow.cidrs.map(([addr, bits]) => `${addr.toString()}/${bits}`)).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
      '::1/128',
    ]);
  });

  it('stores an IPv4-mapped IPv6 entry as the IPv4 address', () => {
    const allow = parseAllowList(['::ffff:127.0.0.1']);
    expect(allow.cidrs.map(([addr, bits]) => `${addr.kind()} ${addr.toString()}/${bits}`)).toEqual([
      'ipv4 127.0.0.1/32',
    ]);
  });
});

describe('resolveChecked', () => {
  it('rejects a loopback literal', async () => {
    await expect(
      resolveChecked('127.0.0.1', 80, { allow: emptyAllow, reserved: ReservedEndpoints.none }),
    ).rejects.toBeInstanceOf(SsrfBlockedError);
  });

  it('rejects a bracketed IPv6 loopback literal', async () => {
    await expect(
      resolveChecked('[::1]', 80, { allow: emptyAllow, reserved: ReservedEndpoints.none }),
    ).rejects.toBeInstanceOf(SsrfBlockedError);
  });

  it('resolves an allow-listed literal to itself', async () => {
    await expect(
      resolveChecked('127.0.0.1', 80, { allow: parseAllowList(['127.0.0.1']), reserved: ReservedEndpoints.none }),
    ).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });

  it('checks the resolved addresses of a hostname (localhost → loopback)', async () => {
    await expect(
      resolveChecked('localhost', 80, { allow: emptyAllow, reserved: ReservedEndpoints.none }),
    ).rejects.toBeInstanceOf(SsrfBlockedError);
  });

  it('passes a public literal without DNS', async () => {
    await expect(
      resolveChecked('93.184.216.34', 80, { allow: emptyAllow, reserved: ReservedEndpoints.none }),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });
});

// --- The guarded dispatcher, end to end over loopback -------------------------------------------

interface TestServer {
  server: Server;
  port: number;
  connections: () => number;
}

const servers: Server[] = [];
const agents: Agent[] = [];

async function startServer(
  host: string,
  handler: Parameters<typeof createServer>[1] = (_req, res) => res.end('ok'),
): Promise<TestServer> {
  const server = createServer(handler);
  let count = 0;
  server.on('connection', () => count++);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port, connections: () => count };
}

function guarded(entries: string[]): Agent {
  const agent = createGuardedAgent(outboundRules(entries), { connectTimeoutMs: 1_000 });
  agents.push(agent);
  return agent;
}

/** The SsrfBlockedError behind undici's `TypeError: fetch failed`, if any. */
async function fetchError(url: string, dispatcher: Agent): Promise<unknown> {
  try {
    const res = await fetch(url, { dispatcher });
    await res.text();
  } catch (err) {
    return (err as { cause?: unknown }).cause ?? err;
  }
  throw new Error(`expected ${url} to be blocked`);
}

afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.destroy()));
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

describe('createGuardedAgent', () => {
  it('refuses to connect to a loopback server that is not allow-listed', async () => {
    const target = await startServer('127.0.0.1');
    const err = await fetchError(`http://127.0.0.1:${target.port}/`, guarded([]));
    expect(err).toBeInstanceOf(SsrfBlockedError);
    expect(target.connections()).toBe(0);
  });

  it('connects when the address is allow-listed', async () => {
    const target = await startServer('127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${target.port}/`, { dispatcher: guarded(['127.0.0.1']) });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
    expect(target.connections()).toBe(1);
  });

  it.each([
    ['short IPv4 form', (port: number) => `http://127.1:${port}/`],
    ['hex IPv4 form', (port: number) => `http://0x7f000001:${port}/`],
    ['decimal IPv4 form', (port: number) => `http://2130706433:${port}/`],
    ['IPv4-mapped IPv6', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['hostname resolving to loopback', (port: number) => `http://localhost:${port}/`],
  ])('blocks the %s of a loopback address', async (_label, url) => {
    const target = await startServer('127.0.0.1');
    const err = await fetchError(url(target.port), guarded([]));
    expect(err).toBeInstanceOf(SsrfBlockedError);
    expect(target.connections()).toBe(0);
  });

  describe('redirects: every hop opens a connection that is checked', () => {
    // A (allow-listed, 127.0.0.1) redirects to B on 127.0.0.2, a loopback address that is NOT
    // allow-listed. The guard must refuse the second hop before B sees a connection.
    async function redirectPair() {
      const b = await startServer('127.0.0.2', (_req, res) => res.end('from B'));
      const a = await startServer('127.0.0.1', (_req, res) => {
        res.writeHead(302, { location: `http://127.0.0.2:${b.port}/` });
        res.end();
      });
      return { a, b };
    }

    it('blocks a redirect from an allow-listed address to a blocked one', async () => {
      const { a, b } = await redirectPair();
      const err = await fetchError(`http://127.0.0.1:${a.port}/`, guarded(['127.0.0.1']));
      expect(err).toBeInstanceOf(SsrfBlockedError);
      expect((err as SsrfBlockedError).address).toBe('127.0.0.2');
      expect(a.connections()).toBe(1);
      expect(b.connections()).toBe(0);
    });

    it('follows the same redirect when the target address is allow-listed too (control)', async () => {
      const { a, b } = await redirectPair();
      const res = await fetch(`http://127.0.0.1:${a.port}/`, { dispatcher: guarded(['127.0.0.0/8']) });
      expect(await res.text()).toBe('from B');
      expect(a.connections()).toBe(1);
      expect(b.connections()).toBe(1);
    });

    it('checks the address of a redirect to a hostname (localhost) even when the first hop was allowed', async () => {
      const b = await startServer('127.0.0.1', (_req, res) => res.end('from B'));
      const a = await startServer('127.0.0.2', (_req, res) => {
        res.writeHead(302, { location: `http://localhost:${b.port}/` });
        res.end();
      });
      const err = await fetchError(`http://127.0.0.2:${a.port}/`, guarded(['127.0.0.2']));
      expect(err).toBeInstanceOf(SsrfBlockedError);
      expect(a.connections()).toBe(1);
      expect(b.connections()).toBe(0);
    });
  });

  it('an allow-listed hostname is exempt from the address check (documented behaviour)', async () => {
    // SSRF_ALLOWLIST hostnames are "allowed despite the SSRF rules": the name, not its addresses,
    // is trusted. Whatever the name resolves to is connected to — see the report for the risk.
    const target = await startServer('127.0.0.1');
    const res = await fetch(`http://localhost:${target.port}/`, { dispatcher: guarded(['localhost']) });
    expect(await res.text()).toBe('ok');
    // …but the exemption is for that exact name only.
    const err = await fetchError(`http://127.0.0.1:${target.port}/`, guarded(['localhost']));
    expect(err).toBeInstanceOf(SsrfBlockedError);
  });
});

describe('IPv4-compatible IPv6 addresses', () => {
  it('blocks ::7f00:1 (an embedded 127.0.0.1)', () => {
    expect(() => checkAddress('h', '::7f00:1', 80, parseAllowList([]))).toThrow(/ipv4Compatible/);
  });
});
