import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { Worker, bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import type { temporal } from '@temporalio/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { localActivityTypes, patchMarkerTexts, shownStatuses } from '../support/history.js';
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
      history: historyFromJSON(JSON.parse(readFileSync(join(committedDir, f), 'utf8'))),
    }));
}

type HistoryEvents = NonNullable<History['events']>;

/** The patch markers of a history. */
function patchMarkers(events: HistoryEvents) {
  return events.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch');
}

/** The search attributes each upsert of a history set, keys sorted and joined. */
function upsertedKeys(events: HistoryEvents): string[] {
  return events
    .map((e) => Object.keys(e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields ?? {}))
    .filter((keys) => keys.length > 0)
    .map((keys) => keys.sort().join(','));
}

/** The regular activities a committed history scheduled, in order (local ones are markers). */
function scheduledActivities(histories: Array<{ workflowId: string; history: History }>, id: string): string[] {
  return (histories.find((h) => h.workflowId === id)!.history.events ?? []).flatMap((e) => {
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

/**
 * Determinism: histories of representative generations, committed under test/replay/histories,
 * must replay against the current workflow code. Set RECORD_HISTORIES=1 to refresh them after an
 * intentional, not-yet-released change (released changes need `patched()` instead).
 */
describe('workflow replay', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  const recorded: Array<{ workflowId: string; history: History }> = [];

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
    const run = async (name: string, body: Record<string, unknown>, after?: (id: string) => Promise<void>) => {
      const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, body);
      if (after) await after(res.body.id);
      const handle = stack.temporal.workflow.getHandle(res.body.id);
      await handle.result().catch(() => {});
      recorded.push({ workflowId: name, history: await handle.fetchHistory() });
    };

    model.script(
      {
        text: '',
        toolCalls: [
          { name: 'lookup', arguments: { id: 1 } },
          { name: 'lookup', arguments: { id: 2 } },
        ],
      },
      { text: 'automatic done' },
    );
    await run('automatic', { prompt: 'look things up' });

    // The same run with model and tool calls as local activities (docs/adr/0018): the committed
    // `automatic` history has them as regular activities, this one as markers.
    model.script(
      {
        text: '',
        toolCalls: [
          { name: 'lookup', arguments: { id: 1 } },
          { name: 'lookup', arguments: { id: 2 } },
        ],
      },
      { text: 'local done' },
    );
    await run('local-calls', { prompt: 'look things up locally' });

    // The tool calls of a reply run inside the model call's local activity (docs/adr/0031): the
    // committed `local-calls` history has them as local activities of their own.
    model.script(
      {
        text: '',
        toolCalls: [
          { name: 'lookup', arguments: { id: 5 } },
          { name: 'lookup', arguments: { id: 6 } },
        ],
      },
      { text: 'in the model call' },
    );
    await run('tools-in-model-call', { prompt: 'look things up inside the model call' });

    // The start write runs inside the first model call's local activity (docs/adr/0032): the
    // committed `tools-in-model-call` history has it as a local activity of its own. The run pauses
    // for a client tool, answered asynchronously, so the pause and its leave-write follow the start.
    model.script(
      { text: '', toolCalls: [{ name: 'lookup', arguments: { id: 7 } }] },
      { text: '', toolCalls: [{ id: 'c7', name: 'ask_user', arguments: {} }] },
      { text: 'started in the model call' },
    );
    await run('start-in-model-call', { prompt: 'look it up, then ask me' }, async (id) => {
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c7', output: 'yes' }],
        async: true,
      });
    });

    // The final write runs inside the last model call's local activity (docs/adr/0033): the committed
    // `start-in-model-call` history has it as a local activity of its own. The pause is answered by
    // a waiting request, so its leave-write is local too: the whole resume is one workflow task.
    model.script(
      { text: '', toolCalls: [{ id: 'c8', name: 'ask_user', arguments: {} }] },
      { text: 'finished in the model call' },
    );
    await run('finish-in-model-call', { prompt: 'ask me, then answer' }, async (id) => {
      const answered = await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c8', output: 'yes' }],
      });
      expect(answered.body).toMatchObject({ status: 'completed', text: 'finished in the model call' });
    });

    // A client answer's `running` is shown only once the run goes on past the next model call
    // (docs/adr/0036): answered asynchronously and ended by that call, the run upserts no `running`.
    model.script({ text: '', toolCalls: [{ id: 'c9', name: 'ask_user', arguments: {} }] }, { text: 'shown once' });
    await run('running-after-model-call', { prompt: 'ask me, answer later' }, async (id) => {
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c9', output: 'yes' }],
        async: true,
      });
    });

    model.script({ text: '', toolCalls: [{ id: 'c1', name: 'ask_user', arguments: {} }] }, { text: 'resumed done' });
    await run('client-tool-resume', { prompt: 'ask me' }, async (id) => {
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c1', output: 'yes' }],
        defaults: { toolChoice: 'auto' },
      });
    });

    // The start and final writes as local activities (docs/adr/0020), around a client-tool pause:
    // the committed `client-tool-resume` history has them as regular activities.
    model.script(
      { text: '', toolCalls: [{ id: 'c3', name: 'ask_user', arguments: {} }] },
      { text: 'local writes done' },
    );
    await run('local-start-finish', { prompt: 'ask me, locally' }, async (id) => {
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c3', output: 'yes' }],
      });
    });

    // The write that leaves a pause (docs/adr/0021): a local activity when the answering request
    // waits for the generation, a regular one when it does not (async here).
    model.script({ text: '', toolCalls: [{ id: 'c4', name: 'ask_user', arguments: {} }] }, { text: 'left locally' });
    await run('leave-local-tool-outputs', { prompt: 'ask me, then wait' }, async (id) => {
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c4', output: 'yes' }],
      });
    });
    model.script({ text: '', toolCalls: [{ id: 'c5', name: 'ask_user', arguments: {} }] }, { text: 'left async' });
    await run('leave-async-tool-outputs', { prompt: 'ask me, then go' }, async (id) => {
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c5', output: 'yes' }],
        async: true,
      });
    });

    // A complete asynchronous answer, claimed in PostgreSQL and signalled (docs/adr/0037): no update,
    // the leave-write local in the task that takes the signal.
    model.script({ text: '', toolCalls: [{ id: 'c10', name: 'ask_user', arguments: {} }] }, { text: 'claimed' });
    await run('claimed-tool-outputs', { prompt: 'ask me, answer by signal' }, async (id) => {
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c10', output: 'yes' }],
        toolChoice: 'none',
        async: true,
      });
    });

    // The waiting answer's leave-write made by the next model call's local activity (docs/adr/0038).
    model.script({ text: '', toolCalls: [{ id: 'c11', name: 'ask_user', arguments: {} }] }, { text: 'left in call' });
    await run('leave-in-model-call', { prompt: 'ask me, then wait again' }, async (id) => {
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c11', output: 'yes' }],
      });
    });

    // The pause-opening write made by the model call whose reply leads to it (docs/adr/0039).
    model.script({ text: '', toolCalls: [{ id: 'c12', name: 'ask_user', arguments: {} }] }, { text: 'opened in call' });
    await run('pause-in-model-call', { prompt: 'ask me, opened in the call' }, async (id) => {
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c12', output: 'yes' }],
        async: true,
      });
    });

    model.script({ text: '', toolCalls: [{ name: 'lookup', arguments: { id: 3 } }] }, { text: 'rules done' });
    await run('step-rules', {
      prompt: 'rules',
      stepRules: [{ step: 1, toolChoice: { type: 'tool', toolName: 'lookup' } }],
    });

    model.script({ text: '', toolCalls: [{ name: 'done', arguments: { answer: 42 } }] });
    await run('done-tool', {
      prompt: 'commit',
      toolChoice: 'required',
      stopConditions: [{ type: 'hasToolCall', toolName: 'done' }],
    });

    model.script({ text: '', toolCalls: [{ id: 'c2', name: 'ask_user', arguments: {} }] });
    await run('cancel', { prompt: 'to be cancelled' }, async (id) => {
      await stack.api('POST', `/v1/generations/${id}/cancel`);
    });

    // A cancel while the model call is in flight: the worker stops the call on the request and the
    // workflow waits for Temporal's cancel (docs/adr/0027).
    model.script({ fault: 'hang' });
    await run('cancel-in-flight', { prompt: 'to be cancelled mid-call', async: true }, async (id) => {
      while (!model.requests.some((r) => JSON.stringify(r.messages).includes('mid-call')))
        await new Promise((r) => setTimeout(r, 20));
      await stack.api('POST', `/v1/generations/${id}/cancel`);
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
    const runGated = async (
      name: string,
      body: Record<string, unknown>,
      after: (g: { id: string; requiredAction: any }) => Promise<void>,
    ) => {
      const res = await stack.api('POST', `/v1/agents/${gated}/generate`, body);
      await after(res.body);
      const handle = stack.temporal.workflow.getHandle(res.body.id);
      await handle.result().catch(() => {});
      recorded.push({ workflowId: name, history: await handle.fetchHistory() });
    };
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
    await runGated('approval', { prompt: 'gated lookup' }, async (g) => {
      await stack.api('POST', `/v1/generations/${g.id}/approvals/${g.requiredAction.approvals[0].approvalId}`, {
        approved: true,
        arguments: { id: 8 },
      });
    });
    model.script({ text: '', toolCalls: [{ name: 'lookup', arguments: { id: 9 } }] }, { text: 'approved, waited' });
    await runGated('leave-local-approval', { prompt: 'gated lookup, then wait' }, async (g) => {
      await stack.api('POST', `/v1/generations/${g.id}/approvals/${g.requiredAction.approvals[0].approvalId}`, {
        approved: true,
      });
    });
    model.script(
      { text: '', toolCalls: [{ id: 'q', name: 'agent_clarify', arguments: { question: 'which?' } }] },
      { text: 'clarified done' },
    );
    await runGated('clarification', { prompt: 'ambiguous' }, async (g) => {
      await stack.api('POST', `/v1/generations/${g.id}/clarification`, { answer: 'that one' });
    });

    // The patches folded into one release marker (docs/adr/0023): local tool calls, two client-tool
    // pauses answered by waiting callers (local leave-writes), search attributes, local final write.
    // The first pause is entered locally; the second, right after a local leave, regularly.
    model.script(
      { text: '', toolCalls: [{ name: 'lookup', arguments: { id: 4 } }] },
      { text: '', toolCalls: [{ id: 'c6', name: 'ask_user', arguments: {} }] },
      { text: '', toolCalls: [{ id: 'c7', name: 'ask_user', arguments: {} }] },
      { text: 'folded done' },
    );
    await run('folded-patches', { prompt: 'look up, then ask me twice' }, async (id) => {
      const first = await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c6', output: 'yes' }],
      });
      expect(first.body.requiredAction?.toolCalls?.[0]?.toolCallId).toBe('c7');
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'c7', output: 'yes again' }],
      });
    });

    // Search attributes upserted on each state change (the `generation-search-attributes` patch):
    // a client-tool pause, its resume, and the finish.
    model.script({ text: '', toolCalls: [{ id: 'sa', name: 'ask_user', arguments: {} }] }, { text: 'visible done' });
    await run('search-attributes', { prompt: 'pause visibly' }, async (id) => {
      await stack.api('POST', `/v1/agents/${agentId}/generate/${id}/tool-outputs`, {
        toolOutputs: [{ toolCallId: 'sa', output: 'seen' }],
      });
    });

    // A session turn whose model call needs a summary: callModel answers needsSummary, the
    // summarizeConversation activity writes it (the `compaction-summary-activity` patch), callModel again.
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
    // The database shows the final status a moment before the workflow closes (docs/adr/0020).
    await stack.temporal.workflow.getHandle(lastTurn).result();
    const lastHistory = await stack.temporal.workflow.getHandle(lastTurn).fetchHistory();
    expect(
      (lastHistory.events ?? []).some(
        (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'summarizeConversation',
      ),
    ).toBe(true);
    recorded.push({ workflowId: 'compaction-summary', history: lastHistory });

    // RECORD_HISTORIES=1 rewrites every history; RECORD_HISTORIES=name,name writes only those.
    const wanted = process.env.RECORD_HISTORIES;
    if (wanted) {
      mkdirSync(committedDir, { recursive: true });
      for (const r of recorded.filter((h) => wanted === '1' || wanted.split(',').includes(h.workflowId)))
        writeFileSync(join(committedDir, `${r.workflowId}.json`), historyToJSON(r.history as never) + '\n');
    }
    const results = await replay(recorded, { codePath: inject('workflowBundlePath') });
    expect(results.map((r) => [r.workflowId, r.error?.message])).toEqual(
      recorded.map((r) => [r.workflowId, undefined]),
    );
  });

  it('replays every committed history against the current workflow code', async () => {
    const histories = committedHistories();
    expect(histories.map((h) => h.workflowId)).toEqual([
      'approval',
      'automatic',
      'cancel-after-final-write',
      'cancel-in-flight',
      'cancel',
      'claimed-tool-outputs',
      'clarification',
      'client-tool-resume',
      'compaction-summary',
      'done-tool',
      'finish-in-model-call',
      'folded-patches',
      'leave-async-tool-outputs',
      'leave-in-model-call',
      'leave-local-approval',
      'leave-local-tool-outputs',
      'local-calls',
      'local-start-finish',
      'pause-in-model-call',
      'running-after-model-call',
      'search-attributes',
      'start-in-model-call',
      'step-rules',
      'tools-in-model-call',
      'upgrade-while-paused',
    ]);
    const results = await replay(histories, { codePath: inject('workflowBundlePath') });
    for (const r of results) expect(r.error, `${r.workflowId}: ${r.error?.message}`).toBeUndefined();
    expect(results).toHaveLength(25);
  });

  it('model and tool calls are local activities in new histories and regular ones in older histories', () => {
    const histories = committedHistories();
    const activityNames = (id: string) => scheduledActivities(histories, id);
    const markers = (id: string) =>
      (histories.find((h) => h.workflowId === id)!.history.events ?? []).map(
        (e) => e.markerRecordedEventAttributes?.markerName,
      );
    expect(activityNames('automatic')).toEqual(expect.arrayContaining(['callModel', 'executeTool']));
    expect(activityNames('local-calls')).not.toContain('callModel');
    expect(activityNames('local-calls')).not.toContain('executeTool');
    // Two model calls and two tool calls, each a local activity marker, plus the patch marker.
    expect(markers('local-calls').filter((m) => m === 'core_local_activity')).toHaveLength(4);
    expect(markers('local-calls')).toContain('core_patch');
  });

  it("a reply's plain http tool calls run inside its model call in new histories, as their own calls in older ones", () => {
    const histories = committedHistories();
    const localActivities = (id: string) => localActivityTypes(histories.find((h) => h.workflowId === id)!.history);
    expect(localActivities('local-calls')).toEqual(['callModel', 'executeTool', 'executeTool', 'callModel']);
    // Start write, the model call that also ran both lookups, the answer, the final write.
    expect(localActivities('tools-in-model-call')).toEqual([
      'writeStatus',
      'callModel',
      'callModel',
      'finishGeneration',
    ]);
    expect(scheduledActivities(histories, 'tools-in-model-call')).toEqual([]);
    // A new run records one marker, the latest release's, which stands for every patch before it.
    const events = histories.find((h) => h.workflowId === 'tools-in-model-call')!.history.events ?? [];
    expect(patchMarkers(events)).toHaveLength(1);
    expect(upsertedKeys(events).filter((k) => k === 'TemporalChangeVersion')).toHaveLength(1);
  });

  it('the start write is made by the first model call in new histories, by its own activity in older ones', () => {
    const histories = committedHistories();
    const events = histories.find((h) => h.workflowId === 'start-in-model-call')!.history.events ?? [];
    // Model call (start write and lookup), model call (the pause), pause write, the answer's regular
    // leave-write, model call, final write.
    expect(localActivityTypes({ events })).toEqual([
      'callModel',
      'callModel',
      'writeStatus',
      'callModel',
      'finishGeneration',
    ]);
    expect(scheduledActivities(histories, 'start-in-model-call')).toEqual(['recordClientOutputs']);
    const markers = patchMarkerTexts({ events });
    expect(markers).toHaveLength(1);
    expect(markers[0]).toContain('release-2026-11-27-start-in-model-call');
    const older = histories.find((h) => h.workflowId === 'tools-in-model-call')!.history;
    expect(localActivityTypes(older)[0]).toBe('writeStatus');
  });

  it('the final write is made by the last model call in new histories, by its own activity in older ones', () => {
    const histories = committedHistories();
    const events = histories.find((h) => h.workflowId === 'finish-in-model-call')!.history.events ?? [];
    // Model call (start write, then the pause), pause write, the waiting answer's leave-write,
    // model call (the answer and the final write): no activity after it, none on the server.
    expect(localActivityTypes({ events })).toEqual(['callModel', 'writeStatus', 'recordClientOutputs', 'callModel']);
    expect(scheduledActivities(histories, 'finish-in-model-call')).toEqual([]);
    const markers = patchMarkerTexts({ events });
    expect(markers).toHaveLength(1);
    expect(markers[0]).toContain('release-2026-11-28-finish-in-model-call');
    const older = histories.find((h) => h.workflowId === 'start-in-model-call')!.history;
    expect(localActivityTypes(older).at(-1)).toBe('finishGeneration');
  });

  it('a client answer shows running after the next model call in new histories, at once in older ones', () => {
    const histories = committedHistories();
    const history = histories.find((h) => h.workflowId === 'running-after-model-call')!.history;
    const markers = patchMarkerTexts(history);
    expect(markers).toHaveLength(1);
    expect(markers[0]).toContain('release-2026-11-29-running-shown-after-model-call');
    expect(shownStatuses(history)).toEqual(['requires_action', 'completed']);
    const older = histories.find((h) => h.workflowId === 'finish-in-model-call')!.history;
    expect(shownStatuses(older)).toEqual(['requires_action', 'running', 'completed']);
  });

  it('the leave-write of a waiting answer is made by the next model call in new histories, by its own activity in older ones', () => {
    const histories = committedHistories();
    const history = histories.find((h) => h.workflowId === 'leave-in-model-call')!.history;
    const markers = patchMarkerTexts(history);
    expect(markers).toHaveLength(1);
    expect(markers[0]).toContain('release-2026-11-30-leave-in-model-call');
    expect(localActivityTypes(history)).toEqual(['callModel', 'writeStatus', 'callModel']);
    expect(scheduledActivities(histories, 'leave-in-model-call')).toEqual([]);
    const older = histories.find((h) => h.workflowId === 'finish-in-model-call')!.history;
    expect(localActivityTypes(older)).toEqual(['callModel', 'writeStatus', 'recordClientOutputs', 'callModel']);
  });

  it('the pause-opening write is made by the model call in new histories, by its own activity in older ones', () => {
    const histories = committedHistories();
    const history = histories.find((h) => h.workflowId === 'pause-in-model-call')!.history;
    const markers = patchMarkerTexts(history);
    expect(markers).toHaveLength(1);
    expect(markers[0]).toContain('release-2026-12-01-pause-in-model-call');
    // A claimed answer (docs/adr/0037): two model calls and nothing else, the signal between them.
    expect(localActivityTypes(history)).toEqual(['callModel', 'callModel']);
    expect(scheduledActivities(histories, 'pause-in-model-call')).toEqual([]);
    expect((history.events ?? []).filter((e) => e.workflowExecutionSignaledEventAttributes)).toHaveLength(1);
    const older = histories.find((h) => h.workflowId === 'leave-in-model-call')!.history;
    expect(localActivityTypes(older)).toEqual(['callModel', 'writeStatus', 'callModel']);
  });

  it('a previous-release run cancelled after its final write keeps its second, cancelled write on replay', () => {
    // Recorded with the previous release's bundle (e24f8b8): the end was stored, then a cancel
    // reached the run while its webhook deliveries were prepared. That release wrote the end again
    // as cancelled; this one would not (docs/adr/0033), so replay must take the old path here.
    const history = committedHistories().find((h) => h.workflowId === 'cancel-after-final-write')!.history;
    const events = history.events ?? [];
    expect(localActivityTypes(history)).toEqual(['callModel', 'finishGeneration', 'finishGeneration']);
    expect(scheduledActivities(committedHistories(), 'cancel-after-final-write')).toEqual(['prepareWebhooks']);
    expect(events.some((e) => e.workflowExecutionCancelRequestedEventAttributes)).toBe(true);
    expect(events.at(-1)!.workflowExecutionCanceledEventAttributes).toBeTruthy();
    expect(patchMarkers(events)).toHaveLength(1);
  });

  it('a run paused on the previous release takes the final write in the model call once resumed on this one', () => {
    // Recorded with the workflow bundle of the previous release (e24f8b8) until the pause, then a
    // worker of this release answered it: the history a rolling upgrade leaves behind.
    const history = committedHistories().find((h) => h.workflowId === 'upgrade-while-paused')!.history;
    const events = history.events ?? [];
    const markers = patchMarkerTexts(history);
    // The previous release's marker from the start; this release's patch only where it switched.
    expect(markers).toHaveLength(2);
    expect(markers[0]).toContain('release-2026-11-27-start-in-model-call');
    expect(markers[1]).toContain('finish-write-in-model-call');
    expect(localActivityTypes(history)).toEqual([
      'callModel',
      'callModel',
      'writeStatus',
      'recordClientOutputs',
      'callModel',
    ]);
    // The switch comes after the pause was left, before the model call that made the final write.
    const at = (marker: number) => events.indexOf(patchMarkers(events)[marker]!);
    const updateAccepted = events.findIndex((e) => e.workflowExecutionUpdateAcceptedEventAttributes);
    expect(updateAccepted).toBeGreaterThan(0);
    expect(at(1)).toBeGreaterThan(updateAccepted);
  });

  it('the start and final writes are local activities in new histories and regular ones in older histories', () => {
    const histories = committedHistories();
    const activityNames = (id: string) => scheduledActivities(histories, id);
    expect(activityNames('client-tool-resume')).toEqual(
      expect.arrayContaining(['writeStatus', 'recordClientOutputs', 'finishGeneration']),
    );
    expect(activityNames('client-tool-resume').filter((n) => n === 'writeStatus')).toHaveLength(2);
    // Left regular: the pause's write (it enters requires_action) and the answer's write.
    expect(activityNames('local-start-finish')).toEqual(['writeStatus', 'recordClientOutputs']);
  });

  it('the write that leaves a pause is local when the answering request waits, regular otherwise', () => {
    const histories = committedHistories();
    const activityNames = (id: string) => scheduledActivities(histories, id);
    // Only the pause-entering write is left regular (docs/adr/0007).
    expect(activityNames('leave-local-tool-outputs')).toEqual(['writeStatus']);
    expect(activityNames('leave-local-approval')).toEqual(['openApprovals']);
    // An asynchronous answer needs its reply at once: its write was regular, until such answers
    // became claimed signals (docs/adr/0037, the claimed-tool-outputs history).
    expect(activityNames('leave-async-tool-outputs')).toEqual(['writeStatus', 'recordClientOutputs']);
    // Histories recorded before the change replay with their regular writes.
    expect(activityNames('approval')).toContain('closeApprovals');
  });

  it('the search-attributes history carries the patch marker and one upsert per visible state change', () => {
    const events = committedHistories().find((h) => h.workflowId === 'search-attributes')!.history.events ?? [];
    expect(patchMarkers(events)).toHaveLength(1);
    const upserted = upsertedKeys(events);
    // The SDK records the patch in TemporalChangeVersion; then requires_action (submit_tool_outputs)
    // → running → completed, each one upsert (the start set `running` already).
    expect(upserted).toEqual([
      'TemporalChangeVersion',
      'GenerationStatus,RequiredAction',
      'GenerationStatus,RequiredAction',
      'GenerationStatus,RequiredAction',
    ]);
  });

  it('a new run records one patch marker and one TemporalChangeVersion upsert for all folded patches', () => {
    const histories = committedHistories();
    const events = histories.find((h) => h.workflowId === 'folded-patches')!.history.events ?? [];
    expect(patchMarkers(events)).toHaveLength(1);
    const upserted = upsertedKeys(events);
    // One TemporalChangeVersion upsert; then requires_action → running, twice, → completed.
    expect(upserted).toEqual([
      'TemporalChangeVersion',
      'GenerationStatus,RequiredAction',
      'GenerationStatus,RequiredAction',
      'GenerationStatus,RequiredAction',
      'GenerationStatus,RequiredAction',
      'GenerationStatus,RequiredAction',
    ]);
    // Every folded code path taken: the only regular activity is the second pause's entering write,
    // which follows a local leave-write (the answer's update is recorded before the pause shows).
    expect(scheduledActivities(histories, 'folded-patches')).toEqual(['writeStatus']);
    // Histories recorded before the fold carry one marker per patch they asked.
    const older = histories.find((h) => h.workflowId === 'leave-local-tool-outputs')!.history.events ?? [];
    expect(patchMarkers(older).length).toBeGreaterThan(1);
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

  it('a complete asynchronous answer is a signal taken in the task that leaves the pause locally (docs/adr/0037)', () => {
    const histories = committedHistories();
    const events = histories.find((h) => h.workflowId === 'claimed-tool-outputs')!.history.events ?? [];
    const signals = events.filter((e) => e.workflowExecutionSignaledEventAttributes);
    expect(signals.map((e) => e.workflowExecutionSignaledEventAttributes!.signalName)).toEqual(['claimedToolOutputs']);
    expect(events.some((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toBe(false);
    expect(scheduledActivities(histories, 'claimed-tool-outputs')).toEqual([]);
    expect(localActivityTypes({ events })).toEqual(['callModel', 'writeStatus', 'recordClientOutputs', 'callModel']);
    // One task after the pause: the one that takes the signal runs the rest of the generation.
    const pausedAt = events.findIndex((e) => e.workflowExecutionSignaledEventAttributes);
    expect(events.slice(pausedAt).filter((e) => e.workflowTaskCompletedEventAttributes)).toHaveLength(1);
  });

  it('fails replay when the workflow changes incompatibly', async () => {
    const broken = await bundleWorkflowCode({
      workflowsPath: join(here, '..', 'replay', 'broken-workflows.ts'),
      logger: new DefaultLogger('WARN'),
    });
    const results = await replay(committedHistories(), { code: broken.code });
    expect(results).toHaveLength(25);
    for (const r of results) {
      expect(r.error, r.workflowId).toBeDefined();
      expect(r.error!.name).toMatch(/DeterminismViolationError/);
    }
  });
});
