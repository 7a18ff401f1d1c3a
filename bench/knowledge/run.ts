import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddingServer } from '../../test/support/embedding-server.js';
import { knowledgeFixtures } from '../../test/support/knowledge.js';
import { installSignalHandlers, onCleanup, runCleanup } from '../lib/cleanup.js';
import { closeHttp, requestJson } from '../lib/http.js';
import { errorText, log } from '../lib/log.js';
import { gitRevision, machineInfo } from '../lib/machine.js';
import { benchDir, projectRoot } from '../lib/paths.js';
import { summarize, type Summary } from '../lib/stats.js';
import { postgresVersion } from '../lib/database.js';
import { startServiceStack } from '../lib/stack.js';

/**
 * Knowledge-base benchmark: ingestion throughput (chunks/s, from the first document POST until
 * every document is ready) and search latency (p50/p95 per strategy) at ~10,000 chunks, on the
 * service as deployed (api + worker processes, Temporal dev server, PostgreSQL) with the
 * deterministic hashed bag-of-words embedding server (256 dimensions) standing in for a provider.
 */

const { values: args } = parseArgs({
  options: {
    chunks: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '200' },
    out: { type: 'string', default: join(benchDir, 'results', 'knowledge') },
  },
});
const targetChunks = Number(args.chunks);
const queryCount = Number(args.queries);
const DOCS = 100;
const CHUNK_SIZE = 1000;
const CHUNK_OVERLAP = 150;

/** Seeded PRNG (mulberry32): the same corpus on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Documents of shuffled fixture sentences, each with a few words of its own. */
function corpus(): Array<{ title: string; content: string }> {
  const { documents } = knowledgeFixtures();
  const sentences = documents.flatMap((d) =>
    d.content
      .split(/(?<=[.!?])\s+/)
      .map((s) => s.replace(/^#+ .*\n+/gm, '').trim())
      .filter((s) => s.length > 30),
  );
  const rand = prng(42);
  // ~850 new characters per chunk (size minus overlap).
  const charsPerDoc = Math.ceil((targetChunks / DOCS) * (CHUNK_SIZE - CHUNK_OVERLAP));
  return Array.from({ length: DOCS }, (_, i) => {
    const parts: string[] = [];
    let length = 0;
    while (length < charsPerDoc) {
      const s = `${sentences[Math.floor(rand() * sentences.length)]!} (document ${i} note ${parts.length})`;
      parts.push(s);
      length += s.length + 1;
      if (rand() < 0.15) parts.push('\n\n');
    }
    return { title: `Synthetic document ${i}`, content: parts.join(' ') };
  });
}

async function main(): Promise<void> {
  installSignalHandlers();
  const startedAt = new Date();
  const load = () => loadavg().map((v) => Math.round(v * 100) / 100);
  const loadAtStart = load();
  const stack = await startServiceStack();
  const embeddings = await startEmbeddingServer({ dims: 256 });
  onCleanup('embedding server', () => embeddings.close());
  const auth = { authorization: `Bearer ${stack.apiKey}` };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await requestJson(method, stack.apiUrl + path, body, auth);
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const provider = await api('POST', '/v1/ai-providers', {
    name: 'embeddings',
    kind: 'openai_compatible',
    baseUrl: embeddings.url,
    defaultModel: 'hashed-bow',
  });
  const kb = await api('POST', '/v1/knowledge-bases', {
    name: 'bench',
    aiProviderId: provider.id,
    embeddingModel: 'hashed-bow',
    chunkSize: CHUNK_SIZE,
    chunkOverlap: CHUNK_OVERLAP,
  });

  const docs = corpus();
  log(`ingesting ${docs.length} documents (~${targetChunks} chunks)…`);
  const t0 = performance.now();
  await Promise.all(docs.map((d) => api('POST', `/v1/knowledge-bases/${kb.id}/documents`, d)));
  let failed: number;
  for (;;) {
    const page = await api('GET', `/v1/knowledge-bases/${kb.id}/documents?limit=100`);
    const ready = page.data.filter((d: { status: string }) => d.status === 'ready').length;
    failed = page.data.filter((d: { status: string }) => d.status === 'failed').length;
    if (ready + failed === docs.length) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const ingestSeconds = (performance.now() - t0) / 1000;
  const info = await api('GET', `/v1/knowledge-bases/${kb.id}`);
  if (failed > 0) throw new Error(`${failed} documents failed to ingest`);
  const chunksPerSecond = info.chunkCount / ingestSeconds;
  log(`ingested ${info.chunkCount} chunks in ${ingestSeconds.toFixed(1)} s = ${chunksPerSecond.toFixed(0)} chunks/s`);

  const { queries } = knowledgeFixtures();
  const search: Record<string, Summary> = {};
  for (const strategy of ['full_text', 'vector', 'hybrid'] as const) {
    // Warm-up: plans and caches, not measured.
    for (const q of queries.slice(0, 5))
      await api('POST', `/v1/knowledge-bases/${kb.id}/search`, { query: q.query, topK: 5, strategy });
    const samples: number[] = [];
    for (let i = 0; i < queryCount; i++) {
      const q = queries[i % queries.length]!;
      const s = performance.now();
      await api('POST', `/v1/knowledge-bases/${kb.id}/search`, { query: q.query, topK: 5, strategy });
      samples.push(performance.now() - s);
    }
    search[strategy] = summarize(samples);
    log(`${strategy}: p50 ${search[strategy].p50.toFixed(1)} ms, p95 ${search[strategy].p95.toFixed(1)} ms`);
  }

  // Which vector path the service took (ADR 0012: pgvector is detected at run time).
  const observer = new pg.Client({ connectionString: stack.databaseUrl });
  await observer.connect();
  const ext = await observer.query<{ v: string }>(`SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'`);
  const hnsw = await observer.query(`SELECT 1 FROM pg_indexes WHERE indexname = $1`, [`KbChunk_hnsw_${kb.id}`]);
  await observer.end();
  const vectorSearch = ext.rows[0]
    ? `pgvector ${ext.rows[0].v}, HNSW index ${hnsw.rowCount ? 'present' : 'MISSING'} (vector_cosine_ops, partial per knowledge base)`
    : 'exact cosine over the stored float8[] in memory (pgvector not available on this PostgreSQL)';
  const results = {
    startedAt: startedAt.toISOString(),
    loadAverage: { atStart: loadAtStart, atEnd: load() },
    machine: machineInfo(),
    postgres: await postgresVersion(),
    git: gitRevision(),
    parameters: { documents: DOCS, chunkSize: CHUNK_SIZE, chunkOverlap: CHUNK_OVERLAP, dims: 256, queryCount },
    vectorSearch,
    ingestion: {
      chunks: info.chunkCount,
      seconds: ingestSeconds,
      chunksPerSecond,
      embeddingRequests: embeddings.requests,
    },
    searchMs: search,
  };
  mkdirSync(args.out, { recursive: true });
  const name = startedAt
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const md = [
    `# Knowledge-base benchmark ${results.startedAt}`,
    '',
    `Machine: ${results.machine.cpuModel} × ${results.machine.nproc}, ${results.postgres ?? 'PostgreSQL ?'}; commit ${results.git.commit ?? '?'}${results.git.dirty ? ' (dirty)' : ''}.`,
    `Load average (1/5/15 min) at start ${results.loadAverage.atStart.join(' / ')}, at end ${results.loadAverage.atEnd.join(' / ')} (2 cores shared with other work).`,
    `Corpus: ${DOCS} documents, chunkSize ${CHUNK_SIZE}, overlap ${CHUNK_OVERLAP}, 256-dimension hashed bag-of-words embeddings; vector search: ${results.vectorSearch}.`,
    '',
    '| ingestion | chunks | seconds | chunks/s |',
    '|---|---|---|---|',
    `| ${DOCS} documents at once | ${info.chunkCount} | ${ingestSeconds.toFixed(1)} | ${chunksPerSecond.toFixed(0)} |`,
    '',
    `| search (topK 5, ${queryCount} sequential queries) | p50 ms | p95 ms | mean ms |`,
    '|---|---|---|---|',
    ...Object.entries(search).map(
      ([k, s]) => `| ${k} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.mean.toFixed(1)} |`,
    ),
    '',
  ].join('\n');
  writeFileSync(join(args.out, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(args.out, `${name}.md`), md);
  process.stdout.write(`${md}\nwritten to ${relative(projectRoot, join(args.out, name))}.{json,md}\n`);
}

main()
  .catch((err: unknown) => {
    log(`benchmark failed: ${errorText(err)}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await runCleanup();
    await closeHttp();
  });
