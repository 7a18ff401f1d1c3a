import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { ensurePythonTool, MOTO_SERVER } from '../../infra/python-tool.js';
import { freePort } from '../../infra/temporal/dev-server.js';

export interface S3Server {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  /** A client with full access (path-style, any credentials: moto does not check them by default). */
  admin: S3Client;
  createBucket(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server for a test file: moto's server mode (pinned PyPI package,
 * pip-installed into .tools/ on first use), on a free port of 127.0.0.1.
 */
export async function startS3Server(): Promise<S3Server> {
  const dir = await ensurePythonTool(MOTO_SERVER, () => {});
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(
    'python3',
    [join(dir, 'bin', MOTO_SERVER.binary), '-H', '127.0.0.1', '-p', String(port)],
    {
      env: { ...process.env, PYTHONPATH: dir, PYTHONDONTWRITEBYTECODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`moto_server exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${endpoint}/moto-api/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`moto_server did not answer on ${endpoint} within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const admin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'admin', secretAccessKey: 'admin' },
  });
  return {
    endpoint,
    admin,
    createBucket: async (name) => {
      await admin.send(new CreateBucketCommand({ Bucket: name }));
    },
    close: async () => {
      admin.destroy();
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
