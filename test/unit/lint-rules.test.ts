import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rules that keep workflow code deterministic actually fire. */
describe('workflow lint rules', () => {
  const eslint = new ESLint({ cwd: process.cwd() });

  async function ruleIds(code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: 'workflows/generation-loop.ts' });
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  }

  it('forbids Node built-ins and I/O modules, Math.random, setTimeout, console.log and floating promises in workflows/', async () => {
    const ids = await ruleIds(`import { readFileSync } from 'node:fs';
import OpenAI from 'openai';
export async function wf(): Promise<number> {
  console.log(readFileSync, OpenAI);
  setTimeout(() => undefined, 1);
  Promise.resolve(1);
  return Math.random();
}
`);
    expect(ids.filter((id) => id === 'no-restricted-imports')).toHaveLength(2);
    expect(ids).toContain('no-restricted-properties');
    expect(ids).toContain('no-restricted-globals');
    expect(ids).toContain('@typescript-eslint/no-floating-promises');
  }, 180_000);

  it('accepts the same kind of code that only uses the workflow APIs', async () => {
    const ids = await ruleIds(`import { sleep } from '@temporalio/workflow';
export async function wf(): Promise<void> {
  await sleep(1);
}
`);
    expect(ids).toEqual([]);
  }, 180_000);
});

/** The lint rules that keep the layers apart and the SDK's internals in one adapter fire. */
describe('layer and SDK lint rules', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const restricted = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it('api/ and activities/ import each other never, domain/ neither of them', async () => {
    expect(
      await restricted(
        'api/routes/approvals.ts',
        `import { executeTool } from '../../activities/tools/execute-tool.js';\nvoid executeTool;\n`,
      ),
    ).toEqual([expect.stringContaining('through domain/')]);
    expect(
      await restricted(
        'activities/index.ts',
        `import { viewAfterAnswer } from '../api/generations/resume.js';\nvoid viewAfterAnswer;\n`,
      ),
    ).toEqual([expect.stringContaining('through domain/')]);
    expect(
      await restricted(
        'domain/views.ts',
        `import { createActivities } from '../activities/index.js';\nvoid createActivities;\n`,
      ),
    ).toEqual([expect.stringContaining('imports neither')]);
    expect(
      await restricted(
        'api/routes/approvals.ts',
        `import { findGeneration } from '../../domain/generation-access.js';\nvoid findGeneration;\n`,
      ),
    ).toEqual([]);
  }, 180_000);

  it('SDK internals only in the adapter; the OpenTelemetry workflow entry is allowed', async () => {
    const internal = `import { WorkerThreadClient } from '@temporalio/worker/lib/workflow/threaded-vm.js';\nvoid WorkerThreadClient;\n`;
    expect(await restricted('worker.ts', internal)).toEqual([expect.stringContaining('sdk-adapter')]);
    expect(await restricted('infra/temporal/sdk-adapter.ts', internal)).toEqual([]);
    const otel = `import { OpenTelemetryInboundInterceptor } from '@temporalio/interceptors-opentelemetry/lib/workflow/index.js';\nvoid OpenTelemetryInboundInterceptor;\n`;
    expect(await restricted('workflows/workflow-spans.ts', otel)).toEqual([]);
  }, 180_000);
});
