import { z } from './common.js';

export const providerKindSchema = z.enum(['openai', 'openai_compatible', 'azure_openai']);

const providerFields = {
  name: z.string().min(1).max(200),
  kind: providerKindSchema,
  baseUrl: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  apiKey: z.string().min(1).max(4096).optional(),
  defaultModel: z.string().min(1).max(200),
  headers: z.record(z.string().regex(/^[A-Za-z0-9-]{1,128}$/), z.string().max(8192)).optional(),
};

export const createProviderSchema = z
  .object(providerFields)
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind !== 'openai' && !v.baseUrl) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: `baseUrl is required for kind ${v.kind}` });
    }
  })
  .openapi('CreateAiProvider');
export type CreateProvider = z.infer<typeof createProviderSchema>;

export const providerSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    kind: providerKindSchema,
    baseUrl: z.string().nullable(),
    hasApiKey: z.boolean(),
    defaultModel: z.string(),
    headers: z.record(z.string(), z.string()).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AiProvider');
export type ProviderView = z.infer<typeof providerSchema>;
