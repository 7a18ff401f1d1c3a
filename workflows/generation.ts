import { isCancellation, setHandler } from '@temporalio/workflow';
import { childStatusSignal, generationStateQuery, pauseAnsweredSignal, pauseAnsweredUpdate } from './definitions.js';
import { GenerationLoop } from './generation-loop.js';
import type { GenerationInput } from '../contracts/generation/index.js';

/** One generation = one workflow. Handler wiring only; the loop and its state live in GenerationLoop. */
export async function generationWorkflow(input: GenerationInput): Promise<void> {
  const loop = new GenerationLoop(input);
  setHandler(generationStateQuery, () => loop.view());
  setHandler(childStatusSignal, (status) => loop.children.onChildStatus(status));
  setHandler(pauseAnsweredSignal, (answer) => loop.receiveAnswer(answer));
  // The same answer, by update when its caller waits (domain/answers/delivery.ts).
  setHandler(pauseAnsweredUpdate, (answer) => loop.receiveAnswer(answer));
  try {
    await loop.run();
  } catch (err) {
    if (!isCancellation(err)) throw err;
    // Record the cancellation, then close as CANCELED so Temporal shows what happened.
    await loop.finishCancelled();
    throw err;
  }
}
