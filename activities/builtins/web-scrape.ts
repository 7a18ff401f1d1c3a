import {
  WEB_SCRAPE_MAX_CHARS,
  WEB_SCRAPE_TIMEOUT_SECONDS,
  webScrapeConfigSchema,
} from '../../contracts/builtins/web-scrape.js';
import { capResult, TRUNCATION_MARKER } from '../http-tool.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';
import { guardedFetch, readCapped, ssrfBlock } from './guarded-fetch.js';
import { abortWhen } from '../../infra/net/abort-when.js';
import { untrustedPool, UntrustedWorkError } from '../../infra/isolation/untrusted-pool.js';
import { describeImages } from './page-images.js';
import { readPageTask } from './page-reading-task.js';

const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** web_scrape: fetch a page through the SSRF guard and return readable markdown, HTML or links. */
export async function runWebScrape(call: BuiltinCall): Promise<BuiltinResult> {
  const config = webScrapeConfigSchema.parse(call.config);
  const { url, format = 'markdown', includeImages = false } = call.arguments;
  if (typeof url !== 'string') return builtinError('url is required');
  if (format !== 'markdown' && format !== 'html' && format !== 'links')
    return builtinError('format must be markdown, html or links');
  if (typeof includeImages !== 'boolean') return builtinError('includeImages must be true or false');
  const visionModel = includeImages ? await call.setting('VISION_MODEL') : undefined;
  if (includeImages && !visionModel)
    return builtinError(
      "includeImages needs a vision model: set the project setting VISION_MODEL (a model of the generation's provider that accepts images) with PUT /v1/settings/VISION_MODEL, or call again without includeImages",
    );
  const seconds = Math.min(call.tool.timeoutSeconds, WEB_SCRAPE_TIMEOUT_SECONDS);
  const started = Date.now();
  const deadline = abortWhen([call.signal], seconds * 1000);
  const signal = deadline.signal;
  try {
    const fetched = await guardedFetch(
      url,
      { method: 'GET', headers: { accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.5' } },
      { dispatcher: call.dispatcher, signal, allowedHosts: config.allowedHosts },
    );
    if ('refused' in fetched) return builtinError(fetched.refused);
    const { response, url: finalUrl } = fetched;
    const text = await readCapped(response.body, MAX_PAGE_BYTES);
    if (!response.ok) return builtinError(`HTTP ${response.status}`, { url: finalUrl.toString() });
    const max = config.maxChars ?? WEB_SCRAPE_MAX_CHARS;
    const type = response.headers.get('content-type') ?? '';
    if (!/html|xml/.test(type))
      return builtinSuccess({
        url: finalUrl.toString(),
        content: capResult(text, max),
        ...(includeImages ? { images: [] } : {}),
      });
    // Parsing and conversion run off this thread, within what is left of the tool's time.
    const page = await untrustedPool().run(
      readPageTask,
      { html: text, url: finalUrl.toString(), format, maxChars: max, images: includeImages },
      { projectId: await call.projectId(), timeMs: Math.max(1, seconds * 1000 - (Date.now() - started)), signal },
    );
    const content = page.cut ? `${page.content as string}${TRUNCATION_MARKER}` : page.content;
    const result = { url: finalUrl.toString(), title: page.title, format, content };
    if (!visionModel) return builtinSuccess(result);
    const described = await describeImages(call, page.images ?? [], {
      model: visionModel,
      pageUrl: finalUrl.toString(),
      signal,
      allowedHosts: config.allowedHosts,
    });
    return {
      ...builtinSuccess({ ...result, images: described.images }),
      ...(described.usage ? { usage: described.usage } : {}),
    };
  } catch (err) {
    if (deadline.timedOut || (err instanceof UntrustedWorkError && err.reason === 'timeout'))
      return { status: 'timeout', content: JSON.stringify({ error: `Timed out after ${seconds}s` }) };
    if (err instanceof UntrustedWorkError) return builtinError(`The page could not be read: ${err.message}`);
    const blocked = ssrfBlock(err);
    if (blocked) return builtinError(blocked.message);
    if (call.signal?.aborted) throw err;
    const cause = (err as { cause?: unknown }).cause;
    return builtinError(`Request failed: ${cause instanceof Error ? cause.message : (err as Error).message}`);
  } finally {
    deadline.dispose();
  }
}
