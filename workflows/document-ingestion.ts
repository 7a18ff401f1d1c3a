import { ActivityFailure, continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { DocumentIngestionActivities, DocumentIngestionInput } from '../contracts/knowledge/ingestion.js';

const bookkeeping = proxyActivities<DocumentIngestionActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 ms', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 20 },
});

/** Embedding calls: the provider may be slow or rate-limited; 4xx answers fail without retry. */
const embedding = proxyActivities<DocumentIngestionActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 6 },
});

/** Batches per workflow run before continuing as new (keeps history small for very large documents). */
const BATCHES_PER_RUN = 400;

/**
 * Ingests one document: chunk count, then one activity per batch of chunks (embed + upsert by
 * ordinal, so a batch retried after a worker crash overwrites instead of duplicating), then ready.
 */
export async function documentIngestionWorkflow(input: DocumentIngestionInput): Promise<void> {
  const { documentId, run } = input;
  try {
    const plan = await bookkeeping.startDocumentIngestion({ documentId, run, from: input.from ?? 0 });
    if (!plan) return;
    let from = input.from ?? 0;
    for (let batches = 0; from < plan.chunkCount; batches++) {
      if (batches === BATCHES_PER_RUN) await continueAsNew<typeof documentIngestionWorkflow>({ documentId, run, from });
      const to = Math.min(plan.chunkCount, from + plan.batchSize);
      if (!(await embedding.indexChunkBatch({ documentId, run, from, to }))) return;
      from = to;
    }
    await bookkeeping.finishDocumentIngestion({ documentId, run, error: null });
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const message = err.cause?.message ?? err.message;
    await bookkeeping.finishDocumentIngestion({ documentId, run, error: message });
  }
}
