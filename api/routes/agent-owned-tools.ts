import { ApiError, unprocessable } from '../../contracts/errors.js';
import { newId } from '../../contracts/ids.js';
import type { CreateAgent, CreateTool } from '../../contracts/schemas/index.js';
import type { AgentTool } from '../../generated/prisma/client.js';
import type { Prisma } from '../../infra/db/prisma.js';
import { isAllowed } from '../../domain/policy.js';
import type { AgentWithTools } from '../../domain/views.js';
import type { AppContext } from '../context.js';
import type { AuthInfo } from '../http.js';
import type { NamedTool } from '../services/tool-names.js';
import { toolColumns } from './tools.js';

/**
 * The tools an agent defines inline (`customTools`, `mcpServers`; ADR 0046): tool rows owned by the
 * agent, written in the transaction of the agent's own write and matched to the stored ones by name.
 */

type Tx = Prisma.TransactionClient;

/** What a write says about the agent's own tools; an absent list keeps that set as it is (PATCH). */
export interface OwnedToolsInput {
  customTools?: CreateAgent['customTools'] | undefined;
  mcpServers?: CreateAgent['mcpServers'] | undefined;
}

/** An owned tool after the write, with the request path that names it (for errors). */
export type PlannedTool = NamedTool & { path: string };

export interface OwnedToolsPlan {
  /** The owned tools after the write: customTools, then mcpServers, each in the order given. */
  tools: PlannedTool[];
  /** The ids of the agent's own tools before the write (its toolIds may name them). */
  ownIds: Set<string>;
  write(tx: Tx, agentId: string): Promise<void>;
}

const lists = [
  { field: 'customTools', type: 'http' },
  { field: 'mcpServers', type: 'mcp' },
] as const;

/** An inline entry as the /v1/tools request it stands for. */
function asTool(type: 'http' | 'mcp', entry: object): CreateTool {
  return { type, ...entry } as CreateTool;
}

/**
 * Which owned tools a write creates, updates and deletes. Checked here, before anything is written:
 * names unique within each list (422), and the key may create, update and delete those tools as
 * POST/PUT/DELETE /v1/tools would require (403).
 */
export function planOwnedTools(
  ctx: AppContext,
  auth: AuthInfo,
  current: AgentWithTools | undefined,
  input: OwnedToolsInput,
): OwnedToolsPlan {
  const stored = current
    ? [...current.ownedTools].sort((a, b) => current.toolIds.indexOf(a.id) - current.toolIds.indexOf(b.id))
    : [];
  const allow = (action: string, resource: string) => {
    if (!isAllowed(auth.policy, action, `${auth.projectId}:${resource}`))
      throw new ApiError(403, 'forbidden', `This API key is not allowed to perform ${action} on ${resource}`, {
        action,
        resource,
      });
  };
  const tools: PlannedTool[] = [];
  const writes: { id: string; existing: AgentTool | undefined; body: CreateTool }[] = [];
  const deletes: string[] = [];
  for (const { field, type } of lists) {
    const entries = input[field];
    const ofType = stored.filter((t) => t.type === type);
    if (entries === undefined) {
      tools.push(...ofType.map((t) => ({ id: t.id, name: t.name, type, path: `body.${field}` })));
      continue;
    }
    const seen = new Map<string, number>();
    for (const [i, entry] of entries.entries()) {
      const path = `body.${field}.${i}.name`;
      const earlier = seen.get(entry.name);
      if (earlier !== undefined)
        throw unprocessable(`${field}[${i}] has the name of ${field}[${earlier}]: "${entry.name}"`, { path });
      seen.set(entry.name, i);
      const existing = ofType.find((t) => t.name === entry.name);
      const id = existing?.id ?? newId('tool');
      if (existing) allow('agents:UpdateAgentTool', `tools/${id}`);
      else allow('agents:CreateAgentTool', 'tools/*');
      tools.push({ id, name: entry.name, type, path });
      writes.push({ id, existing, body: asTool(type, entry) });
    }
    for (const t of ofType.filter((t) => !seen.has(t.name))) {
      allow('agents:DeleteAgentTool', `tools/${t.id}`);
      deletes.push(t.id);
    }
  }
  return {
    tools,
    ownIds: new Set(stored.map((t) => t.id)),
    async write(tx, agentId) {
      if (deletes.length) await tx.agentTool.deleteMany({ where: { id: { in: deletes }, ownerAgentId: agentId } });
      // Header values are taken from the request every time: secret ones are sent again (as on PUT /v1/tools).
      for (const w of writes) {
        const data = toolColumns(ctx, w.body);
        if (w.existing) await tx.agentTool.update({ where: { id: w.id }, data });
        else
          await tx.agentTool.create({ data: { id: w.id, projectId: auth.projectId, ownerAgentId: agentId, ...data } });
      }
    },
  };
}
