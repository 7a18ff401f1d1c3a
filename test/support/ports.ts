import { createServer } from 'node:net';

/** Below Linux's default ephemeral range (32768–60999), where outgoing connections take their ports. */
const RANGE = { from: 20_000, to: 32_000 };

/**
 * Each test worker picks from its own slice of the range, and never hands out a port twice: a port
 * is only checked free, not held, until its process binds it, so two files running side by side (or
 * one file's API and metrics ports) could otherwise pick the same one and the later listener fail
 * with EADDRINUSE (seen in CI, a worker's metrics port).
 */
const SLICES = 4;
const slice = (() => {
  const size = Math.floor((RANGE.to - RANGE.from) / SLICES);
  const index = (Number(process.env.VITEST_POOL_ID ?? 1) - 1 + SLICES) % SLICES;
  return { from: RANGE.from + index * size, size };
})();
const issued = new Set<number>();

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
    const port = slice.from + Math.floor(Math.random() * slice.size);
    if (issued.has(port)) continue;
    if (await bindsNow(port)) {
      issued.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${slice.from} and ${slice.from + slice.size} after 50 tries`);
}
