import { knowledgeFixtures } from '../../test/support/knowledge.js';

/** Seeded PRNG (mulberry32): the same corpus on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DOCUMENTS = 100;
export const CHUNK_SIZE = 1000;
export const CHUNK_OVERLAP = 150;
/**
 * New characters per chunk: chunks end at sentence ends, so they average ~710 new characters, not
 * size minus overlap (measured: 14,401 chunks from a corpus sized for 12,000 at 850).
 */
const CHARS_PER_CHUNK = 710;

/**
 * Documents of shuffled fixture sentences (every topic in every document, so a query's words match
 * a large share of the chunks: the hard case for full-text ranking), each sentence tagged with its
 * document and position so no two chunks are equal.
 */
export function corpus(targetChunks: number): Array<{ title: string; content: string }> {
  const { documents } = knowledgeFixtures();
  const sentences = documents.flatMap((d) =>
    d.content
      .split(/(?<=[.!?])\s+/)
      .map((s) => s.replace(/^#+ .*\n+/gm, '').trim())
      .filter((s) => s.length > 30),
  );
  const rand = prng(42);
  const charsPerDoc = Math.ceil((targetChunks / DOCUMENTS) * CHARS_PER_CHUNK);
  return Array.from({ length: DOCUMENTS }, (_, i) => {
    const parts: string[] = [];
    let length = 0;
    while (length < charsPerDoc) {
      const s = `${sentences[Math.floor(rand() * sentences.length)]!} (document ${i} note ${parts.length})`;
      parts.push(s);
      length += s.length + 1;
      if (rand() < 0.15) parts.push('\n\n');
    }
    return { title: `Synthetic document ${i}`, content: parts.join(' ') };
  });
}
