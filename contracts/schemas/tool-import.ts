import {
  httpUrlSchema,
  jsonObjectSchema,
  jsonSchemaKeywords,
  jsonShapeProblem,
  UNPROCESSABLE_RULE,
  z,
} from './common.js';

/** Nesting and values of an inline document (domain/openapi-import/convert.ts checks the same). */
const DOCUMENT_DEPTH = 64;
const DOCUMENT_VALUES = 1_000_000;
/** The key rule of an OpenAPI document's components (security scheme names among them). */
const SCHEME_NAME = /^[A-Za-z0-9._-]{1,200}$/;

/**
 * POST /v1/tools/import/openapi: http tools from an OpenAPI 3.x document, given inline or by URL
 * (docs/generations.md, "Importing HTTP tools from OpenAPI").
 */
export const importOpenApiToolsSchema = z
  .object({
    url: httpUrlSchema()
      .optional()
      .describe(
        'Where to fetch the document (JSON, at most 2 MiB, 10 s), through the same address guard as http tools.',
      ),
    document: jsonObjectSchema
      .superRefine((v, ctx) => {
        const problem = jsonShapeProblem(v, DOCUMENT_DEPTH, DOCUMENT_VALUES);
        if (problem) ctx.addIssue({ code: 'custom', message: `document ${problem}`, params: UNPROCESSABLE_RULE });
      })
      .optional()
      .describe('The OpenAPI 3.x document as a JSON object (YAML is not read). Nested at most 64 levels.'),
    baseUrl: httpUrlSchema().optional().describe("Replaces the document's server URL in every tool's URL."),
    operations: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(500)
      .optional()
      .describe('Import only these operationIds; one the document does not declare is a 422.'),
    namePrefix: z
      .string()
      .regex(/^[a-zA-Z0-9_-]{1,32}$/, 'must match ^[a-zA-Z0-9_-]{1,32}$')
      .optional()
      .describe('Tool names become `{namePrefix}_{operationId}`.'),
    auth: z
      .record(z.string().regex(SCHEME_NAME, 'must be a security scheme name'), z.string().min(1).max(8192))
      .refine((v) => Object.keys(v).length <= 20, 'at most 20 security schemes')
      .openapi(jsonSchemaKeywords({ propertyNames: { pattern: SCHEME_NAME.source }, maxProperties: 20 }))
      .optional()
      .describe(
        'Security scheme name → credential. An apiKey-in-header scheme sends it as that header, an http bearer ' +
          'scheme as `Authorization: Bearer …`; stored encrypted like secret headers. A scheme the document does ' +
          'not declare, or of another kind, is a 422.',
      ),
    dryRun: z.boolean().default(false).describe('Report what would change and write nothing.'),
    deleteMissing: z
      .boolean()
      .default(false)
      .describe(
        'Delete tools of an earlier import of this document whose operation it no longer declares (not attached to agents).',
      ),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.url === undefined) === (body.document === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'give exactly one of url and document',
        params: UNPROCESSABLE_RULE,
      });
  })
  .openapi('ImportOpenApiToolsRequest', {
    description: 'Exactly one of `url` and `document` (both or neither is a 422).',
    example: { url: 'https://api.example.com/openapi.json', namePrefix: 'shop', auth: { bearerAuth: 'token' } },
  });
export type ImportOpenApiTools = z.infer<typeof importOpenApiToolsSchema>;

const importedOperationSchema = z.object({
  operation: z.string().describe('`METHOD /path` as the document spells it: what a re-import matches by.'),
  operationId: z.string().nullable(),
  name: z.string(),
  toolId: z.string().nullable().describe('null for a tool a dry run would create.'),
});

export const importOpenApiToolsResultSchema = z
  .object({
    source: z.string().describe("The document's info.title: the source its tools remember."),
    dryRun: z.boolean(),
    created: z.array(importedOperationSchema),
    updated: z.array(importedOperationSchema),
    unchanged: z.array(importedOperationSchema),
    skipped: z.array(z.object({ operation: z.string(), operationId: z.string().nullable(), reason: z.string() })),
    missing: z
      .array(
        z.object({
          operation: z.string(),
          toolId: z.string(),
          name: z.string(),
          deleted: z.boolean(),
        }),
      )
      .describe('Tools of an earlier import whose operation the document no longer declares.'),
  })
  .openapi('ImportOpenApiToolsResult');
export type ImportOpenApiToolsResult = z.infer<typeof importOpenApiToolsResultSchema>;
