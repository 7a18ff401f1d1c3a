import { log } from '../lib/log.js';
import type { SoakApi } from './api-client.js';
import { workloadKinds, type ApprovalDecision, type StreamEvent, type WorkloadKind } from './observations.js';
import type { Random } from './random.js';
import type { SoakAgents } from './setup.js';

/**
 * The load generator: `concurrency` users, each starting one workload item after another until
 * the deadline, each item driven to its end — pauses answered (client tool outputs, approval
 * decisions), session turns sent one after the other, streams followed with reconnects.
 */

export interface StartedGeneration {
  id: string;
  kind: WorkloadKind;
  startedAt: number;
  settledAt?: number;
  status?: string;
}

export interface WorkloadRecord {
  generations: StartedGeneration[];
  approvals: Omit<ApprovalDecision, 'appliedInTrace'>[];
  sessions: Array<{ sessionId: string; sentTurns: string[]; turnGenerations: string[] }>;
  streams: Array<{ generationId: string; received: StreamEvent[]; followedToEnd: boolean; reconnects: number }>;
  errors: string[];
}

const settled = new Set(['completed', 'failed', 'cancelled']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Workload {
  readonly record: WorkloadRecord = { generations: [], approvals: [], sessions: [], streams: [], errors: [] };
  private nextItem = 0;

  constructor(
    private readonly api: SoakApi,
    private readonly agents: SoakAgents,
    private readonly random: Random,
    private readonly startedAt: number,
  ) {}

  /** Runs `concurrency` users until `until()` is false for new items; resolves when every item has ended. */
  async run(concurrency: number, keepStarting: () => boolean): Promise<void> {
    const user = async () => {
      while (keepStarting()) {
        const kind = this.random.pick(workloadKinds);
        const id = `w${++this.nextItem}`;
        try {
          await this.item(kind, id);
        } catch (err) {
          const message = `${id} (${kind}): ${(err as Error).message}`;
          this.record.errors.push(message);
          log(`soak workload: ${message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, user));
  }

  private async item(kind: WorkloadKind, id: string): Promise<void> {
    if (kind === 'session') return this.session(id);
    const { generation } = await this.start(kind, this.agents.byKind[kind], `soak ${id}`, `soak-${id}`);
    if (kind === 'streamed') {
      const cuts = Array.from({ length: this.random.int(0, 3) }, () => this.random.int(1, 4));
      const followed = await this.api.follow(generation.id, cuts);
      this.record.streams.push({ generationId: generation.id, ...followed });
    }
    await this.settle(generation, this.agents.byKind[kind]);
  }

  private async start(
    kind: WorkloadKind,
    agentId: string,
    prompt: string,
    idempotencyKey: string,
    sessionId?: string,
  ): Promise<{ generation: StartedGeneration; sessionId: string | null }> {
    const res = await this.api.call(
      'POST',
      `/v1/agents/${agentId}/generate`,
      { prompt, async: true, ...(sessionId ? { sessionId } : {}) },
      { 'idempotency-key': idempotencyKey },
    );
    if (res.status !== 202 && res.status !== 200)
      throw new Error(`generate: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    const generation: StartedGeneration = { id: res.body.id, kind, startedAt: Date.now() - this.startedAt };
    this.record.generations.push(generation);
    return { generation, sessionId: res.body.sessionId ?? null };
  }

  /** Polls the generation until it has ended, answering each pause it opens. */
  private async settle(generation: StartedGeneration, agentId: string): Promise<void> {
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      const res = await this.api.call('GET', `/v1/generations/${generation.id}`);
      const status = res.body?.status as string | undefined;
      if (status && settled.has(status)) {
        generation.status = status;
        generation.settledAt = Date.now() - this.startedAt;
        return;
      }
      const action = status === 'requires_action' ? res.body.requiredAction : null;
      if (action?.type === 'submit_tool_outputs') await this.submitOutputs(generation.id, agentId, action.toolCalls);
      else if (action?.type === 'approve_tool_calls') await this.decide(generation.id, action.approvals);
      await sleep(400);
    }
    throw new Error(`${generation.id} did not settle within 10 minutes`);
  }

  private async submitOutputs(
    generationId: string,
    agentId: string,
    calls: Array<{ toolCallId: string; arguments: { key?: string } }>,
  ): Promise<void> {
    const toolOutputs = calls.map((c) => ({ toolCallId: c.toolCallId, output: `answer for ${c.arguments?.key}` }));
    const res = await this.api.call('POST', `/v1/agents/${agentId}/generate/${generationId}/tool-outputs`, {
      toolOutputs,
      async: true,
    });
    // 409: the pause was left meanwhile (an earlier attempt's answer was taken): poll on.
    if (res.status >= 400 && res.status !== 409)
      throw new Error(`tool outputs: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  }

  private readonly decisions = new Map<string, Omit<ApprovalDecision, 'appliedInTrace'>>();

  private async decide(
    generationId: string,
    approvals: Array<{ approvalId: string; arguments: Record<string, unknown> }>,
  ): Promise<void> {
    for (const a of approvals) {
      let decision = this.decisions.get(a.approvalId);
      if (!decision) {
        const choice = this.random.pick(['approve', 'deny', 'edit'] as const);
        decision = {
          generationId,
          approvalId: a.approvalId,
          callKey: String(a.arguments.key),
          decision: choice,
          ...(choice === 'edit' ? { editedArgs: { ...a.arguments, amount: 99 } } : {}),
        };
        this.decisions.set(a.approvalId, decision);
        this.record.approvals.push(decision);
      }
      const res = await this.api.call('POST', `/v1/generations/${generationId}/approvals/${a.approvalId}`, {
        approved: decision.decision !== 'deny',
        ...(decision.editedArgs ? { arguments: decision.editedArgs } : {}),
        ...(decision.decision === 'deny' ? { reason: 'soak: denied' } : {}),
        async: true,
      });
      if (res.status >= 400 && res.status !== 409)
        throw new Error(`approval: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
  }

  /** Three turns on one session, each sent once the one before it has ended. */
  private async session(id: string): Promise<void> {
    const agentId = this.agents.byKind.session;
    const record = { sessionId: '', sentTurns: [] as string[], turnGenerations: [] as string[] };
    for (let turn = 1; turn <= 3; turn++) {
      const prompt = `soak ${id}-t${turn}`;
      const started = await this.start(
        'session',
        agentId,
        prompt,
        `soak-${id}-t${turn}`,
        record.sessionId || undefined,
      );
      if (turn === 1) {
        if (!started.sessionId) throw new Error(`${started.generation.id}: no session opened`);
        record.sessionId = started.sessionId;
        this.record.sessions.push(record);
      }
      record.sentTurns.push(prompt);
      record.turnGenerations.push(started.generation.id);
      await this.settle(started.generation, agentId);
    }
  }
}
