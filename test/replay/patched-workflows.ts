import { patched, sleep } from '@temporalio/workflow';
import { generationWorkflow as current } from '../../workflows/generation.js';
import type { GenerationInput } from '../../contracts/generation/index.js';

/**
 * The change of broken-workflows.ts made the way docs/versioning.md says: behind `patched()`. New
 * runs take it (and record the marker); runs recorded before it replay without it.
 */
export async function generationWorkflow(input: GenerationInput): Promise<void> {
  if (patched('example-timer-before-the-loop')) await sleep(1);
  return current(input);
}
