import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay on a port of its own, in front of a real server. The database tools' tests reach
 * their target database through it: a tenant's database is never the service's own endpoint.
 * `holdOpen` keeps the server side of a connection open when the client side dies, as a network
 * partition or a lost FIN does: the server sees a half-open connection it cannot tell from a
 * client that is only slow.
 */
export interface TcpRelay {
  port: number;
  /** `url` with its host and port replaced by the relay's. */
  urlFor(url: string): string;
  holdOpen: boolean;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  };
  const relay: TcpRelay = {
    port: 0,
    holdOpen: false,
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(relay.port);
      return u.toString();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server = createServer((client) => {
    const upstream = createConnection(target);
    track(client);
    track(upstream);
    client.pipe(upstream, { end: false });
    upstream.pipe(client);
    // Decided when the client side closes, so a test can switch it on before a kill. Otherwise the
    // close reaches the server as a direct connection's would: at once, unread data or not.
    client.on('close', () => {
      if (!relay.holdOpen) upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  relay.port = (server.address() as AddressInfo).port;
  return relay;
}
