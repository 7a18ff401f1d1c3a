import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { WEB_SCRAPE_MAX_IMAGES } from '../../contracts/builtins/web-scrape.js';

/**
 * Reading a fetched web page: parse (linkedom), find the main content (Readability), convert it
 * (turndown). All three are synchronous and their cost is the page author's to choose (1,500
 * nested elements took 55 s), so this module runs on the untrusted-work pool's threads, where the
 * time limit can stop it; it returns at most `maxChars` of content and `MAX_LINKS` links, and with
 * `images` the first `WEB_SCRAPE_MAX_IMAGES` distinct images of the content (of the whole page for links).
 */

export interface PageInput {
  html: string;
  url: string;
  format: 'markdown' | 'html' | 'links';
  maxChars: number;
  /** Also list the images (web_scrape's includeImages). */
  images?: boolean;
}

export interface PageImage {
  /** Absolute http(s) URL. */
  url: string;
  alt: string;
}

export interface PageOutput {
  title: string;
  /** Capped at `maxChars` (`cut` says so) or, for links, at MAX_LINKS. */
  content: string | string[];
  cut: boolean;
  images?: PageImage[];
}

const MAX_LINKS = 1000;
const MAX_TITLE_CHARS = 1000;
const MAX_ALT_CHARS = 500;

type PageDocument = ReturnType<typeof parseHTML>['document'];

function linksOf(document: PageDocument, base: URL): string[] {
  const links = new Set<string>();
  for (const a of document.querySelectorAll('a[href]')) {
    try {
      const href = new URL(a.getAttribute('href') ?? '', base).toString();
      if (/^https?:/.test(href)) links.add(href);
    } catch {
      // not a URL: skipped
    }
    if (links.size >= MAX_LINKS) break;
  }
  return [...links];
}

/** The first images with an http(s) source, in page order, without repeats (data: URIs are skipped). */
function imagesOf(
  root: { querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null }> },
  base: URL,
): PageImage[] {
  const images = new Map<string, PageImage>();
  for (const img of root.querySelectorAll('img[src]')) {
    try {
      const url = new URL(img.getAttribute('src') ?? '', base).toString();
      if (/^https?:/.test(url) && !images.has(url))
        images.set(url, { url, alt: (img.getAttribute('alt') ?? '').slice(0, MAX_ALT_CHARS) });
    } catch {
      // not a URL: skipped
    }
    if (images.size >= WEB_SCRAPE_MAX_IMAGES) break;
  }
  return [...images.values()];
}

/** The page's main content, or the whole body if Readability finds none. */
export function readPage(input: PageInput): PageOutput {
  const { document } = parseHTML(input.html);
  const base = new URL(input.url);
  if (input.format === 'links')
    return {
      title: (document.title ?? '').slice(0, MAX_TITLE_CHARS),
      content: linksOf(document, base),
      cut: false,
      ...(input.images ? { images: imagesOf(document, base) } : {}),
    };
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  const title = (article?.title ?? document.title ?? '').slice(0, MAX_TITLE_CHARS);
  const html = article?.content ?? document.body?.innerHTML ?? '';
  const content =
    input.format === 'html'
      ? html
      : new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' }).turndown(html);
  const cut = content.length > input.maxChars;
  // The images of what the model reads: the main content, not the page's navigation and ads.
  const images = input.images ? { images: imagesOf(parseHTML(`<body>${html}</body>`).document, base) } : {};
  return { title, content: cut ? content.slice(0, input.maxChars) : content, cut, ...images };
}
