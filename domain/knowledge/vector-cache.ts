import type { Db } from '../../infra/db/prisma.js';
import { byScoreThenPosition } from './ranking.js';

/**
 * Exact cosine search without pgvector: each knowledge base's unit-length embeddings are loaded
 * once into one Float32Array per process and scanned in memory (a dot product per chunk), which
 * is ~100× faster than computing the products in SQL over float8[] rows. Before each search a cheap
 * query reads the knowledge base's version (document count, last document update, chunks indexed;
 * every chunk write also updates its document), and a changed version reloads the matrix.
 */
interface Matrix {
  version: string;
  dims: number;
  keys: Array<{ documentId: string; ordinal: number }>;
  values: Float32Array;
}

/** Upper bound of cached floats per process (~200 MB). */
const MAX_CACHED_FLOATS = 50_000_000;

export class VectorCache {
  private readonly matrices = new Map<string, Matrix>();
  private readonly loading = new Map<string, Promise<Matrix>>();

  constructor(private readonly db: Db) {}

  async nearest(
    knowledgeBaseId: string,
    query: number[],
    limit: number,
  ): Promise<Array<{ documentId: string; ordinal: number; score: number }>> {
    const m = await this.matrix(knowledgeBaseId, query.length);
    const { dims, values, keys } = m;
    const q = Float32Array.from(query);
    // Keep the best `limit` in a small sorted array (limit is at most a few hundred).
    const best: Array<{ i: number; score: number }> = [];
    for (let i = 0; i < keys.length; i++) {
      let dot = 0;
      const base = i * dims;
      for (let d = 0; d < dims; d++) dot += values[base + d]! * q[d]!;
      if (best.length < limit || dot > best[best.length - 1]!.score) {
        let at = best.length;
        while (at > 0 && best[at - 1]!.score < dot) at--;
        best.splice(at, 0, { i, score: dot });
        if (best.length > limit) best.pop();
      }
    }
    return best.map((b) => ({ ...keys[b.i]!, score: b.score }));
  }

  private async version(knowledgeBaseId: string): Promise<string> {
    const [row] = await this.db.$queryRawUnsafe<Array<{ n: number; at: Date | null; c: number }>>(
      `SELECT count(*)::int AS n, max("updatedAt") AS at, COALESCE(sum("chunksIndexed"), 0)::int AS c
       FROM "KbDocument" WHERE "knowledgeBaseId" = $1`,
      knowledgeBaseId,
    );
    return `${row?.n}:${row?.at?.toISOString() ?? ''}:${row?.c}`;
  }

  private async matrix(knowledgeBaseId: string, dims: number): Promise<Matrix> {
    const version = `${await this.version(knowledgeBaseId)}:${dims}`;
    const cached = this.matrices.get(knowledgeBaseId);
    if (cached?.version === version) return cached;
    const key = `${knowledgeBaseId}:${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(knowledgeBaseId, dims, version).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(knowledgeBaseId: string, dims: number, version: string): Promise<Matrix> {
    const rows = await this.db.kbChunk.findMany({
      where: { knowledgeBaseId },
      select: { documentId: true, ordinal: true, embedding: true },
    });
    // Scanned in (document, chunk) order, so of equal scores the first in that order is kept.
    const usable = rows
      .filter((r) => r.embedding.length === dims)
      .map((r) => ({ ...r, score: 0 }))
      .sort(byScoreThenPosition);
    const values = new Float32Array(usable.length * dims);
    usable.forEach((r, i) => values.set(r.embedding, i * dims));
    const m: Matrix = {
      version,
      dims,
      keys: usable.map((r) => ({ documentId: r.documentId, ordinal: r.ordinal })),
      values,
    };
    this.matrices.delete(knowledgeBaseId);
    this.matrices.set(knowledgeBaseId, m);
    // Least recently loaded first out when the cache grows too large.
    let total = 0;
    for (const x of this.matrices.values()) total += x.values.length;
    for (const [id, x] of this.matrices) {
      if (total <= MAX_CACHED_FLOATS || id === knowledgeBaseId) break;
      this.matrices.delete(id);
      total -= x.values.length;
    }
    return m;
  }
}
