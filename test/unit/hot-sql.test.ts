import { describe, expect, it } from 'vitest';
import { notifySelect, sql } from '../../infra/db/hot-sql.js';

describe('sql templates of the hot path', () => {
  it('numbers each value as a placeholder, in order', () => {
    expect(sql`SELECT ${1}, ${'a'} WHERE x = ${null}`).toEqual({
      text: 'SELECT $1, $2 WHERE x = $3',
      values: [1, 'a', null],
    });
  });

  it('splices a nested fragment with its placeholders renumbered after the values before it', () => {
    const q = sql`WITH a AS (SELECT ${'x'}), n AS (${notifySelect({ channel: 'c', payload: 'p' })}) SELECT ${7}`;
    expect(q.values).toEqual(['x', 'c', 'p', 7]);
    expect(q.text).toContain('SELECT $1');
    expect(q.text).toContain('VALUES ($2::text, $3::text)');
    expect(q.text.endsWith('SELECT $4')).toBe(true);
  });

  it('a null notification sends nothing: its channel parameter is null', () => {
    expect(notifySelect(null).values).toEqual([null, null]);
    expect(notifySelect(null).text).toContain('WHERE v.channel IS NOT NULL');
  });
});
