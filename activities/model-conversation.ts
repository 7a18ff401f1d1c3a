import type OpenAI from 'openai';
import type { Dispatcher } from 'undici';
import type { GenerationSnapshot, SnapshotTool } from '../contracts/snapshot.js';
import type { SecretBox } from '../infra/crypto/secrets.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import { createProviderClient, toOpenAiTool } from '../domain/provider-client.js';
import type { Summarizer } from './context-compactor.js';
import type { ConversationCache } from './conversation-cache.js';
import type { GenerationStore, StoredMessage } from './generation-store.js';
import { withSessionHistory } from './session-history.js';
import type { SessionStore } from './sessions.js';

/**
 * What a model call sends: its conversation (session history included), the tools it offers and
 * the model that summarises it when it does not fit. Shared by the step's model call and the
 * summary round (activities/summary-call.ts).
 */

export interface ModelCallDeps {
  db: Db;
  feed: ChangeFeed;
  store: GenerationStore;
  sessions: SessionStore;
  secrets: SecretBox;
  modelTimeoutMs: number;
  dispatcher: Dispatcher;
  /** The conversations this worker read last (only new or changed rows are transferred again). */
  conversations: ConversationCache;
}

export const toolsJsonOf = (offered: SnapshotTool[]) =>
  offered.length ? JSON.stringify(offered.map(toOpenAiTool)) : '';

/** The conversation a model call sends (session history included) and the tools it offers. */
export async function conversationFor(
  deps: ModelCallDeps,
  snapshot: GenerationSnapshot,
  generationId: string,
  toolNames: string[],
  /** The generation's own messages before the reply. */
  before: StoredMessage[],
): Promise<{ history: StoredMessage[]; offered: SnapshotTool[] }> {
  const { store } = deps;
  const history = withSessionHistory(
    before,
    await deps.sessions.historyFor(await store.session(generationId), snapshot.memory ?? null),
  );
  const mcpTools = snapshot.tools.some((t) => t.type === 'mcp') ? await store.discoveredTools(generationId) : [];
  const offered = toolNames
    .map((name): SnapshotTool | undefined => {
      const own = snapshot.tools.find((t) => t.name === name && t.type !== 'mcp');
      if (own) return own;
      const d = mcpTools.find((t) => t.name === name);
      return d
        ? {
            id: d.toolId,
            type: 'mcp',
            name: d.name,
            description: d.description,
            parameters: d.inputSchema,
            execute: null,
            timeoutSeconds: 30,
            readOnly: d.readOnly,
            maxResultChars: 50_000,
          }
        : undefined;
    })
    .filter((t): t is SnapshotTool => t !== undefined);
  return { history, offered };
}

/** The agent's compaction model (its `compaction` settings), else the generation's own client and model. */
export function summarizerFor(deps: ModelCallDeps, snapshot: GenerationSnapshot, own?: OpenAI): Summarizer {
  const c = snapshot.compaction;
  if (!c) {
    const client =
      own ??
      createProviderClient(snapshot.provider, deps.secrets, snapshot.model, deps.modelTimeoutMs, deps.dispatcher);
    return { client, model: snapshot.model };
  }
  return {
    client: createProviderClient(c.provider, deps.secrets, c.model, deps.modelTimeoutMs, deps.dispatcher),
    model: c.model,
  };
}
