import { describe, expect, it } from 'vitest';
import {
  canonicalActionName,
  platformAction,
  platformActionAliases,
  platformActions,
  platformToolName,
} from '../../contracts/platform-actions.js';
import { mcpManagementActions } from '../../contracts/platform-actions-mcp.js';

describe('platform action names: one alias map, agent actions apart from /mcp-only ones', () => {
  const agentNames = new Set(platformActions.map((a) => a.name));
  const mcpOnly = new Set(mcpManagementActions.map((a) => a.name));

  it('every alias names a canonical action and is not one itself; no name is in both lists', () => {
    for (const [alias, canonical] of platformActionAliases) {
      expect(agentNames.has(canonical) || mcpOnly.has(canonical), alias).toBe(true);
      expect(agentNames.has(alias) || mcpOnly.has(alias), alias).toBe(false);
    }
    for (const name of mcpOnly) expect(agentNames.has(name), name).toBe(false);
  });

  it('either spelling finds the same agent action; /mcp-only actions are not agent actions', () => {
    expect(platformAction('list-agent-tools')?.name).toBe('list-tools');
    expect(platformAction('get-agent-trace')?.name).toBe('get-trace');
    expect(platformAction('list-tools')?.name).toBe('list-tools');
    expect(canonicalActionName('create-tool')).toBe('create-agent-tool');
    for (const name of ['create-agent', 'create-agent-tool', 'create-tool', 'list-agent-traces', 'constructor'])
      expect(platformAction(name), name).toBeUndefined();
  });

  it('aliases fit the tool-name limits too; /mcp-only input schemas are objects', () => {
    for (const alias of platformActionAliases.keys())
      expect(platformToolName('a'.repeat(32), alias)).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    for (const a of mcpManagementActions) expect(a.parameters.type, a.name).toBe('object');
  });
});
