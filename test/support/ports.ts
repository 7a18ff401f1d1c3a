import { createServer } from 'node:net';

/** Below Linux's default ephemeral range (32768–60999), where outgoing connections take their ports. */
const RANGE = { from: 20_000, to: 32_000 };

function bindsNow(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free port for a process the test stops and starts again on the same port (a restarted worker's
 * metrics endpoint, the API, a Temporal server). A port from the ephemeral range can be taken
 * meanwhile as the local port of any outgoing connection on the machine (seen in CI as EADDRINUSE
 * on a restart); one below that range can only be taken by another listener.
 */
export async function reusablePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = RANGE.from + Math.floor(Math.random() * (RANGE.to - RANGE.from));
    if (await bindsNow(port)) return port;
  }
  throw new Error(`no free port between ${RANGE.from} and ${RANGE.to} after 50 tries`);
}
