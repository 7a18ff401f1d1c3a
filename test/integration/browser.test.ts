import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, createProvider, createTool, obj } from '../support/fixtures.js';
import {
  chromiumAvailable,
  CHROMIUM_PATH,
  launchChromium,
  signInToConsole,
  startHostSite,
  type HostSite,
} from '../support/browser.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

if (!chromiumAvailable)
  console.warn(
    `\n[browser tests] SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)\n`,
  );

/** The screenshots in docs/public-chat.md and the README: refreshed with UPDATE_SCREENSHOTS=1, else written to a temporary folder. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? new URL('../../docs/screenshots/', import.meta.url).pathname
  : `${mkdtempSync(join(tmpdir(), 'screenshots-'))}/`;

describe.skipIf(!chromiumAvailable)('in Chromium: the chat widget and the operator console', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let browser: Browser;
  let shop: HostSite;
  let elsewhere: HostSite;
  let providerId: string;
  let refundToolId: string;

  beforeAll(async () => {
    [stack, model, tools, shop, elsewhere, browser] = await Promise.all([
      startStack(),
      startModelServer(),
      startToolServer(),
      startHostSite(),
      startHostSite(),
      launchChromium(),
    ]);
    providerId = await createProvider(stack, model);
    tools.route('/refund', (req, res) => json(res, 200, { refunded: req.body }));
    refundToolId = await createTool(stack, {
      type: 'http',
      name: 'refund_order',
      description: 'Refund an order',
      parameters: { ...obj({ orderId: { type: 'string' }, amount: { type: 'number' } }), required: ['orderId'] },
      execute: { url: `${tools.url}/refund` },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await model?.close();
    await tools?.close();
    await shop?.close();
    await elsewhere?.close();
  });
  beforeEach(() => model.reset());

  async function chatAgent(extra: Record<string, unknown> = {}) {
    const res = await stack.api('POST', '/v1/agents', {
      name: 'Shop Assistant',
      slug: `shop-${Math.random().toString(36).slice(2, 8)}`,
      aiProviderId: providerId,
      welcomeMessage: 'Hi! Ask me about your orders.',
      branding: { primaryColor: '#0f766e' },
      publicChat: { enabled: true, allowedOrigins: [shop.origin] },
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id as string, slug: res.body.slug as string, key: res.body.publicChatKey as string };
  }

  const embed = (site: HostSite, agent: { slug: string; key: string }) =>
    site.setPage(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme shop</title></head>
<body style="font-family: sans-serif; padding: 24px"><h1>Acme shop</h1><p>Orders ship in two days.</p>
<script src="${stack.url}/widget.js" data-agent="${agent.slug}" data-key="${agent.key}" async></script></body></html>`);

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    // Waits for answers from real workflows: generous on a loaded machine (not a timing goal).
    page.setDefaultTimeout(90_000);
    return page;
  }

  /** What the widget keeps in the page's localStorage for this agent: transcript and session id. */
  async function storedChat(page: Page, slug: string): Promise<{ sessionId: string | null; messages: unknown[] }> {
    const key = JSON.stringify(`durable-agents-chat:${stack.url}:${slug}`);
    return JSON.parse(await page.evaluate<string>(`localStorage.getItem(${key})`));
  }

  async function say(page: Page, text: string) {
    // The previous answer's text shows while it streams; the widget takes a message once it is done.
    const sendButton = page.getByRole('button', { name: 'Send' });
    await expect.poll(() => sendButton.isEnabled(), { timeout: 90_000 }).toBe(true);
    const input = page.getByRole('textbox', { name: 'Your message' });
    await input.fill(text);
    await input.press('Enter');
  }

  it('the widget keeps a server-side conversation across a reload: later answers depend on earlier turns', async () => {
    const agent = await chatAgent({ allowClarification: true, conversational: true });
    embed(shop, agent);
    const said = (req: RecordedRequest) => req.messages.map((m) => `${m.role}:${String(m.content)}`);
    model.script(
      { text: 'Nice to meet you, Ada! I can help with orders, refunds and delivery.' },
      // The second answer exists only if the model received the first turn.
      (req) => ({
        text: said(req).includes('user:Hello, I am Ada')
          ? 'Ada, your order ships within two working days.'
          : 'Who is asking?',
      }),
      call('agent_clarify', { question: 'Which order number?', reason: 'You have two open orders' }, 'ask1'),
      // After the reload: the next message is the answer to the question, in the same conversation.
      (req) => {
        const answer = req.messages.find((m) => m.role === 'tool' && m.tool_call_id === 'ask1');
        const knowsName = said(req).includes('user:Hello, I am Ada');
        return { text: `${knowsName ? 'Ada' : 'Someone'}, refund started for ${String(answer?.content)}.` };
      },
    );
    const page = await newPage();
    await page.goto(shop.origin);
    const bubble = page.getByRole('button', { name: 'Open chat with Shop Assistant' });
    await bubble.click();
    const dialog = page.getByRole('dialog', { name: 'Shop Assistant' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.getByText('Hi! Ask me about your orders.').waitFor();

    await say(page, 'Hello, I am Ada');
    await page.getByText('Nice to meet you, Ada! I can help with orders, refunds and delivery.').waitFor();
    await say(page, 'When will my order ship?');
    await page.getByText('Ada, your order ships within two working days.').waitFor();
    expect(model.requests.map((r) => r.messages.at(-1).content)).toEqual([
      'Hello, I am Ada',
      'When will my order ship?',
    ]);

    // A clarification is its own kind of bubble.
    await say(page, 'Refund my order');
    const asking = page.locator('.msg.clarification');
    await asking.waitFor();
    expect(await asking.innerText()).toContain('Assistant is asking');
    expect(await asking.locator('.question').innerText()).toBe('Which order number?');
    expect(await asking.locator('.reason').innerText()).toBe('You have two open orders');
    await page.screenshot({ path: `${SCREENSHOTS}widget.png` });

    // Keyboard: Escape closes and gives focus back to the bubble.
    await page.keyboard.press('Escape');
    expect(await bubble.getAttribute('aria-expanded')).toBe('false');

    // The session id is kept in the page's localStorage, and the server has one session of three turns.
    const stored = await storedChat(page, agent.slug);
    expect(stored.sessionId).toMatch(/^ses_/);
    const session = await stack.api('GET', `/v1/sessions/${stored.sessionId}`);
    expect(session.body.turns.map((t: { status: string }) => t.status)).toEqual([
      'completed',
      'completed',
      'requires_action',
    ]);

    await page.reload();
    await page.getByRole('button', { name: 'Open chat with Shop Assistant' }).click();
    await page.getByText('Ada, your order ships within two working days.').waitFor();
    const kinds = await page.locator('.msg').evaluateAll((nodes) => nodes.map((n) => n.className));
    expect(kinds).toEqual(['msg user', 'msg assistant', 'msg user', 'msg assistant', 'msg user', 'msg clarification']);

    // After the reload the next message answers the question: the paused turn continues.
    await say(page, 'Order A-17');
    await page.getByText('Ada, refund started for Order A-17.').waitFor();
    // The answer is on screen before the turn's final write: wait for the session to show it settled.
    await expect
      .poll(
        async () =>
          (await stack.api('GET', `/v1/sessions/${stored.sessionId}`)).body.turns.map(
            (t: { status: string }) => t.status,
          ),
        { timeout: 30_000 },
      )
      .toEqual(['completed', 'completed', 'completed']);
    expect(await stack.db.generation.count({ where: { agentId: agent.id } })).toBe(3);
    await page.context().close();
  });

  it('the widget starts a new conversation when its stored one is gone', async () => {
    const agent = await chatAgent({ conversational: true });
    embed(shop, agent);
    model.setDefault((req) => ({
      text: `Seen ${req.messages.filter((m) => m.role === 'user').length} message(s).`,
    }));
    const page = await newPage();
    await page.goto(shop.origin);
    await page.getByRole('button', { name: 'Open chat with Shop Assistant' }).click();
    await say(page, 'first');
    await page.getByText('Seen 1 message(s).').waitFor();
    // Done (not only streamed): the turn has settled, so its session can be deleted.
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).isEnabled(), { timeout: 90_000 }).toBe(true);
    const { sessionId } = await storedChat(page, agent.slug);
    expect((await stack.api('DELETE', `/v1/sessions/${sessionId}`)).status).toBe(204);

    await say(page, 'second');
    await page.getByText('Starting a new conversation.').waitFor();
    await page.getByText('Seen 1 message(s).').nth(1).waitFor();
    const stored = await storedChat(page, agent.slug);
    expect(stored.sessionId).toMatch(/^ses_/);
    expect(stored.sessionId).not.toBe(sessionId);
    await page.context().close();
  });

  it('the same widget on a page of another origin is refused, and nothing runs', async () => {
    const agent = await chatAgent();
    embed(elsewhere, agent);
    const before = await stack.db.generation.count();
    const page = await newPage();
    await page.goto(elsewhere.origin);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.getByText('The assistant could not be reached.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Your message' }).isDisabled()).toBe(true);
    // The browser itself was told no: the preflight got a 403 without CORS headers.
    const fromPage = await page.evaluate(async (url) => {
      try {
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-agent-key': 'ag_x' },
          body: '{}',
        });
        return 'reached';
      } catch {
        return 'blocked';
      }
    }, `${stack.url}/v1/public/agents/${agent.slug}/chat`);
    expect(fromPage).toBe('blocked');
    expect(model.requests).toHaveLength(0);
    expect(await stack.db.generation.count()).toBe(before);
    await page.context().close();
  });

  async function pausedForApproval(prompt: string, args: Record<string, unknown>) {
    const agentRes = await stack.api('POST', '/v1/agents', {
      name: `Refunds ${Math.random().toString(36).slice(2, 8)}`,
      aiProviderId: providerId,
      toolIds: [refundToolId],
      allowClarification: false,
    });
    const agentId = agentRes.body.id as string;
    const hook = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
      event: 'PreToolUse',
      type: 'approval',
      matcher: 'refund_order',
      config: { timeoutSeconds: 3600 },
    });
    expect(hook.status).toBe(201);
    model.script(call('refund_order', args), { text: `Refund done for ${String(args.orderId)}.` });
    const g = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt });
    expect(g.body.status).toBe('requires_action');
    return { generationId: g.body.id as string, approvalId: g.body.requiredAction.approvals[0].approvalId as string };
  }

  const signIn = (page: Page, hash = '') => signInToConsole(page, stack, hash);

  it('an operator approves a pending tool call in the console and the generation completes', async () => {
    const { generationId, approvalId } = await pausedForApproval('refund order A-1', { orderId: 'A-1', amount: 25 });
    const page = await newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await signIn(page);
    const card = page.locator(`[data-approval-id="${approvalId}"]`);
    await card.waitFor();
    expect(await card.innerText()).toContain('refund_order');
    expect(await card.locator('.countdown').innerText()).toMatch(/expires in/);
    expect(await card.locator('.arguments').innerText()).toContain('"orderId": "A-1"');
    await page.screenshot({ path: `${SCREENSHOTS}console-approvals.png`, fullPage: true });

    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('Approved refund_order.').waitFor();
    await expect
      .poll(async () => (await stack.api('GET', `/v1/generations/${generationId}`)).body.status, { timeout: 60_000 })
      .toBe('completed');
    const approval = await stack.api('GET', `/v1/approvals/${approvalId}`);
    expect(approval.body).toMatchObject({ status: 'approved', decidedBy: expect.stringMatching(/^/) });

    // The generation page: status, answer, live timeline and trace.
    await page.getByRole('link', { name: generationId }).first().click();
    await page.locator('#generation-text').waitFor();
    expect(await page.locator('#generation-text').innerText()).toBe('Refund done for A-1.');
    await page.locator('.timeline li[data-event="done"]').waitFor();
    expect(await page.getByLabel('Trace').innerText()).toContain('refund_order');
    await page.screenshot({ path: `${SCREENSHOTS}console-generation.png`, fullPage: true });

    // Generations list with a status filter.
    await page.getByRole('link', { name: 'Generations' }).click();
    await page.getByLabel('Status').selectOption('completed');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('link', { name: generationId }).waitFor();
    expect(page.url()).toContain('#/generations?status=completed');
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('edited arguments with invalid JSON, or not matching the tool schema, are refused in the UI', async () => {
    const { generationId, approvalId } = await pausedForApproval('refund order B-7', { orderId: 'B-7' });
    const page = await newPage();
    await signIn(page, '#/approvals');
    const card = page.locator(`[data-approval-id="${approvalId}"]`);
    await card.getByRole('button', { name: 'Edit arguments' }).click();
    const editor = card.getByRole('textbox', { name: /Edited arguments/ });
    const approveEdited = card.getByRole('button', { name: 'Approve with these arguments' });

    await editor.fill('{"orderId": "B-7", ');
    await approveEdited.click();
    expect(await card.getByRole('alert').innerText()).toMatch(/^Invalid JSON/);
    expect(await editor.getAttribute('aria-invalid')).toBe('true');

    await editor.fill('{"orderId": 7}');
    await approveEdited.click();
    expect(await card.getByRole('alert').innerText()).toBe('arguments.orderId must be string, not integer');
    await page.screenshot({ path: `${SCREENSHOTS}console-edit.png`, fullPage: true });
    expect((await stack.api('GET', `/v1/approvals/${approvalId}`)).body.status).toBe('pending');

    await editor.fill('{"orderId": "B-8", "amount": 10}');
    await approveEdited.click();
    await page.getByText('Approved refund_order.').waitFor();
    await expect
      .poll(async () => (await stack.api('GET', `/v1/generations/${generationId}`)).body.status, { timeout: 60_000 })
      .toBe('completed');
    expect(tools.requests.filter((r) => r.path === '/refund').at(-1)!.body).toEqual({ orderId: 'B-8', amount: 10 });
    await page.context().close();
  });
});
