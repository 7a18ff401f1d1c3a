import { loadConfigOrExit } from '../config/env.js';
import { createLogger } from '../infra/logger.js';
import { startLocalStack } from './local-stack.js';

/** `npm run dev`: the whole service on embedded defaults; Ctrl-C stops it, a restart keeps the data. */
const env = loadConfigOrExit('dev');
const logger = createLogger(env.LOG_LEVEL, 'dev');
const say = (line: string) => process.stdout.write(`${line}\n`);

let stack: Awaited<ReturnType<typeof startLocalStack>> | null = null;
let stopping = false;
async function stop(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  say('\nStopping…');
  await stack?.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

try {
  stack = await startLocalStack(env, logger, { say });
  void stack.workerStopped.then(() => {
    if (!stopping) {
      logger.error('the worker stopped unexpectedly');
      void stop(1);
    }
  });
  say('');
  say('Durable Agents is running');
  say(`  API          ${stack.apiUrl}  (GET /healthz, GET /readyz)`);
  say(`  Temporal     ${stack.temporalAddress}${stack.temporalUi ? `  (UI: ${stack.temporalUi})` : ''}`);
  say(`  Database     ${stack.databaseLabel}`);
  say(`  API key      ${stack.apiKey ?? '(created on an earlier start with another DATA_DIR; set BOOTSTRAP_API_KEY)'}`);
  say('Press Ctrl-C to stop.');
} catch (err) {
  logger.error({ err }, 'start-up failed');
  await stop(1);
}
