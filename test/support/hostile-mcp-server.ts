/**
 * A misbehaving MCP server for integration tests, built on the SDK's low-level `Server` with one
 * `StreamableHTTPServerTransport` per session on node:http (loopback only).
 *
 * It lists what real servers can send: the same name twice, names with `/` and `.`, 100-character
 * names, a 1 MB description, a 40 KB input schema; and it offers tools that return 20 MB, never
 * answer, or fail with `isError`. It can be stopped (the port refuses connections) and started again
 * on the same port with no sessions, so old session ids get the 404 the spec prescribes.
 *
 * The 20 MB results are written by the HTTP layer in 64 KB chunks that respect backpressure, in the
 * wire format the SDK would use (an SSE `message` event, or a JSON body): building them as one
 * string would put 40+ MB on this process's heap, which the client's memory test measures.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';

export const LONG_NAME_A =
  'an_extremely_long_tool_name_that_goes_on_and_on_describing_what_it_does_in_detail_version_alpha_0001';
export const LONG_NAME_B =
  'an_extremely_long_tool_name_that_goes_on_and_on_describing_what_it_does_in_detail_version_beta_00002';

/** Every name the server lists, in order (`dup` twice). */
export const HOSTILE_TOOL_NAMES = [
  'echo',
  'dup',
  'dup',
  'files/read',
  'files.read',
  LONG_NAME_A,
  LONG_NAME_B,
  'huge_text',
  'huge_json',
  'never_answers',
  'fails',
  'big_description',
  'big_schema',
] as const;

export const HUGE_TEXT_PREFIX = 'BEGIN-HUGE-RESULT ';

export interface HostileMcpServerOptions {
  /** Size of the huge results in bytes. Default 20 MB. */
  hugeBytes?: number;
  /** tools/list page size (exercises nextCursor). Default 5. */
  pageSize?: number;
  /** Serve the optional GET event stream. Default false: GET answers 405, as the spec allows. */
  getStream?: boolean;
}

export interface HostileMcpServerStats {
  /** TCP connections accepted, over the server's whole life. */
  connections: number;
  /** Sessions initialised. */
  initializations: number;
  /** Requests that carried a session id this server instance does not know (answered 404). */
  unknownSessions: number;
  /** Names passed to tools/call, in order. */
  toolCalls: string[];
  /** Bytes of huge results accepted by the sockets (stops growing when the client stops reading). */
  hugeBytesSent: number;
  /** Headers of the initialize requests, in order. */
  initializeHeaders: Array<Record<string, string | string[] | undefined>>;
}

export interface HostileMcpServer {
  /** The Streamable HTTP endpoint, e.g. http://127.0.0.1:PORT/mcp */
  url: string;
  port: number;
  stats: HostileMcpServerStats;
  /** True while listening. */
  readonly running: boolean;
  /** While true, every tools/call is answered 404 "Session not found", as if the session were unknown. */
  forgetSessionsOnCall: boolean;
  /** Stop listening and drop every session and socket: the port then refuses connections. */
  stop(): Promise<void>;
  /** Listen again on the same port, with no sessions. */
  start(): Promise<void>;
  /** stop(), stay down for `downMs` (default 50: a real restart is not instantaneous), start(): old session ids become unknown. */
  restart(downMs?: number): Promise<void>;
  /** Final teardown (idempotent). */
  close(): Promise<void>;
}

const LONG_DESCRIPTION_BYTES = 1024 * 1024;

function toolList(): Tool[] {
  const object = (properties: Record<string, object> = {}) => ({ type: 'object' as const, properties });
  const bigSchemaProperties: Record<string, object> = {};
  for (let i = 0; i < 400; i++)
    bigSchemaProperties[`field_${i}`] = { type: 'string', description: `Field number ${i} of a very wide schema` };
  return [
    {
      name: 'echo',
      description: 'Echoes the message back',
      inputSchema: object({ message: { type: 'string' } }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    { name: 'dup', description: 'The first tool called dup', inputSchema: object() },
    { name: 'dup', description: 'The second tool called dup (must not replace the first)', inputSchema: object() },
    { name: 'files/read', description: 'A name with a slash', inputSchema: object({ path: { type: 'string' } }) },
    { name: 'files.read', description: 'A name with a dot', inputSchema: object({ path: { type: 'string' } }) },
    { name: LONG_NAME_A, description: 'A 100-character name', inputSchema: object() },
    { name: LONG_NAME_B, description: 'Another 100-character name with the same start', inputSchema: object() },
    { name: 'huge_text', description: 'Returns a 20 MB text (SSE framing)', inputSchema: object() },
    { name: 'huge_json', description: 'Returns a 20 MB text (JSON framing)', inputSchema: object() },
    { name: 'never_answers', description: 'Never answers', inputSchema: object() },
    {
      name: 'fails',
      description: 'Returns isError: true',
      inputSchema: object(),
      annotations: { destructiveHint: false, openWorldHint: 'yes' as never },
    },
    { name: 'big_description', description: 'D'.repeat(LONG_DESCRIPTION_BYTES), inputSchema: object() },
    {
      name: 'big_schema',
      description: 'An input schema over 20,000 characters',
      inputSchema: object(bigSchemaProperties),
    },
  ];
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 4 * 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const isRequest = (
  body: unknown,
  method: string,
): body is { id: string | number; method: string; params?: { name?: unknown } } =>
  typeof body === 'object' && body !== null && (body as { method?: unknown }).method === method && 'id' in body;

export async function startHostileMcpServer(options: HostileMcpServerOptions = {}): Promise<HostileMcpServer> {
  const hugeBytes = options.hugeBytes ?? 20 * 1024 * 1024;
  const pageSize = options.pageSize ?? 5;
  const stats: HostileMcpServerStats = {
    connections: 0,
    initializations: 0,
    unknownSessions: 0,
    toolCalls: [],
    hugeBytesSent: 0,
    initializeHeaders: [],
  };
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const sockets = new Set<Socket>();
  /** Resolvers of never_answers calls, released on stop so no promise outlives the server. */
  const hanging = new Set<() => void>();
  let http: HttpServer | undefined;
  let port = 0;
  let closed = false;

  async function newSession(): Promise<StreamableHTTPServerTransport> {
    const server = new Server({ name: 'hostile-mcp', version: '6.6.6' }, { capabilities: { tools: {} } });
    const tools = toolList();
    server.setRequestHandler(ListToolsRequestSchema, async (request) => {
      const start = Number(request.params?.cursor ?? 0) || 0;
      const page = tools.slice(start, start + pageSize);
      const next = start + pageSize < tools.length ? String(start + pageSize) : undefined;
      return { tools: page, ...(next ? { nextCursor: next } : {}) };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
      const { name, arguments: args } = request.params;
      switch (name) {
        case 'echo':
          return { content: [{ type: 'text', text: `echo: ${String(args?.message ?? '')}` }] };
        case 'fails':
          return { isError: true, content: [{ type: 'text', text: 'the tool failed on purpose' }] };
        case 'never_answers':
          // Ignores cancellation on purpose; released when the server stops.
          await new Promise<void>((resolve) => hanging.add(resolve));
          return { isError: true, content: [{ type: 'text', text: 'server stopped' }] };
        default:
          if (!tools.some((t) => t.name === name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
          return { content: [{ type: 'text', text: `called ${name}` }] };
      }
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport;
  }

  /** Writes a huge tools/call result chunk by chunk, waiting for the socket to drain. */
  async function streamHuge(
    res: ServerResponse,
    id: string | number,
    sessionId: string,
    framing: 'sse' | 'json',
  ): Promise<void> {
    res.writeHead(200, {
      'content-type': framing === 'sse' ? 'text/event-stream' : 'application/json',
      'cache-control': 'no-cache',
      'mcp-session-id': sessionId,
    });
    const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"${HUGE_TEXT_PREFIX}`;
    res.write(framing === 'sse' ? `event: message\ndata: ${head}` : head);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    while (sent < hugeBytes && !res.destroyed) {
      const flowing = res.write(chunk);
      sent += chunk.length;
      stats.hugeBytesSent += chunk.length;
      if (!flowing) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
    }
    if (!res.destroyed) res.end(`"}]}}${framing === 'sse' ? '\n\n' : ''}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/broken') {
      req.resume();
      return sendJson(res, 500, { error: 'internal failure' });
    }
    if (path !== '/mcp') return sendJson(res, 404, { error: 'not found' });
    const sessionHeader = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
    const known = sessionId ? transports.get(sessionId) : undefined;
    if (sessionId && !known) {
      stats.unknownSessions++;
      req.resume();
      return sendJson(res, 404, { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
    }
    if (req.method === 'GET') {
      if (!options.getStream || !known) {
        req.resume();
        return sendJson(
          res,
          405,
          { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed' }, id: null },
          { allow: 'POST, DELETE' },
        );
      }
      return known.handleRequest(req, res);
    }
    if (req.method === 'DELETE') {
      if (!known)
        return sendJson(res, 400, { jsonrpc: '2.0', error: { code: -32000, message: 'Missing session id' }, id: null });
      return known.handleRequest(req, res);
    }
    if (req.method !== 'POST')
      return sendJson(res, 405, { error: 'method not allowed' }, { allow: 'GET, POST, DELETE' });

    const body = await readJsonBody(req);
    if (known && sessionId) {
      if (isRequest(body, 'tools/call')) {
        const name = String(body.params?.name);
        stats.toolCalls.push(name);
        if (api.forgetSessionsOnCall) {
          stats.unknownSessions++;
          return sendJson(res, 404, {
            jsonrpc: '2.0',
            error: { code: -32001, message: 'Session not found' },
            id: null,
          });
        }
        if (name === 'huge_text' || name === 'huge_json')
          return streamHuge(res, body.id, sessionId, name === 'huge_text' ? 'sse' : 'json');
      }
      return known.handleRequest(req, res, body);
    }
    if (!isRequest(body, 'initialize')) {
      return sendJson(res, 400, {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Bad Request: no session id' },
        id: null,
      });
    }
    stats.initializations++;
    stats.initializeHeaders.push({ ...req.headers });
    return (await newSession()).handleRequest(req, res, body);
  }

  function listen(): Promise<void> {
    const server = createServer((req, res) => {
      handle(req, res).catch((err: unknown) => {
        if (!res.headersSent)
          sendJson(res, 500, { jsonrpc: '2.0', error: { code: -32603, message: String(err) }, id: null });
        else res.destroy();
      });
    });
    server.on('connection', (socket) => {
      stats.connections++;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as AddressInfo).port;
        http = server;
        resolve();
      });
    });
  }

  async function stop(): Promise<void> {
    const server = http;
    if (!server) return;
    http = undefined;
    for (const release of hanging) release();
    hanging.clear();
    const open = [...transports.values()];
    transports.clear();
    await Promise.all(open.map((t) => t.close().catch(() => undefined)));
    const closedPromise = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closedPromise;
  }

  await listen();

  const api: HostileMcpServer = {
    get url() {
      return `http://127.0.0.1:${port}/mcp`;
    },
    get port() {
      return port;
    },
    stats,
    get running() {
      return http !== undefined;
    },
    forgetSessionsOnCall: false,
    stop,
    async start() {
      if (closed) throw new Error('hostile MCP server was closed');
      if (!http) await listen();
    },
    async restart(downMs = 50) {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await listen();
    },
    async close() {
      closed = true;
      await stop();
    },
  };
  return api;
}
