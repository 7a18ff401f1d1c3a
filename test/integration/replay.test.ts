import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import type { temporal } from '@temporalio/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { exportedHistoryJSON, localActivityTypes, patchMarkerTexts, shownStatuses } from '../support/history.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';
import { SUMMARY_PROMPT } from '../../activities/compaction.js';

const here = dirname(fileURLToPath(import.meta.url));
const committedDir = join(here, '..', 'replay', 'histories');
type History = temporal.api.history.v1.IHistory;

function committedHistories(): Array<{ workflowId: string; history: History }> {
  return readdirSync(committedDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({
      workflowId: f.replace(/\.json$/, ''),
      history: JSON.parse(readFileSync(join(committedDir, f), 'utf8')) as History,
    }));
}

/** The regular activities a history scheduled, in order (local ones are markers). */
function scheduledActivities(history: History): string[] {
  return (history.events ?? []).flatMap((e) => {
    const name = e.activityTaskScheduledEventAttributes?.activityType?.name;
    return name ? [name] : [];
  });
}

async function replay(
  histories: Array<{ workflowId: string; history: History }>,
  bundle: { codePath: string } | { code: string },
) {
  const results: Array<{ workflowId: string; error?: Error }> = [];
  for await (const r of Worker.runReplayHistories({ workflowBundle: bundle, replayName: 'replay-test' }, histories)) {
    results.push({ workflowId: r.workflowId, ...(r.error ? { error: r.error as Error } : {}) });
  }
  return results;
}

/** The committed histories of the baseline (docs/versioning.md), one per representative path. */
const baseline = [
  'approval-edited',
  'approval-expired',
  'cancel',
  'cancel-in-flight',
  'clarification',
  'client-pause-async',
  'client-pause-waiting',
  'compaction-summary',
  'partial-answers',
  'step-rules',
  'stop-condition',
  'tools-in-model-call',
];

/**
 * Determinism: histories of representative generations, committed under test/replay/histories,
 * must replay against the current workflow code. Set RECORD_HISTORIES=1 to refresh them after an
 * intentional change that no deployed run can meet (this project has shipped nothing yet); a
 * change deployed runs can meet follows docs/versioning.md instead.
 */
describe('workflow replay', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  /** Each recorded generation: its name here, its workflow id, its history. */
  const recorded: Array<{ workflowId: string; generationId: string; history: History }> = [];

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    tools.route('/lookup', (req, res) => json(res, 200, { found: req.body }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  it('records representative generations and replays them against the current code', async () => {
    const providerId = await createProvider(stack, model);
    const lookup = await createTool(stack, {
      type: 'http',
      name: 'lookup',
      parameters: { type: 'object', properties: {} },
      execute: { url: `${tools.url}/lookup` },
      readOnly: true,
    });
    const ask = await createTool(stack, {
      type: 'client',
      name: 'ask_user',
      parameters: { type: 'object', properties: {} },
    });
    const done = await createTool(stack, {
      type: 'client',
      name: 'done',
      parameters: { type: 'object', properties: {} },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [lookup, ask, done] });
    const run = async (
      name: string,
      agent: string,
      body: Record<string, unknown>,
      after?: (g: any) => Promise<unknown>,
    ) => {
      const res = await stack.api('POST', `/v1/agents/${agent}/generate`, body);
      if (after) await after(res.body);
      const handle = stack.temporal.workflow.getHandle(res.body.id);
      await handle.result().catch(() => {});
      recorded.push({ workflowId: name, generationId: res.body.id, history: await handle.fetchHistory() });
    };
    const answer = (id: string, body: Record<string, unknown>) =>
      stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, body);

    // Unattended http calls run inside the model call (decision `runTools`).
    model.script(
      {
        text: '',
        toolCalls: [
          { name: 'lookup', arguments: { id: 1 } },
          { name: 'lookup', arguments: { id: 2 } },
        ],
      },
      { text: 'looked up' },
    );
    await run('tools-in-model-call', agentId, { prompt: 'look things up' });

    // A client pause opened by its model call, answered asynchronously, then by a waiting request.
    model.script({ text: '', toolCalls: [{ id: 'c1', name: 'ask_user', arguments: {} }] }, { text: 'answered later' });
    await run('client-pause-async', agentId, { prompt: 'ask me, answer later' }, (g) =>
      answer(g.id, { toolOutputs: [{ toolCallId: 'c1', output: 'yes' }], toolChoice: 'none', async: true }),
    );
    model.script(
      { text: '', toolCalls: [{ id: 'c2', name: 'ask_user', arguments: {} }] },
      { text: 'answered waiting' },
    );
    await run('client-pause-waiting', agentId, { prompt: 'ask me, wait' }, (g) =>
      answer(g.id, { toolOutputs: [{ toolCallId: 'c2', output: 'yes' }] }),
    );

    // Two client calls answered one at a time: a progress write between the two signals.
    model.script(
      {
        text: '',
        toolCalls: [
          { id: 'p1', name: 'ask_user', arguments: {} },
          { id: 'p2', name: 'ask_user', arguments: { n: 2 } },
        ],
      },
      { text: 'both answered' },
    );
    await run('partial-answers', agentId, { prompt: 'ask me twice at once' }, async (g) => {
      await answer(g.id, { toolOutputs: [{ toolCallId: 'p1', output: 'one' }] });
      await answer(g.id, { toolOutputs: [{ toolCallId: 'p2', output: 'two' }] });
    });

    model.script({ text: '', toolCalls: [{ name: 'lookup', arguments: { id: 3 } }] }, { text: 'rules done' });
    await run('step-rules', agentId, {
      prompt: 'rules',
      stepRules: [{ step: 1, toolChoice: { type: 'tool', toolName: 'lookup' } }],
    });

    model.script({ text: '', toolCalls: [{ name: 'done', arguments: { answer: 42 } }] });
    await run('stop-condition', agentId, {
      prompt: 'commit',
      toolChoice: 'required',
      stopConditions: [{ type: 'hasToolCall', toolName: 'done' }],
    });

    model.script({ text: '', toolCalls: [{ id: 'c3', name: 'ask_user', arguments: {} }] });
    await run('cancel', agentId, { prompt: 'to be cancelled' }, (g) =>
      stack.api('POST', `/v1/generations/${g.id}/cancel`),
    );

    // A cancel while the model call is in flight: the worker stops the call on the request and the
    // workflow waits for Temporal's cancel (docs/adr/0027).
    model.script({ fault: 'hang' });
    await run('cancel-in-flight', agentId, { prompt: 'to be cancelled mid-call', async: true }, async (g) => {
      while (!model.requests.some((r) => JSON.stringify(r.messages).includes('mid-call')))
        await new Promise((r) => setTimeout(r, 20));
      await stack.api('POST', `/v1/generations/${g.id}/cancel`);
    });

    const gated = await createAgent(stack, { aiProviderId: providerId, toolIds: [lookup], allowClarification: true });
    await stack.api('POST', `/v1/agents/${gated}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'lookup',
      config: {},
    });
    await stack.api('POST', `/v1/agents/${gated}/hooks`, {
      event: 'PreToolUse',
      type: 'rule',
      config: { decision: 'deny', conditions: [{ path: 'id', operator: 'IN', value: [13] }] },
    });
    model.script(
      {
        text: '',
        toolCalls: [
          { name: 'lookup', arguments: { id: 7 } },
          { name: 'lookup', arguments: { id: 13 } },
        ],
      },
      { text: 'approved done' },
    );
    await run('approval-edited', gated, { prompt: 'gated lookup' }, (g) =>
      stack.api('POST', `/v1/generations/${g.id}/approvals/${g.requiredAction.approvals[0].approvalId}`, {
        approved: true,
        arguments: { id: 8 },
      }),
    );
    model.script(
      { text: '', toolCalls: [{ id: 'q', name: 'agent_clarify', arguments: { question: 'which?' } }] },
      { text: 'clarified done' },
    );
    await run('clarification', gated, { prompt: 'ambiguous' }, (g) =>
      stack.api('POST', `/v1/generations/${g.id}/clarification`, { answer: 'that one' }),
    );
    const hurried = await createAgent(stack, { aiProviderId: providerId, toolIds: [lookup] });
    await stack.api('POST', `/v1/agents/${hurried}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'lookup',
      config: { timeoutSeconds: 1 },
    });
    model.script({ text: '', toolCalls: [{ name: 'lookup', arguments: { id: 9 } }] }, { text: 'timed out' });
    await run('approval-expired', hurried, { prompt: 'nobody approves' });

    // A session turn whose model call needs a summary: callModel answers needsSummary, the
    // summarizeConversation activity writes it, callModel again.
    const chatty = await createAgent(stack, { aiProviderId: providerId, conversational: true, contextWindow: 2000 });
    model.setDefault((req) =>
      req.messages.at(-1)?.content === SUMMARY_PROMPT ? { text: 'summary of the start' } : { text: 'ok' },
    );
    let sessionId: string | undefined;
    let lastTurn = '';
    const longPrompt = Array.from({ length: 900 }, (_, i) => `alpha${i}`).join(' ');
    for (const prompt of [longPrompt, 'b', 'c', 'd']) {
      const res = await stack.api('POST', `/v1/agents/${chatty}/generate`, {
        prompt,
        ...(sessionId ? { sessionId } : {}),
      });
      sessionId = res.body.sessionId;
      lastTurn = res.body.id;
    }
    await stack.temporal.workflow.getHandle(lastTurn).result();
    const lastHistory = await stack.temporal.workflow.getHandle(lastTurn).fetchHistory();
    expect(scheduledActivities(lastHistory)).toContain('summarizeConversation');
    recorded.push({ workflowId: 'compaction-summary', generationId: lastTurn, history: lastHistory });

    expect(recorded.map((r) => r.workflowId).sort()).toEqual([...baseline].sort());
    // RECORD_HISTORIES=1 rewrites every history; RECORD_HISTORIES=name,name writes only those.
    const wanted = process.env.RECORD_HISTORIES;
    if (wanted) {
      mkdirSync(committedDir, { recursive: true });
      for (const r of recorded.filter((h) => wanted === '1' || wanted.split(',').includes(h.workflowId)))
        writeFileSync(
          join(committedDir, `${r.workflowId}.json`),
          exportedHistoryJSON(inject('temporalAddress'), r.generationId),
        );
    }
    const results = await replay(recorded, { codePath: inject('workflowBundlePath') });
    expect(results.map((r) => [r.workflowId, r.error?.message])).toEqual(
      recorded.map((r) => [r.workflowId, undefined]),
    );
  });

  it('replays every committed history against the current workflow code', async () => {
    const histories = committedHistories();
    expect(histories.map((h) => h.workflowId).sort()).toEqual([...baseline].sort());
    const results = await replay(histories, { codePath: inject('workflowBundlePath') });
    for (const r of results) expect(r.error, `${r.workflowId}: ${r.error?.message}`).toBeUndefined();
    expect(results).toHaveLength(baseline.length);
  });

  it('the baseline: no patch marker; model and tool calls and the writes around them are local', () => {
    const histories = committedHistories();
    const of = (id: string) => histories.find((h) => h.workflowId === id)!.history;
    for (const { workflowId, history } of histories) {
      expect(patchMarkerTexts(history), workflowId).toEqual([]);
      // Regular activities only where they outlive a task or wait on something slow (workflows/activity-proxies.ts).
      for (const name of scheduledActivities(history))
        expect(['summarizeConversation', 'recordToolResult', 'discoverMcpTools', 'runHttpHook'], workflowId).toContain(
          name,
        );
    }
    // One model call ran both lookups and made the start write; the next one made the final write.
    expect(localActivityTypes(of('tools-in-model-call'))).toEqual(['callModel', 'callModel']);
    // A client pause: opened by the first model call, left by the second; the answer is the signal between.
    expect(localActivityTypes(of('client-pause-async'))).toEqual(['callModel', 'callModel']);
    expect(localActivityTypes(of('client-pause-waiting'))).toEqual(['callModel', 'callModel']);
    // The partial answer's progress is its own write, made at once (the run keeps waiting).
    expect(localActivityTypes(of('partial-answers'))).toEqual(['callModel', 'flushWrites', 'callModel']);
    // Approvals: the pause opened by its own write; the decision's write rides on the approved call.
    expect(localActivityTypes(of('approval-edited'))).toEqual(['callModel', 'flushWrites', 'executeTool', 'callModel']);
    expect(localActivityTypes(of('approval-expired'))).toEqual([
      'callModel',
      'flushWrites',
      'expireApprovals',
      'callModel',
    ]);
    const signals = (id: string) =>
      (of(id).events ?? []).filter((e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'pauseAnswered')
        .length;
    // Answers from callers that wait come by update (accepted, no validator), the others by signal.
    const updates = (id: string) =>
      (of(id).events ?? []).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes).length;
    const byWay = (id: string) => [signals(id), updates(id)];
    expect(byWay('client-pause-async')).toEqual([1, 0]);
    expect(byWay('client-pause-waiting')).toEqual([0, 1]);
    expect(byWay('partial-answers')).toEqual([0, 2]);
    expect(byWay('approval-edited')).toEqual([0, 1]);
    expect(byWay('clarification')).toEqual([0, 1]);
    // A client answer's running is shown only past the next model call (docs/adr/0036).
    expect(shownStatuses(of('client-pause-async'))).toEqual(['requires_action', 'completed']);
  });

  it('a cancel in flight: the stopped call is a failed marker, then a timer the cancel ends', () => {
    const events = committedHistories().find((h) => h.workflowId === 'cancel-in-flight')!.history.events ?? [];
    const stopped = events.findIndex(
      (e) => e.markerRecordedEventAttributes?.failure?.applicationFailureInfo?.type === 'GenerationCancelRequested',
    );
    expect(stopped).toBeGreaterThan(0);
    const after = events.slice(stopped);
    expect(after.some((e) => e.timerStartedEventAttributes)).toBe(true);
    expect(after.some((e) => e.workflowExecutionCancelRequestedEventAttributes)).toBe(true);
    expect(after.some((e) => e.timerCanceledEventAttributes)).toBe(true);
    expect(after.some((e) => e.timerFiredEventAttributes)).toBe(false);
    expect(after.at(-1)!.workflowExecutionCanceledEventAttributes).toBeTruthy();
  });

  it('fails replay when the workflow changes incompatibly', async () => {
    const broken = await bundleWorkflowCode({
      workflowsPath: join(here, '..', 'replay', 'broken-workflows.ts'),
      logger: new DefaultLogger('WARN'),
    });
    const results = await replay(committedHistories(), { code: broken.code });
    expect(results).toHaveLength(baseline.length);
    for (const r of results) {
      expect(r.error, r.workflowId).toBeDefined();
      expect(r.error!.name).toMatch(/DeterminismViolationError/);
    }
  });

  it('the same change behind patched() replays every recorded history (docs/versioning.md)', async () => {
    const guarded = await bundleWorkflowCode({
      workflowsPath: join(here, '..', 'replay', 'patched-workflows.ts'),
      logger: new DefaultLogger('WARN'),
    });
    const results = await replay(committedHistories(), { code: guarded.code });
    for (const r of results) expect(r.error, `${r.workflowId}: ${r.error?.message}`).toBeUndefined();
    expect(results).toHaveLength(baseline.length);
  });
});
