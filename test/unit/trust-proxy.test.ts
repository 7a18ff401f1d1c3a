import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.js';

const trustProxy = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }, 'dev').TRUST_PROXY;

/** The client address Express derives (req.ip) for a request from 127.0.0.1 with this X-Forwarded-For. */
async function clientAddress(setting: string, forwardedFor: string): Promise<string> {
  const app = express();
  app.set('trust proxy', trustProxy(setting));
  app.get('/', (req, res) => {
    res.send(req.ip);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': forwardedFor } });
    return await res.text();
  } finally {
    server.close();
  }
}

describe('TRUST_PROXY: hops or addresses, never every proxy', () => {
  it('parses false, hop counts, true as one hop, and lists of addresses and CIDRs', () => {
    expect(trustProxy()).toBe(false);
    for (const off of ['false', 'no', '0']) expect(trustProxy(off)).toBe(false);
    expect(trustProxy('true')).toBe(1);
    expect(trustProxy('YES')).toBe(1);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('3')).toBe(3);
    expect(trustProxy('10.0.0.0/8, 192.168.1.7,loopback')).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback']);
    expect(trustProxy('fd00::/8')).toEqual(['fd00::/8']);
  });

  it.each(['everything', '*', '-1', '33', '10.0.0.0/99', '10.0.0.1, nope', '1.5'])(
    'refuses %j with a config error naming TRUST_PROXY',
    (value) => {
      let err: unknown;
      try {
        trustProxy(value);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).variable).toBe('TRUST_PROXY');
      expect((err as ConfigError).message).toMatch(/number of proxies.*CIDRs/);
    },
  );

  it('the client address is the entry the trusted proxies appended, never the left-most one the client wrote', async () => {
    const forwarded = '203.0.113.9, 10.9.9.9';
    for (const setting of ['true', '1', '127.0.0.1', '127.0.0.0/8', 'loopback'])
      expect(await clientAddress(setting, forwarded), setting).toBe('10.9.9.9');
    // Two proxies trusted: the second one's word (the left entry) is believed, as configured.
    expect(await clientAddress('2', forwarded)).toBe('203.0.113.9');
    expect(await clientAddress('false', forwarded)).toMatch(/127\.0\.0\.1$/);
  });
});
