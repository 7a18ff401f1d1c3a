import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { startModelServer } from '../../test/support/model-server.js';
import { installSignalHandlers, onCleanup, runCleanup } from '../lib/cleanup.js';
import { errorText, log } from '../lib/log.js';
import { benchDir, projectRoot } from '../lib/paths.js';
import { SoakApi } from './api-client.js';
import { collectOutcomes, throughputSamples } from './collect.js';
import { planFaults, playFaults, postgresRestartCommand } from './faults.js';
import { checkInvariants } from './invariants.js';
import { startLedgerServer } from './ledger-server.js';
import { soakReply, type ModelFaults } from './model-script.js';
import type { FaultRecord, SoakObservations } from './observations.js';
import { seededRandom } from './random.js';
import { renderSoakReport, soakFileStem } from './report.js';
import { createSoakAgents } from './setup.js';
import { startSoakTopology } from './topology.js';
import { Workload } from './workload.js';

const usage = `usage: npm run soak [-- --minutes=10] [-- --seed=1] [-- --concurrency=6] [-- --faults-per-kind=N] [-- --out=DIR]

  Two workers, two API replicas behind a round-robin proxy, a Temporal dev server, PostgreSQL,
  the scripted model server and a ledger tool server, under a mixed workload while seeded faults
  kill processes and break connections; then every invariant is checked (docs/reliability.md).
  --faults-per-kind  default: 3.3 per minute of run (33 in 10 minutes)
  --drain-seconds    how long the workload may take to finish after the window (default 300)
  --out              where soak-<time>.md/.json/.svg go (default bench/results)`;

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '6' },
    'faults-per-kind': { type: 'string' },
    'drain-seconds': { type: 'string', default: '300' },
    out: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const minutes = Number(values.minutes);
const seed = Number(values.seed);
const concurrency = Number(values.concurrency);
const drainSeconds = Number(values['drain-seconds']);
const perKind = values['faults-per-kind'] ? Number(values['faults-per-kind']) : Math.ceil(minutes * 3.3);
if (!(minutes > 0) || !Number.isInteger(seed) || !(concurrency > 0) || !(perKind >= 0) || !(drainSeconds >= 0)) {
  console.error(usage);
  process.exit(2);
}
const outDir = values.out ?? join(benchDir, 'results');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  installSignalHandlers();
  const random = seededRandom(seed);
  const modelFaults: ModelFaults = { status500Until: 0, hangUntil: 0, hangMs: 0 };
  const model = await startModelServer();
  model.setDefault(soakReply(modelFaults));
  onCleanup('model server', () => model.close());
  const ledger = await startLedgerServer(() => 20 + Math.floor(Math.random() * 180));
  onCleanup('ledger server', () => ledger.close());
  const restartPostgres = await postgresRestartCommand();

  const topology = await startSoakTopology({
    // Short enough that a held reply is given up and retried inside the run; enough attempts
    // that a provider outage window of a few seconds does not fail the generation.
    MODEL_CALL_TIMEOUT_SECONDS: '8',
    MODEL_CALL_MAX_ATTEMPTS: '10',
  });
  const api = new SoakApi(topology.proxy.url, topology.apiKey);
  const agents = await createSoakAgents(api, model.url, ledger.url);

  const durationMs = minutes * 60_000;
  const startedAt = Date.now();
  const startedAtIso = new Date(startedAt).toISOString();
  const plan = planFaults(random, durationMs, perKind);
  log(`soak: ${minutes} min, seed ${seed}, ${concurrency} users, ${plan.length} faults planned…`);
  const injected: FaultRecord[] = [];
  const workload = new Workload(api, agents, random, startedAt);
  const ending = () => Date.now() >= startedAt + durationMs;
  const running = workload.run(concurrency, () => !ending());
  const progress = setInterval(() => {
    const done = workload.record.generations.filter((g) => g.status).length;
    log(
      `soak: ${Math.round((Date.now() - startedAt) / 1000)} s, ${workload.record.generations.length} started, ${done} ended, ${injected.length} faults`,
    );
  }, 30_000);
  await playFaults(
    { topology, ledger, model: modelFaults, random, restartPostgres, startedAt },
    plan,
    ending,
    injected,
  );
  while (!ending()) await sleep(500);

  log('soak: window over; faults stop, every process back up, the workload drains…');
  await Promise.all([topology.temporal, ...topology.workers, ...topology.apis].map((p) => p.whenUp()));
  const drained = await Promise.race([running.then(() => true), sleep(drainSeconds * 1000).then(() => false)]);
  clearInterval(progress);
  const notes: string[] = [];
  if (!drained)
    notes.push(`The workload had not drained ${drainSeconds} s after the window: the state was read as it was.`);
  if (!restartPostgres)
    notes.push('PostgreSQL restart: not possible on this machine (no local cluster this user may restart).');
  notes.push(`Load generator: ${concurrency} users; ${api.retries} requests retried (network error, 5xx or 429).`);
  for (const e of workload.record.errors.slice(0, 20)) notes.push(`Workload error: ${e}`);

  const outcomes = await collectOutcomes(
    topology.databaseUrl,
    await topology.temporalClient(),
    api,
    agents,
    workload.record,
  );
  const observations: SoakObservations = {
    seed,
    minutes,
    startedAt: startedAtIso,
    durationMs,
    faults: injected,
    ledger: ledger.entries,
    throughput: throughputSamples(workload.record, durationMs, minutes > 3 ? 15_000 : 5_000),
    notes,
    ...outcomes,
  };
  const invariants = checkInvariants(observations);
  const stem = soakFileStem(startedAtIso);
  // The goal is 30 faults of every kind (a 10-minute run plans 33); a shorter run is held to its plan.
  const report = renderSoakReport(observations, invariants, {
    svgFileName: `${stem}.svg`,
    minFaultsPerKind: Math.min(30, perKind),
  });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${stem}.md`), report.markdown);
  writeFileSync(join(outDir, `${stem}.json`), report.json);
  writeFileSync(join(outDir, `${stem}.svg`), report.svg);
  const violations = invariants.reduce((n, i) => n + i.violations.length, 0);
  for (const i of invariants) log(`  ${i.name}: ${i.checked} checked, ${i.violations.length} violations`);
  log(`soak: ${injected.length} faults, ${observations.generations.length} generations, ${violations} violations`);
  log(`soak: report in ${relative(projectRoot, join(outDir, `${stem}.md`))}`);
  const completed = observations.generations.filter((g) => g.status === 'completed').length;
  if (completed === 0) log('soak: no generation completed');
  return violations === 0 && completed > 0 ? 0 : 1;
}

void main()
  .catch((err: unknown) => {
    log(`soak failed: ${errorText(err)}`);
    return 1;
  })
  .then(async (code) => {
    await runCleanup();
    process.exit(code);
  });
