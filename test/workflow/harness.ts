import { randomUUID } from 'node:crypto';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { WorkflowFailedError, type WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { inject } from 'vitest';
import { makePlan, plannedTool } from '../support/planned-tool.js';

export { makePlan };
import { registerSearchAttributes } from '../../infra/temporal/search-attributes.js';
// The only imports of workflow internals in test/workflow: the contract's types and the one hash of
// arguments (the shapes may move; their meaning does not).
import { argumentsHash, type GenerationActivities, type QueuedWrite } from '../../contracts/generation/index.js';
import { generationStateQuery, generationWorkflowType, pauseAnsweredSignal } from '../../workflows/definitions.js';
import type {
  ClaimedAnswer,
  FinishInput,
  GenerationInput,
  GenerationStateView,
  LoopPlan,
  ModelCallResult,
  PlannedHook,
  RunOutcome,
} from '../../contracts/generation/index.js';

export type { PlannedHook };

/**
 * Runs the real generation workflow on Temporal's time-skipping test server with every activity
 * replaced by a stub that records its call and returns a canned result. The stubs do nothing of
 * what the real activities do: the writes a model call makes on its own once its reply is decided
 * (contracts/generation/writes.ts) are the real activity's, tested against PostgreSQL in
 * test/integration. These tests see what the workflow schedules, what writes it queues, and what
 * it reports through its state query.
 */

type ActivityName = keyof GenerationActivities;
export type ActivityInput<N extends ActivityName> = Parameters<GenerationActivities[N]>[0];
type ActivityResult<N extends ActivityName> = Awaited<ReturnType<GenerationActivities[N]>>;
export interface RecordedCall {
  name: ActivityName;
  input: unknown;
}

/** A write the run queued, and the activity that carried it (`flushWrites` when made on its own). */
export interface RecordedWrite {
  write: QueuedWrite;
  by: ActivityName;
}

/** One scripted model reply. Defaults: no tool calls, finish reason 'tool_calls' if it calls tools, else 'stop'. */
export interface ScriptedReply {
  toolCalls?: Array<{ id?: string; name: string; arguments?: unknown }>;
  finishReason?: ModelCallResult['finishReason'];
  /** Calls the model call ran itself (decision `runTools`), as the real activity reports them. */
  ranInCall?: string[];
}

export const say = (finishReason: ModelCallResult['finishReason'] = 'stop'): ScriptedReply => ({ finishReason });
export const callTool = (name: string, args: unknown = {}, id?: string): ScriptedReply => ({
  toolCalls: [{ name, arguments: args, ...(id ? { id } : {}) }],
});
export const callTools = (...calls: Array<[name: string, args: unknown, id?: string]>): ScriptedReply => ({
  toolCalls: calls.map(([name, args, id]) => ({ name, arguments: args, ...(id ? { id } : {}) })),
});

export const tool = plannedTool;

export const approvalHook = (matcher: string, approvalTimeoutSeconds?: number): PlannedHook => ({
  id: `hook_approve_${matcher}`,
  event: 'PreToolUse',
  type: 'approval',
  matcher,
  ...(approvalTimeoutSeconds === undefined ? {} : { approvalTimeoutSeconds }),
});

/** Stub behaviour for one run; anything not given gets a harmless default. */
export type Overrides = {
  [N in ActivityName]?: (input: ActivityInput<N>) => ActivityResult<N> | Promise<ActivityResult<N>>;
};

const FIRST_SEQ = 2; // as if the API had stored a system and a user message

const EventType = temporal.api.enums.v1.EventType;
const activityClosed = new Set<temporal.api.enums.v1.EventType>([
  EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED,
  EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED,
  EventType.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT,
  EventType.EVENT_TYPE_ACTIVITY_TASK_CANCELED,
]);

/** How a run ended, as its state query reports it, and the final write the loop made itself (if it did). */
export interface RunEnd extends RunOutcome {
  stateVersion: number;
  toolsUsed: string[];
  usage: { promptTokens: number; completionTokens: number };
  iterationCount: number;
  /** The loop's own final write; null when the last model call made it (decision `finish`). */
  finalWrite: FinishInput | null;
}

export class ScriptedRun {
  readonly calls: RecordedCall[] = [];
  readonly writes: RecordedWrite[] = [];
  private readonly replies: ScriptedReply[];
  private readonly waiters: Array<() => void> = [];
  private replyCounter = 0;

  constructor(
    readonly generationId: string,
    readonly handle: WorkflowHandle,
    script: ScriptedReply[],
    readonly overrides: Overrides,
  ) {
    this.replies = [...script];
  }

  callsOf<N extends ActivityName>(name: N): Array<ActivityInput<N>> {
    return this.calls.filter((c) => c.name === name).map((c) => c.input as ActivityInput<N>);
  }

  /** The queued writes of `kind` made so far, in order. */
  writesOf<K extends QueuedWrite['kind']>(kind: K): Array<WriteOf<K>> {
    return this.writes.filter((w) => w.write.kind === kind).map((w) => w.write.write as unknown as WriteOf<K>);
  }

  /** Resolves with the input of the first call of `name` that matches, once the workflow has made it. */
  async waitFor<N extends ActivityName>(
    name: N,
    match: (input: ActivityInput<N>) => boolean = () => true,
    timeoutMs = 15_000,
  ): Promise<ActivityInput<N>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.callsOf(name).find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${name}; calls so far: ${this.calls.map((c) => c.name).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves once the run's state query reports it paused (phase requires_action). */
  async paused(timeoutMs = 15_000): Promise<GenerationStateView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await this.state();
      if (state.phase === 'requires_action') return state;
      if (Date.now() > deadline) throw new Error(`run ${this.generationId} did not pause`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Sends a claimed answer, as the API does after its claim (docs/adr/0041); `pauseVersion` defaults to the run's. */
  async answer(
    answer: DistributiveOmit<ClaimedAnswer, 'answerId' | 'pauseVersion' | 'answeredBy'> & {
      pauseVersion?: number;
      answerId?: string;
    },
  ): Promise<ClaimedAnswer> {
    const pauseVersion = answer.pauseVersion ?? (await this.state()).stateVersion;
    const sent = { answerId: randomUUID(), answeredBy: 'key_test', ...answer, pauseVersion } as ClaimedAnswer;
    await this.handle.signal(pauseAnsweredSignal, sent);
    return sent;
  }

  /** Waits for the workflow to close and fails unless it closed as Temporal's cancellation. */
  async closesCancelled(): Promise<void> {
    const err = await this.handle.result().then(
      () => null,
      (e: unknown) => e,
    );
    if (!(err instanceof WorkflowFailedError) || !(err.cause instanceof CancelledFailure))
      throw new Error(`run ${this.generationId} did not close as cancelled: ${String(err)}`);
  }

  /** Waits for the workflow to close normally; how it ended, from its state query. */
  async finished(): Promise<RunEnd> {
    await this.handle.result();
    return this.end();
  }

  /** How the run ended, from its state query, and the loop's own final write (at most one). */
  async end(): Promise<RunEnd> {
    const state = await this.state();
    if (!state.outcome) throw new Error(`run ${this.generationId} has no outcome`);
    const finals = this.callsOf('finishGeneration');
    if (finals.length > 1) throw new Error(`expected at most one final write, got ${finals.length}`);
    return {
      ...state.outcome,
      stateVersion: state.stateVersion,
      toolsUsed: state.toolsUsed,
      usage: state.usage,
      iterationCount: state.step,
      finalWrite: finals[0] ?? null,
    };
  }

  /**
   * Waits until the run is parked: no workflow task pending and no activity in flight.
   * Cancel a run only then: the time-skipping server wedges the run when a cancel request and an
   * activity completion land in the same workflow task (ACTIVITY_UNKNOWN; sdk-java#2391,
   * sdk-typescript#1058), which the real server handles.
   */
  async idle(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const events = (await this.handle.fetchHistory()).events ?? [];
      const types = events.map((e) => e.eventType);
      const scheduled = types.filter((t) => t === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED).length;
      const closed = types.filter((t) => t !== null && t !== undefined && activityClosed.has(t)).length;
      const taskOpen =
        types.lastIndexOf(EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED) >
        types.lastIndexOf(EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED);
      if (!taskOpen && scheduled === closed) return;
      if (Date.now() > deadline) throw new Error(`run ${this.generationId} did not become idle`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  state(): Promise<GenerationStateView> {
    return this.handle.query(generationStateQuery);
  }

  record(name: ActivityName, input: unknown): void {
    const carried =
      name === 'callModel'
        ? (input as ActivityInput<'callModel'>).pending.flush
        : (input as { writes?: QueuedWrite[] }).writes;
    for (const write of carried ?? []) this.writes.push({ write, by: name });
    this.calls.push({ name, input });
    for (const wake of this.waiters.splice(0)) wake();
  }

  nextReply(input: ActivityInput<'callModel'>): ModelCallResult {
    const reply = this.replies.shift();
    if (!reply) {
      throw ApplicationFailure.create({
        type: 'ScriptExhausted',
        message: `no scripted reply left for step ${input.step}`,
        nonRetryable: true,
      });
    }
    const toolCalls = (reply.toolCalls ?? []).map((c) => {
      const args = c.arguments ?? {};
      return {
        id: c.id ?? `call_${++this.replyCounter}`,
        name: c.name,
        arguments: args,
        argumentsHash: argumentsHash(args),
      };
    });
    const ran = (reply.ranInCall ?? []).map((id) => {
      const c = toolCalls.find((t) => t.id === id)!;
      return { toolCallId: id, toolName: c.name, status: 'success' as const, replayed: false, durationMs: 1 };
    });
    return {
      toolCalls,
      finishReason: reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      hasText: toolCalls.length === 0,
      usage: { promptTokens: 10, completionTokens: 5 },
      // A continuation stores its prompt at `seq` and the reply after it.
      seq: input.part > 0 ? input.seq + 1 : input.seq,
      ...(ran.length ? { toolOutcomes: ran } : {}),
    };
  }
}

type WriteOf<K extends QueuedWrite['kind']> = Extract<QueuedWrite, { kind: K }>['write'];
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface Harness {
  env: TestWorkflowEnvironment;
  /** Starts a generation with this plan; `script` is what the model answers, one reply per call. */
  start(plan: LoopPlan, script: ScriptedReply[], overrides?: Overrides): Promise<ScriptedRun>;
  close(): Promise<void>;
}

let runtimeInstalled = false;

export async function startHarness(): Promise<Harness> {
  if (!runtimeInstalled) {
    // Errors only: core logs worker state changes at INFO and warns that the test server does not
    // advertise a heartbeat capability these tests never use.
    Runtime.install({
      logger: new DefaultLogger('ERROR'),
      telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } },
    });
    runtimeInstalled = true;
  }
  const serverPath = inject('temporalTestServerPath');
  const env = await TestWorkflowEnvironment.createTimeSkipping(
    serverPath ? { server: { executable: { type: 'existing-path', path: serverPath } } } : {},
  );
  // The workflow upserts its search attributes on every state change: the server must know them.
  await registerSearchAttributes(env.connection.operatorService, env.namespace ?? 'default');
  const runs = new Map<string, ScriptedRun>();
  const taskQueue = `wf-tests-${randomUUID()}`;

  async function dispatch<N extends ActivityName>(
    name: N,
    input: ActivityInput<N>,
    fallback: (run: ScriptedRun) => ActivityResult<N>,
  ): Promise<ActivityResult<N>> {
    const generationId = (input as { generationId?: string }).generationId;
    const run = generationId ? runs.get(generationId) : undefined;
    if (!run)
      throw ApplicationFailure.create({
        type: 'UnknownRun',
        message: `${name} for an unknown run`,
        nonRetryable: true,
      });
    run.record(name, input);
    const override = run.overrides[name] as
      ((i: ActivityInput<N>) => ActivityResult<N> | Promise<ActivityResult<N>>) | undefined;
    return override ? override(input) : fallback(run);
  }

  // Every activity by name: if the contract gains or renames one, this object stops compiling.
  const activities: GenerationActivities = {
    callModel: (i) => dispatch('callModel', i, (run) => run.nextReply(i)),
    summarizeConversation: (i) =>
      dispatch('summarizeConversation', i, () => ({
        level: i.level,
        tokensBefore: 1000,
        tokensAfter: 100,
        usage: { promptTokens: 50, completionTokens: 10 },
      })),
    executeTool: (i) => dispatch('executeTool', i, () => ({ status: 'success', replayed: false })),
    recordToolResult: (i) => dispatch('recordToolResult', i, () => undefined),
    flushWrites: (i) => dispatch('flushWrites', i, () => undefined),
    discoverMcpTools: (i) =>
      dispatch('discoverMcpTools', i, () => ({ tools: [], failures: [], collision: null, definitionsHash: '' })),
    runHttpHook: (i) => dispatch('runHttpHook', i, () => ({ decision: 'allow' })),
    expireApprovals: (i) =>
      dispatch('expireApprovals', i, () => i.approvalIds.map((approvalId) => ({ approvalId, decision: 'expired' }))),
    escalateApprovals: (i) =>
      dispatch('escalateApprovals', i, () =>
        i.approvals.map(({ approvalId }) => ({ approvalId, decision: 'escalated' as const })),
      ),
    reviewFinalText: (i) => dispatch('reviewFinalText', i, () => ({ text: null, blocked: null, reason: null })),
    prepareWebhooks: (i) => dispatch('prepareWebhooks', i, () => []),
    // Webhook deliveries are keyed by delivery id and not planned in these tests.
    deliverWebhook: async () => {
      throw ApplicationFailure.create({ message: 'webhooks are not part of these tests', nonRetryable: true });
    },
    finishWebhookDelivery: async () => undefined,
    finishGeneration: (i) => dispatch('finishGeneration', i, () => undefined),
    // Nested generations are covered by the integration tests (real child workflows).
    prepareChildGeneration: (i) => dispatch('prepareChildGeneration', i, () => ({ child: null })),
    recordChildResult: (i) => dispatch('recordChildResult', i, () => undefined),
  };

  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    activities,
  });
  const running = worker.run();

  return {
    env,
    async start(plan, script, overrides = {}) {
      const generationId = `gen_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
      const input: GenerationInput = {
        generationId,
        projectId: 'prj_workflowtests',
        agentId: 'agt_workflowtests',
        traceId: `trace_${generationId}`,
        plan,
        firstMessageSeq: FIRST_SEQ,
      };
      const handle = env.client.workflow.getHandle(generationId);
      const run = new ScriptedRun(generationId, handle, script, overrides);
      runs.set(generationId, run);
      await env.client.workflow.start(generationWorkflowType, { workflowId: generationId, taskQueue, args: [input] });
      return run;
    },
    async close() {
      worker.shutdown();
      await running;
      await env.teardown();
    },
  };
}

export { FIRST_SEQ };
