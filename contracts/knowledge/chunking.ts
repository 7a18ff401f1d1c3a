/**
 * Splits a document into overlapping chunks with their character offsets. Pure and deterministic:
 * the ingestion activities recompute the same chunks on every retry, so a batch is identified by
 * its ordinals alone.
 */
export interface Chunk {
  ordinal: number;
  start: number;
  /** Exclusive. */
  end: number;
  text: string;
}

export interface ChunkingOptions {
  size: number;
  overlap: number;
  /** Markdown: a heading starts a new chunk once the current one is at least half full. */
  markdown?: boolean;
}

const HEADING = /\n#{1,6} /g;

/** The best place to end a chunk in (min, max]: a heading, a paragraph, a sentence, a space, else max. */
function cutPoint(text: string, min: number, max: number, markdown: boolean): number {
  const window = text.slice(min, max);
  if (markdown) {
    let firstHeading = -1;
    for (const m of window.matchAll(HEADING)) {
      if (m.index > 0) {
        firstHeading = m.index;
        break;
      }
    }
    if (firstHeading > 0) return min + firstHeading + 1;
  }
  const paragraph = window.lastIndexOf('\n\n');
  if (paragraph > 0) return min + paragraph + 2;
  const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '));
  if (sentence > 0) return min + sentence + 2;
  const space = window.lastIndexOf(' ');
  if (space > 0) return min + space + 1;
  return max;
}

/** Start of the next chunk: `overlap` characters back from `end`, moved forward to a word start. */
function nextStart(text: string, start: number, end: number, overlap: number): number {
  if (overlap === 0) return end;
  let s = Math.max(start + 1, end - overlap);
  while (s < end && s > 0 && !/\s/.test(text[s - 1]!)) s++;
  return s >= end ? Math.max(start + 1, end - overlap) : s;
}

export function chunkText(text: string, opts: ChunkingOptions): Chunk[] {
  const { size, overlap } = opts;
  if (overlap * 2 >= size) throw new Error('overlap must be less than half of size');
  const chunks: Chunk[] = [];
  let start = 0;
  // Leading whitespace carries nothing searchable.
  while (start < text.length && /\s/.test(text[start]!)) start++;
  while (start < text.length) {
    const max = Math.min(text.length, start + size);
    const end = max === text.length ? max : cutPoint(text, start + Math.floor(size / 2), max, opts.markdown ?? false);
    const body = text.slice(start, end);
    if (body.trim()) chunks.push({ ordinal: chunks.length, start, end, text: body });
    if (end >= text.length) break;
    start = nextStart(text, start, end, overlap);
  }
  return chunks;
}
