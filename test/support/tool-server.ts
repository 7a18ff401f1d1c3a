import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ReceivedToolRequest {
  method: string;
  path: string;
  /** The query string's parameters (the last value of a repeated name). */
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: any;
  receivedAt: number;
}

export type ToolHandler = (req: ReceivedToolRequest, res: ServerResponse) => void | Promise<void>;

/** A real HTTP server standing in for a customer's tool endpoints; records every request. */
export interface ToolServer {
  url: string;
  requests: ReceivedToolRequest[];
  connections: number;
  route(path: string, handler: ToolHandler): void;
  /** Resolves when the next request for `path` arrives (before it is answered). */
  nextRequest(path: string): Promise<ReceivedToolRequest>;
  close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startToolServer(): Promise<ToolServer> {
  const routes = new Map<string, ToolHandler>();
  const waiters = new Map<string, Array<(r: ReceivedToolRequest) => void>>();
  const requests: ReceivedToolRequest[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // keep the raw text
      }
      const [path, search] = (req.url ?? '/').split('?') as [string, string | undefined];
      const query = Object.fromEntries(new URLSearchParams(search ?? ''));
      const method = req.method ?? 'GET';
      const record: ReceivedToolRequest = { method, path, query, headers: req.headers, body, receivedAt: Date.now() };
      requests.push(record);
      for (const w of waiters.get(path) ?? []) w(record);
      waiters.delete(path);
      const handler = routes.get(path);
      if (!handler) return json(res, 404, { error: `no route ${path}` });
      Promise.resolve(handler(record, res)).catch((err: Error) => json(res, 500, { error: err.message }));
    });
  });
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const sockets = new Set<Socket>();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return connections;
    },
    route: (path, handler) => routes.set(path, handler),
    nextRequest: (path) => new Promise((resolve) => waiters.set(path, [...(waiters.get(path) ?? []), resolve])),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
