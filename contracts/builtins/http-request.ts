import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

export const HTTP_REQUEST_MAX_CHARS = 10_000;
export const HTTP_REQUEST_TIMEOUT_SECONDS = 30;

const hostPattern = /^(\*\.)?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const httpRequestConfigSchema = z
  .object({
    allowedHosts: z
      .array(z.string().regex(hostPattern, 'must be a host name, an IP address or *.domain'))
      .min(1)
      .max(100)
      .optional()
      .describe('Only these hosts may be called (exact host, or "*.example.com" for subdomains). Absent = any host.'),
    maxResponseChars: z
      .number()
      .int()
      .min(100)
      .max(HTTP_REQUEST_MAX_CHARS)
      .optional()
      .describe(`Cap on the response body returned to the model (default and maximum ${HTTP_REQUEST_MAX_CHARS}).`),
  })
  .strict();

export const httpRequestBuiltin: BuiltinDefinition = {
  name: 'http_request',
  description:
    'Make an HTTP request to a public URL and get the status, headers and body back. Use it to call web APIs. ' +
    `The body is cut at ${HTTP_REQUEST_MAX_CHARS} characters; requests to private or internal addresses are refused.`,
  parameters: {
    type: 'object',
    properties: {
      url: { type: 'string', description: 'Absolute http:// or https:// URL' },
      method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], default: 'GET' },
      headers: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'Request headers (name → value)',
      },
      body: {
        description: 'Request body: a string is sent as is, any other JSON value is sent as application/json',
      },
    },
    required: ['url'],
    additionalProperties: false,
  },
  config: httpRequestConfigSchema,
  limits: `SSRF-guarded (every connection and redirect), ${HTTP_REQUEST_TIMEOUT_SECONDS} s timeout, response body capped at ${HTTP_REQUEST_MAX_CHARS} characters, at most 5 redirects.`,
};
