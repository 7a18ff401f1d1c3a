import { allHandlersFinished, condition, isCancellation, setHandler } from '@temporalio/workflow';
import {
  answerClarificationUpdate,
  childStatusSignal,
  claimedToolOutputsSignal,
  decideApprovalUpdate,
  generationStateQuery,
  submitToolOutputsUpdate,
} from './definitions.js';
import { GenerationLoop } from './generation-loop.js';
import { RunPatches } from './release.js';
import type { GenerationInput } from '../contracts/generation/index.js';

/** One generation = one workflow. Handler wiring only; the loop and its state live in GenerationLoop. */
export async function generationWorkflow(input: GenerationInput): Promise<void> {
  // First, in the first activation: see RunPatches.
  const loop = new GenerationLoop(input, new RunPatches());
  setHandler(generationStateQuery, () => loop.view());
  setHandler(childStatusSignal, (status) => loop.children.onChildStatus(status));
  setHandler(submitToolOutputsUpdate, (submission) => loop.acceptToolOutputs(submission), {
    validator: (submission) => loop.validateToolOutputs(submission),
  });
  setHandler(claimedToolOutputsSignal, (input) => loop.receiveClaimedToolOutputs(input));
  setHandler(decideApprovalUpdate, (decision) => loop.acceptApproval(decision), {
    validator: (decision) => loop.validateApproval(decision),
  });
  setHandler(answerClarificationUpdate, (answer) => loop.acceptClarification(answer), {
    validator: (answer) => loop.validateClarification(answer),
  });
  try {
    await loop.run();
  } catch (err) {
    if (!isCancellation(err)) throw err;
    // Record the cancellation, then close as CANCELED so Temporal shows what happened.
    await loop.finishCancelled();
    throw err;
  }
  // Let an update that is still replying finish before the workflow closes.
  await condition(allHandlersFinished);
}
