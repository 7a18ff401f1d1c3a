import { describe, expect, it } from 'vitest';
import { idPrefix, isIdOf, newId, randomToken, type IdKind } from '../../contracts/ids.js';

const kinds = Object.keys(idPrefix) as IdKind[];

describe('ids', () => {
  it('uses the documented id prefixes', () => {
    expect(idPrefix).toEqual({
      project: 'prj_',
      apiKey: 'key_',
      aiProvider: 'aip_',
      agent: 'agt_',
      tool: 'agt_tool_',
      hook: 'hook_',
      generation: 'agt_gen_',
      trace: 'agt_trace_',
      session: 'ses_',
      sessionCacheEntry: 'stc_',
      approval: 'appr_',
      webhook: 'whk_',
      knowledgeBase: 'kb_',
      document: 'doc_',
      memory: 'mem_',
      schedule: 'sch_',
    });
  });

  it.each(kinds)('newId(%s) has the prefix and a 22-character base62 token', (kind) => {
    const id = newId(kind);
    expect(id.startsWith(idPrefix[kind])).toBe(true);
    expect(id.slice(idPrefix[kind].length)).toMatch(/^[0-9a-zA-Z]{22}$/);
    expect(isIdOf(kind, id)).toBe(true);
  });

  it('randomToken honours the length', () => {
    expect(randomToken(1)).toMatch(/^[0-9a-zA-Z]$/);
    expect(randomToken(64)).toMatch(/^[0-9a-zA-Z]{64}$/);
  });

  it('generates 10,000 distinct ids', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('generation')));
    expect(ids.size).toBe(10_000);
  });

  it('uses the whole base62 alphabet', () => {
    const seen = new Set(Array.from({ length: 400 }, () => randomToken()).join(''));
    expect(seen.size).toBe(62);
  });

  it('isIdOf does not take a tool, generation or trace id for an agent id (and vice versa)', () => {
    expect(isIdOf('agent', newId('agent'))).toBe(true);
    expect(isIdOf('agent', newId('tool'))).toBe(false);
    expect(isIdOf('agent', 'agt_tool_abcdefgh12345678')).toBe(false);
    expect(isIdOf('agent', newId('generation'))).toBe(false);
    expect(isIdOf('agent', newId('trace'))).toBe(false);
    expect(isIdOf('tool', newId('agent'))).toBe(false);
    expect(isIdOf('generation', newId('tool'))).toBe(false);
  });

  it('isIdOf rejects wrong prefixes, bad characters and bad lengths', () => {
    expect(isIdOf('project', 'agt_abcdefgh')).toBe(false);
    expect(isIdOf('project', 'PRJ_abcdefgh')).toBe(false);
    expect(isIdOf('project', 'prj_abcdefgh')).toBe(true);
    expect(isIdOf('project', 'prj_abcdefg')).toBe(false); // 7 characters
    expect(isIdOf('project', `prj_${'a'.repeat(64)}`)).toBe(true);
    expect(isIdOf('project', `prj_${'a'.repeat(65)}`)).toBe(false);
    expect(isIdOf('project', 'prj_abcd-efgh')).toBe(false);
    expect(isIdOf('project', 'prj_abcdefgh\n')).toBe(false);
    expect(isIdOf('project', 'prj_abcdéfgh')).toBe(false);
    expect(isIdOf('project', ' prj_abcdefgh')).toBe(false);
    expect(isIdOf('project', '')).toBe(false);
  });
});
