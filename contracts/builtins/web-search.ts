import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

export const WEB_SEARCH_DEFAULT_URL = 'https://api.search.brave.com/res/v1/web/search';
export const WEB_SEARCH_EXA_DEFAULT_URL = 'https://api.exa.ai/search';
export const WEB_SEARCH_MAX_RESULTS = 20;
/** Exa's numResults range as this tool uses it: a larger `count` is capped. */
export const WEB_SEARCH_EXA_MAX_RESULTS = 10;
export const WEB_SEARCH_DEFAULT_RESULTS = 5;
export const WEB_SEARCH_TIMEOUT_SECONDS = 15;
export const WEB_SEARCH_MAX_QUERY_CHARS = 400;
export const WEB_SEARCH_MAX_DOMAINS = 10;
export const WEB_SEARCH_TYPES = ['auto', 'neural', 'keyword'] as const;

/** A bare host name (no scheme, path or wildcard): what includeDomains/excludeDomains hold. */
export const WEB_SEARCH_DOMAIN_PATTERN =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const webSearchConfigSchema = z
  .object({
    maxResults: z
      .number()
      .int()
      .min(1)
      .max(WEB_SEARCH_MAX_RESULTS)
      .optional()
      .describe(
        `Cap on the results a call returns (default and largest count the model may ask for: ${WEB_SEARCH_MAX_RESULTS}).`,
      ),
  })
  .strict();

const domains = (description: string) => ({
  type: 'array',
  minItems: 1,
  maxItems: WEB_SEARCH_MAX_DOMAINS,
  items: { type: 'string', maxLength: 253, pattern: WEB_SEARCH_DOMAIN_PATTERN.source },
  description,
});

export const webSearchBuiltin: BuiltinDefinition = {
  name: 'web_search',
  description:
    'Search the web and get the top results: title, URL and a short description of each. Use web_scrape (if ' +
    'available) to read a result in full.',
  parameters: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        minLength: 1,
        maxLength: WEB_SEARCH_MAX_QUERY_CHARS,
        description: 'What to search for',
      },
      count: {
        type: 'integer',
        minimum: 1,
        maximum: WEB_SEARCH_MAX_RESULTS,
        default: WEB_SEARCH_DEFAULT_RESULTS,
        description: `How many results (the exa search provider returns at most ${WEB_SEARCH_EXA_MAX_RESULTS})`,
      },
      searchType: {
        type: 'string',
        enum: [...WEB_SEARCH_TYPES],
        default: 'auto',
        description:
          'auto: the provider chooses; neural (by meaning) and keyword need the exa provider and are refused otherwise',
      },
      includeDomains: domains('Only results from these domains (and their subdomains), e.g. ["arxiv.org"]'),
      excludeDomains: domains('No results from these domains'),
      startDate: {
        type: 'string',
        format: 'date',
        description: 'Only pages published on or after this day (YYYY-MM-DD)',
      },
      endDate: {
        type: 'string',
        format: 'date',
        description: 'Only pages published on or before this day (YYYY-MM-DD)',
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  config: webSearchConfigSchema,
  limits: `Delegates to the search API the project setting WEB_SEARCH_PROVIDER names: brave (default; WEB_SEARCH_API_KEY, WEB_SEARCH_URL) or exa (EXA_API_KEY, EXA_URL); SSRF-guarded, ${WEB_SEARCH_TIMEOUT_SECONDS} s timeout, at most ${WEB_SEARCH_MAX_RESULTS} results (${WEB_SEARCH_EXA_MAX_RESULTS} with exa), at most ${WEB_SEARCH_MAX_DOMAINS} included and ${WEB_SEARCH_MAX_DOMAINS} excluded domains. With brave, domains become site: operators and dates a freshness range; searchType neural or keyword is refused.`,
};
