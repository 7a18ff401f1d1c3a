import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { localActivityTypes } from '../support/history.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/**
 * Local activities leave no history until the workflow task that ran them completes. Here the
 * worker kills itself (SIGKILL, `WORKER_TEST_KILL_AFTER_ACTIVITY`) right after a local activity
 * has done its work: PostgreSQL has the write, Temporal's history does not. The restarted worker
 * runs the activity again from the last completed task; what was recorded is used, not redone.
 */
describe('durability: kill -9 after a local activity wrote, before history has it', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;
  let agentId: string;
  let clientAgentId: string;
  let gatedAgentId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([
      startStack({ mode: 'processes', withoutWorker: true }),
      startModelServer(),
      startToolServer(),
    ]);
    providerId = await createProvider(stack, model);
    tools.route('/weather', (req, res) => json(res, 200, { city: req.body.city, tempC: 21 }));
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
      execute: { url: `${tools.url}/weather` },
    });
    agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    gatedAgentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    const hook = await stack.api('POST', `/v1/agents/${gatedAgentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'weather',
      config: {},
    });
    expect(hook.status).toBe(201);
    const askId = await createTool(stack, { type: 'client', name: 'ask_user', parameters: obj({}) });
    clientAgentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [askId] });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  /** The answer `output` reached the model once, in a conversation stored once, and the run ended once. */
  async function expectAnsweredOnce(tag: string, generationId: string, output: string) {
    const asked = model.requests.filter((q) => q.tag === tag);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([output]);
    const messages = await stack.db.generationMessage.findMany({ where: { generationId }, orderBy: { seq: 'asc' } });
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const events = await stack.db.generationEvent.findMany({ where: { generationId } });
    expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
    return events;
  }

  /** Starts a generation of `agent` with `prompt` on a worker that dies after `activity`; waits for the death. */
  async function startUntilCrash(agent: string, prompt: string, activity: string): Promise<string> {
    await stack.startWorker({ WORKER_TEST_KILL_AFTER_ACTIVITY: activity });
    const started = await stack.api('POST', `/v1/agents/${agent}/generate`, { prompt, async: true });
    expect(started.status).toBe(202);
    await stack.workerExited();
    return started.body.id as string;
  }

  /** PostgreSQL shows the pause; Temporal has no completed workflow task, so history does not. */
  async function expectPausedOnlyInPostgres(generationId: string) {
    const atCrash = await stack.db.generation.findUniqueOrThrow({ where: { id: generationId } });
    expect(atCrash.status).toBe('requires_action');
    const handle = stack.temporal.workflow.getHandle(generationId);
    const history = (await handle.fetchHistory()).events ?? [];
    expect(history.filter((e) => e.workflowTaskCompletedEventAttributes)).toHaveLength(0);
    return handle;
  }

  /** Starts a generation on a worker that dies after `activity`, waits for the death, restarts it. */
  async function runThroughCrash(tag: string, activity: string) {
    model.scriptFor(
      tag,
      { text: '', toolCalls: [{ id: `call_${tag}`, name: 'weather', arguments: { city: tag } }] },
      { text: `It is 21 degrees in ${tag}.` },
    );
    const generationId = await startUntilCrash(agentId, `Weather? [[script:${tag}]]`, activity);
    const atCrash = await stack.db.generation.findUniqueOrThrow({ where: { id: generationId } });
    const describedAtCrash = await stack.temporal.workflow.getHandle(generationId).describe();
    await stack.startWorker();
    await stack.temporal.workflow.getHandle(generationId).result();
    const localActivities = localActivityTypes(await stack.temporal.workflow.getHandle(generationId).fetchHistory());
    const done = await stack.api('GET', `/v1/generations/${generationId}`);
    const messages = await stack.db.generationMessage.findMany({ where: { generationId }, orderBy: { seq: 'asc' } });
    const events = await stack.db.generationEvent.findMany({ where: { generationId }, orderBy: { seq: 'asc' } });
    await stack.stopWorker();
    return { generationId, atCrash, describedAtCrash, done, messages, events, localActivities };
  }

  it('killed after the final write, inside the last model call: the generation ends once, with nothing asked, called or written twice', async () => {
    const r = await runThroughCrash('finish', 'finishGeneration');
    // The final write was in PostgreSQL before the worker died; the workflow had not closed.
    expect(r.atCrash.status).toBe('completed');
    expect(r.describedAtCrash.status.name).toBe('RUNNING');
    // The last model call made it (docs/adr/0033): no activity of its own, before or after the crash.
    expect(r.localActivities).toEqual(['callModel', 'callModel']);
    expect(r.done.body).toMatchObject({ status: 'completed', text: 'It is 21 degrees in finish.' });
    expect(model.requests.filter((q) => q.tag === 'finish')).toHaveLength(2);
    expect(tools.requests.filter((q) => q.body?.city === 'finish')).toHaveLength(1);
    expect(r.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(r.events.filter((e) => e.type === 'done')).toHaveLength(1);
    expect(r.events.filter((e) => e.type === 'start')).toHaveLength(1);
    // The re-run's write is the same: both replies' tokens (as each reply recorded them), two steps.
    const replyUsage = r.messages
      .filter((m) => m.role === 'assistant')
      .map((m) => (m.content as { usage: { promptTokens: number; completionTokens: number } }).usage);
    expect(replyUsage.every((u) => u.promptTokens > 0)).toBe(true);
    expect(r.done.body).toMatchObject({
      iterationCount: 2,
      usage: {
        promptTokens: replyUsage[0]!.promptTokens + replyUsage[1]!.promptTokens,
        completionTokens: replyUsage[0]!.completionTokens + replyUsage[1]!.completionTokens,
      },
    });
  });

  it('the final write fails inside the model call: the call is retried from its recorded reply, the model is not asked again', async () => {
    // A real failure of that write: PostgreSQL refuses the first `completed` write of the database
    // (a sequence is not rolled back with the failed statement, so later writes pass).
    await stack.db.$executeRawUnsafe(`CREATE SEQUENCE finish_faults`);
    await stack.db.$executeRawUnsafe(`CREATE FUNCTION refuse_first_finish() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('finish_faults') = 1 THEN RAISE EXCEPTION 'injected: the final write fails once'; END IF;
        RETURN NEW;
      END $$`);
    await stack.db.$executeRawUnsafe(`CREATE TRIGGER refuse_first_finish BEFORE UPDATE ON "Generation" FOR EACH ROW
      WHEN (NEW."status" = 'completed' AND OLD."status" <> 'completed') EXECUTE FUNCTION refuse_first_finish()`);
    try {
      model.scriptFor('fallback', { text: 'Nothing to look up.' });
      await stack.startWorker();
      const done = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'Hi [[script:fallback]]' });
      expect(done.body).toMatchObject({ status: 'completed', text: 'Nothing to look up.', iterationCount: 1 });
      const generationId = done.body.id as string;
      const handle = stack.temporal.workflow.getHandle(generationId);
      await handle.result();
      // The write failed inside the model call's first attempt; the second attempt found the reply
      // recorded and made it. No activity of the loop's own wrote the end.
      expect(
        Number(
          (await stack.db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT last_value AS n FROM finish_faults`))[0]!.n,
        ),
      ).toBe(2);
      expect(localActivityTypes(await handle.fetchHistory())).toEqual(['callModel']);
      expect(model.requests.filter((q) => q.tag === 'fallback')).toHaveLength(1);
      const events = await stack.db.generationEvent.findMany({ where: { generationId } });
      expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
      await stack.stopWorker();
    } finally {
      await stack.db.$executeRawUnsafe(`DROP TRIGGER refuse_first_finish ON "Generation"`);
      await stack.db.$executeRawUnsafe(`DROP FUNCTION refuse_first_finish`);
      await stack.db.$executeRawUnsafe(`DROP SEQUENCE finish_faults`);
    }
  });

  it('killed after the start write, inside the first model call: the re-run finds it written and the generation completes', async () => {
    const r = await runThroughCrash('start', 'writeStatus');
    expect(r.atCrash.status).toBe('running');
    expect(r.atCrash.stateVersion).toBe(1);
    // The start write is the first model call's (docs/adr/0032): no activity of its own, before or after the crash.
    expect(r.localActivities).toEqual(['callModel', 'callModel']);
    expect(r.done.body).toMatchObject({ status: 'completed', text: 'It is 21 degrees in start.' });
    expect(model.requests.filter((q) => q.tag === 'start')).toHaveLength(2);
    expect(tools.requests.filter((q) => q.body?.city === 'start')).toHaveLength(1);
    expect(r.events.filter((e) => e.type === 'start')).toHaveLength(1);
    expect(r.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('killed after a tool call recorded its result: the tool is not called again and the model sees one result', async () => {
    const r = await runThroughCrash('tool', 'executeTool');
    expect(r.atCrash.status).toBe('running');
    // The call ran, and was killed, inside the model call's activity (docs/adr/0031); the re-run of
    // that activity found both the reply and the result recorded.
    expect(r.localActivities).toEqual(['callModel', 'callModel']);
    expect(tools.requests.filter((q) => q.body?.city === 'tool')).toHaveLength(1);
    expect(r.done.body).toMatchObject({ status: 'completed', text: 'It is 21 degrees in tool.' });
    const asked = model.requests.filter((q) => q.tag === 'tool');
    expect(asked).toHaveLength(2);
    expect(asked[1]!.messages.filter((m) => m.role === 'tool')).toHaveLength(1);
    expect(r.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('killed after a model reply was recorded: the model is not asked again for that step', async () => {
    const r = await runThroughCrash('model', 'callModel');
    expect(r.atCrash.status).toBe('running');
    expect(r.done.body).toMatchObject({ status: 'completed', text: 'It is 21 degrees in model.' });
    expect(model.requests.filter((q) => q.tag === 'model')).toHaveLength(2);
    expect(tools.requests.filter((q) => q.body?.city === 'model')).toHaveLength(1);
    expect(r.events.filter((e) => e.type === 'tool_call')).toHaveLength(1);
    expect(r.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('killed after the write that leaves a pause, inside the next model call: the answer is taken again and used once', async () => {
    // A synchronous tool-outputs request: its answer is claimed and signalled (docs/adr/0041); the
    // write that leaves the pause rides on the next model call, and the worker dies right after it.
    // The signal is in history, so the restarted worker leaves the pause again (the same write), and
    // the request that is still waiting gets the finished generation.
    model.scriptFor('leave', call('ask_user', {}, 'call_leave'), { text: 'You said yes.' });
    await stack.startWorker({ WORKER_TEST_KILL_AFTER_ACTIVITY: 'recordClientOutputs' });
    const paused = await stack.api('POST', `/v1/agents/${clientAgentId}/generate`, { prompt: 'Ask [[script:leave]]' });
    expect(paused.body.status).toBe('requires_action');
    const generationId = paused.body.id as string;
    const submitting = stack.api('POST', `/v1/agents/${clientAgentId}/generate/${generationId}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'call_leave', output: 'yes' }],
    });
    await stack.workerExited();
    const atCrash = await stack.db.generation.findUniqueOrThrow({ where: { id: generationId } });
    expect(atCrash.status).toBe('running');
    const handle = stack.temporal.workflow.getHandle(generationId);
    expect((await handle.describe()).status.name).toBe('RUNNING');
    // PostgreSQL has the answer stored as the call's result; history has no completed task after the
    // pause, so not the update that carried the answer either (it is accepted with that task).
    const delivered = async () =>
      ((await handle.fetchHistory()).events ?? []).filter(
        (e) =>
          e.workflowExecutionUpdateAcceptedEventAttributes ||
          e.workflowExecutionSignaledEventAttributes?.signalName === 'pauseAnswered',
      ).length;
    expect(await delivered()).toBe(0);
    // The server hands the admitted update to the restarted worker (or, lost, the API sends the
    // claimed answer again as a signal): the run takes it once.
    await stack.startWorker();
    const answered = await submitting;
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'completed', text: 'You said yes.' });
    await expectAnsweredOnce('leave', generationId, 'yes');
    await handle.result();
    expect(await delivered()).toBe(1);
    await stack.stopWorker();
  });

  it('killed after the write that leaves a pause answered asynchronously: the write runs again, the answer is used once', async () => {
    // An async answer is claimed and signalled (docs/adr/0041): the signal is in history before the
    // task that leaves the pause, so the write that leaves it has nothing to lose.
    model.scriptFor('signalled', call('ask_user', {}, 'call_signalled'), { text: 'You said yes, asynchronously.' });
    await stack.startWorker({ WORKER_TEST_KILL_AFTER_ACTIVITY: 'recordClientOutputs' });
    const paused = await stack.api('POST', `/v1/agents/${clientAgentId}/generate`, {
      prompt: 'Ask [[script:signalled]]',
    });
    expect(paused.body.status).toBe('requires_action');
    const generationId = paused.body.id as string;
    const answered = await stack.api('POST', `/v1/agents/${clientAgentId}/generate/${generationId}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'call_signalled', output: 'yes' }],
      async: true,
    });
    expect(answered.status).toBe(202);
    await stack.workerExited();
    const atCrash = await stack.db.generation.findUniqueOrThrow({ where: { id: generationId } });
    expect(atCrash.status).toBe('running');
    const handle = stack.temporal.workflow.getHandle(generationId);
    const events = async () => (await handle.fetchHistory()).events ?? [];
    expect(
      (await events()).filter((e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'pauseAnswered'),
    ).toHaveLength(1);
    expect(localActivityTypes(await handle.fetchHistory())).not.toContain('recordClientOutputs');

    await stack.startWorker();
    await handle.result();
    const done = await stack.api('GET', `/v1/generations/${generationId}`);
    expect(done.body).toMatchObject({ status: 'completed', text: 'You said yes, asynchronously.' });
    const stored = await expectAnsweredOnce('signalled', generationId, 'yes');
    expect(stored.filter((e) => e.type === 'tool_result')).toHaveLength(1);
    expect((await events()).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toHaveLength(0);
    await stack.stopWorker();
  });

  it('killed after the model call opened a client-tool pause: a claimed answer sent meanwhile waits for the re-opened pause', async () => {
    // The model call's activity wrote the pause (decision `pause`) and the worker died before its
    // workflow task completed: PostgreSQL shows the pause, history does not. An async answer is
    // claimed against the pause PostgreSQL shows and signalled (docs/adr/0041); the restarted run
    // re-opens the same pause (the reply is recorded, the model is not asked again) and takes it.
    model.scriptFor('opened', call('ask_user', {}, 'call_opened'), { text: 'Answered while you were down.' });
    const generationId = await startUntilCrash(clientAgentId, 'Ask [[script:opened]]', 'openClientPause');
    const handle = await expectPausedOnlyInPostgres(generationId);

    const answered = await stack.api('POST', `/v1/agents/${clientAgentId}/generate/${generationId}/tool-outputs`, {
      toolOutputs: [{ toolCallId: 'call_opened', output: 'while down' }],
      async: true,
    });
    expect(answered.status).toBe(202);
    expect(await stack.db.pauseAnswer.count({ where: { generationId } })).toBe(1);
    await stack.startWorker();
    await handle.result();
    const done = await stack.db.generation.findUniqueOrThrow({ where: { id: generationId } });
    expect(done).toMatchObject({ status: 'completed', text: 'Answered while you were down.' });
    const events = await expectAnsweredOnce('opened', generationId, 'while down');
    expect(events.filter((e) => e.type === 'requires_action')).toHaveLength(1);
    await stack.stopWorker();
  });

  it('killed after the local write that enters a pause: an answer sent meanwhile waits for the re-opened pause', async () => {
    // The approval is stored and the generation shows requires_action, but the workflow task that
    // opened the pause never completed. A decision claimed and signalled now reaches a run that is
    // re-running that step: its inbox keeps it until the same pause is open again (docs/adr/0041).
    model.scriptFor(
      'enter',
      { text: '', toolCalls: [{ id: 'call_enter', name: 'weather', arguments: { city: 'enter' } }] },
      { text: 'It is 21 degrees in enter.' },
    );
    const generationId = await startUntilCrash(gatedAgentId, 'Weather? [[script:enter]]', 'openApprovals');
    const handle = await expectPausedOnlyInPostgres(generationId);
    const approval = await stack.db.approval.findFirstOrThrow({ where: { generationId } });
    expect(approval.status).toBe('pending');

    const deciding = stack.api('POST', `/v1/generations/${generationId}/approvals/${approval.id}`, {
      approved: true,
    });
    await stack.startWorker();
    const decided = await deciding;
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'completed', text: 'It is 21 degrees in enter.' });
    // The re-run re-opened the same approval (one row), the tool ran once, the model was asked once
    // per step (its first reply was recorded before the crash).
    expect(await stack.db.approval.count({ where: { generationId } })).toBe(1);
    expect(tools.requests.filter((r) => r.path === '/weather' && r.body?.city === 'enter')).toHaveLength(1);
    expect(model.requests.filter((q) => q.tag === 'enter')).toHaveLength(2);
    await handle.result();
    const events = (await handle.fetchHistory()).events ?? [];
    // The decision reached the run once, by the update its request sent while no worker ran.
    const delivered = events.filter(
      (e) =>
        e.workflowExecutionUpdateAcceptedEventAttributes ||
        e.workflowExecutionSignaledEventAttributes?.signalName === 'pauseAnswered',
    );
    expect(delivered).toHaveLength(1);
    await stack.stopWorker();
  });
});
