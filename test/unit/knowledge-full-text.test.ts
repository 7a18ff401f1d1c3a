import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LEVEL_CLAUSES, atLeastQuery, coordinationLevels, levelScore } from '../../domain/knowledge/full-text.js';
import { byScoreThenPosition } from '../../domain/knowledge/ranking.js';

/** Which lexeme sets an at-least-k query matches, evaluated by hand on its OR-of-ANDs text. */
function matches(query: string, present: Set<string>): boolean {
  return query.split(' | ').some((clause) =>
    clause
      .replace(/^\(|\)$/g, '')
      .split(' & ')
      .every((term) => present.has(term.slice(1, -1))),
  );
}

describe('coordination levels', () => {
  it('queries every level up to 8 lexemes, best first', () => {
    expect(coordinationLevels(1)).toEqual([1]);
    expect(coordinationLevels(3)).toEqual([3, 2, 1]);
    expect(coordinationLevels(8)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('merges levels whose query would exceed the clause bound into the next one queried', () => {
    // C(9,6) = 84 .. C(9,3) = 84 exceed 70
    expect(coordinationLevels(9)).toEqual([9, 8, 7, 2, 1]);
    expect(coordinationLevels(300)).toEqual([300, 1]);
  });

  it('at-least-k matches exactly the sets holding k of the lexemes, within the clause bound', () => {
    const lexemes = ['bee', 'tell', 'flower', 'nectar'];
    fc.assert(
      fc.property(fc.subarray(lexemes), fc.integer({ min: 1, max: 4 }), (present, k) => {
        const query = atLeastQuery(lexemes, k);
        expect(query.split(' | ').length).toBeLessThanOrEqual(MAX_LEVEL_CLAUSES);
        expect(matches(query, new Set(present))).toBe(present.length >= k);
      }),
    );
  });

  it('quotes lexemes for tsquery input', () => {
    expect(atLeastQuery(["o'neil", 'a\\b'], 2)).toBe("'o''neil' & 'a\\\\b'");
    expect(atLeastQuery(['x', 'y'], 1)).toBe("'x' | 'y'");
  });

  it('a level outranks any rank of the level below it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.double({ min: 0, max: 1e6, noNaN: true }), (k, r) => {
        expect(levelScore(k + 1, 0)).toBeGreaterThan(levelScore(k, r));
        expect(Math.floor(levelScore(k, r))).toBe(k);
      }),
    );
  });
});

describe('byScoreThenPosition', () => {
  it('orders by score, then document id byte-wise, then chunk index, whatever the input order', () => {
    const chunk = fc.record({
      documentId: fc.constantFrom('doc_A', 'doc_a', 'doc_B', 'doc_b1'),
      ordinal: fc.integer({ min: 0, max: 20 }),
      score: fc.constantFrom(0.5, 1, 2),
    });
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 30 }), (chunks) => {
        const once = [...chunks].sort(byScoreThenPosition);
        const reversed = [...chunks].reverse().sort(byScoreThenPosition);
        expect(reversed).toEqual(once);
        for (let i = 1; i < once.length; i++) {
          const [a, b] = [once[i - 1]!, once[i]!];
          expect(
            a.score > b.score ||
              (a.score === b.score &&
                (a.documentId < b.documentId || (a.documentId === b.documentId && a.ordinal <= b.ordinal))),
          ).toBe(true);
        }
      }),
    );
  });
});
