import pg from 'pg';
import { z } from 'zod';
import { finalText, scriptPrompt, TOOL_NAMES, type ToolKind } from '../fixtures/script.js';
import type { Fixtures } from '../fixtures/client.js';
import { systemLabels, type AgentSystem, type PausedRun } from './types.js';

type Durability = 'sync' | 'async';

/** What the peer needs, loaded lazily so that a missing or broken install is reported, not fatal. */
async function loadLangGraph() {
  const [openai, prebuilt, tools, messages, checkpoint] = await Promise.all([
    import('@langchain/openai'),
    import('@langchain/langgraph/prebuilt'),
    import('@langchain/core/tools'),
    import('@langchain/core/messages'),
    import('@langchain/langgraph-checkpoint-postgres'),
  ]);
  return {
    ChatOpenAI: openai.ChatOpenAI,
    createReactAgent: prebuilt.createReactAgent,
    tool: tools.tool,
    ToolMessage: messages.ToolMessage,
    PostgresSaver: checkpoint.PostgresSaver,
  };
}
type Lib = Awaited<ReturnType<typeof loadLangGraph>>;

/** Shared by the (c) and (c') variants: one checkpointer on one pool, the graphs, the model. */
export class LangGraphRuntime {
  private constructor(
    readonly lib: Lib,
    readonly pool: pg.Pool,
    readonly graphs: Record<ToolKind, any>,
  ) {}

  static async start(fixtures: Fixtures, databaseUrl: string): Promise<LangGraphRuntime> {
    const lib = await loadLangGraph();
    // Pool of 10, the same as the service's default DATABASE_POOL_SIZE.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    pool.on('error', () => {}); // idle clients killed when the database is dropped at the end
    try {
      const checkpointer = new lib.PostgresSaver(pool);
      await checkpointer.setup();
      // ChatOpenAI's defaults (non-streaming). Its streaming mode estimates token usage with
      // tiktoken, which downloads its encodings from the internet on first use (fails offline).
      const llm = new lib.ChatOpenAI({
        model: 'scripted-model',
        apiKey: 'sk-bench-scripted',
        configuration: { baseURL: fixtures.modelUrl },
        maxRetries: 0,
        timeout: 120_000,
      });
      const schema = z.object({ step: z.number().optional() });
      const httpTool = (kind: 'small' | 'big') =>
        lib.tool(
          async (args: { step?: number | undefined }, config?: { toolCall?: { id?: string } }) => {
            const res = await fetch(`${fixtures.toolUrl}/${kind}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': config?.toolCall?.id ?? 'none' },
              body: JSON.stringify(args),
            });
            return res.text();
          },
          { name: TOOL_NAMES[kind], description: kind === 'big' ? 'Fetch a 20 KB page' : 'Echo the step', schema },
        );
      const clientTool = lib.tool(
        async () => {
          throw new Error('client tools are answered by the client (the graph interrupts before them)');
        },
        { name: TOOL_NAMES.client, description: 'Input from the client', schema },
      );
      const graphs = {
        small: lib.createReactAgent({ llm, tools: [httpTool('small')], checkpointer }),
        big: lib.createReactAgent({ llm, tools: [httpTool('big')], checkpointer }),
        // The documented human-in-the-loop pattern: interrupt before the tools node, let the
        // client supply the ToolMessage with updateState, then continue with invoke(null).
        client: lib.createReactAgent({ llm, tools: [clientTool], checkpointer, interruptBefore: ['tools'] }),
      };
      return new LangGraphRuntime(lib, pool, graphs);
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
  }

  /** Bytes LangGraph stored for one thread: checkpoints (JSONB as text), channel blobs, pending writes. */
  async checkpointBytes(threadId: string): Promise<{ bytes: number; checkpoints: number }> {
    const { rows } = await this.pool.query<{ checkpoints: string; cp: string; blobs: string; writes: string }>(
      `SELECT
         (SELECT count(*) FROM checkpoints WHERE thread_id = $1) AS checkpoints,
         (SELECT coalesce(sum(octet_length(checkpoint::text) + octet_length(metadata::text)), 0) FROM checkpoints WHERE thread_id = $1) AS cp,
         (SELECT coalesce(sum(octet_length(blob)), 0) FROM checkpoint_blobs WHERE thread_id = $1) AS blobs,
         (SELECT coalesce(sum(octet_length(blob)), 0) FROM checkpoint_writes WHERE thread_id = $1) AS writes`,
      [threadId],
    );
    const r = rows[0]!;
    return { bytes: Number(r.cp) + Number(r.blobs) + Number(r.writes), checkpoints: Number(r.checkpoints) };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/**
 * (c) LangGraph JS: the prebuilt ReAct agent (createReactAgent) with ChatOpenAI pointed at the
 * same model server and PostgresSaver on the same PostgreSQL server. `durability: 'sync'` saves
 * every checkpoint before the next step starts — the same guarantee the service gives; (c') is
 * LangGraph's default 'async' (checkpoints written while the next step already runs).
 */
export class LangGraphSystem implements AgentSystem {
  readonly label: string;
  private counter = 0;

  constructor(
    readonly id: 'langgraph' | 'langgraphAsync',
    private readonly runtime: LangGraphRuntime,
    private readonly durability: Durability,
  ) {
    this.label = systemLabels[id];
  }

  private config(threadId: string, steps: number) {
    return { configurable: { thread_id: threadId }, recursionLimit: 2 * steps + 10, durability: this.durability };
  }

  private nextThread(): string {
    return `lg-${this.durability}-${process.pid}-${++this.counter}`;
  }

  async runSteps(kind: 'small' | 'big', steps: number): Promise<{ id: string }> {
    const id = this.nextThread();
    const out = await this.runtime.graphs[kind].invoke(
      { messages: [{ role: 'user', content: scriptPrompt(kind, steps) }] },
      this.config(id, steps),
    );
    const last = out.messages.at(-1);
    if (last?.content !== finalText(steps))
      throw new Error(`LangGraph run ended with ${JSON.stringify(last?.content)} (expected "${finalText(steps)}")`);
    return { id };
  }

  async startPaused(): Promise<PausedRun> {
    const id = this.nextThread();
    const out = await this.runtime.graphs.client.invoke(
      { messages: [{ role: 'user', content: scriptPrompt('client', 1) }] },
      this.config(id, 1),
    );
    const call = out.messages.at(-1)?.tool_calls?.[0];
    if (!call?.id) throw new Error('LangGraph run did not stop at the client tool call');
    return { id, toolCallId: call.id };
  }

  async resume(run: PausedRun): Promise<void> {
    const graph = this.runtime.graphs.client;
    const config = this.config(run.id, 1);
    await graph.updateState(
      config,
      {
        messages: [
          new this.runtime.lib.ToolMessage({ tool_call_id: run.toolCallId, name: TOOL_NAMES.client, content: 'ok' }),
        ],
      },
      'tools',
    );
    const out = await graph.invoke(null, config);
    const last = out.messages.at(-1);
    if (last?.content !== finalText(1)) throw new Error(`LangGraph resume ended with ${JSON.stringify(last?.content)}`);
  }

  async close(): Promise<void> {
    // The runtime (pool) is shared and closed once.
  }
}
