/**
 * Runs the reference MCP server `@modelcontextprotocol/server-everything` as a real child process.
 *
 * How that package is started (read from its package.json and dist/, version 2026.8.31):
 * - `bin.mcp-server-everything` is dist/index.js; its first argument picks the transport:
 *   `stdio` (default), `sse` or `streamableHttp`.
 * - The port comes from the PORT environment variable (default 3001); there is no host option:
 *   express's `app.listen(PORT)` binds every interface.
 * - Streamable HTTP is served at `/mcp`; the deprecated HTTP+SSE transport at `GET /sse` + `POST /message`.
 *
 * Because the server has a `get-env` tool that returns its whole environment, the child gets a
 * minimal environment, and a preloaded module makes its port-only `listen()` bind 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

export type EverythingTransport = 'streamableHttp' | 'sse';

export interface EverythingServer {
  /** The endpoint for the chosen transport: …/mcp (Streamable HTTP) or …/sse (SSE). */
  url: string;
  port: number;
  transport: EverythingTransport;
  child: ChildProcess;
  /** The child's recent output, for assertion messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after 3 s; resolves when the process has exited. Idempotent. */
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** dist/index.js of the installed package, found through its package.json `bin`. */
export function everythingEntry(): string {
  const manifestPath = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const manifest = require(manifestPath) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.['mcp-server-everything'];
  if (!bin) throw new Error('server-everything has no mcp-server-everything bin');
  return join(dirname(manifestPath), bin);
}

/** Makes `server.listen(port[, callback])` (no host) listen on 127.0.0.1 only. */
const LOOPBACK_PRELOAD =
  'data:text/javascript,' +
  encodeURIComponent(
    `import net from 'node:net';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const portOnly = (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\\d+$/.test(args[0]))) && typeof args[1] !== 'string';
  if (portOnly) args.splice(1, 0, '127.0.0.1');
  return listen.apply(this, args);
};`,
  );

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(false));
  });
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;
/** Last resort if a test run dies without teardown: never leave a server behind. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of live) child.kill('SIGKILL');
  });
}

async function launch(transport: EverythingTransport, port: number, readyTimeoutMs: number): Promise<EverythingServer> {
  const child = spawn(process.execPath, ['--import', LOOPBACK_PRELOAD, everythingEntry(), transport], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  installExitHook();
  let out = '';
  const append = (data: Buffer) => {
    out = (out + data.toString()).slice(-20_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  exited.then(
    () => live.delete(child),
    () => undefined,
  );

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
        await exited;
        clearTimeout(timer);
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
    })());

  // Ready once it has logged that it listens (so the port is its own) and accepts a connection.
  const readyLine = transport === 'sse' ? /Server is running on port/ : /listening on port/;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`server-everything (${transport}) exited with ${child.exitCode ?? child.signalCode}:\n${out}`);
    }
    if (readyLine.test(out) && (await accepts(port))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `server-everything (${transport}) did not accept connections on port ${port} within ${readyTimeoutMs} ms:\n${out}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}${transport === 'sse' ? '/sse' : '/mcp'}`,
    port,
    transport,
    child,
    output: () => out,
    stop,
  };
}

export interface EverythingOptions {
  /** A fixed loopback port (e.g. to restart a server where it was). Default: a free one. */
  port?: number;
  readyTimeoutMs?: number;
}

/**
 * Starts server-everything on a loopback port and waits until it accepts connections.
 * With a free port chosen here, retries with another one if it was taken in the meantime.
 */
export async function startEverythingServer(
  transport: EverythingTransport = 'streamableHttp',
  options: EverythingOptions = {},
): Promise<EverythingServer> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 20_000;
  if (options.port !== undefined) return launch(transport, options.port, readyTimeoutMs);
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await launch(transport, await freePort(), readyTimeoutMs);
    } catch (err) {
      lastError = err;
      if (!/EADDRINUSE|already in use/.test(String(err))) throw err;
    }
  }
  throw lastError;
}
