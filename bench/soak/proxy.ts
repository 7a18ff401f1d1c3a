import { request, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './listen.js';

/**
 * The load balancer in front of the API replicas: round-robin, and a request whose replica
 * refuses the connection goes to the next one (passive health checking, as nginx's
 * `proxy_next_upstream error` does). A replica that dies mid-response drops the client's
 * connection: the client retries, as it would behind a real proxy.
 */
export interface RoundRobinProxy {
  url: string;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreamPorts: number[]): Promise<RoundRobinProxy> {
  let nextIndex = 0;

  const forward = (req: IncomingMessage, body: Buffer, res: ServerResponse, tries: number) => {
    const port = upstreamPorts[nextIndex++ % upstreamPorts.length]!;
    const upstream = request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        up.on('error', () => res.destroy());
        up.on('aborted', () => res.destroy());
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // Nothing reached the replica: another one may take the request.
      if (err.code === 'ECONNREFUSED' && tries < upstreamPorts.length * 3) {
        setTimeout(() => forward(req, body, res, tries + 1), tries < upstreamPorts.length ? 0 : 200);
        return;
      }
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'bad_gateway', message: err.message } }));
      } else res.destroy();
    });
    res.on('close', () => upstream.destroy());
    upstream.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, 0));
  });
  return listenOnLoopback(server);
}
