import { unprocessable } from '../../contracts/errors.js';

export interface NamedTool {
  id: string;
  name: string;
  type: string;
}

/**
 * Two tools collide when the model would see the same name: `http`, `client`, `agent` and
 * `builtin` tools show their `name`; an `mcp` tool shows `{name}_{discovered}`, so two MCP tools
 * with the same prefix collide (names known only at run time are checked by the generation).
 */
function nameKey(t: NamedTool): string {
  if (t.type === 'platform') return `platform prefix ${t.name}`;
  return t.type === 'mcp' ? `mcp prefix ${t.name}` : t.name;
}

export function findCollision(tools: NamedTool[]): [NamedTool, NamedTool] | null {
  const seen = new Map<string, NamedTool>();
  for (const t of tools) {
    const key = nameKey(t);
    const other = seen.get(key);
    if (other && other.id !== t.id) return [other, t];
    seen.set(key, t);
  }
  return null;
}

export function collisionError(pair: [NamedTool, NamedTool], path: string, agentId?: string) {
  const [a, b] = pair;
  const shown = a.type === 'mcp' ? `the MCP prefix "${a.name}"` : `"${a.name}"`;
  const where = agentId ? ` in agent ${agentId}` : '';
  return unprocessable(`Tools ${a.id} and ${b.id} would both be shown to the model as ${shown}${where}`, {
    path,
    name: a.name,
    tools: [a.id, b.id],
    ...(agentId ? { agentId } : {}),
  });
}
