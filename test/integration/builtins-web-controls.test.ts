import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, observeOf } from '../support/fixtures.js';
import { startModelServer, type ModelServer, type RecordedRequest } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

/** A 1×1 PNG, and a GIF (different bytes, so each description names its image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const paragraph = (i: number) =>
  `<p>Paragraph ${i}: durable agents keep every generation in a workflow, so a crash of the worker, the API ` +
  'or the database never loses a step, and every side effect is recorded exactly where the run left it.</p>';

describe('web_search controls and providers, web_scrape images, in real generations', () => {
  let stack: TestStack;
  let model: ModelServer;
  let tools: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, tools] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    // Answers in Exa's shape: POST /search, key in x-api-key, results with text and publishedDate.
    tools.route('/exa/search', (req, res) => {
      if (req.method !== 'POST' || req.headers['x-api-key'] !== 'exa-key') return json(res, 401, { error: 'bad key' });
      const results = Array.from({ length: req.body.numResults }, (_, i) => ({
        id: `https://arxiv.org/abs/${i}`,
        url: `https://arxiv.org/abs/${i}`,
        title: `Paper ${i} on ${req.body.query}`,
        publishedDate: '2025-03-0' + (i + 1) + 'T00:00:00.000Z',
        author: 'A. Author',
        text: `Abstract ${i}: ${'long text '.repeat(200)}`,
      }));
      json(res, 200, { requestId: 'r1', resolvedSearchType: req.body.type, results });
    });
    tools.route('/brave/res/v1/web/search', (req, res) =>
      json(res, 200, {
        type: 'search',
        web: { results: [{ title: `About ${req.query.q}`, url: 'https://arxiv.org/x', description: 'd' }] },
      }),
    );
    tools.route('/img/square.png', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    });
    tools.route('/img/dot.gif', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(GIF);
    });
    tools.route('/img/fake.png', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('<html>not an image</html>');
    });
    const page = (images: string) => (_req: unknown, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<html><head><title>Durable gallery</title></head><body><nav><img src="/img/logo.png" alt="logo"></nav>' +
          `<article><h1>Durable gallery</h1>${paragraph(1)}${images}${paragraph(2)}${paragraph(3)}</article></body></html>`,
      );
    };
    tools.route('/page', page('<p><img src="/img/square.png" alt="A small square"></p>'));
    tools.route(
      '/many',
      page(
        '<p><img src="/img/fake.png" alt="fake"><img src="/img/square.png" alt="one">' +
          '<img src="/img/square.png" alt="repeat"><img src="/img/dot.gif?2" alt="two">' +
          '<img src="/img/dot.gif?3" alt="three"><img src="/img/dot.gif?4" alt="four">' +
          '<img src="/img/dot.gif?5" alt="five"><img src="data:image/png;base64,AAAA" alt="inline"></p>',
      ),
    );
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await tools?.close();
  });
  beforeEach(() => model.reset());

  const setting = async (key: string, value: string | null) => {
    const res =
      value === null
        ? await stack.api('DELETE', `/v1/settings/${key}`)
        : await stack.api('PUT', `/v1/settings/${key}`, { value });
    expect(res.status).toBeLessThan(300);
  };
  const requestsTo = (path: string) => tools.requests.filter((r) => r.path === path);

  async function runCall(name: string, args: Record<string, unknown>, config?: Record<string, unknown>) {
    const toolId = await createTool(stack, { type: 'builtin', name, ...(config ? { config } : {}) });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.script(call(name, args, 'c1'), { text: 'done' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
    expect(res.body.status).toBe('completed');
    return observeOf(res.body, 'c1');
  }

  describe('web_search', () => {
    const controls = {
      query: 'durable agents',
      searchType: 'neural',
      includeDomains: ['arxiv.org', 'ArXiv.org'],
      excludeDomains: ['spam.example'],
      startDate: '2025-01-01',
      endDate: '2025-06-30',
      count: 15,
    };

    it('exa: every control is a field of the POST it receives; count is capped at 10 and config.maxResults', async () => {
      expect((await stack.api('PUT', '/v1/settings/WEB_SEARCH_PROVIDER', { value: 'google' })).status).toBe(422);
      await setting('WEB_SEARCH_PROVIDER', 'exa');
      await setting('WEB_SEARCH_API_KEY', 'brave-key');
      const none = await runCall('web_search', { query: 'x' });
      expect(none).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/EXA_API_KEY/) } });
      expect(requestsTo('/exa/search')).toHaveLength(0);

      await setting('EXA_API_KEY', 'exa-key');
      await setting('EXA_URL', `${tools.url}/exa/search`);
      model.reset();
      const found = await runCall('web_search', controls);
      const [request] = requestsTo('/exa/search');
      expect(request!.method).toBe('POST');
      expect(request!.headers['x-api-key']).toBe('exa-key');
      expect(request!.headers['x-subscription-token']).toBeUndefined();
      expect(request!.body).toEqual({
        query: 'durable agents',
        type: 'neural',
        numResults: 10,
        includeDomains: ['arxiv.org'],
        excludeDomains: ['spam.example'],
        startPublishedDate: '2025-01-01T00:00:00.000Z',
        endPublishedDate: '2025-06-30T23:59:59.999Z',
        contents: { text: { maxCharacters: 1000 } },
      });
      expect(found).toMatchObject({ status: 'success', result: { query: 'durable agents', provider: 'exa' } });
      expect(found.result.results).toHaveLength(10);
      expect(found.result.results[0]).toEqual({
        title: 'Paper 0 on durable agents',
        url: 'https://arxiv.org/abs/0',
        description: expect.stringMatching(/^Abstract 0: long text/),
        publishedDate: '2025-03-01T00:00:00.000Z',
      });
      expect(found.result.results[0].description.length).toBe(1000);

      model.reset();
      const capped = await runCall('web_search', { query: 'q', searchType: 'keyword' }, { maxResults: 3 });
      expect(requestsTo('/exa/search').at(-1)!.body).toEqual({
        query: 'q',
        type: 'keyword',
        numResults: 3,
        contents: { text: { maxCharacters: 1000 } },
      });
      expect(capped.result.results).toHaveLength(3);
      await setting('WEB_SEARCH_PROVIDER', null);
    });

    it('brave: domains become site: operators and the dates a freshness range; what it cannot do is refused', async () => {
      await setting('WEB_SEARCH_API_KEY', 'brave-key');
      await setting('WEB_SEARCH_URL', `${tools.url}/brave/res/v1/web/search`);
      const exaBefore = requestsTo('/exa/search').length;
      const found = await runCall('web_search', {
        ...controls,
        searchType: 'auto',
        includeDomains: ['arxiv.org'],
        count: 15,
      });
      expect(found).toMatchObject({ status: 'success', result: { provider: 'brave' } });
      const request = requestsTo('/brave/res/v1/web/search').at(-1)!;
      expect(request.query).toEqual({
        q: 'durable agents site:arxiv.org -site:spam.example',
        count: '15',
        freshness: '2025-01-01to2025-06-30',
      });
      expect(request.headers['x-subscription-token']).toBe('brave-key');

      model.reset();
      await runCall('web_search', { query: 'q', startDate: '2024-12-31' });
      const today = new Date().toISOString().slice(0, 10);
      expect(requestsTo('/brave/res/v1/web/search').at(-1)!.query.freshness).toBe(`2024-12-31to${today}`);

      const braveBefore = requestsTo('/brave/res/v1/web/search').length;
      for (const [args, message] of [
        [{ query: 'q', searchType: 'neural' }, /needs the exa search provider.*WEB_SEARCH_PROVIDER/],
        [{ query: 'q', includeDomains: ['a.example', 'b.example'] }, /one includeDomains entry/],
        [{ query: 'q', includeDomains: ['https://a.example/x'] }, /not a domain name/],
        [{ query: 'q', includeDomains: ['a.example'], excludeDomains: ['a.example'] }, /in both/],
        [{ query: 'q', startDate: '2025-02-30' }, /startDate must be a day/],
        [{ query: 'q', startDate: '2025-03-01', endDate: '2025-02-01' }, /startDate is after endDate/],
        [{ query: 'q'.repeat(395), excludeDomains: ['spam.example'] }, /longer than 400 characters/],
      ] as const) {
        model.reset();
        expect(await runCall('web_search', args), JSON.stringify(args).slice(0, 80)).toMatchObject({
          status: 'error',
          result: { error: expect.stringMatching(message) },
        });
      }
      expect(requestsTo('/brave/res/v1/web/search')).toHaveLength(braveBefore);
      expect(requestsTo('/exa/search')).toHaveLength(exaBefore);
    });
  });

  describe('web_scrape includeImages', () => {
    it('without VISION_MODEL the call is refused before any fetch', async () => {
      const before = requestsTo('/page').length;
      const refused = await runCall('web_scrape', { url: `${tools.url}/page`, includeImages: true });
      expect(refused).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/VISION_MODEL/) } });
      expect(requestsTo('/page')).toHaveLength(before);
    });

    it('the vision model gets the image itself and its description is in the result, its usage counted', async () => {
      await setting('VISION_MODEL', 'vision-model');
      const toolId = await createTool(stack, { type: 'builtin', name: 'web_scrape' });
      const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
      model.script(
        { ...call('web_scrape', { url: `${tools.url}/page`, includeImages: true }, 's1'), usage: usage(100, 10) },
        { text: 'A small grey square.', usage: usage(50, 6) },
        { text: 'done', usage: usage(120, 2) },
      );
      const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'look' });
      expect(res.body.status).toBe('completed');
      const vision = model.requests[1]!;
      expect(vision.model).toBe('vision-model');
      expect(vision.stream).toBe(false);
      expect(vision.body.max_tokens).toBe(300);
      expect(vision.messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: expect.stringMatching(/Describe this image.*Its alt text: A small square/) },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
          ],
        },
      ]);
      const observed = observeOf(res.body, 's1');
      expect(observed).toMatchObject({ status: 'success', result: { title: 'Durable gallery' } });
      expect(observed.result.content).toMatch(/Paragraph 1/);
      // The main content's image only: the navigation's logo is not described, nor fetched.
      expect(observed.result.images).toEqual([
        { url: `${tools.url}/img/square.png`, alt: 'A small square', description: 'A small grey square.' },
      ]);
      expect(requestsTo('/img/logo.png')).toHaveLength(0);
      const entry = res.body.steps.find((s: { type: string }) => s.type === 'model_call');
      expect(entry).toMatchObject({ toolName: 'web_scrape', model: 'vision-model', usage: usage(50, 6) });
      expect(res.body.usage).toMatchObject({ promptTokens: 270, completionTokens: 18 });
      // The model reading the page gets the description too.
      expect(JSON.stringify(model.requests[2]!.messages)).toContain('A small grey square.');
    });

    it('describes at most the first five distinct images; one that is not an image gets an error, not a model call', async () => {
      await setting('VISION_MODEL', 'vision-model');
      const imagesBefore = tools.requests.filter((r) => r.path.startsWith('/img/')).length;
      const describe = (req: RecordedRequest) => {
        const url: string = req.messages[0].content[1].image_url.url;
        return { text: url.startsWith('data:image/gif') ? 'A white dot.' : 'A small grey square.' };
      };
      model.script(
        call('web_scrape', { url: `${tools.url}/many`, format: 'links', includeImages: true }, 'm1'),
        describe,
        describe,
        describe,
        { text: 'done' },
      );
      const toolId = await createTool(stack, { type: 'builtin', name: 'web_scrape' });
      const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
      const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'look' });
      expect(res.body.status).toBe('completed');
      const images = observeOf(res.body, 'm1').result.images;
      // format links reads images from the whole page: the logo (404) is first.
      expect(images.map((i: { alt: string }) => i.alt)).toEqual(['logo', 'fake', 'one', 'two', 'three']);
      expect(images[0]).toMatchObject({ error: 'HTTP 404' });
      expect(images[1]).toMatchObject({ error: 'not a PNG, JPEG, GIF or WebP image' });
      expect(images[2]).toMatchObject({ description: 'A small grey square.' });
      expect(images[3]).toMatchObject({ description: 'A white dot.' });
      expect(images[4]).toMatchObject({ description: 'A white dot.' });
      expect(model.requests.filter((r) => r.model === 'vision-model')).toHaveLength(3);
      expect(tools.requests.filter((r) => r.path.startsWith('/img/')).length - imagesBefore).toBe(5);
      await setting('VISION_MODEL', null);
    });
  });
});

function usage(promptTokens: number, completionTokens: number) {
  return { promptTokens, completionTokens };
}
