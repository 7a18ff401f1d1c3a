import protos from '@temporalio/proto';
import pg from 'pg';
import { Agent, fetch } from 'undici';
import { finalText, scriptPrompt, TOOL_NAMES, type ToolKind } from '../fixtures/script.js';
import type { Fixtures } from '../fixtures/client.js';
import { describeResponse, requestJson, type JsonResponse } from '../lib/http.js';
import type { ServiceStack } from '../lib/stack.js';
import { systemLabels, type AgentSystem, type PausedRun } from './types.js';

const stepSchema = { type: 'object', properties: { step: { type: 'number' } } };
const streamDispatcher = new Agent({ keepAliveTimeout: 10_000, headersTimeout: 600_000, bodyTimeout: 600_000 });

/**
 * (a) Durable Agents through its public HTTP API, exactly as a client uses it: a synchronous
 * POST /v1/agents/{id}/generate that returns once the generation has settled.
 */
export class DurableSystem implements AgentSystem {
  readonly id = 'durable' as const;
  readonly label = systemLabels.durable;
  private agents = {} as Record<ToolKind, string>;
  private approvalAgent: string | null = null;
  /** A conversational agent with the echo tool (the session scenario). */
  private sessionAgent = '';
  /** Why approvals cannot be measured, when they cannot. */
  approvalUnavailable: string | null = null;

  /** Read-only connection to the service's database, to observe (never drive) generations. */
  private readonly observer: pg.Pool;

  constructor(
    readonly stack: ServiceStack,
    private readonly fixtures: Fixtures,
  ) {
    this.observer = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
    this.observer.on('error', () => {});
  }

  api(method: string, path: string, body?: unknown): Promise<JsonResponse> {
    return requestJson(method, this.stack.apiUrl + path, body, { authorization: `Bearer ${this.stack.apiKey}` });
  }

  private async create(path: string, body: Record<string, unknown>): Promise<string> {
    const res = await this.api('POST', path, body);
    if (res.status !== 201) throw new Error(`POST ${path}: ${describeResponse(res)}`);
    return (res.body as { id: string }).id;
  }

  /** Provider, tools and agents, created through the API like any client would. */
  async setup(): Promise<void> {
    const aiProviderId = await this.create('/v1/ai-providers', {
      name: 'bench-scripted',
      kind: 'openai_compatible',
      baseUrl: this.fixtures.modelUrl,
      apiKey: 'sk-bench-scripted',
      defaultModel: 'scripted-model',
    });
    const tool = (kind: ToolKind) =>
      kind === 'client'
        ? this.create('/v1/tools', {
            type: 'client',
            name: TOOL_NAMES.client,
            description: 'Input from the client',
            parameters: stepSchema,
          })
        : this.create('/v1/tools', {
            type: 'http',
            name: TOOL_NAMES[kind],
            description: kind === 'big' ? 'Fetch a 20 KB page' : 'Echo the step',
            parameters: stepSchema,
            execute: { url: `${this.fixtures.toolUrl}/${kind}` },
          });
    const toolIds = { small: await tool('small'), big: await tool('big'), client: await tool('client') };
    for (const kind of ['small', 'big', 'client'] as const) {
      this.agents[kind] = await this.create('/v1/agents', {
        aiProviderId,
        name: `bench ${kind}`,
        toolIds: [toolIds[kind]],
        maxSteps: kind === 'client' ? 5 : 150,
      });
    }
    this.sessionAgent = await this.create('/v1/agents', {
      aiProviderId,
      name: 'bench session',
      toolIds: [toolIds.small],
      conversational: true,
      maxSteps: 5,
    });
    // Approvals (PreToolUse approval hooks), if this build has them.
    const approvalAgent = await this.create('/v1/agents', {
      aiProviderId,
      name: 'bench approval',
      toolIds: [toolIds.small],
      maxSteps: 5,
    });
    const hook = await this.api('POST', `/v1/agents/${approvalAgent}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: TOOL_NAMES.small,
      config: {},
    });
    if (hook.status === 201) this.approvalAgent = approvalAgent;
    else this.approvalUnavailable = `creating an approval hook answered ${describeResponse(hook)}`;
  }

  private async generate(kind: ToolKind, steps: number): Promise<any> {
    const res = await this.api('POST', `/v1/agents/${this.agents[kind]}/generate`, {
      prompt: scriptPrompt(kind, steps),
      waitSeconds: 600,
    });
    if (res.status !== 200) throw new Error(`generate: ${describeResponse(res)}`);
    return res.body;
  }

  async runSteps(kind: 'small' | 'big', steps: number): Promise<{ id: string }> {
    const g = await this.generate(kind, steps);
    if (g.status !== 'completed' || g.text !== finalText(steps)) {
      throw new Error(
        `generation ${g.id} ended ${g.status} with ${JSON.stringify(g.text)} (expected "${finalText(steps)}"): ${JSON.stringify(g.error)}`,
      );
    }
    return { id: g.id as string };
  }

  /**
   * Turn `turn` of a session (a new session when sessionId is absent): the model calls echo until
   * the conversation — earlier turns included — holds `turn` tool results, i.e. once per turn.
   */
  async sessionTurn(
    turn: number,
    sessionId?: string,
  ): Promise<{ id: string; sessionId: string; promptTokens: number }> {
    const res = await this.api('POST', `/v1/agents/${this.sessionAgent}/generate`, {
      prompt: scriptPrompt('small', turn),
      waitSeconds: 600,
      ...(sessionId ? { sessionId } : {}),
    });
    const g = res.body;
    if (res.status !== 200 || g?.status !== 'completed' || g?.text !== finalText(turn) || !g?.sessionId)
      throw new Error(`session turn ${turn}: ${describeResponse(res)}`);
    return { id: g.id, sessionId: g.sessionId, promptTokens: g.usage?.promptTokens ?? 0 };
  }

  async startPaused(): Promise<PausedRun> {
    const g = await this.generate('client', 1);
    const call = g.requiredAction?.toolCalls?.[0];
    if (g.status !== 'requires_action' || !call)
      throw new Error(`expected requires_action, got ${g.status}: ${JSON.stringify(g).slice(0, 400)}`);
    return { id: g.id, toolCallId: call.toolCallId };
  }

  async resume(run: PausedRun): Promise<void> {
    const res = await this.api('POST', `/v1/agents/${this.agents.client}/generate/${run.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: run.toolCallId, output: 'ok' }],
      waitSeconds: 600,
    });
    if (res.status !== 200 || res.body?.status !== 'completed' || res.body?.text !== finalText(1)) {
      throw new Error(`tool-outputs for ${run.id}: ${describeResponse(res)}`);
    }
  }

  agentFor(kind: ToolKind): string {
    return this.agents[kind];
  }

  get approvalsAvailable(): boolean {
    return this.approvalAgent !== null;
  }

  /** A generation whose one http tool call waits for an approval. */
  async startApprovalPaused(): Promise<PausedRun> {
    if (!this.approvalAgent) throw new Error(this.approvalUnavailable ?? 'approvals are not available');
    const res = await this.api('POST', `/v1/agents/${this.approvalAgent}/generate`, {
      prompt: scriptPrompt('small', 1),
      waitSeconds: 600,
    });
    const approval = res.body?.requiredAction?.approvals?.[0];
    if (res.status !== 200 || res.body?.status !== 'requires_action' || !approval?.approvalId) {
      throw new Error(`expected an approval to be required: ${describeResponse(res)}`);
    }
    return { id: res.body.id, toolCallId: approval.toolCallId, approvalId: approval.approvalId };
  }

  /** Approves; resolves when settled (the approved tool call and one model call remain). */
  async approve(run: PausedRun): Promise<void> {
    const res = await this.api('POST', `/v1/generations/${run.id}/approvals/${run.approvalId}`, {
      approved: true,
      waitSeconds: 600,
    });
    if (res.status !== 200 || res.body?.status !== 'completed' || res.body?.text !== finalText(1)) {
      throw new Error(`approval of ${run.id}: ${describeResponse(res)}`);
    }
  }

  /** Size of the generation's workflow history as Temporal stores it. */
  async history(generationId: string): Promise<{ bytes: number; events: number }> {
    const handle = this.stack.temporal.workflow.getHandle(generationId);
    // The database shows the final status a moment before the workflow closes (docs/adr/0020):
    // measure the closed history, not one caught mid-task.
    await handle.result().catch(() => undefined);
    const history = await handle.fetchHistory();
    return {
      bytes: protos.temporal.api.history.v1.History.encode(history).finish().length,
      events: history.events?.length ?? 0,
    };
  }

  /** How many generations of the client-tool agent are in each status (observation only). */
  async clientAgentStatusCounts(): Promise<Record<string, number>> {
    const { rows } = await this.observer.query<{ status: string; n: string }>(
      'SELECT status, count(*) AS n FROM "Generation" WHERE "agentId" = $1 GROUP BY status',
      [this.agents.client],
    );
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  /** Paused generations of the client-tool agent with the tool call each waits for. */
  async pausedClientRuns(): Promise<PausedRun[]> {
    const { rows } = await this.observer.query<{
      id: string;
      requiredAction: { toolCalls?: Array<{ toolCallId: string }> } | null;
    }>(`SELECT id, "requiredAction" FROM "Generation" WHERE "agentId" = $1 AND status = 'requires_action'`, [
      this.agents.client,
    ]);
    return rows.map((r) => ({ id: r.id, toolCallId: r.requiredAction?.toolCalls?.[0]?.toolCallId ?? '' }));
  }

  /** Starts a generation that will pause on the client tool, without waiting (202). */
  async startPausedAsync(): Promise<string> {
    const res = await this.api('POST', `/v1/agents/${this.agents.client}/generate`, {
      prompt: scriptPrompt('client', 1),
      async: true,
    });
    if (res.status !== 202) throw new Error(`async generate: ${describeResponse(res)}`);
    return (res.body as { id: string }).id;
  }

  /** Submits the tool output without waiting for the generation to settle (202). */
  async resumeAsync(run: PausedRun): Promise<void> {
    const res = await this.api('POST', `/v1/agents/${this.agents.client}/generate/${run.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: run.toolCallId, output: 'ok' }],
      async: true,
    });
    if (res.status !== 202) throw new Error(`async tool-outputs for ${run.id}: ${describeResponse(res)}`);
  }

  /**
   * POST generate with `stream: true`, stamping every SSE event with the time its bytes arrived.
   * Returns null (with the answer) when the API does not stream.
   */
  async streamGenerate(
    kind: 'small' | 'big',
    steps: number,
  ): Promise<
    | {
        ok: true;
        generationId: string;
        openedAt: number;
        events: Array<{ seq: number; type: string; receivedAt: number; data: any }>;
      }
    | { ok: false; answer: string }
  > {
    const now = () => performance.timeOrigin + performance.now();
    const res = await fetch(`${this.stack.apiUrl}/v1/agents/${this.agents[kind]}/generate`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.stack.apiKey}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ prompt: scriptPrompt(kind, steps), stream: true }),
      dispatcher: streamDispatcher,
    });
    const openedAt = now();
    if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
      return {
        ok: false,
        answer: `HTTP ${res.status} ${res.headers.get('content-type') ?? ''}: ${(await res.text()).slice(0, 300)}`,
      };
    }
    const events: Array<{ seq: number; type: string; receivedAt: number; data: any }> = [];
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      const receivedAt = now();
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        let id: number | null = null;
        let type = 'message';
        const data: string[] = [];
        for (const line of block.split(/\r?\n/)) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') id = Number(value);
          else if (field === 'event') type = value;
          else if (field === 'data') data.push(value);
        }
        if (id === null && data.length === 0) continue;
        let parsed: unknown = data.join('\n');
        try {
          parsed = JSON.parse(data.join('\n'));
        } catch {
          // not JSON
        }
        events.push({ seq: id ?? -1, type, receivedAt, data: parsed });
      }
    }
    const generationId = events
      .map((e) => e.data?.generationId ?? e.data?.generation?.id)
      .find((v): v is string => typeof v === 'string');
    if (!generationId) return { ok: false, answer: `the stream carried no generation id (${events.length} events)` };
    const done = events.at(-1);
    if (
      done?.type !== 'done' ||
      done.data?.generation?.status !== 'completed' ||
      done.data?.generation?.text !== finalText(steps)
    ) {
      throw new Error(`stream of ${generationId} ended with ${done?.type} ${JSON.stringify(done?.data).slice(0, 300)}`);
    }
    return { ok: true, generationId, openedAt, events };
  }

  /** Events the service recorded for a generation: seq, type and when (epoch ms). */
  async recordedEvents(generationId: string): Promise<Array<{ seq: number; type: string; recordedAt: number }>> {
    const { rows } = await this.observer.query<{ seq: number; type: string; ms: string }>(
      `SELECT seq, type, (extract(epoch from "createdAt") * 1000)::float8 AS ms FROM "GenerationEvent" WHERE "generationId" = $1 ORDER BY seq`,
      [generationId],
    );
    return rows.map((r) => ({ seq: r.seq, type: r.type, recordedAt: Number(r.ms) }));
  }

  /** The last lines the API and worker logged (warnings and errors: LOG_LEVEL=warn). */
  diagnostics(): string {
    const tail = (text: string) => text.trim().split('\n').slice(-15).join('\n');
    return `api output:\n${tail(this.stack.api.output())}\nworker output:\n${tail(this.stack.worker.output())}`;
  }

  async close(): Promise<void> {
    // The processes belong to the stack and are stopped by the cleanup stack.
    await this.observer.end();
    await streamDispatcher.close();
  }
}
