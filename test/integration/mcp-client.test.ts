import type { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUNCATION_MARKER } from '../../activities/http-tool.js';
import {
  callMcpTool,
  discoverMcpTools,
  McpDiscoveryError,
  McpSessionPool,
  type McpClientDeps,
  type McpServerConfig,
  type McpToolCall,
} from '../../activities/mcp/client.js';
import { resolveMcpToolNames, TOOL_NAME_PATTERN } from '../../activities/mcp/names.js';
import { createGuardedAgent, outboundRules } from '../../infra/net/ssrf.js';
import {
  HOSTILE_TOOL_NAMES,
  HUGE_TEXT_PREFIX,
  LONG_NAME_A,
  LONG_NAME_B,
  startHostileMcpServer,
  type HostileMcpServer,
} from '../support/hostile-mcp-server.js';
import { startEverythingServer, type EverythingServer } from '../support/mcp-everything.js';

const MB = 1024 * 1024;

const config = (
  url: string,
  transport: McpServerConfig['transport'] = 'streamable_http',
  extra: Partial<McpServerConfig> = {},
): McpServerConfig => ({
  url,
  headers: {},
  transport,
  timeoutMs: 5_000,
  ...extra,
});

const toolCall = (originalName: string, args: unknown = {}, extra: Partial<McpToolCall> = {}): McpToolCall => ({
  originalName,
  arguments: args,
  timeoutMs: 5_000,
  maxResultChars: 10_000,
  maxResponseBytes: MB,
  ...extra,
});

let allowLoopback: Agent;
let blockPrivate: Agent;

beforeAll(() => {
  allowLoopback = createGuardedAgent(outboundRules(['127.0.0.1']));
  blockPrivate = createGuardedAgent(outboundRules([]));
});
afterAll(async () => {
  await allowLoopback?.close();
  await blockPrivate?.close();
});

describe('MCP client against @modelcontextprotocol/server-everything', () => {
  let streamable: EverythingServer;
  let sse: EverythingServer;

  beforeAll(async () => {
    [streamable, sse] = await Promise.all([startEverythingServer('streamableHttp'), startEverythingServer('sse')]);
  });
  afterAll(async () => {
    await Promise.all([streamable?.stop(), sse?.stop()]);
  });

  for (const transport of ['streamable_http', 'sse'] as const) {
    describe(`over ${transport === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP'}`, () => {
      const url = () => (transport === 'sse' ? sse.url : streamable.url);
      const deps = (): McpClientDeps => ({ dispatcher: allowLoopback });

      it('discovers the tools with their schemas and annotations', async () => {
        const result = await discoverMcpTools(config(url(), transport), deps());
        expect(result.transport).toBe(transport);
        expect(result.serverInfo).toMatchObject({ name: 'mcp-servers/everything', version: expect.any(String) });
        const names = result.tools.map((t) => t.name);
        expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-structured-content']));
        // simulate-research-query only runs as an MCP task: skipped, with a warning.
        expect(names).not.toContain('simulate-research-query');
        expect(result.warnings.join('\n')).toMatch(/simulate-research-query.*task-based execution/);
        const echo = result.tools.find((t) => t.name === 'echo')!;
        expect(echo).toMatchObject({
          description: 'Echoes back the input string',
          inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
          inputSchemaReplaced: false,
          annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
        });
        const resolved = resolveMcpToolNames('every', names);
        expect(resolved.collisions).toEqual([]);
        expect(resolved.tools.find((t) => t.originalName === 'get-sum')!.resolvedName).toBe('every_get-sum');
      });

      it('calls echo and get-sum', async () => {
        expect(await callMcpTool(config(url(), transport), toolCall('echo', { message: 'hello MCP' }), deps())).toEqual(
          {
            status: 'success',
            content: 'Echo: hello MCP',
            truncated: false,
          },
        );
        expect(await callMcpTool(config(url(), transport), toolCall('get-sum', { a: 19, b: 23 }), deps())).toEqual({
          status: 'success',
          content: 'The sum of 19 and 23 is 42.',
          truncated: false,
        });
      });

      it('turns images and structured content into compact text', async () => {
        const image = await callMcpTool(config(url(), transport), toolCall('get-tiny-image'), deps());
        expect(image.status).toBe('success');
        expect(image.content).toMatch(/\[image: image\/png, \d+ bytes\]/);
        expect(image.content).not.toMatch(/iVBOR/); // no base64 for the model
        const structured = await callMcpTool(
          config(url(), transport),
          toolCall('get-structured-content', { location: 'Chicago' }),
          deps(),
        );
        expect(structured.status).toBe('success');
        expect(JSON.parse(structured.content)).toEqual({
          temperature: 36,
          conditions: 'Light rain / drizzle',
          humidity: 82,
        });
      });

      it('reports invalid arguments as an error result', async () => {
        const result = await callMcpTool(config(url(), transport), toolCall('get-sum', { a: 'one' }), deps());
        expect(result.status).toBe('error');
        expect(result.content).toMatch(/expected number/);
      });
    });
  }

  it('falls back to HTTP+SSE when the Streamable HTTP initialise answers 404', async () => {
    const result = await discoverMcpTools(config(sse.url, 'streamable_http'), { dispatcher: allowLoopback });
    expect(result.transport).toBe('sse');
    expect(result.tools.map((t) => t.name)).toContain('echo');
    const call = await callMcpTool(config(sse.url, 'streamable_http'), toolCall('echo', { message: 'via fallback' }), {
      dispatcher: allowLoopback,
    });
    expect(call).toEqual({ status: 'success', content: 'Echo: via fallback', truncated: false });
  });

  it('re-initialises after a server-everything restart (it answers 400 "No valid session ID", not 404)', async () => {
    const server = await startEverythingServer('streamableHttp');
    let restarted: EverythingServer | undefined;
    const pool = new McpSessionPool();
    try {
      const deps = { dispatcher: allowLoopback, sessions: pool, sessionScope: 'gen_restart_everything' };
      await discoverMcpTools(config(server.url), deps);
      expect(pool.idleCount).toBe(1);
      await server.stop();
      restarted = await startEverythingServer('streamableHttp', { port: server.port });
      const result = await callMcpTool(config(server.url), toolCall('echo', { message: 'new process' }), deps);
      expect(result).toEqual({ status: 'success', content: 'Echo: new process', truncated: false });
      expect(restarted.output()).toMatch(/Session initialized/);
    } finally {
      await pool.close();
      await server.stop();
      await restarted?.stop();
    }
  });

  it('keeps a pooled session across discovery and calls', async () => {
    const pool = new McpSessionPool();
    try {
      const deps = { dispatcher: allowLoopback, sessions: pool, sessionScope: 'gen_everything' };
      await discoverMcpTools(config(streamable.url), deps);
      expect(pool.idleCount).toBe(1);
      expect((await callMcpTool(config(streamable.url), toolCall('echo', { message: 'pooled' }), deps)).content).toBe(
        'Echo: pooled',
      );
      expect(pool.idleCount).toBe(1);
      await pool.closeScope('gen_everything');
      expect(pool.idleCount).toBe(0);
    } finally {
      await pool.close();
    }
  });
});

describe('MCP client against a hostile server', () => {
  let hostile: HostileMcpServer;
  const deps = (): McpClientDeps => ({ dispatcher: allowLoopback });

  beforeAll(async () => {
    hostile = await startHostileMcpServer();
  });
  afterAll(async () => {
    await hostile?.close();
  });

  it('discovers every page, caps untrusted descriptions and schemas, and resolves safe unique names', async () => {
    const result = await discoverMcpTools(config(hostile.url), deps());
    expect(result.tools.map((t) => t.name)).toEqual([...HOSTILE_TOOL_NAMES]);
    expect(result.serverInfo).toEqual({ name: 'hostile-mcp', version: '6.6.6' });

    const bigDescription = result.tools.find((t) => t.name === 'big_description')!;
    expect(bigDescription.description.length).toBeLessThanOrEqual(2_000);
    expect(bigDescription.descriptionTruncated).toBe(true);
    const bigSchema = result.tools.find((t) => t.name === 'big_schema')!;
    expect(bigSchema).toMatchObject({ inputSchema: { type: 'object' }, inputSchemaReplaced: true });
    expect(Object.keys(bigSchema.inputSchema)).toEqual(['type']);
    expect(result.tools.find((t) => t.name === 'fails')!.annotations).toEqual({ destructiveHint: false });

    const resolved = resolveMcpToolNames(
      'hostile',
      result.tools.map((t) => t.name),
    );
    const byOriginal = Object.fromEntries(resolved.tools.map((t) => [t.originalName, t.resolvedName]));
    for (const t of resolved.tools) expect(t.resolvedName).toMatch(TOOL_NAME_PATTERN);
    expect(new Set(resolved.tools.map((t) => t.resolvedName)).size).toBe(resolved.tools.length);
    expect(byOriginal['files.read']).toBe('hostile_files_read');
    expect(byOriginal['files/read']).toBe('hostile_files_read_2');
    expect(byOriginal[LONG_NAME_A]).toHaveLength(64);
    expect(byOriginal[LONG_NAME_A]).not.toBe(byOriginal[LONG_NAME_B]);
    // The duplicate is reported, and the first `dup` (by position) is the one kept.
    expect(resolved.collisions).toEqual([
      expect.objectContaining({ resolvedName: 'hostile_dup', originalNames: ['dup', 'dup'] }),
    ]);
    const kept = resolved.tools.find((t) => t.originalName === 'dup')!;
    expect(result.tools[kept.index]!.description).toBe('The first tool called dup');
  });

  it('fails discovery with kind too_large when a tools/list page exceeds the byte cap', async () => {
    const failure = await discoverMcpTools(
      config(hostile.url, 'streamable_http', { maxResponseBytes: 256 * 1024 }),
      deps(),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(McpDiscoveryError);
    expect(failure).toMatchObject({ kind: 'too_large' });
    expect((failure as Error).message).toMatch(/sent a response larger than 262144 bytes/);
  });

  it('sends the configured headers, but never lets them replace the transport headers', async () => {
    const headers = {
      Authorization: 'Bearer s3cret',
      'X-Tenant': 'acme',
      'Mcp-Session-Id': 'hijacked',
      Accept: 'text/html',
    };
    const result = await callMcpTool(
      config(hostile.url, 'streamable_http', { headers }),
      toolCall('echo', { message: 'with headers' }),
      deps(),
    );
    expect(result.content).toBe('echo: with headers');
    const sent = hostile.stats.initializeHeaders.at(-1)!;
    expect(sent).toMatchObject({
      authorization: 'Bearer s3cret',
      'x-tenant': 'acme',
      accept: 'application/json, text/event-stream',
    });
    expect(sent['mcp-session-id']).toBeUndefined();
  });

  it('calls a tool by its original name (slash included)', async () => {
    expect(await callMcpTool(config(hostile.url), toolCall('files/read', { path: '/etc/hosts' }), deps())).toEqual({
      status: 'success',
      content: 'called files/read',
      truncated: false,
    });
  });

  for (const tool of ['huge_text', 'huge_json'] as const) {
    it(`cuts a 20 MB response (${tool === 'huge_text' ? 'SSE' : 'JSON'} framing) off while streaming, without buffering it`, async () => {
      // Warm up: the first call loads modules and grows pools that would blur the measurement.
      await callMcpTool(config(hostile.url), toolCall('echo', { message: 'warm-up' }), deps());
      const sentBefore = hostile.stats.hugeBytesSent;
      const before = process.memoryUsage();
      let peakHeap = before.heapUsed;
      let peakBuffers = before.arrayBuffers;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
      }, 2);
      const started = Date.now();
      let result;
      try {
        result = await callMcpTool(
          config(hostile.url),
          toolCall(tool, {}, { timeoutMs: 20_000, maxResultChars: 5_000, maxResponseBytes: MB }),
          deps(),
        );
      } finally {
        clearInterval(sampler);
      }
      const after = process.memoryUsage();
      peakHeap = Math.max(peakHeap, after.heapUsed);
      peakBuffers = Math.max(peakBuffers, after.arrayBuffers);

      expect(result.status).toBe('success');
      expect(result.truncated).toBe(true);
      expect(result.content.startsWith(HUGE_TEXT_PREFIX)).toBe(true);
      expect(result.content.endsWith(TRUNCATION_MARKER)).toBe(true);
      expect(result.content.length).toBe(5_000 + TRUNCATION_MARKER.length);
      expect(Date.now() - started).toBeLessThan(5_000);
      // The client stopped reading long before the end: the server could not push the whole body.
      expect(hostile.stats.hugeBytesSent - sentBefore).toBeLessThan(20 * MB);
      // Buffering the body would take ≥ 20 MB of heap (more as strings); the cap keeps it to a few MB.
      expect(peakHeap - before.heapUsed).toBeLessThan(12 * MB);
      expect(peakBuffers - before.arrayBuffers).toBeLessThan(12 * MB);
    });
  }

  it('gives a tool that never answers status timeout within its limit', async () => {
    const started = Date.now();
    const result = await callMcpTool(config(hostile.url), toolCall('never_answers', {}, { timeoutMs: 1_000 }), deps());
    const elapsed = Date.now() - started;
    expect(result.status).toBe('timeout');
    expect(JSON.parse(result.content).error).toMatch(/never_answers timed out after 1000 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('maps isError results to status error, with the tool text', async () => {
    expect(await callMcpTool(config(hostile.url), toolCall('fails'), deps())).toEqual({
      status: 'error',
      content: 'the tool failed on purpose',
      truncated: false,
    });
  });

  it('maps a JSON-RPC error to status error with a clear message', async () => {
    const result = await callMcpTool(config(hostile.url), toolCall('no_such_tool'), deps());
    expect(result.status).toBe('error');
    expect(JSON.parse(result.content).error).toMatch(/returned JSON-RPC error -32602: .*Unknown tool: no_such_tool/);
  });

  it('rejects arguments that are not a JSON object without contacting the server', async () => {
    const connections = hostile.stats.connections;
    expect((await callMcpTool(config(hostile.url), toolCall('echo', [1, 2]), deps())).status).toBe('error');
    expect((await callMcpTool(config(hostile.url), toolCall('echo', { __invalid: '{oops' }), deps())).content).toMatch(
      /not valid JSON/,
    );
    expect(hostile.stats.connections).toBe(connections);
  });

  it('reports a non-2xx endpoint clearly, at discovery and on calls', async () => {
    const broken = hostile.url.replace(/\/mcp$/, '/broken');
    const failure = await discoverMcpTools(config(broken), deps()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(McpDiscoveryError);
    expect(failure).toMatchObject({ kind: 'http' });
    expect((failure as Error).message).toMatch(/MCP server http:\/\/127\.0\.0\.1:\d+\/broken answered HTTP 500/);
    const call = await callMcpTool(config(broken), toolCall('echo'), deps());
    expect(call.status).toBe('error');
    expect(JSON.parse(call.content).error).toMatch(/answered HTTP 500/);
  });

  it('re-initialises once when the server restarted between discovery and the call', async () => {
    const pool = new McpSessionPool();
    try {
      const pooled = { dispatcher: allowLoopback, sessions: pool, sessionScope: 'gen_restart' };
      await discoverMcpTools(config(hostile.url), pooled);
      expect(pool.idleCount).toBe(1);
      const initsBefore = hostile.stats.initializations;
      const unknownBefore = hostile.stats.unknownSessions;

      await hostile.restart();
      const result = await callMcpTool(config(hostile.url), toolCall('echo', { message: 'after restart' }), pooled);
      expect(result).toEqual({ status: 'success', content: 'echo: after restart', truncated: false });
      expect(hostile.stats.unknownSessions).toBe(unknownBefore + 1); // the stale session id got its 404
      expect(hostile.stats.initializations).toBe(initsBefore + 1); // then exactly one new session

      // The new session went back to the pool and is reused.
      await callMcpTool(config(hostile.url), toolCall('echo', { message: 'again' }), pooled);
      expect(hostile.stats.initializations).toBe(initsBefore + 1);
    } finally {
      await pool.close();
    }
  });

  it('fails clearly when the session is still unknown after re-initialising once', async () => {
    const initsBefore = hostile.stats.initializations;
    hostile.forgetSessionsOnCall = true;
    try {
      const result = await callMcpTool(config(hostile.url), toolCall('echo', { message: 'x' }), deps());
      expect(result.status).toBe('error');
      expect(JSON.parse(result.content).error).toMatch(
        /no longer recognised the session, even after re-initialising once/,
      );
      expect(hostile.stats.initializations).toBe(initsBefore + 2);
    } finally {
      hostile.forgetSessionsOnCall = false;
    }
  });

  it('throws McpDiscoveryError when the server is down, and calls return status error', async () => {
    await hostile.stop();
    // Let the client see its pooled keep-alive sockets close (otherwise the first request may fail
    // with "other side closed" on one of them instead of ECONNREFUSED: unreachable all the same).
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const failure = await discoverMcpTools(config(hostile.url), deps()).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(McpDiscoveryError);
      expect(failure).toMatchObject({ kind: 'unreachable' });
      expect((failure as Error).message).toMatch(/is unreachable: .*ECONNREFUSED/);
      const call = await callMcpTool(config(hostile.url), toolCall('echo'), deps());
      expect(call.status).toBe('error');
      expect(JSON.parse(call.content).error).toMatch(/is unreachable/);
    } finally {
      await hostile.start();
    }
  });

  describe('SSRF guard', () => {
    it('refuses a loopback MCP URL without the allow-list: McpDiscoveryError, zero connections', async () => {
      const connections = hostile.stats.connections;
      for (const host of ['127.0.0.1', 'localhost', '127.1', '[::ffff:127.0.0.1]']) {
        const url = hostile.url.replace('127.0.0.1', host);
        for (const transport of ['streamable_http', 'sse'] as const) {
          const failure = await discoverMcpTools(config(url, transport), { dispatcher: blockPrivate }).catch(
            (e: unknown) => e,
          );
          expect(failure).toBeInstanceOf(McpDiscoveryError);
          expect(failure).toMatchObject({ kind: 'blocked' });
          expect((failure as Error).message).toMatch(/refused by the SSRF guard: Blocked request to .*loopback/);
        }
        const call = await callMcpTool(config(url), toolCall('echo', { message: 'x' }), { dispatcher: blockPrivate });
        expect(call.status).toBe('error');
        expect(JSON.parse(call.content).error).toMatch(/Blocked request/);
      }
      expect(hostile.stats.connections).toBe(connections);
    });

    it('reaches the same server when 127.0.0.1 is allow-listed', async () => {
      const connections = hostile.stats.connections;
      const result = await discoverMcpTools(config(hostile.url), { dispatcher: allowLoopback });
      expect(result.tools.length).toBe(HOSTILE_TOOL_NAMES.length);
      expect(hostile.stats.connections).toBeGreaterThan(connections);
    });
  });
});
