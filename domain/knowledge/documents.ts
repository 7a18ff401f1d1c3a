import { createHash } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { ApiError } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import {
  documentIngestionWorkflowType,
  ingestionWorkflowId,
  type DocumentIngestionInput,
} from '../../contracts/knowledge/ingestion.js';
import type { CreateDocument, DocumentSummaryView } from '../../contracts/schemas/index.js';
import type { KbDocument, KnowledgeBase } from '../../generated/prisma/client.js';
import { Prisma, type Db } from '../../infra/db/prisma.js';
import { documentSummary } from './views.js';

/**
 * Adding a document to a knowledge base and handing it to its ingestion workflow: what
 * `POST /v1/knowledge-bases/{id}/documents` does, and the create-document platform action with it
 * (from the API over `/mcp`, from the worker for an agent's platform tool).
 */

/** Where ingestion workflows are started: a Temporal client and the main task queue. */
export interface IngestionStarter {
  client: Client;
  taskQueue: string;
  onStartFailed?: (err: unknown, documentId: string) => void;
}

/**
 * Starts the ingestion workflow of the document's current run. Starting a run twice is harmless
 * (same workflow id); when Temporal cannot be reached the document stays pending (503) and a
 * re-index request starts it later.
 */
export async function startIngestion(
  starter: IngestionStarter,
  doc: Pick<KbDocument, 'id' | 'ingestionRun' | 'projectId'>,
): Promise<void> {
  const input: DocumentIngestionInput = { documentId: doc.id, run: doc.ingestionRun };
  try {
    await starter.client.workflow.start(documentIngestionWorkflowType, {
      workflowId: ingestionWorkflowId(doc.id, doc.ingestionRun),
      taskQueue: starter.taskQueue,
      args: [input],
      // The project is the fairness key of the workflow and its activities: a backlog of one
      // project's documents is dispatched in turn with other projects' work, not ahead of it.
      priority: { fairnessKey: doc.projectId },
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    starter.onStartFailed?.(err, doc.id);
    throw new ApiError(
      503,
      'unavailable',
      'The document is stored but its ingestion could not be started; re-index it later',
      { documentId: doc.id },
    );
  }
}

/**
 * Stores the document (pending) and starts its ingestion. The same content in the same knowledge
 * base is one document: it is returned as it is (`created: false`), also when added concurrently.
 */
export async function createDocument(
  deps: { db: Db; ingestion: IngestionStarter },
  kb: Pick<KnowledgeBase, 'id' | 'projectId'>,
  body: CreateDocument,
): Promise<{ created: boolean; document: DocumentSummaryView }> {
  const { db } = deps;
  const contentHash = createHash('sha256').update(body.content).digest('hex');
  const byHash = () =>
    db.kbDocument.findUnique({ where: { knowledgeBaseId_contentHash: { knowledgeBaseId: kb.id, contentHash } } });
  const existing = await byHash();
  if (existing) return { created: false, document: documentSummary(existing) };
  let doc: KbDocument;
  try {
    doc = await db.kbDocument.create({
      data: {
        id: newId('document'),
        projectId: kb.projectId,
        knowledgeBaseId: kb.id,
        title: body.title,
        contentType: body.contentType,
        content: body.content,
        contentHash,
        metadata: body.metadata === undefined ? Prisma.DbNull : (body.metadata as Prisma.InputJsonValue),
        status: 'pending',
      },
    });
  } catch (err) {
    // The same content added concurrently: the other request's document is the answer.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      const other = await byHash();
      if (other) return { created: false, document: documentSummary(other) };
    }
    throw err;
  }
  await startIngestion(deps.ingestion, doc);
  return { created: true, document: documentSummary(doc) };
}
