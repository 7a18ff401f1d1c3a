import { createServer } from 'node:http';
import { join } from 'node:path';
import { loadConfigOrExit } from '../config/env.js';
import type { GenerationView } from '../contracts/schemas/index.js';
import { createLogger } from '../infra/logger.js';
import { startModelServer } from '../test/support/model-server.js';
import { startLocalStack } from './local-stack.js';

/**
 * `npm run demo`: on embedded defaults, with a scripted local model (no API key needed) and a
 * local HTTP tool, runs one generation that calls the tool and prints its reasoning trace.
 */
const say = (line = '') => process.stdout.write(`${line}\n`);

// The demo keeps its own data and ports so it can run beside `npm run dev`.
process.env.DATA_DIR ??= join('.data', 'demo');
process.env.PORT ??= '0';
process.env.TEMPORAL_DEV_PORT ??= '0';
process.env.LOG_LEVEL ??= 'warn';
process.env.SSRF_ALLOWLIST = [process.env.SSRF_ALLOWLIST, '127.0.0.1'].filter(Boolean).join(',');
const env = loadConfigOrExit('dev');
const logger = createLogger(env.LOG_LEVEL, 'demo');

// Tool endpoints, as a customer's backend would expose them.
const orders = createServer((req, res) => {
  let body = '';
  req.on('data', (d: Buffer) => (body += d.toString()));
  req.on('end', () => {
    const args = JSON.parse(body || '{}') as { orderId?: string; amount?: number };
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url?.startsWith('/refunds'))
      res.end(JSON.stringify({ orderId: args.orderId, refunded: args.amount, reference: 'RF-7731' }));
    else res.end(JSON.stringify({ orderId: args.orderId, status: 'shipped', carrier: 'DHL', eta: '2026-11-25' }));
  });
});
await new Promise<void>((r) => orders.listen(0, '127.0.0.1', () => r()));
const ordersPort = (orders.address() as { port: number }).port;

// The model: calls the right tool first, then answers from its result.
const model = await startModelServer();
model.setDefault((req) => {
  const last = req.messages[req.messages.length - 1] as { role: string; content: string };
  const wantsRefund = JSON.stringify(req.messages).includes('Refund');
  if (last.role === 'tool') {
    const result = JSON.parse(last.content) as {
      orderId: string;
      carrier?: string;
      eta?: string;
      refunded?: number;
      reference?: string;
      error?: string;
    };
    if (result.error) return { text: `I could not do that: ${result.error}.` };
    if (wantsRefund)
      return { text: `Refunded ${result.refunded} EUR for order ${result.orderId} (reference ${result.reference}).` };
    return { text: `Order ${result.orderId} has shipped with ${result.carrier} and should arrive on ${result.eta}.` };
  }
  if (wantsRefund)
    return {
      text: 'I will issue the refund.',
      toolCalls: [{ name: 'issue_refund', arguments: { orderId: 'A-1042', amount: 49 } }],
    };
  return {
    text: 'Let me look that order up.',
    toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'A-1042' } }],
  };
});

function printSteps(gen: GenerationView): void {
  say(`Generation ${gen.id}: ${gen.status} (${gen.stopReason}) in ${gen.iterationCount} steps`);
  say('Steps:');
  for (const s of gen.steps) {
    if (s.type === 'act') say(`  [step ${s.step}] act      ${s.toolName}(${JSON.stringify(s.arguments)})`);
    else if (s.type === 'observe') say(`  [step ${s.step}] observe  ${s.status}: ${JSON.stringify(s.result)}`);
    else if (s.type === 'approval')
      say(
        `  [step ${s.step}] approval ${s.status}${s.decidedBy ? ` by ${s.decidedBy}` : ''}${s.reason ? ` — "${s.reason}"` : ''}`,
      );
    else if (s.type === 'hook') say(`  [step ${s.step}] hook     ${s.event}: ${s.decision}`);
    else say(`  [step ${s.step}] ${s.type.padEnd(8)} ${s.text}`);
  }
  say(`Answer: ${gen.text}`);
}

say('Durable Agents demo — starting everything on embedded defaults…');
const stack = await startLocalStack(env, logger, { say, headless: true });
let exitCode = 0;
try {
  const call = async <T = { id: string }>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(stack.apiUrl + path, {
      method,
      headers: { authorization: `Bearer ${stack.apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await res.json();
    if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
    return json as T;
  };
  const provider = await call('POST', '/v1/ai-providers', {
    name: 'scripted local model',
    kind: 'openai_compatible',
    baseUrl: model.url,
    defaultModel: 'scripted-model',
  });
  const tool = await call('POST', '/v1/tools', {
    type: 'http',
    name: 'lookup_order',
    description: 'Look up an order by id',
    parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
    execute: { url: `http://127.0.0.1:${ordersPort}/orders/lookup` },
    readOnly: true,
  });
  const agent = await call('POST', '/v1/agents', {
    aiProviderId: provider.id,
    name: `Support agent ${new Date().toISOString()}`,
    instructions: 'You are a support agent. Use tools to answer questions about orders.',
    toolIds: [tool.id],
  });
  say();
  say(`1) A tool call.  Prompt: "Where is my order A-1042?"  (agent ${agent.id})`);
  const gen = await call<GenerationView>('POST', `/v1/agents/${agent.id}/generate`, {
    prompt: 'Where is my order A-1042?',
  });
  printSteps(gen);
  say(`Usage: ${gen.usage.totalTokens} tokens · durable workflow id ${gen.id} · Temporal at ${stack.temporalAddress}`);
  if (gen.status !== 'completed' || !gen.toolsUsed.includes('lookup_order')) exitCode = 1;

  // 2) A risky tool behind a human approval.
  const refundTool = await call('POST', '/v1/tools', {
    type: 'http',
    name: 'issue_refund',
    description: 'Refund an order',
    parameters: {
      type: 'object',
      properties: { orderId: { type: 'string' }, amount: { type: 'number' } },
      required: ['orderId', 'amount'],
    },
    execute: { url: `http://127.0.0.1:${ordersPort}/refunds` },
  });
  const refundAgent = await call('POST', '/v1/agents', {
    aiProviderId: provider.id,
    name: `Refund agent ${new Date().toISOString()}`,
    instructions: 'You handle refunds.',
    toolIds: [refundTool.id],
  });
  await call('POST', `/v1/agents/${refundAgent.id}/hooks`, {
    event: 'PreToolUse',
    type: 'approval',
    matcher: 'issue_refund',
    config: { timeoutSeconds: 3600 },
  });
  say();
  say('2) A risky call that needs a human.  Prompt: "Refund order A-1042"');
  const paused = await call<GenerationView>('POST', `/v1/agents/${refundAgent.id}/generate`, {
    prompt: 'Refund order A-1042',
  });
  say(`Generation ${paused.id}: ${paused.status} — the workflow waits durably, holding no worker memory.`);
  const inbox = await call<{ data: Array<{ id: string; toolName: string; arguments: unknown; expiresAt: string }> }>(
    'GET',
    '/v1/approvals?status=pending',
  );
  const pending = inbox.data.find(
    (a) =>
      paused.requiredAction?.type === 'approve_tool_calls' &&
      paused.requiredAction.approvals.some((p) => p.approvalId === a.id),
  );
  if (!pending) throw new Error('the approval is not in the inbox');
  say(
    `Approvals inbox: ${pending.id} wants ${pending.toolName}(${JSON.stringify(pending.arguments)}), expires ${pending.expiresAt}`,
  );
  say('A reviewer approves it through the API…');
  const approved = await call<GenerationView>('POST', `/v1/generations/${paused.id}/approvals/${pending.id}`, {
    approved: true,
    reason: 'Customer verified by phone',
  });
  printSteps(approved);
  if (approved.status !== 'completed' || !approved.steps.some((s) => s.type === 'approval' && s.status === 'approved'))
    exitCode = 1;
} catch (err) {
  logger.error({ err }, 'demo failed');
  exitCode = 1;
} finally {
  await stack.stop();
  await model.close();
  orders.close();
}
process.exit(exitCode);
