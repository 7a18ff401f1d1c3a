import { randomUUID } from 'node:crypto';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { WorkflowFailedError, type WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { inject } from 'vitest';
import { plannedTool } from '../support/planned-tool.js';
import { registerSearchAttributes } from '../../infra/temporal/search-attributes.js';
// The only imports of workflow internals in test/workflow (the contract types may move; their shapes do not).
import {
  finishWithUsage,
  pauseOpenedByReply,
  replyEndsRun,
  type GenerationActivities,
} from '../../contracts/generation/index.js';
import { generationStateQuery, generationWorkflowType } from '../../workflows/definitions.js';
import type {
  ApprovalDecisionInput,
  FinishInput,
  GenerationInput,
  GenerationStateView,
  LoopPlan,
  ModelCallResult,
  PlannedHook,
} from '../../contracts/generation/index.js';

export type { ApprovalDecisionInput, PlannedHook };

/**
 * Runs the real generation workflow on Temporal's time-skipping test server with every activity
 * replaced by a stub. The only things these tests know about the workflow are its activity names
 * and shapes (GenerationActivities), its input (GenerationInput) and its messages (definitions.ts).
 */

type ActivityName = keyof GenerationActivities;
export type ActivityInput<N extends ActivityName> = Parameters<GenerationActivities[N]>[0];
type ActivityResult<N extends ActivityName> = Awaited<ReturnType<GenerationActivities[N]>>;
export interface RecordedCall {
  name: ActivityName;
  input: unknown;
}

/** One scripted model reply. Defaults: no tool calls, finish reason 'tool_calls' if it calls tools, else 'stop'. */
export interface ScriptedReply {
  toolCalls?: Array<{ id?: string; name: string; arguments?: unknown }>;
  finishReason?: ModelCallResult['finishReason'];
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

export function makePlan(overrides: Partial<LoopPlan> = {}): LoopPlan {
  return {
    tools: [],
    toolChoice: 'auto',
    activeToolIds: null,
    stepRules: [],
    stopConditions: [],
    maxSteps: 10,
    // One attempt: an exhausted script fails the run at once instead of retrying for minutes.
    modelRetry: { maximumAttempts: 1, startToCloseSeconds: 60 },
    hooks: [],
    approvalTimeoutSeconds: 300,
    requireToolUse: false,
    reviewFinalText: false,
    ...overrides,
  };
}

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

export class ScriptedRun {
  readonly calls: RecordedCall[] = [];
  /** Final writes made inside a model call, as the real activity makes them (docs/adr/0033). */
  readonly finishedInModelCall: FinishInput[] = [];
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

  /** Waits for the workflow to close and fails unless it closed as Temporal's cancellation. */
  async closesCancelled(): Promise<void> {
    const err = await this.handle.result().then(
      () => null,
      (e: unknown) => e,
    );
    if (!(err instanceof WorkflowFailedError) || !(err.cause instanceof CancelledFailure))
      throw new Error(`run ${this.generationId} did not close as cancelled: ${String(err)}`);
  }

  /** Every final write of the run: by finishGeneration, or inside the last model call. */
  finishes(): FinishInput[] {
    return [...this.callsOf('finishGeneration'), ...this.finishedInModelCall];
  }

  /** Waits for the workflow to close normally and returns what it stored as the outcome. */
  async finished(): Promise<FinishInput> {
    await this.handle.result();
    const finishes = this.finishes();
    if (finishes.length !== 1) throw new Error(`expected one final write, got ${finishes.length}`);
    return finishes[0]!;
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
      // The real activity hashes canonical JSON; any deterministic function of the arguments will do here.
      return {
        id: c.id ?? `call_${++this.replyCounter}`,
        name: c.name,
        arguments: args,
        argumentsHash: JSON.stringify(args),
      };
    });
    return {
      toolCalls,
      finishReason: reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      hasText: toolCalls.length === 0,
      usage: { promptTokens: 10, completionTokens: 5 },
    };
  }
}

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
    // As the real activity: a reply that ends the run makes the final write it was given (docs/adr/0033).
    callModel: async (i) => {
      // As the real activity: the leave-write it carries comes first (docs/adr/0038), recorded as that write.
      if (i.leaveWrite) runs.get(i.generationId)?.record('recordClientOutputs', i.leaveWrite);
      const result = await dispatch('callModel', i, (run) => run.nextReply(i));
      // As the real activity: a reply that opens a client-tool pause at once makes its write (docs/adr/0039).
      const pauseWritten = i.pauseWrite ? pauseOpenedByReply(result, i.pauseWrite) : null;
      if (pauseWritten) {
        runs.get(i.generationId)?.record('writeStatus', pauseWritten);
        return { ...result, pauseWritten };
      }
      if (!i.finishWrite || !replyEndsRun(result)) return result;
      runs.get(i.generationId)!.finishedInModelCall.push(finishWithUsage(i.finishWrite, i.usageSoFar, result.usage));
      return { ...result, finished: true };
    },
    summarizeConversation: (i) =>
      dispatch('summarizeConversation', i, () => ({
        level: i.level,
        tokensBefore: 1000,
        tokensAfter: 100,
        usage: { promptTokens: 50, completionTokens: 10 },
      })),
    executeTool: (i) => dispatch('executeTool', i, () => ({ status: 'success', replayed: false })),
    recordToolResult: (i) => dispatch('recordToolResult', i, () => undefined),
    recordClientOutputs: (i) => dispatch('recordClientOutputs', i, () => undefined),
    discoverMcpTools: (i) =>
      dispatch('discoverMcpTools', i, () => ({ tools: [], failures: [], collision: null, definitionsHash: '' })),
    runHttpHook: (i) => dispatch('runHttpHook', i, () => ({ decision: 'allow' })),
    openApprovals: (i) => dispatch('openApprovals', i, () => undefined),
    closeApprovals: (i) => dispatch('closeApprovals', i, () => undefined),
    reviewFinalText: (i) => dispatch('reviewFinalText', i, () => ({ text: null, blocked: null, reason: null })),
    prepareWebhooks: (i) => dispatch('prepareWebhooks', i, () => []),
    // Webhook deliveries are keyed by delivery id and not planned in these tests.
    deliverWebhook: async () => {
      throw ApplicationFailure.create({ message: 'webhooks are not part of these tests', nonRetryable: true });
    },
    finishWebhookDelivery: async () => undefined,
    writeStatus: (i) => dispatch('writeStatus', i, () => undefined),
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
