import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import {
  WEB_SCRAPE_MAX_CHARS,
  WEB_SCRAPE_TIMEOUT_SECONDS,
  webScrapeConfigSchema,
} from '../../contracts/builtins/web-scrape.js';
import { capResult } from '../http-tool.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';
import { guardedFetch, readCapped, ssrfBlock } from './guarded-fetch.js';
import { abortWhen } from '../../infra/net/abort-when.js';

const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** The page's main content (Mozilla Readability on a linkedom document), or the whole body if none is found. */
function readable(html: string, url: URL): { title: string; html: string; links: string[] } {
  const { document } = parseHTML(html);
  const links = [
    ...new Set(
      [...document.querySelectorAll('a[href]')]
        .map((a) => {
          try {
            return new URL(a.getAttribute('href') ?? '', url).toString();
          } catch {
            return null;
          }
        })
        .filter((h): h is string => h !== null && /^https?:/.test(h)),
    ),
  ];
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  return {
    title: article?.title ?? document.title ?? '',
    html: article?.content ?? document.body?.innerHTML ?? '',
    links,
  };
}

/** web_scrape: fetch a page through the SSRF guard and return readable markdown, HTML or links. */
export async function runWebScrape(call: BuiltinCall): Promise<BuiltinResult> {
  const config = webScrapeConfigSchema.parse(call.config);
  const { url, format = 'markdown' } = call.arguments;
  if (typeof url !== 'string') return builtinError('url is required');
  if (format !== 'markdown' && format !== 'html' && format !== 'links')
    return builtinError('format must be markdown, html or links');
  const seconds = Math.min(call.tool.timeoutSeconds, WEB_SCRAPE_TIMEOUT_SECONDS);
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
    if (!/html|xml/.test(type)) return builtinSuccess({ url: finalUrl.toString(), content: capResult(text, max) });
    const page = readable(text, finalUrl);
    const content =
      format === 'links'
        ? page.links
        : format === 'html'
          ? capResult(page.html, max)
          : capResult(new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' }).turndown(page.html), max);
    return builtinSuccess({ url: finalUrl.toString(), title: page.title, format, content });
  } catch (err) {
    if (deadline.timedOut)
      return { status: 'timeout', content: JSON.stringify({ error: `Timed out after ${seconds}s` }) };
    const blocked = ssrfBlock(err);
    if (blocked) return builtinError(blocked.message);
    if (call.signal?.aborted) throw err;
    const cause = (err as { cause?: unknown }).cause;
    return builtinError(`Request failed: ${cause instanceof Error ? cause.message : (err as Error).message}`);
  } finally {
    deadline.dispose();
  }
}
