import { WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseWaitingGenerations } from '../../api/generations/hand-off.js';
import { createLogger } from '../../infra/logger.js';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import {
  startModelServer,
  type ModelServer,
  type RecordedRequest,
  type ScriptedReply,
} from '../support/model-server.js';
import { callAs, createProjectWithKey, mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

const lastUser = (req: RecordedRequest): string =>
  String(req.messages.filter((m: { role: string }) => m.role === 'user').at(-1)?.content ?? '');

/** Untagged model calls wait for `release()`; counts how many are in flight at once. */
class HeldModel {
  inFlight = 0;
  maxInFlight = 0;
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));
  readonly reply = async (req: RecordedRequest): Promise<ScriptedReply> => {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await this.gate;
    } finally {
      this.inFlight -= 1;
    }
    return { text: `answer to ${lastUser(req)}` };
  };
  release(): void {
    this.open();
  }
}

/**
 * PROJECT_MAX_RUNNING_GENERATIONS (docs/adr/0050), through the public API with a limit of 2: the
 * generations of a project beyond it wait stored, without a workflow, and start oldest first as
 * others settle; other projects, child generations and cancels are not held back by it.
 */
describe('a per-project limit on running generations', () => {
  let stack: TestStack;
  let model: ModelServer;
  let providerId: string;
  let held: HeldModel;

  beforeAll(async () => {
    [stack, model] = await Promise.all([
      startStack({ env: { PROJECT_MAX_RUNNING_GENERATIONS: '2' } }),
      startModelServer(),
    ]);
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    held?.release();
    await stack?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.reset();
    held = new HeldModel();
    model.setDefault(held.reply);
  });
  // A test that failed half-way must not leave the next one a full project: its runs are ended.
  afterEach(async () => {
    held.release();
    const active = await stack.db.generation.findMany({
      where: { projectId: stack.projectId, status: { in: ['queued', 'running', 'requires_action'] } },
    });
    for (const g of active) {
      await stack.temporal.workflow
        .getHandle(g.id)
        .terminate('test cleanup')
        .catch(() => undefined);
      await stack.db.generation.update({ where: { id: g.id }, data: { status: 'cancelled', waitingForTurn: false } });
    }
  });

  const generate = (agentId: string, body: Record<string, unknown>) =>
    stack.api('POST', `/v1/agents/${agentId}/generate`, body);
  const row = (id: string) => stack.db.generation.findUniqueOrThrow({ where: { id } });
  const settled = (id: string) =>
    waitFor(async () => {
      const g = (await stack.api('GET', `/v1/generations/${id}`)).body;
      return ['completed', 'failed', 'cancelled'].includes(g.status) ? g : undefined;
    }, `generation ${id} to settle`);
  const heldCalls = (count: number) =>
    waitFor(async () => (held.inFlight === count ? true : undefined), `${count} model calls in flight`);
  async function expectNoWorkflow(id: string): Promise<void> {
    await expect(stack.temporal.workflow.getHandle(id).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
  }
  /** Starts `count` generations at once; returns their ids once two of them hold a model call. */
  async function fill(agentId: string, count: number, prefix: string): Promise<string[]> {
    const res = await Promise.all(
      Array.from({ length: count }, (_, i) => generate(agentId, { prompt: `${prefix}${i}`, async: true })),
    );
    for (const r of res) expect(r.status, JSON.stringify(r.body)).toBe(202);
    await heldCalls(2);
    return res.map((r) => r.body.id as string);
  }

  it('of five concurrent starts two run and three wait without a workflow; released, all complete, the youngest waiter after an older one, never more than two at once', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const chatId = await createAgent(stack, { aiProviderId: providerId, conversational: true });
    // Four plain generations (one statement each) and a session's first turn (a transaction), at once.
    const res = await Promise.all(
      ['p0', 'p1', 'p2', 'p3', 'p4'].map((prompt, i) => generate(i === 4 ? chatId : agentId, { prompt, async: true })),
    );
    for (const r of res) expect(r.body.status).toBe('queued');
    const ids = res.map((r) => r.body.id as string);
    await heldCalls(2);

    const rows = await stack.db.generation.findMany({
      where: { id: { in: ids } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    const waiting = rows.filter((g) => g.waitingForTurn);
    expect(rows.filter((g) => !g.waitingForTurn)).toHaveLength(2);
    expect(waiting).toHaveLength(3);
    for (const g of waiting) {
      expect((await stack.api('GET', `/v1/generations/${g.id}`)).body.status).toBe('queued');
      await expectNoWorkflow(g.id);
    }
    // Started runs carry their project as Temporal's fairness key (docs/operations.md).
    const running = rows.find((g) => !g.waitingForTurn)!;
    const described = await stack.temporal.workflow.getHandle(running.id).describe();
    expect(described.raw.workflowExecutionInfo?.priority?.fairnessKey).toBe(stack.projectId);

    held.release();
    for (const id of ids) expect((await settled(id)).status).toBe('completed');
    expect(held.maxInFlight).toBe(2);
    // Each waiting one asked the model once. Their order is not the claims' order: the two runs
    // settle together, so two claims (the two oldest) start side by side and their model calls
    // arrive either way (CI saw p2 before p4). The youngest can only be claimed once one of them
    // settled, so it asks after at least one; oldest-first claiming itself is pinned on the
    // database in generation-start-slots.test.ts.
    const asked = model.requests.map(lastUser);
    const waitingPrompts = waiting.map((g) => `p${ids.indexOf(g.id)}`);
    const askedWaiting = asked.filter((p) => waitingPrompts.includes(p));
    expect([...askedWaiting].sort()).toEqual([...waitingPrompts].sort());
    const at = (p: string) => askedWaiting.indexOf(p);
    expect(at(waitingPrompts[2]!)).toBeGreaterThan(Math.min(at(waitingPrompts[0]!), at(waitingPrompts[1]!)));
  });

  it("another project's generation runs at once while the first project is full; a waiting one cancelled never runs", async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const ids = await fill(agentId, 3, 'full');
    const waiting = (await stack.db.generation.findMany({ where: { id: { in: ids }, waitingForTurn: true } })).map(
      (g) => g.id,
    );
    expect(waiting).toHaveLength(1);

    const other = await createProjectWithKey(stack, 'second project');
    const otherProvider = await callAs(stack, other.key, 'POST', '/v1/ai-providers', {
      name: 'scripted',
      kind: 'openai_compatible',
      baseUrl: model.url,
      apiKey: 'sk-other',
      defaultModel: 'scripted-model',
    });
    const otherAgent = await callAs(stack, other.key, 'POST', '/v1/agents', {
      name: 'other agent',
      aiProviderId: otherProvider.body.id,
      allowClarification: false,
    });
    model.scriptFor('other', { text: 'the other project answers' });
    const answer = await callAs(stack, other.key, 'POST', `/v1/agents/${otherAgent.body.id}/generate`, {
      prompt: '[[script:other]] hello',
    });
    expect(answer.body).toMatchObject({ status: 'completed', text: 'the other project answers' });
    expect((await row(waiting[0]!)).waitingForTurn).toBe(true);

    const cancelled = await stack.api('POST', `/v1/generations/${waiting[0]}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    held.release();
    for (const id of ids.filter((id) => id !== waiting[0])) expect((await settled(id)).status).toBe('completed');
    expect((await row(waiting[0]!)).status).toBe('cancelled');
    await expectNoWorkflow(waiting[0]!);
    const prompt = `full${ids.indexOf(waiting[0]!)}`;
    expect(model.requests.map(lastUser)).not.toContain(prompt);
  });

  it('a child generation runs while its project is full: counted, never waiting, so its parent completes', async () => {
    const childAgent = await createAgent(stack, { aiProviderId: providerId, instructions: 'Child [[script:child]]' });
    const askChild = await createTool(stack, { type: 'agent', name: 'ask_child', agentId: childAgent });
    const parentAgent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Parent [[script:parent]]',
      toolIds: [askChild],
    });
    const plainAgent = await createAgent(stack, { aiProviderId: providerId });
    model.scriptFor('parent', call('ask_child', { prompt: 'sub-task' }, 'c1'), { text: 'parent done' });
    model.scriptFor('child', { text: 'child done' });
    // One slot is held by a plain generation, the other by the parent, whose child then starts.
    const holder = await generate(plainAgent, { prompt: 'holder', async: true });
    await heldCalls(1);
    const parent = await generate(parentAgent, { prompt: 'delegate', async: true });
    expect((await row(parent.body.id)).waitingForTurn).toBe(false);
    const parentDone = await settled(parent.body.id);
    expect(parentDone).toMatchObject({ status: 'completed', text: 'parent done' });
    const child = await stack.db.generation.findFirstOrThrow({ where: { parentGenerationId: parent.body.id } });
    expect(child).toMatchObject({ status: 'completed', waitingForTurn: false });

    // While the holder and a child of another parent run, a top-level generation waits.
    model.scriptFor('parent', call('ask_child', { prompt: 'hold on' }, 'c2'), { text: 'second parent done' });
    model.scriptFor('child', (req) => held.reply(req));
    const second = await generate(parentAgent, { prompt: 'delegate again', async: true });
    await heldCalls(2);
    const late = await generate(plainAgent, { prompt: 'late', async: true });
    expect((await row(late.body.id)).waitingForTurn).toBe(true);
    held.release();
    for (const id of [holder.body.id, second.body.id, late.body.id])
      expect((await settled(id)).status).toBe('completed');
    expect(held.maxInFlight).toBe(2);
  });

  it('a fork and a scheduled run wait for a slot like any generation, and start when one frees', async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    model.scriptFor('origin', { text: 'origin answer' }, { text: 'fork answer' });
    const origin = await generate(agentId, { prompt: '[[script:origin]] start' });
    expect(origin.body.status).toBe('completed');
    const ids = await fill(agentId, 2, 'hold');

    const fork = await stack.api('POST', `/v1/generations/${origin.body.id}/fork`, { fromStep: 0 });
    expect(fork.status, JSON.stringify(fork.body)).toBe(202);
    expect(fork.body.status).toBe('queued');
    expect((await row(fork.body.id)).waitingForTurn).toBe(true);
    await expectNoWorkflow(fork.body.id);

    model.scriptFor('scheduled', { text: 'scheduled answer' });
    const schedule = await stack.api('POST', '/v1/schedules', {
      agentId,
      request: { prompt: '[[script:scheduled]] report' },
      spec: { cronExpressions: ['0 0 1 1 *'], timeZone: 'Europe/Paris' },
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    try {
      expect((await stack.api('POST', `/v1/schedules/${schedule.body.id}/trigger`)).status).toBe(200);
      // A scheduled run's generation is keyed by its run (contracts/generation/scheduled-run.ts).
      const scheduled = await waitFor(
        async () =>
          (await stack.db.generation.findFirst({ where: { agentId, idempotencyKey: { startsWith: 'schedule:' } } })) ??
          undefined,
        'the scheduled run to store its generation',
      );
      expect(scheduled).toMatchObject({ status: 'queued', waitingForTurn: true });
      await expectNoWorkflow(scheduled.id);

      held.release();
      for (const id of ids) expect((await settled(id)).status).toBe('completed');
      expect(await settled(fork.body.id)).toMatchObject({ status: 'completed', text: 'fork answer' });
      expect(await settled(scheduled.id)).toMatchObject({ status: 'completed', text: 'scheduled answer' });
    } finally {
      await stack.api('DELETE', `/v1/schedules/${schedule.body.id}`);
    }
  });

  it("the reconciler starts a waiting generation whose slot was freed without its worker's release", async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const ids = await fill(agentId, 3, 'missed');
    const [waiting] = (await stack.db.generation.findMany({ where: { id: { in: ids }, waitingForTurn: true } })).map(
      (g) => g.id,
    );
    const [gone] = ids.filter((id) => id !== waiting);
    // One run ends without its worker handing its slot on (as if it died in between).
    await stack.temporal.workflow.getHandle(gone!).terminate('test: settle without release');
    await stack.db.generation.update({ where: { id: gone! }, data: { status: 'failed' } });
    expect((await row(waiting!)).waitingForTurn).toBe(true);

    const ctx = {
      env: stack.env,
      db: stack.db,
      temporal: stack.temporal,
      feed: stack.runtime.feed,
      secrets: stack.runtime.secrets,
      logger: createLogger('warn', 'reconciler-test'),
    };
    expect(await releaseWaitingGenerations(ctx)).toBe(1);
    const prompt = `missed${ids.indexOf(waiting!)}`;
    await waitFor(
      async () => (model.requests.some((r) => lastUser(r) === prompt) ? true : undefined),
      'its model call',
    );
    expect(await releaseWaitingGenerations(ctx)).toBe(0);
    held.release();
    for (const id of ids.filter((id) => id !== gone)) expect((await settled(id)).status).toBe('completed');
  });

  it("a revoked key's waiting generations never start: revocation fails them, a release refuses one revoked behind the API's back", async () => {
    const agentId = await createAgent(stack, { aiProviderId: providerId });
    const statements = [{ effect: 'Allow', action: ['agents:CreateAgentGeneration'], resource: ['*'] }];
    const [a, b] = [await mintKey(stack, statements), await mintKey(stack, statements)];
    const res = await Promise.all(
      ['r0', 'r1'].map((prompt) =>
        callAs(stack, a.key, 'POST', `/v1/agents/${agentId}/generate`, { prompt, async: true }),
      ),
    );
    await heldCalls(2);
    const waitingA = await callAs(stack, a.key, 'POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'ra',
      async: true,
    });
    const waitingB = await callAs(stack, b.key, 'POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'rb',
      async: true,
    });
    expect((await row(waitingA.body.id)).waitingForTurn).toBe(true);
    expect((await row(waitingB.body.id)).waitingForTurn).toBe(true);

    // Revoked through the API: its waiting generation fails at once, unstarted.
    expect((await stack.api('DELETE', `/v1/api-keys/${a.id}`)).status).toBe(200);
    expect((await stack.api('GET', `/v1/generations/${waitingA.body.id}`)).body).toMatchObject({
      status: 'failed',
      error: { code: 'principal_revoked' },
    });
    // Revoked behind the API's back: the release that would start it refuses it instead.
    await stack.db.apiKey.update({ where: { id: b.id }, data: { revokedAt: new Date() } });
    held.release();
    for (const r of res) expect((await settled(r.body.id)).status).toBe('completed');
    expect((await settled(waitingB.body.id)).error).toMatchObject({ code: 'principal_revoked' });
    await expectNoWorkflow(waitingA.body.id);
    await expectNoWorkflow(waitingB.body.id);
    expect(model.requests.map(lastUser)).not.toContain('ra');
    expect(model.requests.map(lastUser)).not.toContain('rb');
  });
});
