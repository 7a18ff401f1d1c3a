import { reciprocalRankFusion } from '../../contracts/knowledge/fusion.js';
import type { RetrievalStrategy, SearchHit, SearchResult, TextSearchLanguage } from '../../contracts/schemas/index.js';
import type { AiProvider, KbDocument, KnowledgeBase } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db/prisma.js';
import type { Embed } from './embedder.js';
import { fullTextSearch } from './full-text.js';
import { byScoreThenPosition, type RankedChunk } from './ranking.js';
import { VectorCache } from './vector-cache.js';
import { hasPgvector, safeId } from './vector-index.js';

/**
 * The knowledge-base read side shared by the API (`POST /v1/knowledge-bases/{id}/search`), the
 * generation's `knowledge_search` tool and platform actions (search-documents, get-document).
 * Every read is scoped to a project: an id of another project finds nothing.
 */

export interface SearchRequest {
  projectId: string;
  knowledgeBaseIds: string[];
  query: string;
  topK: number;
  /** Default: the strategy of the first knowledge base. */
  strategy?: RetrievalStrategy;
}

const MAX_EXCERPT = 1200;

const keyOf = (c: { documentId: string; ordinal: number }) => `${c.documentId}#${c.ordinal}`;

/** Candidates fetched from each list before fusion. */
const fusionDepth = (topK: number) => Math.min(200, Math.max(50, topK * 5));

export class KnowledgeService {
  private readonly vectors: VectorCache;

  constructor(
    private readonly db: Db,
    private readonly embed: Embed,
  ) {
    this.vectors = new VectorCache(db);
  }

  async search(req: SearchRequest): Promise<SearchResult> {
    // In the request's order: the first one's strategy is the default.
    const kbs = (
      await this.db.knowledgeBase.findMany({ where: { id: { in: req.knowledgeBaseIds }, projectId: req.projectId } })
    ).sort((a, b) => req.knowledgeBaseIds.indexOf(a.id) - req.knowledgeBaseIds.indexOf(b.id));
    const strategy = req.strategy ?? (kbs[0]?.retrievalStrategy as RetrievalStrategy | undefined) ?? 'hybrid';
    if (kbs.length === 0) return { strategy, hits: [] };
    let ranked: Array<RankedChunk & { ranks: SearchHit['ranks'] }>;
    if (strategy === 'full_text') {
      ranked = (await this.fullText(req.projectId, kbs, req.query, req.topK)).map((c, i) => ({
        ...c,
        ranks: { fullText: i + 1, vector: null },
      }));
    } else if (strategy === 'vector') {
      ranked = (await this.vector(req.projectId, kbs, req.query, req.topK)).map((c, i) => ({
        ...c,
        ranks: { fullText: null, vector: i + 1 },
      }));
    } else {
      const depth = fusionDepth(req.topK);
      const [text, vec] = await Promise.all([
        this.fullText(req.projectId, kbs, req.query, depth),
        this.vector(req.projectId, kbs, req.query, depth),
      ]);
      ranked = reciprocalRankFusion([text.map(keyOf), vec.map(keyOf)])
        .map((f) => {
          const [documentId, ordinal] = f.key.split('#') as [string, string];
          return {
            documentId,
            ordinal: Number(ordinal),
            score: f.score,
            ranks: { fullText: f.ranks[0]!, vector: f.ranks[1]! },
          };
        })
        .sort(byScoreThenPosition)
        .slice(0, req.topK);
    }
    return { strategy, hits: await this.hydrate(req.projectId, kbs, ranked) };
  }

  /** A document of the project with its content (null when absent, also for other projects' ids). */
  getDocument(projectId: string, documentId: string): Promise<KbDocument | null> {
    return this.db.kbDocument.findFirst({ where: { id: documentId, projectId } });
  }

  /** Knowledge bases of one language share one query; lists of several languages merge by score. */
  private async fullText(
    projectId: string,
    kbs: KnowledgeBase[],
    query: string,
    limit: number,
  ): Promise<RankedChunk[]> {
    const byLanguage = new Map<string, string[]>();
    for (const kb of kbs) byLanguage.set(kb.language, [...(byLanguage.get(kb.language) ?? []), kb.id]);
    const lists = await Promise.all(
      [...byLanguage].map(([language, knowledgeBaseIds]) =>
        fullTextSearch(this.db, {
          projectId,
          knowledgeBaseIds,
          language: language as TextSearchLanguage,
          query,
          limit,
        }),
      ),
    );
    return lists.flat().sort(byScoreThenPosition).slice(0, limit);
  }

  /** Knowledge bases sharing an embedding model share one query embedding. */
  private async vector(projectId: string, kbs: KnowledgeBase[], query: string, limit: number): Promise<RankedChunk[]> {
    const groups = new Map<string, KnowledgeBase[]>();
    for (const kb of kbs) {
      const key = `${kb.aiProviderId}\n${kb.embeddingModel}`;
      groups.set(key, [...(groups.get(key) ?? []), kb]);
    }
    const providers = await this.db.aiProvider.findMany({
      where: { projectId, id: { in: [...new Set(kbs.map((k) => k.aiProviderId))] } },
    });
    const lists = await Promise.all(
      [...groups.values()].map(async (group) => {
        const provider = providers.find((p) => p.id === group[0]!.aiProviderId);
        if (!provider) return [];
        const [v] = await this.embed(provider as AiProvider, group[0]!.embeddingModel, [query]);
        return this.nearest(
          projectId,
          group.map((k) => k.id),
          v!,
          limit,
        );
      }),
    );
    // Cosine similarities of different models are not strictly comparable; merged by value anyway.
    return lists.flat().sort(byScoreThenPosition).slice(0, limit);
  }

  private async nearest(projectId: string, kbIds: string[], v: number[], limit: number): Promise<RankedChunk[]> {
    const dims = v.length;
    if (kbIds.length === 1 && (await hasPgvector(this.db))) {
      // The knowledge base id is inlined so the planner can use its partial HNSW index, which
      // orders by distance alone (another sort key would bypass it): ties are ordered here.
      const rows = await this.db.$queryRawUnsafe<RankedChunk[]>(
        `SELECT c."documentId", c.ordinal, (1 - (c.embedding::vector(${dims}) <=> $1::vector(${dims})))::float8 AS score
         FROM "KbChunk" c
         WHERE c."knowledgeBaseId" = '${safeId(kbIds[0]!)}' AND c."projectId" = $2 AND cardinality(c.embedding) = ${dims}
         ORDER BY c.embedding::vector(${dims}) <=> $1::vector(${dims})
         LIMIT $3`,
        `[${v.join(',')}]`,
        projectId,
        limit,
      );
      return rows.map((r) => ({ ...r, score: Number(r.score) })).sort(byScoreThenPosition);
    }
    // Exact cosine (unit vectors: the dot product), scanned in memory per knowledge base.
    const lists = await Promise.all(kbIds.map((id) => this.vectors.nearest(id, v, limit)));
    return lists.flat().sort(byScoreThenPosition).slice(0, limit);
  }

  private async hydrate(
    projectId: string,
    kbs: KnowledgeBase[],
    ranked: Array<RankedChunk & { ranks: SearchHit['ranks'] }>,
  ): Promise<SearchHit[]> {
    if (ranked.length === 0) return [];
    // One statement (the chunks with their documents' titles), keyed by the ranked pairs.
    const chunks = await this.db.$queryRawUnsafe<
      Array<{
        documentId: string;
        ordinal: number;
        knowledgeBaseId: string;
        startOffset: number;
        endOffset: number;
        content: string;
        title: string;
      }>
    >(
      `SELECT c."documentId", c.ordinal, c."knowledgeBaseId", c."startOffset", c."endOffset", c.content, d.title
       FROM unnest($2::text[], $3::int[]) AS r("documentId", ordinal)
       JOIN "KbChunk" c ON c."documentId" = r."documentId" AND c.ordinal = r.ordinal
       JOIN "KbDocument" d ON d.id = c."documentId"
       WHERE c."projectId" = $1`,
      projectId,
      ranked.map((r) => r.documentId),
      ranked.map((r) => r.ordinal),
    );
    const byKey = new Map(chunks.map((c) => [keyOf(c), c]));
    const hits: SearchHit[] = [];
    for (const r of ranked) {
      const c = byKey.get(keyOf(r));
      if (!c) continue; // deleted between the ranking and now
      const kb = kbs.find((k) => k.id === c.knowledgeBaseId)!;
      hits.push({
        knowledgeBaseId: kb.id,
        knowledgeBaseName: kb.name,
        documentId: c.documentId,
        documentTitle: c.title,
        chunkIndex: c.ordinal,
        startOffset: c.startOffset,
        endOffset: c.endOffset,
        excerpt: c.content.length > MAX_EXCERPT ? `${c.content.slice(0, MAX_EXCERPT)}…` : c.content.trim(),
        score: Number(r.score),
        ranks: r.ranks,
      });
    }
    return hits;
  }
}
