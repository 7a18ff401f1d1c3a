import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm run demo', () => {
  it('runs a generation that calls a tool on embedded defaults and prints its steps', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'da-demo-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    for (const k of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'BOOTSTRAP_API_KEY', 'SECRETS_KEY', 'PORT']) delete env[k];
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      expect(code, out).toBe(0);
      expect(out).toMatch(/act\s+lookup_order\(\{"orderId":"A-1042"\}\)/);
      expect(out).toMatch(/observe\s+success: .*"status":"shipped"/);
      expect(out).toMatch(/completed \(final_answer\) in 2 steps/);
      // Pause for approval → approval through the API → resume.
      expect(out).toMatch(/requires_action — the workflow waits durably/);
      expect(out).toMatch(/approval approved by key_\w+ — "Customer verified by phone"/);
      expect(out).toMatch(/observe\s+success: .*"refunded":49/);
      expect(out).toMatch(/Answer: Refunded 49 EUR for order A-1042/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
