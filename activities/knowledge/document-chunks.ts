import { chunkText, type Chunk } from '../../contracts/knowledge/chunking.js';
import { untrustedTask } from '../../infra/isolation/untrusted-pool.js';

/**
 * Chunking a document (up to 5 MB of a tenant's text) runs on the untrusted-work pool's threads,
 * not on the worker's: it is recomputed for every batch, and its cost is the document's to choose.
 * Only the batch's chunks cross back.
 */

export interface DocumentChunksInput {
  content: string;
  size: number;
  overlap: number;
  markdown: boolean;
  /** The batch: chunks [from, to); both 0 for the count alone. */
  from: number;
  to: number;
}

export function documentChunks(input: DocumentChunksInput): { count: number; chunks: Chunk[] } {
  const all = chunkText(input.content, { size: input.size, overlap: input.overlap, markdown: input.markdown });
  return { count: all.length, chunks: all.slice(input.from, input.to) };
}

export const documentChunksTask = untrustedTask<DocumentChunksInput, { count: number; chunks: Chunk[] }>(
  new URL(import.meta.url),
  'documentChunks',
);
