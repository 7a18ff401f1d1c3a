import {
  WEB_SEARCH_DEFAULT_RESULTS,
  WEB_SEARCH_DEFAULT_URL,
  WEB_SEARCH_DOMAIN_PATTERN,
  WEB_SEARCH_EXA_DEFAULT_URL,
  WEB_SEARCH_EXA_MAX_RESULTS,
  WEB_SEARCH_MAX_DOMAINS,
  WEB_SEARCH_MAX_QUERY_CHARS,
  WEB_SEARCH_MAX_RESULTS,
  WEB_SEARCH_TYPES,
} from '../../contracts/builtins/web-search.js';

/**
 * The two search APIs web_search speaks, and how each of the tool's controls reaches them. Exa
 * takes every control as a field of its request. Brave has no search types and no domain or date
 * fields: a domain becomes a `site:` operator of the query (one included domain: how Brave groups
 * several ORed operators with the rest of the query is not documented, so more are refused; each
 * excluded domain a `-site:`), the dates its `freshness` range, and a searchType other than auto is
 * refused. Nothing the model asks for is dropped silently.
 */

export type SearchProvider = 'brave' | 'exa';

export interface SearchArgs {
  query: string;
  count: number;
  searchType: (typeof WEB_SEARCH_TYPES)[number];
  includeDomains: string[];
  excludeDomains: string[];
  startDate?: string;
  endDate?: string;
}

export interface SearchRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Results kept of the answer. */
  n: number;
}

export interface SearchResult {
  title: string;
  url: string;
  description: string;
  publishedDate?: string;
}

/** A calendar day as YYYY-MM-DD (2025-02-30 is refused, not rolled over). */
function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}

function domainList(v: unknown, field: string): string[] | string {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length === 0 || v.length > WEB_SEARCH_MAX_DOMAINS)
    return `${field} must be an array of 1 to ${WEB_SEARCH_MAX_DOMAINS} domains`;
  for (const d of v)
    if (typeof d !== 'string' || d.length > 253 || !WEB_SEARCH_DOMAIN_PATTERN.test(d))
      return `${field}: ${JSON.stringify(d).slice(0, 100)} is not a domain name (like example.com, no scheme or path)`;
  return [...new Set((v as string[]).map((d) => d.toLowerCase()))];
}

/** The call's arguments, checked; a string is the error the model gets. */
export function readSearchArgs(args: Record<string, unknown>): SearchArgs | string {
  const { query, count = WEB_SEARCH_DEFAULT_RESULTS, searchType = 'auto', startDate, endDate } = args;
  if (typeof query !== 'string' || query.trim() === '') return 'query is required (a non-empty string)';
  if (query.length > WEB_SEARCH_MAX_QUERY_CHARS) return `query is longer than ${WEB_SEARCH_MAX_QUERY_CHARS} characters`;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > WEB_SEARCH_MAX_RESULTS)
    return `count must be an integer from 1 to ${WEB_SEARCH_MAX_RESULTS}`;
  if (typeof searchType !== 'string' || !(WEB_SEARCH_TYPES as readonly string[]).includes(searchType))
    return `searchType must be one of ${WEB_SEARCH_TYPES.join(', ')}`;
  const includeDomains = domainList(args.includeDomains, 'includeDomains');
  if (typeof includeDomains === 'string') return includeDomains;
  const excludeDomains = domainList(args.excludeDomains, 'excludeDomains');
  if (typeof excludeDomains === 'string') return excludeDomains;
  const both = includeDomains.find((d) => excludeDomains.includes(d));
  if (both) return `${both} is in both includeDomains and excludeDomains`;
  for (const [field, v] of [
    ['startDate', startDate],
    ['endDate', endDate],
  ] as const)
    if (v !== undefined && (typeof v !== 'string' || !isDay(v))) return `${field} must be a day as YYYY-MM-DD`;
  if (typeof startDate === 'string' && typeof endDate === 'string' && startDate > endDate)
    return 'startDate is after endDate';
  return {
    query,
    count,
    searchType: searchType as SearchArgs['searchType'],
    includeDomains,
    excludeDomains,
    ...(typeof startDate === 'string' ? { startDate } : {}),
    ...(typeof endDate === 'string' ? { endDate } : {}),
  };
}

/** Brave: one GET; the controls as query operators and `freshness`. */
export function braveRequest(
  args: SearchArgs,
  endpoint: string | undefined,
  apiKey: string,
  maxResults: number,
): SearchRequest | string {
  if (args.searchType !== 'auto')
    return `searchType ${args.searchType} needs the exa search provider (project setting WEB_SEARCH_PROVIDER=exa); the brave provider only does auto`;
  if (args.includeDomains.length > 1)
    return 'The brave search provider takes one includeDomains entry (a site: operator); search each domain separately';
  const q = [
    args.query,
    ...args.includeDomains.map((d) => `site:${d}`),
    ...args.excludeDomains.map((d) => `-site:${d}`),
  ].join(' ');
  if (q.length > WEB_SEARCH_MAX_QUERY_CHARS)
    return `The query with its site: operators is longer than ${WEB_SEARCH_MAX_QUERY_CHARS} characters (Brave's limit)`;
  const n = Math.min(args.count, maxResults);
  const url = new URL(endpoint ?? WEB_SEARCH_DEFAULT_URL);
  url.searchParams.set('q', q);
  url.searchParams.set('count', String(n));
  // Brave's custom range needs both ends: an open start is the epoch, an open end today (UTC).
  if (args.startDate || args.endDate)
    url.searchParams.set(
      'freshness',
      `${args.startDate ?? '1970-01-01'}to${args.endDate ?? new Date().toISOString().slice(0, 10)}`,
    );
  return {
    url: url.toString(),
    method: 'GET',
    headers: { accept: 'application/json', 'x-subscription-token': apiKey },
    n,
  };
}

/** Exa: one POST /search with every control as a field, and a short text of each page as its description. */
export function exaRequest(
  args: SearchArgs,
  endpoint: string | undefined,
  apiKey: string,
  maxResults: number,
): SearchRequest {
  const n = Math.min(args.count, maxResults, WEB_SEARCH_EXA_MAX_RESULTS);
  const body = {
    query: args.query,
    type: args.searchType,
    numResults: n,
    ...(args.includeDomains.length ? { includeDomains: args.includeDomains } : {}),
    ...(args.excludeDomains.length ? { excludeDomains: args.excludeDomains } : {}),
    ...(args.startDate ? { startPublishedDate: `${args.startDate}T00:00:00.000Z` } : {}),
    ...(args.endDate ? { endPublishedDate: `${args.endDate}T23:59:59.999Z` } : {}),
    contents: { text: { maxCharacters: 1000 } },
  };
  return {
    url: endpoint ?? WEB_SEARCH_EXA_DEFAULT_URL,
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
    n,
  };
}

/** Brave highlights matches with <strong>; the model gets plain text. */
const plain = (v: unknown, max: number): string =>
  typeof v === 'string'
    ? v
        .replace(/<[^<>]*>/g, '')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .slice(0, max)
    : '';

const records = (raw: unknown): Array<Record<string, unknown>> =>
  (Array.isArray(raw) ? raw : []).filter(
    (r): r is Record<string, unknown> => !!r && typeof r === 'object' && typeof r.url === 'string',
  );

/** The results of an answer in the provider's format. */
export function searchResults(provider: SearchProvider, body: unknown, n: number): SearchResult[] {
  if (provider === 'brave')
    return records((body as { web?: { results?: unknown } } | null)?.web?.results)
      .slice(0, n)
      .map((r) => ({
        title: plain(r.title, 300),
        url: String(r.url).slice(0, 2048),
        description: plain(r.description, 1000),
      }));
  return records((body as { results?: unknown } | null)?.results)
    .slice(0, n)
    .map((r) => ({
      title: plain(r.title, 300),
      url: String(r.url).slice(0, 2048),
      description: plain(typeof r.text === 'string' ? r.text : r.summary, 1000),
      ...(typeof r.publishedDate === 'string' ? { publishedDate: r.publishedDate.slice(0, 40) } : {}),
    }));
}
