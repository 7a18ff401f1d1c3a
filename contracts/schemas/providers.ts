import { z, httpUrlSchema, jsonSchemaKeywords, patchSchemaOf } from './common.js';

export const providerKindSchema = z.enum([
  'openai',
  'openai_compatible',
  'azure_openai',
  'anthropic',
  'gemini',
  'ollama',
  'openrouter',
]);
export type ProviderKind = z.infer<typeof providerKindSchema>;

/**
 * Kinds whose endpoint is the tenant's own server, so `baseUrl` is required. Every other kind has a
 * preset endpoint (`providerPresets` in domain/provider-presets.ts, typed to cover exactly them).
 */
export const kindsRequiringBaseUrl = ['openai_compatible', 'azure_openai'] as const;
export type PresetProviderKind = Exclude<ProviderKind, (typeof kindsRequiringBaseUrl)[number]>;
const presetKinds = providerKindSchema.options.filter(
  (k): k is PresetProviderKind => !(kindsRequiringBaseUrl as readonly string[]).includes(k),
);

const PROVIDER_HEADER_NAME = /^[A-Za-z0-9-]{1,128}$/;
const providerHeadersSchema = z
  .record(
    z.string().regex(PROVIDER_HEADER_NAME, 'must be a header name (letters, digits, dashes)'),
    z.string().max(8192),
  )
  .refine((h) => Object.keys(h).length <= 50, 'at most 50 headers')
  .openapi(jsonSchemaKeywords({ propertyNames: { pattern: PROVIDER_HEADER_NAME.source }, maxProperties: 50 }));

/** requireBaseUrl as JSON Schema. */
const baseUrlRule = {
  allOf: [{ anyOf: [{ properties: { kind: { enum: presetKinds } } }, { required: ['baseUrl'] }] }],
};

const providerFields = {
  name: z.string().min(1).max(200),
  kind: providerKindSchema,
  baseUrl: httpUrlSchema()
    .describe('Required for openai_compatible and azure_openai; the other kinds default to their preset endpoint.')
    .optional(),
  apiKey: z.string().min(1).max(4096).optional().describe('Write-only: encrypted at rest, never returned.'),
  defaultModel: z.string().min(1).max(200),
  headers: providerHeadersSchema.optional(),
};

function requireBaseUrl(v: { kind: string; baseUrl?: string | null }, ctx: z.core.$RefinementCtx): void {
  if ((kindsRequiringBaseUrl as readonly string[]).includes(v.kind) && !v.baseUrl) {
    ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: `baseUrl is required for kind ${v.kind}` });
  }
}

export const createProviderSchema = z
  .object(providerFields)
  .strict()
  .superRefine(requireBaseUrl)
  .openapi('CreateAiProvider', baseUrlRule);
export type CreateProvider = z.infer<typeof createProviderSchema>;

/** PUT: the whole provider. `apiKey` omitted keeps the stored key, `null` removes it. */
export const replaceProviderSchema = z
  .object({
    ...providerFields,
    apiKey: providerFields.apiKey
      .unwrap()
      .nullable()
      .optional()
      .describe('Omit to keep the stored key (not when kind or baseUrl changes: 422); null removes it. Write-only.'),
  })
  .strict()
  .superRefine(requireBaseUrl)
  .openapi('ReplaceAiProvider', baseUrlRule);
export type ReplaceProvider = z.infer<typeof replaceProviderSchema>;

/** PATCH: a merge patch; null clears baseUrl, apiKey or headers. */
export const patchProviderSchema = patchSchemaOf(providerFields, ['baseUrl', 'apiKey', 'headers']).openapi(
  'PatchAiProvider',
);
export type PatchProvider = z.infer<typeof patchProviderSchema>;

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
