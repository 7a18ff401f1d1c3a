import { describe, expect, it } from 'vitest';
import {
  detectCrossToolCollisions,
  resolveMcpToolNames,
  sanitiseToolName,
  stableNameHash,
  TOOL_NAME_PATTERN,
} from '../../activities/mcp/names.js';

const mapOf = (prefix: string, names: string[]) =>
  Object.fromEntries(resolveMcpToolNames(prefix, names).tools.map((t) => [t.originalName, t.resolvedName]));

/** Every permutation of a small list. */
function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('resolveMcpToolNames', () => {
  it('prefixes clean names and keeps the server order', () => {
    const { tools, collisions } = resolveMcpToolNames('files', ['read', 'write-file', 'list_dir']);
    expect(tools).toEqual([
      { resolvedName: 'files_read', originalName: 'read', index: 0 },
      { resolvedName: 'files_write-file', originalName: 'write-file', index: 1 },
      { resolvedName: 'files_list_dir', originalName: 'list_dir', index: 2 },
    ]);
    expect(collisions).toEqual([]);
  });

  it('replaces every character outside [a-zA-Z0-9_-] with _, one per code point', () => {
    expect(sanitiseToolName('a/b.c d:e')).toBe('a_b_c_d_e');
    expect(sanitiseToolName('héllo')).toBe('h_llo');
    expect(sanitiseToolName('x😀y')).toBe('x_y');
    expect(sanitiseToolName('\u0000\n')).toBe('__');
    expect(mapOf('p', ['tools/call.v2'])).toEqual({ 'tools/call.v2': 'p_tools_call_v2' });
  });

  it('shortens long names to 64 characters: readable head plus a stable hash of the original', () => {
    const long = 'fetch_the_complete_transaction_history_of_an_account_between_two_dates_with_paging';
    const [tool] = resolveMcpToolNames('bank', [long]).tools;
    expect(tool!.resolvedName).toHaveLength(64);
    expect(tool!.resolvedName).toMatch(TOOL_NAME_PATTERN);
    expect(tool!.resolvedName.startsWith('bank_fetch_the_complete_transaction_history')).toBe(true);
    expect(tool!.resolvedName.endsWith(`_${stableNameHash(long)}`)).toBe(true);
    // Deterministic across calls.
    expect(resolveMcpToolNames('bank', [long]).tools[0]!.resolvedName).toBe(tool!.resolvedName);
  });

  it('keeps two long names that share their head apart', () => {
    const a = `${'x'.repeat(90)}_alpha`;
    const b = `${'x'.repeat(90)}_beta`;
    const map = mapOf('p', [a, b]);
    expect(map[a]).not.toBe(map[b]);
    expect(map[a]).toHaveLength(64);
    expect(map[b]).toHaveLength(64);
  });

  it('disambiguates distinct names that sanitise alike; a clean name keeps the plain name', () => {
    const map = mapOf('fs', ['files/read', 'files.read', 'files_read']);
    expect(map).toEqual({
      files_read: 'fs_files_read',
      'files.read': 'fs_files_read_2',
      'files/read': 'fs_files_read_3',
    });
  });

  it('gives the same names whatever order the server lists them in', () => {
    const names = ['a/b', 'a.b', 'a b', 'a_b_2', 'c'];
    const expected = mapOf('p', names);
    for (const order of permutations(names)) expect(mapOf('p', order)).toEqual(expected);
    // A suffix never takes the plain name of another real tool.
    expect(expected['a_b_2']).toBe('p_a_b_2');
    expect(new Set(Object.values(expected)).size).toBe(names.length);
  });

  it('fits suffixes into 64 characters when long names collide after shortening', () => {
    // Same original twice is a duplicate, so force a collision: two originals that sanitise and shorten alike
    // would need equal hashes; instead collide a long clean name with its dotted twin.
    const base = 'y'.repeat(40);
    const clean = `${base}_z`;
    const dotted = `${base}.z`;
    const map = mapOf(`${'P'.repeat(32)}`, [dotted, clean]);
    for (const name of Object.values(map)) {
      expect(name).toMatch(TOOL_NAME_PATTERN);
    }
    expect(new Set(Object.values(map)).size).toBe(2);
  });

  it('reports exact duplicates as collisions and keeps the first', () => {
    const { tools, collisions } = resolveMcpToolNames('srv', ['dup', 'other', 'dup', 'dup']);
    expect(tools).toEqual([
      { resolvedName: 'srv_dup', originalName: 'dup', index: 0 },
      { resolvedName: 'srv_other', originalName: 'other', index: 1 },
    ]);
    expect(collisions).toHaveLength(1);
    expect(collisions[0]).toMatchObject({ resolvedName: 'srv_dup', originalNames: ['dup', 'dup', 'dup'] });
    expect(collisions[0]!.message).toMatch(/"dup" 3 times.*first is used as "srv_dup"/);
  });

  it('always produces unique names matching ^[a-zA-Z0-9_-]{1,64}$ for hostile inputs', () => {
    const hostile = [
      '',
      ' ',
      '/',
      '//',
      '_',
      '__',
      'a'.repeat(500),
      `${'a'.repeat(500)}b`,
      '名前',
      '😀😀',
      'x'.repeat(59),
      'x'.repeat(60),
      'x'.repeat(61),
    ];
    for (const prefix of ['p', 'P'.repeat(32), 'a-b_c']) {
      const { tools } = resolveMcpToolNames(prefix, hostile);
      expect(tools).toHaveLength(hostile.length);
      for (const t of tools) expect(t.resolvedName).toMatch(TOOL_NAME_PATTERN);
      expect(new Set(tools.map((t) => t.resolvedName)).size).toBe(hostile.length);
    }
  });

  it('rejects an invalid prefix', () => {
    expect(() => resolveMcpToolNames('bad prefix', ['a'])).toThrow(/Invalid MCP tool prefix/);
    expect(() => resolveMcpToolNames('p'.repeat(33), ['a'])).toThrow(/Invalid MCP tool prefix/);
  });
});

describe('detectCrossToolCollisions', () => {
  it('returns null when every name is unique', () => {
    expect(
      detectCrossToolCollisions([
        { resolvedName: 'search', toolId: 'tool_1', toolType: 'http' },
        { resolvedName: 'files_read', toolId: 'tool_2', toolType: 'mcp', originalName: 'read' },
      ]),
    ).toEqual({ collisions: [], message: null });
  });

  it('names both tools in a clear message', () => {
    const { collisions, message } = detectCrossToolCollisions([
      { resolvedName: 'files_read', toolId: 'tool_http', toolType: 'http' },
      { resolvedName: 'files_read', toolId: 'tool_mcp', toolType: 'mcp', originalName: 'read' },
      { resolvedName: 'other', toolId: 'tool_x', toolType: 'client' },
    ]);
    expect(collisions).toHaveLength(1);
    expect(collisions[0]!.entries.map((e) => e.toolId)).toEqual(['tool_http', 'tool_mcp']);
    expect(message).toBe(
      'Tool name "files_read" is used by both http tool tool_http and mcp tool tool_mcp (MCP tool "read")',
    );
  });

  it('lists every claimant when more than two tools share a name', () => {
    const { message } = detectCrossToolCollisions([
      { resolvedName: 'x', toolId: 'a' },
      { resolvedName: 'x', toolId: 'b' },
      { resolvedName: 'x', toolId: 'c' },
    ]);
    expect(message).toBe('Tool name "x" is used by tool a, tool b and tool c');
  });
});
