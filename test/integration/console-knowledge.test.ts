import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { embeddingBatchSize } from '../../activities/knowledge/ingestion.js';
import { chromiumAvailable, CHROMIUM_PATH, launchChromium, signInToConsole } from '../support/browser.js';
import { startEmbeddingServer, type EmbeddingServer } from '../support/embedding-server.js';
import { call, createAgent, createProvider, createTool } from '../support/fixtures.js';
import { createEmbeddingProvider, knowledgeFixtures, waitForDocument } from '../support/knowledge.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

if (!chromiumAvailable)
  console.warn(`\n[console knowledge tests] SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)\n`);

/** The screenshots in docs/public-chat.md: refreshed with UPDATE_SCREENSHOTS=1, else written to a temporary folder. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? new URL('../../docs/screenshots/', import.meta.url).pathname
  : `${mkdtempSync(join(tmpdir(), 'screenshots-'))}/`;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The console's knowledge and memory pages in Chromium, on the real stack (Temporal, PostgreSQL). */
describe.skipIf(!chromiumAvailable)("in Chromium: the console's knowledge and memory pages", () => {
  let stack: TestStack;
  let embeddings: EmbeddingServer;
  let model: ModelServer;
  let browser: Browser;

  beforeAll(async () => {
    [stack, embeddings, model, browser] = await Promise.all([
      startStack(),
      startEmbeddingServer(),
      startModelServer(),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await embeddings?.close();
    await model?.close();
  });

  async function newPage(): Promise<{ page: Page; violations: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    page.on('pageerror', (err) => violations.push(err.message));
    return { page, violations };
  }

  it('shows documents with their ingestion progress until ready, and searches with scores and ranks', async () => {
    const providerId = await createEmbeddingProvider(stack, embeddings);
    const kb = await stack.api('POST', '/v1/knowledge-bases', {
      name: 'console-encyclopedia',
      description: 'Articles for the console test',
      aiProviderId: providerId,
      embeddingModel: 'hashed-bow',
      chunkSize: 200,
      chunkOverlap: 40,
      retrievalStrategy: 'hybrid',
    });
    expect(kb.status, JSON.stringify(kb.body)).toBe(201);
    const kbId = kb.body.id as string;
    const docs = `/v1/knowledge-bases/${kbId}/documents`;
    const { documents } = knowledgeFixtures();
    const bees = documents.find((d) => d.file === 'honeybees.md')!;
    // A title with markup: shown as text, never parsed.
    const beesTitle = '<img src=x onerror="document.title=\'pwned\'"> Bees & <b>honey</b>';
    const small = await stack.api('POST', docs, { title: beesTitle, content: bees.content });
    expect(small.status).toBe(201);
    expect((await waitForDocument(stack, kbId, small.body.id)).status).toBe('ready');

    // One large document, several embedding batches: the third batch is held, so it stays indexing.
    const articles = documents.map((d) => d.content).join('\n\n');
    const content = [1, 2, 3, 4].map((part) => `Part ${part}\n\n${articles}`).join('\n\n');
    const batch = embeddingBatchSize(200);
    embeddings.holdAfter(embeddings.requests + 2);
    const big = await stack.api('POST', docs, { title: 'Everything', content });
    expect(big.status).toBe(201);
    const bigId = big.body.id as string;
    await until(() => embeddings.held === 1, 'the third embedding request');
    const mid = await stack.api('GET', `${docs}/${bigId}`);
    expect(mid.body).toMatchObject({ status: 'indexing', chunksIndexed: 2 * batch });
    expect(mid.body.chunkCount).toBeGreaterThan(2 * batch);

    const { page, violations } = await newPage();
    await signInToConsole(page, stack, '#/approvals');
    await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
    const kbRow = page.locator(`tr[data-knowledge-base-id="${kbId}"]`);
    await kbRow.waitFor();
    expect(await kbRow.innerText()).toContain('hashed-bow');
    await kbRow.getByRole('link', { name: 'console-encyclopedia' }).click();
    await page.getByRole('heading', { name: 'console-encyclopedia', level: 1 }).waitFor();

    const bigRow = page.locator(`tr[data-document-id="${bigId}"]`);
    await bigRow.waitFor();
    expect(await bigRow.getAttribute('data-status')).toBe('indexing');
    expect(await bigRow.locator('.badge').innerText()).toBe('indexing');
    expect(await bigRow.locator('.chunks').innerText()).toBe(`${2 * batch} / ${mid.body.chunkCount} chunks`);
    expect(await bigRow.locator('progress').getAttribute('value')).toBe(String(2 * batch));
    expect(await bigRow.locator('progress').getAttribute('max')).toBe(String(mid.body.chunkCount));
    const smallRow = page.locator(`tr[data-document-id="${small.body.id}"]`);
    expect(await smallRow.locator('td').first().innerText()).toContain(beesTitle);
    expect(await smallRow.locator('img, b').count()).toBe(0);
    expect(await smallRow.getAttribute('data-status')).toBe('ready');

    // Released: the page (not reloaded) follows the document to ready.
    embeddings.release();
    await page.locator(`tr[data-document-id="${bigId}"][data-status="ready"]`).waitFor({ timeout: 30_000 });
    const done = await stack.api('GET', `${docs}/${bigId}`);
    expect(done.body.status).toBe('ready');
    expect(await bigRow.locator('.chunks').innerText()).toBe(
      `${done.body.chunkCount} / ${done.body.chunkCount} chunks`,
    );
    const totals = (await stack.api('GET', `/v1/knowledge-bases/${kbId}`)).body;
    expect(totals.chunkCount).toBeGreaterThan(done.body.chunkCount);
    await expect.poll(() => page.locator('.meta').first().innerText(), { timeout: 10_000 }).toContain('2 documents');
    expect(await page.locator('.meta').first().innerText()).toContain(`${totals.chunkCount} chunks`);

    // Search: the hits the API gives for the same request, with scores and per-list ranks.
    const search = async (query: string, strategy: string, topK: number) => {
      await page.getByLabel('Query').fill(query);
      await page.getByLabel('Strategy').selectOption(strategy);
      await page.getByLabel('Top K').fill(String(topK));
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const expected = await stack.api('POST', `/v1/knowledge-bases/${kbId}/search`, { query, strategy, topK });
      expect(expected.status).toBe(200);
      await page.getByText(`(${{ hybrid: 'Hybrid', full_text: 'Full text', vector: 'Vector' }[strategy]})`).waitFor();
      return expected.body.hits as Array<Record<string, any>>;
    };
    const hits = await search('emperor penguin huddle', 'hybrid', 3);
    expect(hits.length).toBeGreaterThan(0);
    const cards = page.getByRole('list', { name: 'Search results' }).locator('li');
    expect(await cards.count()).toBe(hits.length);
    const first = cards.first();
    expect(await first.locator('h3').innerText()).toBe(`1. ${hits[0]!.documentTitle}`);
    const meta = await first.locator('.meta').innerText();
    expect(meta).toContain(`chunk ${hits[0]!.chunkIndex}`);
    expect(await first.locator('.score').innerText()).toBe(`score ${hits[0]!.score.toFixed(4)}`);
    expect(hits[0]!.ranks.fullText).not.toBeNull();
    expect(await first.locator('.rank-full-text').innerText()).toBe(`full-text rank #${hits[0]!.ranks.fullText}`);
    expect(await first.locator('.rank-vector').innerText()).toBe(
      `vector rank ${hits[0]!.ranks.vector === null ? '—' : `#${hits[0]!.ranks.vector}`}`,
    );
    expect(await first.locator('.excerpt').innerText()).toBe(hits[0]!.excerpt);
    expect(hits[0]!.excerpt.toLowerCase()).toContain('penguin');

    // The strategy selector is sent: full text alone has no vector ranks.
    const fullText = await search('honey bees waggle dance', 'full_text', 2);
    expect(fullText.length).toBeGreaterThan(0);
    expect(fullText.every((h) => h.ranks.vector === null)).toBe(true);
    expect(await cards.count()).toBe(fullText.length);
    expect(await cards.first().locator('.rank-vector').innerText()).toBe('vector rank —');
    expect(await cards.first().locator('h3').innerText()).toBe(`1. ${fullText[0]!.documentTitle}`);
    expect(await page.title()).not.toBe('pwned');
    await page.screenshot({ path: `${SCREENSHOTS}console-knowledge.png`, fullPage: true });
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("shows an end user's memories, searches them, and edits and deletes one through the API", async () => {
    const chat = await createProvider(stack, model);
    const save = await createTool(stack, { type: 'builtin', name: 'memory_save' });
    const agentId = await createAgent(stack, { name: 'Travel desk', aiProviderId: chat, toolIds: [save] });
    const remember = async (endUserId: string, content: string) => {
      model.reset();
      model.script(call('memory_save', { content }, 'c1'), { text: 'noted' });
      const g = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'remember this', endUserId });
      expect(g.body.status, JSON.stringify(g.body)).toBe('completed');
      return (await stack.db.memory.findFirstOrThrow({ where: { generationId: g.body.id } })).id;
    };
    const seats = await remember('ada@example.com', 'Prefers window seats');
    const peanuts = await remember('ada@example.com', 'Allergic to <b>peanuts</b>');
    await remember('bob', 'Travels with a dog');

    const { page, violations } = await newPage();
    await signInToConsole(page, stack, '#/approvals');
    await page.getByRole('link', { name: 'Memory', exact: true }).click();
    await page.getByLabel('Agent', { exact: true }).selectOption(agentId);
    await page.getByLabel('End user id').fill('ada@example.com');
    await page.getByRole('button', { name: 'Show memories' }).click();
    const list = page.locator('.memories');
    await list.locator(`[data-memory-id="${peanuts}"]`).waitFor();
    // Newest first, this end user's only, markup shown as text.
    expect(await list.locator('.memory .content').allInnerTexts()).toEqual([
      'Allergic to <b>peanuts</b>',
      'Prefers window seats',
    ]);
    expect(await list.locator('b').count()).toBe(0);
    expect(page.url()).toContain(`#/memories?agentId=${agentId}&endUserId=ada%40example.com`);
    expect(await list.locator(`[data-memory-id="${seats}"] .updated`).innerText()).toMatch(/^updated \S/);

    // Search, as memory_search ranks: the matching memory with its score.
    await page.getByLabel('Query').fill('peanuts');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByLabel('Memory search results');
    await results.locator('.memory').first().waitFor();
    const api = await stack.api('POST', '/v1/memories/search', {
      agentId,
      endUserId: 'ada@example.com',
      query: 'peanuts',
      limit: 5,
    });
    expect(api.body.data[0].id).toBe(peanuts);
    expect(await results.locator('.memory').first().getAttribute('data-memory-id')).toBe(peanuts);
    const shown = Number(/score (\d\.\d{4})/.exec(await results.locator('.memory .score').first().innerText())![1]);
    expect(Math.abs(shown - api.body.data[0].score)).toBeLessThan(0.001);
    expect(shown).toBeGreaterThan(0.1); // a match plus the recency bonus, more than the bonus alone

    await page.screenshot({ path: `${SCREENSHOTS}console-memory.png`, fullPage: true });

    // Edit: the API has the new content, the card shows it.
    const before = (await stack.api('GET', `/v1/memories/${seats}`)).body;
    const seatsCard = list.locator(`[data-memory-id="${seats}"]`);
    await seatsCard.getByRole('button', { name: 'Edit' }).click();
    await seatsCard.getByRole('textbox', { name: `New content of ${seats}` }).fill('Prefers aisle seats');
    await seatsCard.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Memory saved.').waitFor();
    expect(await list.locator(`[data-memory-id="${seats}"] .content`).innerText()).toBe('Prefers aisle seats');
    const after = (await stack.api('GET', `/v1/memories/${seats}`)).body;
    expect(after.content).toBe('Prefers aisle seats');
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));

    // Delete (confirmed): gone from the API, from the list and from the search results.
    const peanutsCard = list.locator(`[data-memory-id="${peanuts}"]`);
    await peanutsCard.getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await stack.api('GET', `/v1/memories/${peanuts}`)).status).toBe(200); // not before confirming
    await peanutsCard.getByRole('button', { name: 'Delete memory' }).click();
    await page.getByText('Memory deleted.').waitFor();
    expect((await stack.api('GET', `/v1/memories/${peanuts}`)).status).toBe(404);
    expect(await page.locator(`[data-memory-id="${peanuts}"]`).count()).toBe(0);
    const left = await stack.api('GET', `/v1/memories?agentId=${agentId}&endUserId=ada%40example.com`);
    expect(left.body.data.map((m: { content: string }) => m.content)).toEqual(['Prefers aisle seats']);
    expect(await stack.db.memory.count({ where: { agentId, endUserId: 'bob' } })).toBe(1);
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
