import { z } from './common.js';
import { policySchema } from './policy.js';

export const createApiKeySchema = z
  .object({
    name: z.string().min(1).max(200),
    policy: policySchema,
  })
  .strict()
  .openapi('CreateApiKey');
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

/** An API key as listed: never the key itself, only its public lookup prefix. */
export const apiKeySchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    prefix: z.string(),
    policy: policySchema,
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .openapi('ApiKey');
export type ApiKeyView = z.infer<typeof apiKeySchema>;

/** The creation response: the only time the key is shown. */
export const createdApiKeySchema = apiKeySchema
  .extend({ key: z.string().describe('The API key. Shown only in this response; store it now.') })
  .openapi('CreatedApiKey');
