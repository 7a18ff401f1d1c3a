import { temporal } from '@temporalio/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider, createTool } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { startToolServer, type ToolServer } from '../support/tool-server.js';

const RESULT_BYTES = 20_000;

/** docs/adr/0001: conversation and tool results stay out of workflow history. */
describe('workflow history stays bounded', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let agentId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    tools.route('/data', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${JSON.stringify(req.body)}:`.padEnd(RESULT_BYTES, 'd'));
    });
    const providerId = await createProvider(stack, model);
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'fetch_data',
      parameters: { type: 'object', properties: { page: { type: 'number' } } },
      execute: { url: `${tools.url}/data` },
    });
    agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId], maxSteps: 100 });
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  async function runSteps(toolSteps: number): Promise<{ bytes: number; events: number; promptChars: number }> {
    model.reset();
    model.setDefault((req) => {
      const done = req.messages.filter((m: { role: string }) => m.role === 'tool').length;
      return done < toolSteps
        ? { text: '', toolCalls: [{ name: 'fetch_data', arguments: { page: done + 1 } }] }
        : { text: `read ${done} pages` };
    });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'read everything',
      waitSeconds: 600,
    });
    expect(res.body).toMatchObject({
      status: 'completed',
      text: `read ${toolSteps} pages`,
      iterationCount: toolSteps + 1,
    });
    // The database shows the final status a moment before the workflow closes (docs/adr/0020).
    await stack.temporal.workflow.getHandle(res.body.id).result();
    const history = await stack.temporal.workflow.getHandle(res.body.id).fetchHistory();
    const bytes = temporal.api.history.v1.History.encode(history).finish().length;
    const lastPrompt = model.requests
      .at(-1)!
      .messages.reduce((n: number, m: { content: string | null }) => n + (m.content?.length ?? 0), 0);
    return { bytes, events: history.events?.length ?? 0, promptChars: lastPrompt };
  }

  it('a 50-step generation with 20 KB tool results keeps its history under 2 MB, growing linearly per step', async () => {
    const small = await runSteps(10);
    const large = await runSteps(50);
    console.log(
      `history: 10 steps = ${small.bytes} bytes / ${small.events} events; 50 steps = ${large.bytes} bytes / ${large.events} events (${Math.round(large.bytes / 51)} bytes per step); final prompt ${large.promptChars} chars`,
    );
    expect(large.promptChars).toBeGreaterThan(50 * RESULT_BYTES); // the conversation really was ~1 MB
    expect(large.bytes).toBeLessThan(2 * 1024 * 1024);
    // Bytes per step do not grow with the conversation: 50 steps cost about 5× 10 steps, not 25×.
    expect(large.bytes / 51).toBeLessThan((small.bytes / 11) * 1.5);
  });
});
