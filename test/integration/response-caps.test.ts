import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

// Issue 43: a provider's 292 KB gzip answer expanding to about 300 MB was read whole; the API
// process died in JSON.parse on a vector search, and model calls use the same client. Here a real
// HTTP server plays that provider, for a generation (the worker process) and for a knowledge search
// (the API process), and the peak RSS growth of the process that read the answer is measured.

const MiB = 1024 * 1024;
const BOMB_DECODED = 300 * MiB;

/** `prefix`, then `BOMB_DECODED` bytes of JSON whitespace, then `suffix`, gzipped (about 300 KB). */
async function gzipBomb(prefix: string, suffix: string): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (c: Buffer) => out.push(c));
  const ended = once(gzip, 'end');
  gzip.write(prefix);
  const block = Buffer.alloc(MiB, 0x20);
  for (let i = 0; i < BOMB_DECODED / MiB; i++) if (!gzip.write(block)) await once(gzip, 'drain');
  gzip.end(suffix);
  await ended;
  return Buffer.concat(out);
}

interface BombServer {
  url: string;
  requests: string[];
  /** Compressed size of the answer. */
  size: number;
  close(): Promise<void>;
}

/** An OpenAI-compatible provider whose every answer is a gzip bomb (chat, streamed chat, embeddings). */
async function startBombServer(): Promise<BombServer> {
  const [json, sse] = await Promise.all([
    gzipBomb('{"id":"chatcmpl-bomb","object":"chat.completion","choices":[', ']}'),
    gzipBomb('data: {"id":"chatcmpl-bomb","object":"chat.completion.chunk","choices":[', ']}\n\n'),
  ]);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      requests.push(req.url ?? '');
      const streamed = /"stream"\s*:\s*true/.test(body);
      const answer = streamed ? sse : json;
      res.writeHead(200, {
        'content-type': streamed ? 'text/event-stream' : 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(answer.length),
      });
      res.end(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    size: json.length,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A field of /proc/<pid>/status in bytes (VmRSS, VmHWM). */
function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line!)![1]) * 1024;
}

/**
 * Peak RSS growth of `pid` while `work` runs: its RSS before, then the kernel's high-water mark
 * (reset first through clear_refs), cross-checked by sampling VmRSS every 10 ms.
 */
async function peakGrowth<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = procStatus(pid, 'VmRSS');
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false; // not permitted here: the samples alone measure the peak
  }
  let sampled = before;
  const sampler = setInterval(() => (sampled = Math.max(sampled, procStatus(pid, 'VmRSS'))), 10);
  try {
    const result = await work();
    const peak = Math.max(sampled, procStatus(pid, 'VmRSS'), hwmReset ? procStatus(pid, 'VmHWM') : 0);
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe('a decompression-bomb provider answer (~300 KB of gzip expanding to 300 MB)', () => {
  let stack: TestStack;
  let bomb: BombServer;
  let model: ModelServer;
  let bombProviderId: string;
  let goodAgentId: string;

  beforeAll(async () => {
    [stack, bomb, model] = await Promise.all([
      startStack({ mode: 'processes', env: { MODEL_CALL_MAX_ATTEMPTS: '3' } }),
      startBombServer(),
      startModelServer(),
    ]);
    const res = await stack.api('POST', '/v1/ai-providers', {
      name: 'bomb',
      kind: 'openai_compatible',
      baseUrl: bomb.url,
      defaultModel: 'bomb-model',
    });
    bombProviderId = res.body.id;
    goodAgentId = await createAgent(stack, { aiProviderId: await createProvider(stack, model) });
    // Warm both processes up on ordinary work first: the growth measured is the bomb's.
    model.setDefault({ text: 'warm' });
    expect((await stack.api('POST', `/v1/agents/${goodAgentId}/generate`, { prompt: 'hi' })).body.status).toBe(
      'completed',
    );
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await Promise.all([bomb?.close(), model?.close()]);
  });

  it('fails the generation once, with a clear error, and the worker grows by far less than 300 MiB', async () => {
    expect(bomb.size).toBeLessThan(400_000);
    const agentId = await createAgent(stack, { aiProviderId: bombProviderId });
    const workerPid = stack.workerProcess!.child.pid!;
    const before = bomb.requests.length;
    const started = Date.now();
    const { result: res, growth } = await peakGrowth(workerPid, () =>
      stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'answer me' }),
    );
    console.log(
      `worker peak RSS growth during the bomb generation: ${(growth / MiB).toFixed(1)} MiB (${Date.now() - started} ms)`,
    );
    expect(res.body.status).toBe('failed');
    expect(res.body.error).toMatchObject({
      code: 'model_rejected',
      message: expect.stringMatching(/answer refused: The response body expanded more than 100× when decoded/),
    });
    // Not retried: the same server would answer the same way.
    expect(bomb.requests.length - before).toBe(1);
    expect(growth).toBeLessThan(300 * MiB);

    // The worker is the same process and still runs generations.
    expect(stack.workerProcess!.child.exitCode).toBeNull();
    expect(stack.workerProcess!.child.pid).toBe(workerPid);
    const after = await stack.api('POST', `/v1/agents/${goodAgentId}/generate`, { prompt: 'still there?' });
    expect(after.body.status).toBe('completed');
  });

  it('a vector search whose query embedding is the bomb is a 502, and the API process lives on', async () => {
    const kb = await stack.api('POST', '/v1/knowledge-bases', {
      name: 'bombed',
      aiProviderId: bombProviderId,
      embeddingModel: 'bomb-embeddings',
      retrievalStrategy: 'vector',
    });
    expect(kb.status).toBe(201);
    const apiPid = stack.apiProcess!.child.pid!;
    const before = bomb.requests.length;
    const { result: res, growth } = await peakGrowth(apiPid, () =>
      stack.api('POST', `/v1/knowledge-bases/${kb.body.id}/search`, { query: 'anything', strategy: 'vector' }),
    );
    console.log(`API peak RSS growth during the bomb search: ${(growth / MiB).toFixed(1)} MiB`);
    expect(res.status).toBe(502);
    expect(res.body.error ?? res.body).toMatchObject({
      message: expect.stringMatching(/Embedding the query failed: .*expanded more than 100×/),
    });
    expect(bomb.requests.slice(before)).toEqual(['/v1/embeddings']);
    expect(growth).toBeLessThan(300 * MiB);
    expect(stack.apiProcess!.child.exitCode).toBeNull();
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
  });

  it('POST /v1/agent-step against the bomb is a 502 naming the limit', async () => {
    const res = await stack.api('POST', '/v1/agent-step', {
      aiProviderId: bombProviderId,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.status).toBe(502);
    expect(JSON.stringify(res.body)).toMatch(/answer was refused: The response body expanded/);
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
  });
});
