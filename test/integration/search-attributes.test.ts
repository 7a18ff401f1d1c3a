import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectWorker } from '../../infra/temporal/connection.js';
import { resolveTemporalCli } from '../../infra/temporal/cli.js';
import { createWorker } from '../../worker.js';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { spawnService } from '../support/processes.js';
import { startStack, type TestStack } from '../support/stack.js';

const run = promisify(execFile);

/**
 * Temporal-native visibility: the operator asks the Temporal CLI which generations wait, by
 * status, required action and agent, and gets exactly those.
 */
describe('search attributes', () => {
  let stack: TestStack;
  let model: ModelServer;
  let cli: string;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
    const resolved = resolveTemporalCli({ cliPathFromEnv: process.env.TEMPORAL_CLI_PATH });
    if (resolved.kind !== 'path') throw new Error('these tests need the Temporal CLI');
    cli = resolved.path;
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  /** `temporal workflow list --query …` as an operator would type it; the workflow ids it lists. */
  async function list(query: string): Promise<string[]> {
    const { stdout } = await run(cli, [
      'workflow',
      'list',
      '--address',
      inject('temporalAddress'),
      '--query',
      query,
      '--output',
      'json',
    ]);
    const rows = stdout.trim() ? (JSON.parse(stdout) as Array<{ execution: { workflowId: string } }>) : [];
    return rows.map((r) => r.execution.workflowId).sort();
  }

  /** Visibility is eventually consistent: poll until the listing equals `expected`. */
  async function expectListing(query: string, expected: string[]): Promise<void> {
    const want = [...expected].sort();
    const deadline = Date.now() + 30_000;
    let got = await list(query);
    while (JSON.stringify(got) !== JSON.stringify(want) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      got = await list(query);
    }
    expect(got).toEqual(want);
  }

  it('lists exactly the paused generations of an agent, and follows them as they resume and finish', async () => {
    const providerId = await createProvider(stack, model);
    const ask = await createTool(stack, { type: 'client', name: 'ask_user' });
    const agentA = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
    const agentB = await createAgent(stack, { aiProviderId: providerId, toolIds: [ask] });
    const generate = async (agentId: string, prompt: string) => {
      const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt });
      expect(res.status).toBe(200);
      return res.body as { id: string; status: string; traceId: string };
    };

    model.script(call('ask_user', {}, 'a1'));
    const pausedA1 = await generate(agentA, 'first');
    model.script(call('ask_user', {}, 'a2'));
    const pausedA2 = await generate(agentA, 'second');
    model.script({ text: 'no tool needed' });
    const doneA = await generate(agentA, 'third');
    model.script(call('ask_user', {}, 'b1'));
    const pausedB = await generate(agentB, 'other agent');
    expect([pausedA1.status, pausedA2.status, doneA.status, pausedB.status]).toEqual([
      'requires_action',
      'requires_action',
      'completed',
      'requires_action',
    ]);

    await expectListing(`GenerationStatus="requires_action" AND AgentId="${agentA}"`, [pausedA1.id, pausedA2.id]);
    await expectListing(`RequiredAction="submit_tool_outputs" AND AgentId="${agentB}"`, [pausedB.id]);
    await expectListing(`GenerationStatus="completed" AND AgentId="${agentA}"`, [doneA.id]);
    await expectListing(`TraceId="${pausedA1.traceId}"`, [pausedA1.id]);
    await expectListing(`ProjectId="${stack.projectId}" AND AgentId="${agentA}"`, [pausedA1.id, pausedA2.id, doneA.id]);

    // Resuming one: it leaves the paused list and is found as completed, its required action cleared.
    model.script({ text: 'thanks' });
    const resumed = await stack.api('POST', `/v1/agents/${agentA}/generate/${pausedA1.id}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'a1', output: 'yes' }],
    });
    expect(resumed.body.status).toBe('completed');
    await expectListing(`GenerationStatus="requires_action" AND AgentId="${agentA}"`, [pausedA2.id]);
    await expectListing(`GenerationStatus="completed" AND AgentId="${agentA}"`, [doneA.id, pausedA1.id]);
    await expectListing(`RequiredAction IS NOT NULL AND AgentId="${agentA}"`, [pausedA2.id]);

    // Cancelling one: status cancelled.
    await stack.api('POST', `/v1/generations/${pausedB.id}/cancel`);
    await expectListing(`GenerationStatus="cancelled" AND AgentId="${agentB}"`, [pausedB.id]);
  });

  it('finds a session by SessionId, a child by ParentGenerationId, and a parent waiting on its child by RequiredAction="child"', async () => {
    const providerId = await createProvider(stack, model);
    const chat = await createAgent(stack, { aiProviderId: providerId, conversational: true });
    model.script({ text: 'hello' });
    const turn = await stack.api('POST', `/v1/agents/${chat}/generate`, { prompt: 'hi' });
    expect(turn.body.status, JSON.stringify(turn.body)).toBe('completed');
    const sessionId = turn.body.sessionId as string;
    expect(sessionId).toMatch(/^ses_/);
    await expectListing(`SessionId="${sessionId}"`, [turn.body.id]);

    const form = await createTool(stack, { type: 'client', name: 'fill_form' });
    const child = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Child [[script:sa-child]]',
      toolIds: [form],
    });
    const ask = await createTool(stack, { type: 'agent', name: 'ask_form_agent', agentId: child });
    const parent = await createAgent(stack, {
      aiProviderId: providerId,
      instructions: 'Parent [[script:sa-parent]]',
      toolIds: [ask],
    });
    model.scriptFor('sa-parent', call('ask_form_agent', { prompt: 'fill it' }, 'p1'), { text: 'parent done' });
    model.scriptFor('sa-child', call('fill_form', {}, 'c1'), { text: 'child done' });
    const started = await stack.api('POST', `/v1/agents/${parent}/generate`, { prompt: 'go', async: true });
    expect(started.status).toBe(202);
    const parentId = started.body.id as string;
    let childId: string | null = null;
    for (let i = 0; i < 600 && !childId; i++) {
      const g = (await stack.api('GET', `/v1/generations/${parentId}`)).body;
      if (g.requiredAction?.type === 'child_requires_action') childId = g.requiredAction.childGenerationId;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(childId).not.toBeNull();
    await expectListing(`RequiredAction="child" AND AgentId="${parent}"`, [parentId]);
    await expectListing(`ParentGenerationId="${parentId}"`, [childId!]);
    await expectListing(`RequiredAction="submit_tool_outputs" AND AgentId="${child}"`, [childId!]);

    const submitted = await stack.api('POST', `/v1/agents/${child}/generate/${childId}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'c1', output: 'filled' }],
    });
    expect(submitted.body.status).toBe('completed');
    await expectListing(`GenerationStatus="completed" AND AgentId="${parent}"`, [parentId]);
  });

  it('a worker refuses to start on a namespace without the attributes, naming the command that registers them', async () => {
    const namespace = `bare-${randomBytes(4).toString('hex')}`;
    const address = inject('temporalAddress');
    await run(cli, [
      'operator',
      'namespace',
      'create',
      '--namespace',
      namespace,
      '--retention',
      '24h',
      '--address',
      address,
    ]);
    const connection = await connectWorker(stack.env, stack.env.TEMPORAL_ADDRESS!);
    try {
      const error = await createWorker({
        connection,
        namespace,
        taskQueue: stack.taskQueue,
        workflowBundle: { codePath: inject('workflowBundlePath') },
        deps: {
          db: stack.db,
          feed: stack.runtime.feed,
          secrets: stack.runtime.secrets,
          dispatcher: stack.runtime.dispatcher,
          modelTimeoutMs: 30_000,
        },
      }).then(
        () => null,
        (err: Error) => err,
      );
      expect(error?.message).toContain(`Temporal namespace "${namespace}" lacks the search attributes AgentId`);
      expect(error?.message).toContain(
        `temporal operator search-attribute create --namespace ${namespace} --name AgentId`,
      );
    } finally {
      await connection.close();
    }

    // The worker as its own process exits with EX_CONFIG and the same message, before polling.
    const started = await spawnService('worker', {
      ...Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined)),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: stack.env.DATABASE_URL!,
      TEMPORAL_ADDRESS: stack.env.TEMPORAL_ADDRESS!,
      TEMPORAL_NAMESPACE: namespace,
      TEMPORAL_TASK_QUEUE: stack.taskQueue,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      WORKFLOW_BUNDLE_PATH: inject('workflowBundlePath'),
      WORKER_METRICS_PORT: '0',
    }).then(
      (p) => p,
      (err: Error) => err,
    );
    expect(started).toBeInstanceOf(Error);
    expect((started as Error).message).toMatch(/worker exited with 78/);
    expect((started as Error).message).toContain('temporal operator search-attribute create');
  });
});
