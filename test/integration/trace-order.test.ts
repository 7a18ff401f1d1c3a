import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

interface Entry {
  step: number;
  type: string;
  event?: string;
  status?: string;
  toolCallId?: string;
}

/** Where an entry belongs within its step: think → act → PreToolUse hooks → approvals → results. */
function phaseOf(e: Entry): number {
  if (e.type === 'hook' && e.event === 'OnRunStart') return 0;
  if (e.type === 'discovery') return 1;
  if (e.type === 'think') return 0;
  if (e.type === 'act') return 1;
  if (e.type === 'hook' && e.event === 'PreToolUse') return 2;
  if (e.type === 'approval') return e.status === 'pending' ? 3 : 4;
  if (e.type === 'observe' || (e.type === 'hook' && e.event === 'PostToolUse')) return 5;
  if (e.type === 'hook' && e.event === 'PreResponse') return 8;
  if (e.type === 'answer') return 9;
  throw new Error(`unexpected trace entry ${JSON.stringify(e)}`);
}

describe('trace order', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let hooks: ToolServer;

  beforeAll(async () => {
    [stack, model, tools, hooks] = await Promise.all([
      startStack(),
      startModelServer(),
      startToolServer(),
      startToolServer(),
    ]);
    tools.route('/lookup', (req, res) => json(res, 200, { found: req.body }));
    tools.route('/write', (req, res) => json(res, 200, { written: req.body }));
    hooks.route('/allow', (_req, res) => json(res, 200, { decision: 'allow' }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
    await hooks?.close();
  });

  it('sorts every step think → act → hooks → approvals → observe, also past message seq 400', async () => {
    const providerId = await createProvider(stack, model);
    const lookupId = await createTool(stack, {
      type: 'http',
      name: 'lookup',
      parameters: obj({ key: { type: 'string' } }),
      execute: { url: `${tools.url}/lookup` },
      readOnly: true,
    });
    const writeId = await createTool(stack, {
      type: 'http',
      name: 'write_row',
      parameters: obj({ row: { type: 'number' } }),
      execute: { url: `${tools.url}/write` },
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [lookupId, writeId] });
    const hook = (event: string, matcher: string | null, type = 'http') => ({
      event,
      type,
      ...(matcher ? { matcher } : {}),
      config: type === 'http' ? { url: `${hooks.url}/allow` } : {},
    });
    for (const body of [
      hook('OnRunStart', null),
      hook('PreToolUse', 'lookup'),
      hook('PreToolUse', 'write_row'),
      hook('PreToolUse', 'write_row', 'approval'),
      hook('PostToolUse', 'lookup'),
      hook('PostToolUse', 'write_row'),
      hook('PreResponse', null),
    ]) {
      const res = await stack.api('POST', `/v1/agents/${agentId}/hooks`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }

    // 420 earlier messages put the first tool result of the run at message seq 421.
    const history = Array.from({ length: 420 }, (_, i) =>
      i % 2 === 0 ? { role: 'user', content: `question ${i}` } : { role: 'assistant', content: `answer ${i}` },
    );
    const step1 = calls(
      ...Array.from({ length: 8 }, (_, i): [string, unknown, string] => ['lookup', { key: `k${i}` }, `look_${i}`]),
      ...Array.from({ length: 4 }, (_, i): [string, unknown, string] => ['write_row', { row: i }, `write_${i}`]),
    );
    model.script(
      { ...step1, text: 'Looking things up and writing rows.' },
      calls(['lookup', { key: 'again' }, 'look_again']),
      { text: 'All done.' },
    );

    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { messages: history, prompt: 'go' });
    expect(paused.body, JSON.stringify(paused.body)).toMatchObject({
      status: 'requires_action',
      requiredAction: { type: 'approve_tool_calls' },
    });
    let last = paused;
    for (const approval of paused.body.requiredAction.approvals as Array<{ approvalId: string }>) {
      last = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approval.approvalId}`, {
        approved: true,
      });
      expect(last.status, JSON.stringify(last.body)).toBe(200);
    }
    expect(last.body.status).toBe('completed');
    const entries = last.body.steps as Entry[];

    // Every entry is where it belongs: steps in order, phases in order within a step.
    const ranks = entries.map((e) => [e.step, phaseOf(e)] as const);
    for (let i = 1; i < ranks.length; i++) {
      const [prevStep, prevPhase] = ranks[i - 1]!;
      const [step, phase] = ranks[i]!;
      expect(
        step > prevStep || (step === prevStep && phase >= prevPhase),
        `entry ${i}: ${JSON.stringify(entries[i])} after ${JSON.stringify(entries[i - 1])}`,
      ).toBe(true);
    }
    // Each PostToolUse hook comes right after the result it saw; results keep the model's call order.
    const results = entries.filter((e) => phaseOf(e) === 5 && e.step === 1);
    expect(results.filter((e) => e.type === 'observe').map((e) => e.toolCallId)).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `look_${i}`),
      ...Array.from({ length: 4 }, (_, i) => `write_${i}`),
    ]);
    results.forEach((e, i) => {
      if (e.type === 'hook') expect(results[i - 1]).toMatchObject({ type: 'observe', toolCallId: e.toolCallId });
    });
    // What was run, counted: 13 results, 13 PostToolUse and 13 PreToolUse hook entries, 4 approvals twice.
    const count = (pred: (e: Entry) => boolean) => entries.filter(pred).length;
    expect(count((e) => e.type === 'observe')).toBe(13);
    expect(count((e) => e.type === 'hook' && e.event === 'PostToolUse')).toBe(13);
    expect(count((e) => e.type === 'hook' && e.event === 'PreToolUse')).toBe(13);
    expect(count((e) => e.type === 'approval')).toBe(8);
    expect(entries[0]).toMatchObject({ type: 'hook', event: 'OnRunStart' });
    expect(entries.slice(-2).map((e) => e.type)).toEqual(['hook', 'answer']);
    expect(entries.filter((e) => e.step === 2).map((e) => e.type)).toEqual(['act', 'hook', 'observe', 'hook']);
  });
});
