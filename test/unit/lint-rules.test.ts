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
