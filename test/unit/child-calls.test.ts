import { describe, expect, it } from 'vitest';
import type { PlannedTool } from '../../contracts/generation/index.js';
import { platformActions, platformToolName } from '../../contracts/platform-actions.js';
import { childCallRefusal, startsChild } from '../../workflows/loop/child-calls.js';

const tool = (over: Partial<PlannedTool>): PlannedTool => ({
  id: 'agt_tool_x',
  name: 'x',
  type: 'http',
  readOnly: false,
  hasExecutor: true,
  timeoutSeconds: 30,
  ...over,
});

describe('nested calls', () => {
  it('agent tools and platform create-agent-generation start a child; other tools and actions do not', () => {
    expect(startsChild(tool({ type: 'agent' }))).toBe(true);
    expect(startsChild(tool({ type: 'platform', action: 'create-agent-generation' }))).toBe(true);
    expect(startsChild(tool({ type: 'platform', action: 'list-agents' }))).toBe(false);
    expect(startsChild(tool({ type: 'http' }))).toBe(false);
    expect(startsChild(undefined)).toBe(false);
  });

  it('refuses at remainingDepth 0 and allows above it', () => {
    expect(childCallRefusal(0)).toMatch(/Maximum call depth/);
    expect(childCallRefusal(1)).toBeNull();
    expect(childCallRefusal(10)).toBeNull();
  });

  it('names platform actions {tool}_{action} with dashes as underscores, within tool-name limits', () => {
    expect(platformToolName('docs', 'list-agents')).toBe('docs_list_agents');
    for (const a of platformActions) expect(platformToolName('a'.repeat(32), a.name)).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});
