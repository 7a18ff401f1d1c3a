import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

export const WEB_SCRAPE_MAX_CHARS = 200_000;
export const WEB_SCRAPE_TIMEOUT_SECONDS = 30;

export const webScrapeConfigSchema = z
  .object({
    allowedHosts: z
      .array(z.string().regex(/^(\*\.)?[a-z0-9.-]{1,253}$/i, 'must be a host name or *.domain'))
      .min(1)
      .max(100)
      .optional()
      .describe('Only these hosts may be fetched (every redirect hop is checked). Absent = any public host.'),
    maxChars: z.number().int().min(1000).max(WEB_SCRAPE_MAX_CHARS).optional(),
  })
  .strict();

export const webScrapeBuiltin: BuiltinDefinition = {
  name: 'web_scrape',
  description:
    "Fetch a public web page and get its readable content: the main article as markdown (default), the page's " +
    'cleaned HTML, or the list of its links.',
  parameters: {
    type: 'object',
    properties: {
      url: { type: 'string', description: 'Absolute http:// or https:// URL of the page' },
      format: { type: 'string', enum: ['markdown', 'html', 'links'], default: 'markdown' },
    },
    required: ['url'],
    additionalProperties: false,
  },
  config: webScrapeConfigSchema,
  limits: `SSRF-guarded (every connection and redirect), ${WEB_SCRAPE_TIMEOUT_SECONDS} s timeout, page read up to 5 MB, result capped at ${WEB_SCRAPE_MAX_CHARS} characters; works without any external service.`,
};
