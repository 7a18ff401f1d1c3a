import type { Db } from '../../infra/db/prisma.js';

/**
 * pgvector support, detected at run time: the system PostgreSQL and the embedded PGlite lack the
 * extension, the compose image (pgvector/pgvector) has it. With it, each knowledge base gets a
 * partial HNSW index over its chunks' embeddings cast to `vector(dims)`; without it, similarity is
 * exact cosine over the stored float arrays.
 */
const detected = new WeakMap<Db, Promise<boolean>>();

async function installed(db: Db): Promise<boolean> {
  const rows = await db.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'vector'`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** Installed, or available and installable by this role (the compose image's owner can). */
async function detect(db: Db): Promise<boolean> {
  if (await installed(db)) return true;
  const available = await db.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'`,
  );
  if ((available[0]?.n ?? 0) === 0) return false;
  try {
    await db.$executeRawUnsafe('CREATE EXTENSION IF NOT EXISTS vector');
  } catch {
    return false; // not allowed to: exact search it is
  }
  return installed(db);
}

export function hasPgvector(db: Db): Promise<boolean> {
  let p = detected.get(db);
  if (!p) {
    p = detect(db).catch(() => false);
    detected.set(db, p);
  }
  return p;
}

/** Ids are checked against their pattern before they are inlined (the partial index needs a literal). */
export function safeId(id: string): string {
  if (!/^kb_[0-9a-zA-Z]{8,64}$/.test(id)) throw new Error(`not a knowledge base id: ${id}`);
  return id;
}

export const annIndexName = (knowledgeBaseId: string) => `KbChunk_hnsw_${safeId(knowledgeBaseId)}`;

/** Creates the knowledge base's ANN index for `dims`-long embeddings, if pgvector exists. */
export async function ensureAnnIndex(db: Db, knowledgeBaseId: string, dims: number): Promise<void> {
  if (!(await hasPgvector(db)) || !Number.isInteger(dims) || dims < 1 || dims > 16000) return;
  const kb = safeId(knowledgeBaseId);
  await db.$executeRawUnsafe(
    `CREATE INDEX IF NOT EXISTS "${annIndexName(kb)}" ON "KbChunk" USING hnsw ((embedding::vector(${dims})) vector_cosine_ops) WHERE "knowledgeBaseId" = '${kb}'`,
  );
}

/** Dropped when the knowledge base's embeddings change dimension (model change) or it is deleted. */
export async function dropAnnIndex(db: Db, knowledgeBaseId: string): Promise<void> {
  if (!(await hasPgvector(db))) return;
  await db.$executeRawUnsafe(`DROP INDEX IF EXISTS "${annIndexName(knowledgeBaseId)}"`);
}
