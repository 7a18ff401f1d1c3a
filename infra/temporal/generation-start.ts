import type { Client } from '@temporalio/client';
import type { GenerationInput } from '../../contracts/generation/index.js';
import type { Generation } from '../../generated/prisma/client.js';
import { generationWorkflowType } from '../../workflows/definitions.js';
import type { generationWorkflow } from '../../workflows/generation.js';
import { startSearchAttributes } from '../../workflows/search-attributes.js';
import { readSnapshot } from '../db/json-columns.js';

/** The workflow input of a stored generation (its snapshot keeps the plan). */
export function workflowInput(g: Generation): GenerationInput {
  const { plan, firstMessageSeq } = readSnapshot(g.snapshot);
  return { generationId: g.id, projectId: g.projectId, agentId: g.agentId, traceId: g.traceId, plan, firstMessageSeq };
}

/** Starts a stored generation's workflow (workflow id = generation id, so a second start is refused, not doubled). */
export async function startGenerationWorkflow(
  client: Client,
  taskQueue: string,
  g: Generation,
  input: GenerationInput = workflowInput(g),
): Promise<void> {
  await client.workflow.start<typeof generationWorkflow>(generationWorkflowType, {
    workflowId: g.id,
    taskQueue,
    args: [input],
    memo: { projectId: g.projectId, agentId: g.agentId, traceId: g.traceId },
    typedSearchAttributes: startSearchAttributes({ ...input, sessionId: g.sessionId }),
    // The project is the fairness key of the run, its activities and its child generations (they
    // inherit it): a backlog of one project's tasks is dispatched in turn with other projects'.
    // A start option, not workflow code: no recorded history changes (docs/versioning.md).
    priority: { fairnessKey: g.projectId },
  });
}
