/** The document ingestion workflow's input and activities (types only: the workflow imports nothing else). */

export interface DocumentIngestionInput {
  documentId: string;
  /** The document's ingestionRun when this workflow was started; a newer run supersedes it. */
  run: number;
  /** First chunk ordinal still to index (set when the workflow continues as new). */
  from?: number;
}

export interface IngestionPlan {
  chunkCount: number;
  batchSize: number;
}

export interface ChunkBatchInput {
  documentId: string;
  run: number;
  from: number;
  /** Exclusive. */
  to: number;
}

export interface DocumentIngestionActivities {
  /** Marks the document indexing and returns its chunk count; null when the run was superseded or the document deleted. */
  startDocumentIngestion(input: { documentId: string; run: number; from: number }): Promise<IngestionPlan | null>;
  /** Embeds chunks [from, to) and upserts them (keyed by ordinal: a retry overwrites); false when superseded. */
  indexChunkBatch(input: ChunkBatchInput): Promise<boolean>;
  /** ready (stale chunks beyond the count removed) or failed with the error. */
  finishDocumentIngestion(input: { documentId: string; run: number; error: string | null }): Promise<void>;
}

export const documentIngestionWorkflowType = 'documentIngestionWorkflow';

/** One workflow per (document, run): starting the same run twice is harmless. */
export function ingestionWorkflowId(documentId: string, run: number): string {
  return `ingest-${documentId}-${run}`;
}
