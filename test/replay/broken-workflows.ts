import { sleep } from '@temporalio/workflow';
import { generationWorkflow as current } from '../../workflows/generation.js';
import type { GenerationInput } from '../../contracts/generation/index.js';

/**
 * A deliberately incompatible change: the same workflow type, now starting with a timer that
 * recorded histories do not contain. Replaying them against this must fail.
 */
export async function generationWorkflow(input: GenerationInput): Promise<void> {
  await sleep(1);
  return current(input);
}
