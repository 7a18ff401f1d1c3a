import {
  z,
  aiProviderIdSchema,
  boundedJsonObjectSchema,
  documentIdSchema,
  knowledgeBaseIdSchema,
  patchSchemaOf,
  UNPROCESSABLE_RULE,
} from './common.js';

export const retrievalStrategySchema = z
  .enum(['vector', 'full_text', 'hybrid'])
  .describe(
    'vector: cosine similarity of embeddings; full_text: PostgreSQL text search; hybrid: reciprocal rank fusion of both.',
  );
export type RetrievalStrategy = z.infer<typeof retrievalStrategySchema>;

/** PostgreSQL's built-in text search configurations (docs/knowledge-bases.md, "Full-text search"). */
export const textSearchLanguageSchema = z
  .enum([
    'simple',
    'arabic',
    'armenian',
    'basque',
    'catalan',
    'danish',
    'dutch',
    'english',
    'finnish',
    'french',
    'german',
    'greek',
    'hindi',
    'hungarian',
    'indonesian',
    'irish',
    'italian',
    'lithuanian',
    'nepali',
    'norwegian',
    'portuguese',
    'romanian',
    'russian',
    'serbian',
    'spanish',
    'swedish',
    'tamil',
    'turkish',
    'yiddish',
  ])
  .describe(
    'The text search configuration of full-text search: stemming and stop words of the language; `simple` lower-cases words and keeps them all.',
  );
export type TextSearchLanguage = z.infer<typeof textSearchLanguageSchema>;

export const knowledgeBaseNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/, 'must be 1-64 letters, digits, spaces, dots, dashes or underscores')
  .describe('Unique per project; agents search a subset of their knowledge bases by name.');

export const knowledgeBaseFields = {
  name: knowledgeBaseNameSchema,
  description: z.string().max(2000).optional().describe('Shown to the model in the knowledge_search tool.'),
  retrievalStrategy: retrievalStrategySchema.default('hybrid'),
  language: textSearchLanguageSchema.default('english'),
  aiProviderId: aiProviderIdSchema.describe('The provider whose OpenAI-compatible /embeddings endpoint is used.'),
  embeddingModel: z.string().min(1).max(200),
  chunkSize: z.number().int().min(200).max(8000).default(1000).describe('Target chunk length in characters.'),
  chunkOverlap: z
    .number()
    .int()
    .min(0)
    .max(2000)
    .default(150)
    .describe('Characters shared by consecutive chunks; less than half of chunkSize (otherwise 422).'),
};

function overlapBelowHalf(
  v: { chunkSize?: number | undefined; chunkOverlap?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.chunkSize !== undefined && v.chunkOverlap !== undefined && v.chunkOverlap * 2 >= v.chunkSize)
    ctx.addIssue({
      code: 'custom',
      path: ['chunkOverlap'],
      message: 'must be less than half of chunkSize',
      params: UNPROCESSABLE_RULE,
    });
}

export const createKnowledgeBaseSchema = z
  .object(knowledgeBaseFields)
  .strict()
  .superRefine(overlapBelowHalf)
  .openapi('CreateKnowledgeBase');
export type CreateKnowledgeBase = z.infer<typeof createKnowledgeBaseSchema>;

export const patchKnowledgeBaseSchema = patchSchemaOf(knowledgeBaseFields, ['description'])
  .describe(
    'A merge patch. Changing language, aiProviderId, embeddingModel, chunkSize or chunkOverlap re-indexes every document.',
  )
  .openapi('PatchKnowledgeBase');
export type PatchKnowledgeBase = z.infer<typeof patchKnowledgeBaseSchema>;

export const knowledgeBaseSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    retrievalStrategy: retrievalStrategySchema,
    language: textSearchLanguageSchema,
    aiProviderId: z.string(),
    embeddingModel: z.string(),
    chunkSize: z.number(),
    chunkOverlap: z.number(),
    documentCount: z.number(),
    chunkCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('KnowledgeBase');
export type KnowledgeBaseView = z.infer<typeof knowledgeBaseSchema>;

export const documentContentTypeSchema = z
  .enum(['text/plain', 'text/markdown'])
  .describe('text/markdown: chunks start at headings where possible.');

export const createDocumentSchema = z
  .object({
    title: z.string().min(1).max(500),
    content: z.string().min(1).max(5_000_000),
    contentType: documentContentTypeSchema.default('text/plain'),
    metadata: boundedJsonObjectSchema.optional(),
  })
  .strict()
  .openapi('CreateDocument');
export type CreateDocument = z.infer<typeof createDocumentSchema>;

export const documentStatusSchema = z.enum(['pending', 'indexing', 'ready', 'failed']);

export const documentSummarySchema = z
  .object({
    id: z.string(),
    knowledgeBaseId: z.string(),
    title: z.string(),
    contentType: documentContentTypeSchema,
    contentHash: z.string().describe('sha256 of the content; the same content added again returns this document.'),
    contentLength: z.number(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    status: documentStatusSchema,
    error: z.string().nullable(),
    chunkCount: z.number(),
    chunksIndexed: z.number().describe('Progress of the current ingestion run.'),
    indexedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('DocumentSummary');
export type DocumentSummaryView = z.infer<typeof documentSummarySchema>;

export const documentSchema = documentSummarySchema.extend({ content: z.string() }).openapi('Document');
export type DocumentView = z.infer<typeof documentSchema>;

export const searchKnowledgeBaseSchema = z
  .object({
    query: z.string().min(1).max(2000),
    topK: z.number().int().min(1).max(50).default(5),
    strategy: retrievalStrategySchema.optional().describe("Defaults to the knowledge base's retrievalStrategy."),
  })
  .strict()
  .openapi('SearchKnowledgeBase');
export type SearchKnowledgeBase = z.infer<typeof searchKnowledgeBaseSchema>;

export const searchHitSchema = z
  .object({
    knowledgeBaseId: z.string(),
    knowledgeBaseName: z.string(),
    documentId: z.string(),
    documentTitle: z.string(),
    chunkIndex: z.number(),
    startOffset: z.number().describe('Character offset of the chunk in the document content.'),
    endOffset: z.number().describe('End of the chunk (exclusive).'),
    excerpt: z.string(),
    score: z.number().describe('Cosine similarity (vector), ts_rank_cd (full_text) or the fused RRF score (hybrid).'),
    ranks: z
      .object({ fullText: z.number().nullable(), vector: z.number().nullable() })
      .describe('1-based rank of the chunk in each list that was searched (null: not in that list).'),
  })
  .openapi('SearchHit');
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultSchema = z
  .object({ strategy: retrievalStrategySchema, hits: z.array(searchHitSchema) })
  .openapi('SearchResult');
export type SearchResult = z.infer<typeof searchResultSchema>;

export const knowledgeBaseParams = z.object({ knowledgeBaseId: knowledgeBaseIdSchema });
export const documentParams = z.object({ knowledgeBaseId: knowledgeBaseIdSchema, documentId: documentIdSchema });
