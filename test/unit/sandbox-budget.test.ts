import { afterAll, describe, expect, it } from 'vitest';
import { runInQuickJs, type SandboxLimits } from '../../activities/builtins/quickjs-sandbox.js';
import { configureSandboxMemory } from '../../infra/isolation/sandbox-memory.js';

const limits = (timeoutMs: number): SandboxLimits => ({
  timeoutMs,
  memoryLimitBytes: 512 * 1024 * 1024,
  maxOutputChars: 1000,
  maxResultChars: 1000,
});

/** The sandboxes' memory budget on real QuickJS threads: a project holds at most its share. */
describe('code sandbox memory budget', { timeout: 60_000 }, () => {
  afterAll(() => configureSandboxMemory(1536));

  it("a project's second 512 MiB sandbox waits for its share and gives up at its time limit; another project's runs", async () => {
    configureSandboxMemory(2 * 576); // each project: one sandbox of the largest size
    const long = runInQuickJs('while (true) {}', limits(3000), { projectId: 'A' });
    await new Promise((r) => setTimeout(r, 300));
    const [second, other] = await Promise.all([
      runInQuickJs('1 + 1', limits(800), { projectId: 'A' }),
      runInQuickJs('2 + 2', limits(5000), { projectId: 'B' }),
    ]);
    expect(second).toMatchObject({ ok: false, reason: 'busy' });
    expect(other).toMatchObject({ ok: true, result: 4 });
    expect(await long).toMatchObject({ ok: false, reason: 'timeout' });
    // The share is back once the first sandbox ended.
    expect(await runInQuickJs('3', limits(5000), { projectId: 'A' })).toMatchObject({ ok: true, result: 3 });
  });

  it('output and result are cut inside the sandbox, marked, and an error message is bounded', async () => {
    const big = await runInQuickJs("console.log('y'.repeat(5e6)); ({ s: 'z'.repeat(5e6) })", limits(10_000), {
      projectId: 'A',
    });
    expect(big).toMatchObject({ ok: true, outputTruncated: true, resultTruncated: true });
    if (!big.ok) throw new Error('unreachable');
    expect(big.output.length).toBeLessThanOrEqual(1000);
    expect(String(big.result)).toMatch(/^\{"s":"zzz/);
    expect(String(big.result).length).toBe(1000);
    const thrown = await runInQuickJs("throw new Error('e'.repeat(5e6))", limits(10_000), { projectId: 'A' });
    expect(thrown).toMatchObject({ ok: false, reason: 'error' });
    if (thrown.ok) throw new Error('unreachable');
    expect(thrown.error.length).toBeLessThanOrEqual(2000);
    expect(thrown.error).toMatch(/^Error: eee/);
  });
});
