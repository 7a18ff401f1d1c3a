import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../support/stack.js';

/** /docs in a real browser (Debian's Chromium): renders, lists every operation, try-it works with a key. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('API reference in Chromium', () => {
  let stack: TestStack;
  let browser: Browser;
  let operationCount = 0;

  beforeAll(async () => {
    stack = await startStack({ withoutWorker: true });
    const doc = (await (await fetch(`${stack.url}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    operationCount = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('renders every operation without a CSP violation or a request to another origin, and a try-it call with a key returns 200', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const origins = new Set<string>();
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => origins.add(new URL(r.url()).origin));

    await page.goto(`${stack.url}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('.opblock').count()).toBe(operationCount);
    await expect.poll(() => page.locator('.opblock-summary-operation-id').allTextContents()).toContain('listAgents');

    // Authorize with the project's key (the document's bearerAuth scheme).
    await page.locator('button.authorize').first().click();
    await page.locator('.auth-container input').first().fill(stack.apiKey);
    await page.locator('.auth-btn-wrapper button.authorize').click();
    await page.locator('button.btn-done').click();

    // Try it out: GET /v1/agents.
    const op = page.locator('#operations-Agents-listAgents');
    await op.locator('.opblock-summary').click();
    await op.locator('button.try-out__btn').click();
    await op.locator('button.execute').click();
    const status = op.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    expect((await status.textContent())?.trim()).toMatch(/^200\b/);
    await expect.poll(async () => (await op.locator('.live-responses-table').textContent()) ?? '').toContain('data');

    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    expect([...origins]).toEqual([stack.url]);
    await page.close();
  });
});
