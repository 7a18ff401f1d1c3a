import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

export const WEB_SEARCH_DEFAULT_URL = 'https://api.search.brave.com/res/v1/web/search';
export const WEB_SEARCH_MAX_RESULTS = 20;
export const WEB_SEARCH_DEFAULT_RESULTS = 5;
export const WEB_SEARCH_TIMEOUT_SECONDS = 15;

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

export const webSearchBuiltin: BuiltinDefinition = {
  name: 'web_search',
  description:
    'Search the web and get the top results: title, URL and a short description of each. Use web_scrape (if ' +
    'available) to read a result in full.',
  parameters: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 400, description: 'What to search for' },
      count: {
        type: 'integer',
        minimum: 1,
        maximum: WEB_SEARCH_MAX_RESULTS,
        default: WEB_SEARCH_DEFAULT_RESULTS,
        description: 'How many results',
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  config: webSearchConfigSchema,
  limits: `Delegates to the Brave Search API (project settings WEB_SEARCH_API_KEY, and WEB_SEARCH_URL for a compatible endpoint); SSRF-guarded, ${WEB_SEARCH_TIMEOUT_SECONDS} s timeout, at most ${WEB_SEARCH_MAX_RESULTS} results.`,
};
