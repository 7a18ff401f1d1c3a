import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { registry } from './metrics.js';

/** `Authorization: Bearer <token>` check shared by the API's and the worker's /metrics. */
export function metricsAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The process's metrics in the Prometheus text format, followed by `extra` (already exposition text). */
export async function exposition(extra?: () => Promise<string>): Promise<string> {
  const own = await registry.metrics();
  const more = extra ? await extra().catch(() => '') : '';
  return more ? `${own}\n${more}` : own;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The worker's metrics endpoint (a port of its own): its prom-client metrics plus the Temporal SDK
 * runtime's (polling, slots, latencies), which the SDK serves on a private loopback port.
 */
export async function startMetricsServer(opts: {
  host: string;
  port: number;
  token?: string;
  sdkMetricsUrl?: string;
}): Promise<MetricsServer> {
  const sdk = opts.sdkMetricsUrl;
  const sdkMetrics = sdk ? async () => (await fetch(sdk)).text() : undefined;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    if (!metricsAuthorized(req.headers.authorization, opts.token)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    exposition(sdkMetrics).then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
