import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

export const WEB_SCRAPE_MAX_CHARS = 200_000;
export const WEB_SCRAPE_TIMEOUT_SECONDS = 30;
/** includeImages: the first images of the content described, each read up to this size. */
export const WEB_SCRAPE_MAX_IMAGES = 5;
export const WEB_SCRAPE_MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/** Output cap of each image description's model call. */
export const WEB_SCRAPE_IMAGE_DESCRIPTION_TOKENS = 300;

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
      includeImages: {
        type: 'boolean',
        default: false,
        description: `Also describe the first ${WEB_SCRAPE_MAX_IMAGES} images of the page with a vision model (needs the project setting VISION_MODEL)`,
      },
    },
    required: ['url'],
    additionalProperties: false,
  },
  config: webScrapeConfigSchema,
  limits: `SSRF-guarded (every connection and redirect), ${WEB_SCRAPE_TIMEOUT_SECONDS} s timeout, page read up to 5 MB, result capped at ${WEB_SCRAPE_MAX_CHARS} characters; works without any external service. includeImages: the first ${WEB_SCRAPE_MAX_IMAGES} distinct images of the content (PNG, JPEG, GIF or WebP, each read up to ${WEB_SCRAPE_MAX_IMAGE_BYTES / 1024 / 1024} MB through the same guard and allowedHosts) are described by the model the project setting VISION_MODEL names, at the generation's provider (up to ${WEB_SCRAPE_IMAGE_DESCRIPTION_TOKENS} tokens each; one model_call trace entry, counted in the usage); refused without that setting.`,
};
