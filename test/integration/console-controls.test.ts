import type { ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, CHROMIUM_PATH, launchChromium, signInToConsole } from '../support/browser.js';
import { call, createAgent, createProvider, createTool, obj } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { mintKey } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

if (!chromiumAvailable)
  console.warn(`\n[console controls tests] SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)\n`);

/** The screenshots in docs/public-chat.md: refreshed with UPDATE_SCREENSHOTS=1, else written to a temporary folder. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? new URL('../../docs/screenshots/', import.meta.url).pathname
  : `${mkdtempSync(join(tmpdir(), 'screenshots-'))}/`;

/** Polls `fn` until it returns a value. */
async function waitFor<T>(fn: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A cron time that does not come during a test run (midnight, January 1st, in Paris). */
const NEVER_SOON = '0 0 1 1 *';

/**
 * The console's conversation controls in Chromium, on the real stack (Temporal, PostgreSQL, the
 * scripted model, a real HTTP tool server): schedules, steering, approval deadlines, fork.
 */
describe.skipIf(!chromiumAvailable)("in Chromium: the console's schedules, steering and approval deadlines", () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let browser: Browser;
  let providerId: string;
  const schedules: string[] = [];
  /** Held tool requests, answered when a test releases them. */
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    [stack, model, tools, browser] = await Promise.all([
      startStack(),
      startModelServer(),
      startToolServer(),
      launchChromium(),
    ]);
    providerId = await createProvider(stack, model);
    model.setDefault({ text: 'Done.' });
    tools.route('/slow', (_req, res) => void held.push(res));
    tools.route('/write', (req, res) => json(res, 200, { written: req.body }));
  });
  afterAll(async () => {
    // Schedules live in the shared Temporal server: remove the ones this file made.
    for (const id of schedules) await stack?.api('DELETE', `/v1/schedules/${id}`).catch(() => undefined);
    await browser?.close();
    await stack?.close();
    await model?.close();
    await tools?.close();
  });

  async function newPage(): Promise<{ page: Page; violations: string[] }> {
    // UTC: the backfill window is typed as local time.
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, timezoneId: 'UTC' });
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    page.on('pageerror', (err) => violations.push(err.message));
    return { page, violations };
  }

  it('creates a schedule in the page, lists it, pauses and resumes it, triggers and backfills runs, deletes it', async () => {
    const agentName = `Digest ${Math.random().toString(36).slice(2, 8)}`;
    const agentId = await createAgent(stack, { name: agentName, aiProviderId: providerId });
    const { page, violations } = await newPage();
    await signInToConsole(page, stack, '#/approvals');
    await page.getByRole('link', { name: 'Schedules', exact: true }).click();
    await page.getByRole('heading', { name: 'Schedules', level: 1 }).waitFor();

    const prompt = 'Summarise <b>yesterday</b> & today';
    await page.getByLabel('Agent', { exact: true }).selectOption(agentId);
    await page.getByLabel('Runs on').selectOption('cron');
    await page.getByLabel('Cron expression').fill(NEVER_SOON);
    await page.getByLabel('Time zone').fill('Europe/Paris');
    await page.getByLabel('Overlap policy').selectOption('allow_all');
    await page.getByLabel('Prompt', { exact: true }).fill(prompt);
    await page.getByLabel(/Other request fields/).fill('{"metadata": {"kind": "digest"}}');
    await page.getByLabel('Note', { exact: true }).fill('new year digest');
    await page.getByRole('button', { name: 'Create schedule' }).click();

    // The schedule's page, with what the API stored.
    await page.getByText(/^Created schedule sch_/).waitFor();
    const id = /#\/schedules\/([^/?]+)/.exec(page.url())![1]!;
    schedules.push(id);
    const stored = (await stack.api('GET', `/v1/schedules/${id}`)).body;
    expect(stored).toMatchObject({
      agentId,
      request: { prompt, metadata: { kind: 'digest' } },
      spec: { cronExpressions: [NEVER_SOON], intervals: [], timeZone: 'Europe/Paris' },
      overlap: 'allow_all',
      note: 'new year digest',
      paused: false,
    });
    expect(await page.locator('#schedule-state').innerText()).toBe('active');
    expect(await page.locator('.request').innerText()).toContain(prompt);

    // Listed, with its state read from Temporal; the prompt's markup is text.
    await page.getByRole('link', { name: '← Schedules' }).click();
    const row = page.locator(`tr[data-schedule-id="${id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-paused')).toBe('false');
    expect(await row.locator('.prompt').innerText()).toBe(prompt);
    expect(await row.locator('b').count()).toBe(0);
    expect(await row.innerText()).toContain(`cron ${NEVER_SOON} — Europe/Paris`);
    await row.getByRole('link', { name: id }).click();

    // Pause with a note, then resume.
    await page.getByLabel('Pause note').fill('holiday freeze');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByText('Paused.', { exact: true }).waitFor();
    expect(await page.locator('#schedule-state').innerText()).toBe('paused');
    expect((await stack.api('GET', `/v1/schedules/${id}`)).body).toMatchObject({
      paused: true,
      note: 'holiday freeze',
      nextRunTimes: [],
    });
    await page.getByText('Paused: nothing is due.').waitFor();
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await page.getByText('Resumed.', { exact: true }).waitFor();
    expect(await page.locator('#schedule-state').innerText()).toBe('active');
    expect((await stack.api('GET', `/v1/schedules/${id}`)).body.paused).toBe(false);

    // Trigger now: a run whose generation completes, shown (and linked) without a reload.
    await page.getByRole('button', { name: 'Trigger now' }).click();
    await page.getByText('Triggered a run.').waitFor();
    const runs = page.getByRole('table', { name: 'Recent runs' });
    const firstRun = runs.locator('tr[data-generation-id^="agt_gen_"]');
    await firstRun.waitFor({ timeout: 60_000 });
    const generationId = (await firstRun.getAttribute('data-generation-id'))!;
    await expect
      .poll(async () => (await stack.api('GET', `/v1/generations/${generationId}`)).body.status, { timeout: 60_000 })
      .toBe('completed');
    await runs.locator(`tr[data-generation-id="${generationId}"] .badge.completed`).waitFor();
    const generation = (await stack.api('GET', `/v1/generations/${generationId}`)).body;
    expect(generation.agentId).toBe(agentId);
    expect(generation.metadata).toMatchObject({ kind: 'digest' });

    // Backfill a window holding one of the spec's times (2026-01-01 00:00 in Paris is 23:00 UTC).
    await page.getByLabel('From').fill('2025-12-31T22:30:00');
    await page.getByLabel('To').fill('2025-12-31T23:30:00');
    await page.getByRole('button', { name: 'Backfill' }).click();
    await page.getByText(/^Backfill of .* started\.$/).waitFor();
    const backfilled = await waitFor(async () => {
      const s = (await stack.api('GET', `/v1/schedules/${id}`)).body;
      return s.recentRuns.find((r: { scheduledAt: string }) => r.scheduledAt === '2025-12-31T23:00:00.000Z') as
        { generationId: string | null } | undefined;
    }, 'the backfilled run');
    await expect.poll(() => runs.locator('tbody tr').count(), { timeout: 30_000 }).toBe(2);
    await page.screenshot({ path: `${SCREENSHOTS}console-schedules.png`, fullPage: true });
    if (backfilled.generationId) expect(backfilled.generationId).not.toBe(generationId);

    // The run's generation opens from its link.
    await runs.getByRole('link', { name: generationId }).click();
    await page.getByRole('heading', { name: `Generation ${generationId}` }).waitFor();

    // Delete, after confirming: gone from Temporal's answers and from the list.
    await page.goto(`${stack.url}/console#/schedules/${id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await stack.api('GET', `/v1/schedules/${id}`)).status).toBe(200); // not before confirming
    await page.getByRole('button', { name: 'Delete schedule' }).click();
    await page.getByText(`Deleted schedule ${id}.`).waitFor();
    expect((await stack.api('GET', `/v1/schedules/${id}`)).status).toBe(404);
    expect(await page.locator(`tr[data-schedule-id="${id}"]`).count()).toBe(0);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('sends a steering message to a running generation and shows it pending, then applied at its step; forks', async () => {
    const toolId = await createTool(stack, {
      type: 'http',
      name: 'lookup_stock',
      parameters: obj({ sku: { type: 'string' } }),
      execute: { url: `${tools.url}/slow` },
      timeoutSeconds: 60,
    });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.scriptFor('console-steer', call('lookup_stock', { sku: 'A1' }, 'call_console_steer'));
    const inFlight = tools.nextRequest('/slow');
    const started = await stack.api('POST', `/v1/agents/${agentId}/generate`, {
      prompt: 'Where is A1? [[script:console-steer]]',
      async: true,
    });
    expect(started.status).toBe(202);
    const generationId = started.body.id as string;
    await inFlight; // step 1's tool call is held open: the run is running

    const { page, violations } = await newPage();
    await signInToConsole(page, stack, `#/generations/${generationId}`);
    const steering = page.getByRole('list', { name: 'Steering messages' });
    await page.getByText('None yet.').waitFor();
    const content = 'Use the <i>EU</i> warehouse instead.';
    await page.getByLabel('Message for the next step').fill(content);
    await page.getByRole('button', { name: 'Send message' }).click();

    const item = steering.locator('li[data-message-id^="msg_"]');
    await item.waitFor();
    expect(await item.getAttribute('data-status')).toBe('pending');
    expect(await item.locator('.content').innerText()).toBe(content);
    expect(await item.locator('i').count()).toBe(0);
    expect(await item.locator('.where').innerText()).toBe('waits for the next step');
    const messageId = (await item.getAttribute('data-message-id'))!;
    // Stored by the API as pending, under the console's clientMessageId.
    const row = await stack.db.steeringMessage.findUniqueOrThrow({ where: { id: messageId } });
    expect(row).toMatchObject({ content, status: 'pending' });
    expect(row.clientMessageId).toMatch(/^console-[0-9a-f]{24}$/);
    await page.screenshot({ path: `${SCREENSHOTS}console-steering.png`, fullPage: true });

    // The tool answers: the next model call reads the message, the page (not reloaded) shows where.
    json(held.shift()!, 200, { sku: 'A1', stock: 3 });
    await steering.locator(`li[data-message-id="${messageId}"][data-status="applied"]`).waitFor({ timeout: 60_000 });
    expect(await steering.locator('.where').innerText()).toBe('applied at step 2');
    await page.locator('.timeline li[data-event="user_message"]').waitFor();
    await expect
      .poll(async () => (await stack.api('GET', `/v1/generations/${generationId}`)).body.status, { timeout: 60_000 })
      .toBe('completed');
    const done = (await stack.api('GET', `/v1/generations/${generationId}`)).body;
    expect(done.steps).toContainEqual(expect.objectContaining({ type: 'user_message', step: 2, messageId }));
    expect(await page.getByLabel('Trace').innerText()).toContain(`steering message: ${content}`);
    // A finished run takes no message: the box is gone, the message stays listed.
    await page.locator('form[aria-label="Send a steering message"]').waitFor({ state: 'hidden' });
    expect(await steering.locator('li').count()).toBe(1);

    // Fork from step 1 of the finished run.
    const forkButtons = page.getByRole('button', { name: /^Fork from this step: step \d+$/ });
    expect(await forkButtons.count()).toBe(2);
    await page.getByRole('button', { name: 'Fork from this step: step 1', exact: true }).click();
    await page.waitForURL((url) => !url.hash.includes(generationId));
    const forkId = /#\/generations\/([^/?]+)/.exec(page.url())![1]!;
    await page.locator('.forked-from').waitFor();
    expect(await page.locator('.forked-from').innerText()).toBe(`Forked from ${generationId} step 1`);
    expect((await stack.api('GET', `/v1/generations/${forkId}`)).body.forkedFrom).toEqual({
      generationId,
      step: 1,
    });
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("shows an approval's deadline, what the deadline decides, its escalation, and who decided", async () => {
    const escalationKey = await mintKey(stack, [{ effect: 'Allow', action: ['*'], resource: ['*'] }]);
    const writeId = await createTool(stack, {
      type: 'http',
      name: 'database_write',
      parameters: obj({ sql: { type: 'string' } }),
      execute: { url: `${tools.url}/write` },
    });
    /** A run paused on a database_write approval under a hook with `config`. */
    const paused = async (tag: string, config: Record<string, unknown>) => {
      const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [writeId] });
      const hook = await stack.api('POST', `/v1/agents/${agentId}/hooks`, {
        event: 'PreToolUse',
        type: 'approval',
        matcher: 'database_write',
        config,
      });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);
      model.scriptFor(tag, call('database_write', { sql: `update ${tag}` }));
      const g = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: `write [[script:${tag}]]` });
      expect(g.body.status, JSON.stringify(g.body)).toBe('requires_action');
      return { generationId: g.body.id as string, approvalId: g.body.requiredAction.approvals[0].approvalId as string };
    };
    const escalation = { approvers: [escalationKey.id], expiresAfter: 'P1D', onExpiry: 'deny' };
    const waiting = await paused('deadline-hour', { expiresAfter: 'PT1H', onExpiry: 'escalate', escalation });
    const escalating = await paused('deadline-escalated', { expiresAfter: 1, onExpiry: 'escalate', escalation });
    const expiring = await paused('deadline-expired', { expiresAfter: 1, expiryReason: 'Nobody looked in time' });
    const approval = async (id: string) => (await stack.api('GET', `/v1/approvals/${id}`)).body;
    await waitFor(async () => ((await approval(escalating.approvalId)).escalatedAt ? true : undefined), 'escalation');
    await waitFor(
      async () => ((await approval(expiring.approvalId)).status === 'expired' ? true : undefined),
      'expiry',
    );

    const { page, violations } = await newPage();
    await signInToConsole(page, stack, '#/approvals');
    const localTime = (iso: string) => page.evaluate((t) => new Date(t).toLocaleString(), iso);

    // Pending, not escalated: its deadline, what it decides, and what the escalation then does.
    const first = await approval(waiting.approvalId);
    expect(first).toMatchObject({ onExpiry: 'escalate', escalationOnExpiry: 'deny', escalatedAt: null });
    const card = page.locator(`[data-approval-id="${waiting.approvalId}"]`);
    await card.waitFor();
    expect(await card.locator('.countdown').innerText()).toMatch(/^expires in (59|1h 0):/);
    expect(await card.locator('.deadline').innerText()).toBe(`deadline ${await localTime(first.expiresAt)}`);
    expect(await card.locator('.on-expiry').innerText()).toBe('at the deadline: escalate to the escalation approvers');
    expect(await card.locator('.escalation').innerText()).toBe('not escalated yet (then: deny the call)');

    // Escalated: the new deadline, which denies, and since when only the escalation group decides.
    const second = await approval(escalating.approvalId);
    const escalated = page.locator(`[data-approval-id="${escalating.approvalId}"]`);
    expect(await escalated.locator('.deadline').innerText()).toBe(`deadline ${await localTime(second.expiresAt)}`);
    expect(await escalated.locator('.on-expiry').innerText()).toBe('at the deadline: deny the call');
    expect(await escalated.locator('.escalation').innerText()).toBe(
      `escalated ${await localTime(second.escalatedAt)}: only the escalation approvers may decide`,
    );

    // Decided by the deadline: who decided says so.
    const third = await approval(expiring.approvalId);
    expect(third).toMatchObject({ status: 'expired', decidedBy: 'system:expiry', onExpiry: 'deny' });
    const expired = page.locator(`[data-approval-id="${expiring.approvalId}"]`);
    expect(await expired.locator('.decided-by').innerText()).toBe(
      `decided ${await localTime(third.decidedAt)} by the deadline (system:expiry)`,
    );
    expect(await expired.locator('.badge').first().innerText()).toBe('expired');
    await page.screenshot({ path: `${SCREENSHOTS}console-approval-deadlines.png`, fullPage: true });

    // The paused generation's page lists its pending approval with the same deadline facts.
    await card.getByRole('link', { name: waiting.generationId }).click();
    const onPage = page.locator(`[data-approval-id="${waiting.approvalId}"]`);
    await onPage.waitFor();
    expect(await onPage.locator('.on-expiry').innerText()).toBe(
      'at the deadline: escalate to the escalation approvers',
    );
    expect(await onPage.locator('.deadline').innerText()).toBe(`deadline ${await localTime(first.expiresAt)}`);
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
