import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch, type Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.js';
import { isAllowListEntry, parseAllowEntry } from '../../infra/net/allow-list.js';
import { outboundRulesOf, reservedEndpointsOf } from '../../infra/net/outbound.js';
import { ReservedEndpointError, ReservedEndpoints } from '../../infra/net/reserved-endpoints.js';
import {
  SsrfBlockedError,
  checkAddress,
  createGuardedAgent,
  outboundRules,
  parseAllowList,
  type OutboundRules,
} from '../../infra/net/ssrf.js';

describe('allow-list entries with ports', () => {
  it.each([
    ['127.0.0.1:11434', 'range', '127.0.0.1/32', 11434],
    ['[::1]:8080', 'range', '::1/128', 8080],
    ['10.1.0.0/16:8080', 'range', '10.1.0.0/16', 8080],
    ['[fd00::/8]:443', 'range', 'fd00::/8', 443],
    ['::1', 'range', '::1/128', null],
    ['models.internal:11434', 'host', 'models.internal', 11434],
    ['Models.Internal', 'host', 'models.internal', null],
  ])('%s', (raw, kind, target, port) => {
    const entry = parseAllowEntry(raw);
    expect(entry.kind).toBe(kind);
    expect(entry.kind === 'host' ? entry.host : `${entry.range[0].toString()}/${entry.range[1]}`).toBe(target);
    expect(entry.port).toBe(port);
  });

  it.each(['127.0.0.1:0', '127.0.0.1:70000', 'host:port', '[::1]x', '[tools.internal]:80', '10.0.0.0/33:80', 'a_b'])(
    'refuses %s',
    (raw) => expect(isAllowListEntry(raw)).toBe(false),
  );

  it('an entry with a port allows that port only; one without allows every port', () => {
    const allow = parseAllowList(['127.0.0.1:11434', '10.0.0.0/8']);
    expect(() => checkAddress('h', '127.0.0.1', 11434, allow)).not.toThrow();
    expect(() => checkAddress('h', '127.0.0.1', 5432, allow)).toThrow(SsrfBlockedError);
    expect(() => checkAddress('h', '10.9.8.7', 5432, allow)).not.toThrow();
  });

  it('the environment refuses a malformed PROVIDER_ALLOWLIST or TOOL_ALLOWLIST, naming it', () => {
    expect(() => loadConfig({ PROVIDER_ALLOWLIST: '127.0.0.1:99999' }, 'dev')).toThrow(/PROVIDER_ALLOWLIST/);
    expect(() => loadConfig({ TOOL_ALLOWLIST: '::1:80' }, 'dev')).not.toThrow(); // an IPv6 address, no port
    expect(() => loadConfig({ TOOL_ALLOWLIST: '[::1]:x' }, 'dev')).toThrow(/TOOL_ALLOWLIST/);
  });

  it('SSRF_ALLOWLIST opens both purposes; PROVIDER_ALLOWLIST and TOOL_ALLOWLIST only their own', () => {
    const env = loadConfig(
      { SSRF_ALLOWLIST: '10.0.0.0/8', PROVIDER_ALLOWLIST: '127.0.0.1:11434', TOOL_ALLOWLIST: 'tools.internal' },
      'dev',
    );
    const rules = outboundRulesOf(env, ReservedEndpoints.none);
    expect(() => checkAddress('h', '10.1.2.3', 80, rules.provider.allow)).not.toThrow();
    expect(() => checkAddress('h', '10.1.2.3', 80, rules.tool.allow)).not.toThrow();
    expect(() => checkAddress('h', '127.0.0.1', 11434, rules.provider.allow)).not.toThrow();
    expect(() => checkAddress('h', '127.0.0.1', 11434, rules.tool.allow)).toThrow(SsrfBlockedError);
    expect(rules.tool.allow.hosts.has('tools.internal')).toBe(true);
    expect(rules.provider.allow.hosts.has('tools.internal')).toBe(false);
  });
});

describe('reserved endpoints', () => {
  const env = loadConfig(
    {
      DATABASE_URL: 'postgres://u:p@localhost:6543/db',
      TEMPORAL_ADDRESS: '127.0.0.1:7999',
      TEMPORAL_UI_URL: 'http://127.0.0.1:8999/',
      PORT: '3999',
      WORKER_METRICS_PORT: '9999',
    },
    'dev',
  );
  const reserved = reservedEndpointsOf(env);

  it.each([
    ['127.0.0.1', 6543, "the service's database"],
    ['::1', 6543, "the service's database"],
    ['127.0.0.2', 7999, "the service's Temporal frontend"],
    ['0.0.0.0', 8999, "the service's Temporal UI"],
    ['127.0.0.1', 8233, "the Temporal dev server's UI"],
    ['127.0.0.1', 3999, "the service's API"],
    ['::ffff:127.0.0.1', 9999, "the worker's metrics endpoint"],
  ])('refuses %s:%i (%s) on any local address', async (address, port, name) => {
    const err = await reserved.check('h', address, port).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReservedEndpointError);
    expect((err as ReservedEndpointError).endpoint).toBe(name);
  });

  it('lets other ports of the same addresses through', async () => {
    await expect(reserved.check('h', '127.0.0.1', 11434)).resolves.toBeUndefined();
  });

  it('reserves a remote database by its resolved address and port only', async () => {
    const remote = reservedEndpointsOf({ ...env, DATABASE_URL: 'postgres://u:p@10.20.30.40:5432/db' });
    await expect(remote.check('h', '10.20.30.40', 5432)).rejects.toBeInstanceOf(ReservedEndpointError);
    await expect(remote.check('h', '10.20.30.40', 80)).resolves.toBeUndefined();
    await expect(remote.check('h', '127.0.0.1', 5432)).resolves.toBeUndefined();
  });
});

describe('the guarded agent and reserved endpoints', () => {
  const servers: Server[] = [];
  const agents: Agent[] = [];
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((a) => a.destroy()));
    for (const s of servers.splice(0)) await new Promise<void>((r) => s.close(() => r()));
  });

  async function listener(): Promise<{ port: number; connections: () => number }> {
    const server = createServer((_req, res) => res.end('secret'));
    let count = 0;
    server.on('connection', () => count++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    servers.push(server);
    return { port: (server.address() as AddressInfo).port, connections: () => count };
  }

  const guarded = (rules: OutboundRules) => {
    const a = createGuardedAgent(rules, { connectTimeoutMs: 1_000 });
    agents.push(a);
    return a;
  };

  it('refuses a reserved port though its address (and its name) is allow-listed, before connecting', async () => {
    const reservedOne = await listener();
    const other = await listener();
    const reserved = new ReservedEndpoints([
      { name: "the service's database", host: '127.0.0.1', port: reservedOne.port },
    ]);
    const dispatcher = guarded({ ...outboundRules(['127.0.0.1', 'localhost']), reserved });
    for (const host of ['127.0.0.1', 'localhost', '127.0.0.3']) {
      const err = await fetch(`http://${host}:${reservedOne.port}/`, { dispatcher }).then(
        () => null,
        (e: { cause?: unknown }) => e.cause,
      );
      // 127.0.0.3 is not allow-listed: refused by the allow-list first; the others by the reservation.
      expect(err).toBeInstanceOf(SsrfBlockedError);
      expect(err instanceof ReservedEndpointError).toBe(host !== '127.0.0.3');
    }
    expect(reservedOne.connections()).toBe(0);
    const res = await fetch(`http://127.0.0.1:${other.port}/`, { dispatcher });
    expect(await res.text()).toBe('secret');
  });
});
