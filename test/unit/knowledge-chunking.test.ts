import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkText } from '../../contracts/knowledge/chunking.js';

const article = readFileSync(new URL('../fixtures/knowledge/volcanoes.md', import.meta.url), 'utf8');

describe('chunkText', () => {
  it('covers the whole text with chunks no longer than size, whose offsets point at their text', () => {
    const chunks = chunkText(article, { size: 300, overlap: 60 });
    expect(chunks.length).toBeGreaterThan(article.length / 300);
    for (const c of chunks) {
      expect(c.text).toBe(article.slice(c.start, c.end));
      expect(c.end - c.start).toBeLessThanOrEqual(300);
    }
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
    expect(chunks[chunks.length - 1]!.end).toBe(article.length);
    // Every character belongs to some chunk (no gaps).
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start).toBeLessThanOrEqual(chunks[i - 1]!.end);
  });

  it('makes consecutive chunks overlap, starting at a word', () => {
    const chunks = chunkText(article, { size: 300, overlap: 60 });
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1]!;
      const cur = chunks[i]!;
      expect(cur.start).toBeLessThan(prev.end);
      expect(prev.end - cur.start).toBeLessThanOrEqual(60);
      expect(/\s/.test(article[cur.start - 1]!)).toBe(true);
    }
  });

  it('without overlap, chunks tile the text exactly', () => {
    const chunks = chunkText(article, { size: 400, overlap: 0 });
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start).toBe(chunks[i - 1]!.end);
  });

  it('prefers paragraph, then sentence, then word boundaries', () => {
    const text = `${'alpha beta gamma. '.repeat(10)}\n\n${'delta epsilon zeta. '.repeat(10)}`;
    const [first] = chunkText(text, { size: 250, overlap: 0 });
    expect(first!.text.endsWith('\n\n')).toBe(true);
    const words = 'word '.repeat(100);
    for (const c of chunkText(words, { size: 203, overlap: 0 }))
      expect(c.text.endsWith(' ') || c.end === words.length).toBe(true);
  });

  it('markdown: a heading in the second half of the window starts the next chunk', () => {
    const text = `# Title\n\n${'Some text here. '.repeat(12)}\n## Section two\n\n${'More words follow. '.repeat(12)}`;
    const md = chunkText(text, { size: 300, overlap: 0, markdown: true });
    expect(md[1]!.text.startsWith('## Section two')).toBe(true);
    const plain = chunkText(text, { size: 300, overlap: 0 });
    expect(plain[1]!.text.startsWith('## Section two')).toBe(false);
  });

  it('is deterministic and refuses an overlap of half the size or more', () => {
    expect(chunkText(article, { size: 500, overlap: 100 })).toEqual(chunkText(article, { size: 500, overlap: 100 }));
    expect(() => chunkText(article, { size: 400, overlap: 200 })).toThrow();
    expect(chunkText('   \n  ', { size: 200, overlap: 0 })).toEqual([]);
  });
});
