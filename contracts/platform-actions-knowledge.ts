import type { PlatformActionSpec } from './platform-actions.js';

/**
 * Platform actions on knowledge bases and their documents (seed 001's `search-documents`,
 * `get-document`, `create-document`, `delete-document`), each checked like its REST endpoint: the
 * same policy action on the same resource. Executors: domain/platform-actions/knowledge.ts.
 */
const str = (description: string) => ({ type: 'string', description });
const arg = (args: Record<string, unknown>, name: string) => (typeof args[name] === 'string' ? args[name] : '');

export const knowledgePlatformActions: PlatformActionSpec[] = [
  {
    name: 'list-knowledge-bases',
    description: "List the project's knowledge bases (id, name, description, document and chunk counts).",
    parameters: {
      type: 'object',
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        cursor: str('nextCursor of the previous page'),
      },
    },
    policyAction: 'knowledgeBases:ListKnowledgeBases',
    resource: () => 'knowledge-bases/*',
    readOnly: true,
  },
  {
    name: 'search-documents',
    description:
      'Search one knowledge base: the best passages for a query, each with its document, chunk offsets, excerpt and score.',
    parameters: {
      type: 'object',
      properties: {
        knowledgeBaseId: str('The knowledge base (kb_…)'),
        query: str('What to look for'),
        topK: { type: 'integer', minimum: 1, maximum: 50, description: 'How many passages (default 5)' },
        strategy: { type: 'string', enum: ['vector', 'full_text', 'hybrid'] },
      },
      required: ['knowledgeBaseId', 'query'],
    },
    policyAction: 'knowledgeBases:SearchKnowledgeBase',
    resource: (a) => `knowledge-bases/${arg(a, 'knowledgeBaseId')}`,
    readOnly: true,
  },
  {
    name: 'list-documents',
    description: "List a knowledge base's documents (title, status, ingestion progress), newest first.",
    parameters: {
      type: 'object',
      properties: {
        knowledgeBaseId: str('The knowledge base (kb_…)'),
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        cursor: str('nextCursor of the previous page'),
      },
      required: ['knowledgeBaseId'],
    },
    policyAction: 'knowledgeBases:ListDocuments',
    resource: (a) => `knowledge-bases/${arg(a, 'knowledgeBaseId')}/documents/*`,
    readOnly: true,
  },
  {
    name: 'get-document',
    description: 'Get one document of a knowledge base with its full content.',
    parameters: {
      type: 'object',
      properties: { knowledgeBaseId: str('The knowledge base (kb_…)'), documentId: str('The document (doc_…)') },
      required: ['knowledgeBaseId', 'documentId'],
    },
    policyAction: 'knowledgeBases:GetDocument',
    resource: (a) => `knowledge-bases/${arg(a, 'knowledgeBaseId')}/documents/${arg(a, 'documentId')}`,
    readOnly: true,
  },
  {
    name: 'create-document',
    description:
      'Add a text document to a knowledge base and start its ingestion (status pending, then ready when searchable). ' +
      'The same content added again returns the existing document.',
    parameters: {
      type: 'object',
      properties: {
        knowledgeBaseId: str('The knowledge base (kb_…)'),
        title: { type: 'string', minLength: 1, maxLength: 500 },
        content: { type: 'string', minLength: 1, maxLength: 5_000_000, description: 'The text' },
        contentType: { type: 'string', enum: ['text/plain', 'text/markdown'], description: 'Default text/plain' },
        metadata: { type: 'object', description: 'Free-form JSON kept with the document' },
      },
      required: ['knowledgeBaseId', 'title', 'content'],
      additionalProperties: false,
    },
    policyAction: 'knowledgeBases:CreateDocument',
    resource: (a) => `knowledge-bases/${arg(a, 'knowledgeBaseId')}/documents/*`,
    readOnly: false,
  },
  {
    name: 'delete-document',
    description: 'Delete a document (and its passages) from a knowledge base.',
    parameters: {
      type: 'object',
      properties: { knowledgeBaseId: str('The knowledge base (kb_…)'), documentId: str('The document (doc_…)') },
      required: ['knowledgeBaseId', 'documentId'],
    },
    policyAction: 'knowledgeBases:DeleteDocument',
    resource: (a) => `knowledge-bases/${arg(a, 'knowledgeBaseId')}/documents/${arg(a, 'documentId')}`,
    readOnly: false,
  },
];
