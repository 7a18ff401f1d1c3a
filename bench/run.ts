import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { startFixtures } from './fixtures/client.js';
import { installSignalHandlers, onCleanup, runCleanup } from './lib/cleanup.js';
import { closeHttp } from './lib/http.js';
import { errorText, log } from './lib/log.js';
import { commandVersion, gitRevision, machineInfo, packageVersion } from './lib/machine.js';
import { fullParams, quickParams } from './lib/params.js';
import { benchDir, projectRoot } from './lib/paths.js';
import type { BenchResults, Measured } from './lib/results.js';
import { createDatabase, postgresVersion } from './lib/database.js';
import { startServiceStack, type ServiceStack } from './lib/stack.js';
import { renderMarkdown, renderText } from './report/render.js';
import { renderSvg } from './report/svg.js';
import { evaluateTargets } from './report/targets.js';
import type { BenchContext } from './scenarios/context.js';
import { runHistory } from './scenarios/history.js';
import { runOverhead } from './scenarios/overhead.js';
import { runPaused } from './scenarios/paused.js';
import { runResume } from './scenarios/resume.js';
import { runSession } from './scenarios/session.js';
import { runStreaming } from './scenarios/streaming.js';
import { runThroughput } from './scenarios/throughput.js';
import { DurableSystem } from './systems/durable.js';
import { InProcessSystem } from './systems/inprocess.js';
import { LangGraphRuntime, LangGraphSystem } from './systems/langgraph.js';
import { systemLabels, type AgentSystem, type SystemId } from './systems/types.js';

const scenarioNames = ['overhead', 'resume', 'throughput', 'history', 'paused', 'streaming', 'session'] as const;
type ScenarioName = (typeof scenarioNames)[number];

const usage = `usage: npm run bench [-- --full] [-- --only=overhead,resume,throughput,history,paused,streaming,session] [-- --out=DIR]

  (default)  quick mode, under 5 minutes on 2 cores
  --full     larger samples (100 generations, 1,000 resumes, 10,000 paused, …)
  --only     run only these scenarios (the results are still written)
  --out      where to write <timestamp>.json/.md/.svg (default bench/results)`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      full: { type: 'boolean', default: false },
      only: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : [...scenarioNames];
  const unknown = only.filter((s) => !(scenarioNames as readonly string[]).includes(s));
  if (unknown.length) {
    process.stderr.write(`unknown scenario(s): ${unknown.join(', ')}\n${usage}\n`);
    return 64;
  }
  const selected = new Set(only as ScenarioName[]);
  const mode = values.full ? 'full' : 'quick';
  const params = values.full ? fullParams : quickParams;
  const outDir = values.out ?? join(benchDir, 'results');

  installSignalHandlers();
  const startedAt = new Date();
  const t0 = performance.now();
  const machine = machineInfo();
  log(
    `${mode} mode on ${machine.cpuModel} (${machine.nproc} cores, ${machine.memoryGiB} GiB), load average ${machine.loadAverageAtStart.join(' / ')}`,
  );

  const fixtures = await startFixtures();
  log(`scripted model at ${fixtures.modelUrl}, tool server at ${fixtures.toolUrl}`);

  const unavailable: Partial<Record<SystemId, string>> = {};
  let stack: ServiceStack | null = null;
  let durable: DurableSystem | null = null;
  try {
    stack = await startServiceStack();
    const service = new DurableSystem(stack, fixtures);
    onCleanup('Durable Agents client', () => service.close());
    await service.setup();
    durable = service;
    log(`Durable Agents API at ${stack.apiUrl} (worker pid ${stack.worker.pid}, api pid ${stack.api.pid})`);
  } catch (err) {
    unavailable.durable = errorText(err);
    log(`Durable Agents could not start: ${unavailable.durable}`);
  }
  const inprocess = new InProcessSystem(fixtures);
  onCleanup('in-process system', () => inprocess.close());

  let langgraphRuntime: LangGraphRuntime | null = null;
  const langgraphDatabase = `da_bench_${process.pid}_langgraph`;
  try {
    const url = await createDatabase(langgraphDatabase);
    langgraphRuntime = await LangGraphRuntime.start(fixtures, url);
    const runtime = langgraphRuntime;
    onCleanup('LangGraph checkpointer pool', () => runtime.close());
  } catch (err) {
    unavailable.langgraph = unavailable.langgraphAsync = `LangGraph JS could not start: ${errorText(err)}`;
    log(unavailable.langgraph);
  }

  const systems: AgentSystem[] = [
    ...(durable ? [durable] : []),
    inprocess,
    ...(langgraphRuntime
      ? [
          new LangGraphSystem('langgraph', langgraphRuntime, 'sync'),
          new LangGraphSystem('langgraphAsync', langgraphRuntime, 'async'),
        ]
      : []),
  ];
  const benchProcess = { 'benchmark process': process.pid };
  const cpu: BenchContext['cpu'] = {
    inprocess: { processes: benchProcess, databases: [] },
    langgraph: { processes: benchProcess, databases: [langgraphDatabase] },
    langgraphAsync: { processes: benchProcess, databases: [langgraphDatabase] },
    ...(stack
      ? {
          durable: {
            processes: {
              worker: stack.worker.pid,
              api: stack.api.pid,
              ...(stack.temporalPid ? { 'temporal server': stack.temporalPid } : {}),
            },
            databases: [stack.databaseName],
          },
        }
      : {}),
  };
  const ctx: BenchContext = { params, fixtures, durable, systems, unavailable, langgraphRuntime, cpu };

  const lg = packageVersion('@langchain/langgraph');
  const describe: Record<SystemId, string> = {
    durable:
      'public HTTP API (synchronous generate) → API process + worker process (node --import tsx, NODE_ENV=production, MALLOC_ARENA_MAX=2, LOG_LEVEL=warn) + Temporal dev server (in memory) + PostgreSQL',
    inprocess:
      'the same ReAct loop inside the benchmark process: openai client (streamed, like the service) + undici fetch tool call; nothing persisted (the floor)',
    langgraph: `@langchain/langgraph ${lg ?? '?'} prebuilt createReactAgent + @langchain/openai ${packageVersion('@langchain/openai') ?? '?'} ChatOpenAI + PostgresSaver on the same PostgreSQL server, durability 'sync' (every checkpoint saved before the next step, like (a))`,
    langgraphAsync:
      "as (c) with LangGraph's default durability 'async' (checkpoints saved while the next step runs); per-step figures only",
  };
  const results: BenchResults = {
    meta: {
      mode,
      startedAt: startedAt.toISOString().replace(/\.\d+Z$/, 'Z'),
      finishedAt: '',
      durationSeconds: 0,
      machine,
      loadAverageAtEnd: [],
      loadAverageByScenario: {},
      versions: {
        'durable-agents': ownVersion(),
        '@temporalio/worker': packageVersion('@temporalio/worker'),
        openai: packageVersion('openai'),
        '@langchain/langgraph': lg,
        '@langchain/langgraph-checkpoint-postgres': packageVersion('@langchain/langgraph-checkpoint-postgres'),
        '@langchain/openai': packageVersion('@langchain/openai'),
        '@langchain/core': packageVersion('@langchain/core'),
        postgres: await postgresVersion(),
        temporalCli:
          stack && stack.temporalCli.startsWith('/')
            ? commandVersion(stack.temporalCli, ['--version'])
            : (stack?.temporalCli ?? null),
      },
      git: gitRevision(),
      params,
      command: `npm run bench${values.full ? ' -- --full' : ''}${values.only ? ` -- --only=${values.only}` : ''}`,
      notes: [
        'Other engineers may be running tests on this machine at the same time; the load averages above show how busy it was. Numbers on a shared 2-core machine vary run to run: rerun before drawing fine conclusions.',
        'Every system talks to the same scripted zero-latency OpenAI-compatible server (test/support/model-server.ts) and the same loopback HTTP tool server, both in one child process outside the benchmark process.',
        "(c) uses ChatOpenAI's default non-streaming calls: its streaming mode estimates token usage with tiktoken, which downloads encodings from the internet on first use (impossible offline). (a) and (b) stream, as the service does.",
        'createReactAgent is marked deprecated in @langchain/langgraph 1.x in favour of createAgent in the separate `langchain` package; it is the prebuilt ReAct agent of @langchain/langgraph the issue names.',
        'A "step" is one model call that asks for a tool plus that tool call; each generation ends with one more model call for the answer, counted in its wall time.',
        ...(stack && !stack.temporalPid
          ? [
              `(a)'s Temporal server (${stack.temporalCli}) is not a process this run started or found on this machine: the CPU figures of (a) and of Temporal alone leave it out.`,
            ]
          : []),
      ],
    },
    systems: Object.fromEntries(
      (['durable', 'inprocess', 'langgraph', 'langgraphAsync'] as const).map((id) => [
        id,
        {
          label: systemLabels[id],
          status: unavailable[id] ? 'error' : 'ok',
          description: describe[id],
          ...(unavailable[id] ? { error: unavailable[id] } : {}),
        },
      ]),
    ) as BenchResults['systems'],
    targets: [],
  };

  // The load average when each scenario starts: other work on the machine shows up here.
  const mark = (name: ScenarioName) =>
    (results.meta.loadAverageByScenario[name] = loadavg().map((v) => Math.round(v * 100) / 100));
  if (selected.has('overhead')) {
    mark('overhead');
    results.overhead = await runOverhead(ctx);
  }
  if (selected.has('resume')) {
    mark('resume');
    results.resume = await runResume(ctx);
  }
  if (selected.has('throughput')) {
    mark('throughput');
    results.throughput = await runThroughput(ctx);
  }
  if (selected.has('history')) {
    mark('history');
    results.history = await runHistory(ctx);
  }
  if (selected.has('paused')) {
    mark('paused');
    results.paused = await runPaused(ctx);
  }
  if (selected.has('streaming')) {
    mark('streaming');
    results.streaming = await runStreaming(ctx).catch((err: unknown) => ({
      status: 'n/a' as const,
      reason: `probe failed: ${errorText(err)}`,
    }));
  }

  if (selected.has('session')) {
    mark('session');
    results.session = await runSession(ctx);
  }

  results.targets = evaluateTargets(results);
  results.meta.finishedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  results.meta.durationSeconds = Math.round((performance.now() - t0) / 100) / 10;
  results.meta.loadAverageAtEnd = loadavg().map((v) => Math.round(v * 100) / 100);

  mkdirSync(outDir, { recursive: true });
  const stamp = results.meta.startedAt.replace(/:/g, '-');
  const files = { json: `${stamp}.json`, md: `${stamp}.md`, svg: `${stamp}.svg` };
  writeFileSync(join(outDir, files.json), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, files.svg), renderSvg(results));
  writeFileSync(join(outDir, files.md), renderMarkdown(results, files));
  process.stdout.write(`\n${renderText(results)}\n`);
  const where = relative(projectRoot, outDir) || '.';
  process.stdout.write(`results: ${where}/${files.json}, ${where}/${files.md}, ${where}/${files.svg}\n`);

  // (a) and (b) must measure; LangGraph failures are reported in the results but do not fail the run.
  const failed = collectFailures(results).filter((f) => f.startsWith('durable') || f.startsWith('inprocess'));
  if (unavailable.durable) failed.unshift(`durable: ${unavailable.durable}`);
  if (failed.length) {
    process.stderr.write(
      `\nsome figures of (a)/(b) could not be measured:\n${failed.map((f) => `  ${f}`).join('\n')}\n`,
    );
    return 1;
  }
  return 0;
}

function ownVersion(): string | null {
  try {
    return (
      (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version?: string }).version ?? null
    );
  } catch {
    return null;
  }
}

function collectFailures(r: BenchResults): string[] {
  const out: string[] = [];
  const visit = (scenario: string, per: Partial<Record<SystemId, Measured<object>>> | undefined) => {
    for (const [id, m] of Object.entries(per ?? {}))
      if (m?.status === 'error') out.push(`${id} ${scenario}: ${m.reason.split('\n')[0]}`);
  };
  visit('overhead', r.overhead?.systems);
  visit('resume', r.resume?.toolOutputs);
  visit('resume (approvals)', r.resume?.approvals);
  visit('throughput', r.throughput?.systems);
  visit('history', r.history?.systems);
  visit('paused', r.paused?.systems);
  visit('session', r.session ? { durable: r.session } : undefined);
  return out;
}

let code: number;
try {
  code = await main();
} catch (err) {
  log(`benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  code = 1;
} finally {
  await runCleanup();
  await closeHttp().catch(() => {});
}
process.exit(code);
