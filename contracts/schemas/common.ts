import { extendZodWithOpenApi, type ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);
export { z };

/**
 * JSON Schema 2020-12 keywords for `.openapi()` that zod-to-openapi's metadata type (OpenAPI 3.0
 * shaped) does not list; the 3.1 generator copies them into the document as given. Used to state
 * in the document what a key schema or a refinement enforces.
 */
export function jsonSchemaKeywords(keywords: {
  propertyNames?: { pattern: string };
  maxProperties?: number;
  contentMediaType?: string;
  contentSchema?: Record<string, unknown>;
}): Partial<ZodOpenAPIMetadata> {
  return keywords as Partial<ZodOpenAPIMetadata>;
}

/** Names the model sees (the OpenAI function-name rule). */
export const toolNameSchema = z
  .string()
  .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must match ^[a-zA-Z0-9_-]{1,64}$')
  .openapi({ example: 'lookup_order' });

export const toolChoiceSchema = z
  .union([
    z.enum(['auto', 'required', 'none']),
    z.object({ type: z.literal('tool'), toolName: toolNameSchema }).strict(),
  ])
  .openapi('ToolChoice');
export type ToolChoice = z.infer<typeof toolChoiceSchema>;

export const toolIdSchema = z
  .string()
  .regex(/^agt_tool_[0-9a-zA-Z]{8,64}$/, 'must be an agent tool id (agt_tool_…)')
  .openapi({ example: 'agt_tool_7HqL2vX9pC4d' });

export const stepRuleSchema = z
  .object({
    step: z.number().int().min(1),
    toolChoice: toolChoiceSchema.optional(),
    activeToolIds: z.array(toolIdSchema).max(128).optional(),
  })
  .strict()
  .openapi('StepRule');
export type StepRule = z.infer<typeof stepRuleSchema>;

export const stopConditionSchema = z
  .object({ type: z.literal('hasToolCall'), toolName: toolNameSchema })
  .strict()
  .openapi('StopCondition');
export type StopCondition = z.infer<typeof stopConditionSchema>;

/**
 * `schema | null`. Use it instead of `.nullable()` on a schema registered with `.openapi('Name')`:
 * zod-to-openapi 9 turns `Named.nullable()` into a plain `$ref` (dropping null) or makes the shared
 * component itself nullable, so the document would no longer say what the validator accepts.
 */
export function orNull<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}

/**
 * States `required` from what zod enforces: zod 4 requires an object key whose schema is
 * `z.unknown()` (null is a value), zod-to-openapi leaves such keys out of `required`.
 */
export function withRequiredKeys<T extends z.ZodObject>(schema: T): T {
  const required = Object.entries(schema.shape)
    .filter(([key, field]) => !z.object({ [key]: field as z.ZodType }).safeParse({}).success)
    .map(([key]) => key);
  return schema.openapi({ required });
}

/**
 * The `params` of a refinement no JSON Schema can state (arithmetic or uniqueness across fields, a
 * name the server's runtime data must know). A request that fails only such rules matches the
 * OpenAPI document, so it is answered 422 `unprocessable` instead of 400 (api/http.ts parseInput).
 */
export const UNPROCESSABLE_RULE = { unprocessable: true } as const;

/** Whether a zod issue comes from a rule marked with UNPROCESSABLE_RULE. */
export function isUnprocessableRule(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.unprocessable === true;
}

/**
 * An http(s) URI as RFC 3986 spells it (the grammar of its appendix A, for the two schemes):
 * what the document's `format: uri` with the `^https?://` pattern accepts.
 */
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;
const H16 = '[0-9A-Fa-f]{1,4}';
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join('|');
const IP_LITERAL = `\\[(?:${IPV6}|v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+)\\]`;
const AUTHORITY =
  `(?:(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*@)?` + // userinfo
  `(?:${IP_LITERAL}|(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*)` + // host
  '(?::[0-9]*)?'; // port
const RFC3986_HTTP_URI = new RegExp(
  `^https?://${AUTHORITY}(?:/${PCHAR}*)*(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`,
);

/** Whether a value is an http(s) URI (RFC 3986) that the URL parser outbound requests use takes as such. */
function isHttpUrl(value: string): boolean {
  if (!RFC3986_HTTP_URI.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An http(s) URL. The document says `format: uri` (RFC 3986) and the pattern `^https?://`; the
 * validator checks both on the value as sent, and parses it as a URL (WHATWG, what outbound
 * requests use). RFC 3986 refuses what the URL parser repairs (surrounding spaces, non-ASCII
 * characters, `[` in a path, a second `#`), so neither is accepted alone. (`z.url()` was not used:
 * it trims the value before its checks and takes what the parser repairs.)
 */
export const HTTP_URL_PATTERN = /^https?:\/\//;
export function httpUrlSchema(maxLength = 2048) {
  return (
    z
      .string()
      .max(maxLength)
      // One problem per URL: a value without the scheme is not checked further.
      .regex(HTTP_URL_PATTERN, { message: 'must be an http or https URL', abort: true })
      .refine(isHttpUrl, 'must be an http or https URL as RFC 3986 spells it (ASCII, no spaces)')
      // Kept next to the pattern by both zod-to-openapi and z.toJSONSchema.
      .meta({ format: 'uri' })
  );
}

/** `{argument}` placeholders of an http tool's URL (contracts/http-tool-request.ts). */
const URL_PLACEHOLDER = /\{[A-Za-z_][A-Za-z0-9_]*\}/g;
const filledWith = (url: string, value: string) => url.replace(URL_PLACEHOLDER, value);
/** The origin a URL template has whatever its placeholders hold (null when they can change it). */
export function fixedOrigin(template: string): string | null {
  try {
    const a = new URL(filledWith(template, 'p')).origin;
    return a === new URL(filledWith(template, 'q9')).origin ? a : null;
  } catch {
    return null;
  }
}

/**
 * An http(s) URL with `{argument}` placeholders in its path and query only: the scheme, host and
 * port are fixed by whoever writes the tool, never by the model's arguments.
 */
export function httpUrlTemplateSchema(maxLength = 2048) {
  return (
    z
      .string()
      .max(maxLength)
      .regex(HTTP_URL_PATTERN, { message: 'must be an http or https URL', abort: true })
      // The document can say only `uri-template`, which these rules narrow: a template it accepts
      // and they refuse is a 422 (UNPROCESSABLE_RULE), as for every rule the document cannot state.
      .refine((v) => isHttpUrl(filledWith(v, 'p')), {
        message: 'must be an http or https URL as RFC 3986 spells it (ASCII, no spaces), with {argument} placeholders',
        params: UNPROCESSABLE_RULE,
      })
      .refine((v) => fixedOrigin(v) !== null, {
        message: 'placeholders may stand in the path and query only, not the host or port',
        params: UNPROCESSABLE_RULE,
      })
      .meta({ format: 'uri-template' })
  );
}

/** A JSON object with string keys (arguments, metadata). */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/** `<epoch ms>.<id>` (api/pagination.ts); 14 digits keep every value a date before the year 9999. */
export const CURSOR_PATTERN = /^([0-9]{1,14})\.([A-Za-z0-9_-]{1,200})$/;
export const cursorSchema = z
  .string()
  .regex(CURSOR_PATTERN, 'must be a nextCursor returned by this list')
  .describe("The previous page's `nextCursor` (opaque to clients; its format is checked).");

export const paginationQuerySchema = z
  .object({
    cursor: cursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export function listResponseSchema<T extends z.ZodType>(item: T, name: string) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() }).openapi(name);
}

export const errorResponseSchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  })
  .openapi('Error', {
    description:
      'Every error of every operation. `code` is stable (invalid_request, unauthorized, forbidden, not_found, method_not_allowed, conflict, payload_too_large, unprocessable, not_implemented, rate_limited, …); `details` lists each problem of a 400 with its `path` (body.*, query.*, path.*).',
    example: {
      error: {
        code: 'invalid_request',
        message: 'Invalid body: body.name Too small: expected string to have >=1 characters',
        details: [
          { path: 'body.name', message: 'Too small: expected string to have >=1 characters', code: 'too_small' },
        ],
      },
    },
  });

/** Shown instead of a secret value (headers marked secret); never accepted as a value on input. */
export const SECRET_PLACEHOLDER = '[secret]';

/**
 * A header value as sent: the secret placeholder is refused (secretHeaderMapSchema), which the
 * document states as `not: { const }`.
 */
const headerValueSchema = z
  .string()
  .max(8192)
  .openapi({ not: { const: SECRET_PLACEHOLDER } });

/** HTTP header map; values may be marked secret (encrypted at rest, never returned). */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,128}$/;
export const headerMapSchema = z.record(
  z.string().regex(HEADER_NAME, 'must be a valid header name'),
  z.union([headerValueSchema, z.object({ value: headerValueSchema, secret: z.boolean().default(true) }).strict()]),
);

/** Ids as they appear in paths and bodies: the kind's prefix and 8–64 base62 characters. */
export function idSchema(prefix: string, what: string) {
  return z
    .string()
    .regex(new RegExp(`^${prefix}[0-9a-zA-Z]{8,64}$`), `must be ${what} id (${prefix}…)`)
    .openapi({ example: `${prefix}4kT9xQ2mZ8wR` });
}
export const projectIdSchema = idSchema('prj_', 'a project');
export const apiKeyIdSchema = idSchema('key_', 'an API key');
export const aiProviderIdSchema = idSchema('aip_', 'an AI provider');
export const agentIdSchema = idSchema('agt_', 'an agent');
export const hookIdSchema = idSchema('hook_', 'a hook');
export const generationIdSchema = idSchema('agt_gen_', 'a generation');
export const approvalIdSchema = idSchema('appr_', 'an approval');
export const webhookIdSchema = idSchema('whk_', 'a webhook');
export const knowledgeBaseIdSchema = idSchema('kb_', 'a knowledge base');
export const documentIdSchema = idSchema('doc_', 'a document');
export const sessionIdSchema = idSchema('ses_', 'a session');
export const scheduleIdSchema = idSchema('sch_', 'a schedule');
export const memoryIdSchema = idSchema('mem_', 'a memory');

/**
 * Header maps on tools and hooks: bounded, and the secret placeholder is refused as a value (both in
 * the document). Names are unique case-insensitively, which JSON Schema cannot state: a repeated
 * name alone is a 422 (UNPROCESSABLE_RULE), and the description says so.
 */
export const secretHeaderMapSchema = headerMapSchema
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > 50) ctx.addIssue({ code: 'custom', message: 'at most 50 headers' });
    const seen = new Set<string>();
    for (const name of names) {
      const lower = name.toLowerCase();
      if (seen.has(lower))
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `header ${name} is given twice (names are case-insensitive)`,
          params: UNPROCESSABLE_RULE,
        });
      seen.add(lower);
      const v = headers[name];
      const value = typeof v === 'string' ? v : v?.value;
      if (value === SECRET_PLACEHOLDER) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `"${SECRET_PLACEHOLDER}" is the placeholder shown for secret values; send the real value`,
        });
      }
    }
  })
  .openapi({
    // What the record's key schema and the refinement enforce.
    ...jsonSchemaKeywords({ propertyNames: { pattern: HEADER_NAME.source }, maxProperties: 50 }),
    description: `At most 50 headers. Names are case-insensitive: a name given twice in another case is a 422. "${SECRET_PLACEHOLDER}" (the placeholder shown for secret values) is not a value.`,
  });

/** How deep and how large a free-form JSON value may be (tool parameters, builtin config). */
export function jsonShapeProblem(value: unknown, maxDepth = 32, maxNodes = 20_000): string | null {
  let nodes = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (++nodes > maxNodes) return `has more than ${maxNodes} values`;
    if (depth > maxDepth) return `nests deeper than ${maxDepth} levels`;
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return null;
}

/** The bounds of jsonShapeProblem as the document states them. */
export const JSON_SHAPE_RULE =
  'Nested at most 32 levels deep, with at most 20,000 values in all (otherwise 422: JSON Schema cannot count them).';

/**
 * A JSON object with bounded depth and size. JSON Schema can bound neither the depth of a free-form
 * value nor its number of values, so a value over them is a 422 (UNPROCESSABLE_RULE).
 */
export const boundedJsonObjectSchema = jsonObjectSchema
  .superRefine((v, ctx) => {
    const problem = jsonShapeProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: `value ${problem}`, params: UNPROCESSABLE_RULE });
  })
  .describe(JSON_SHAPE_RULE);

/**
 * A merge-patch body: every field optional (defaults removed, so an absent field stays absent),
 * and the `clearable` ones also accept null ("remove this value").
 */
export function patchSchemaOf<S extends z.core.$ZodLooseShape>(shape: S, clearable: ReadonlyArray<keyof S & string>) {
  const out: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(shape)) {
    let base = field as z.ZodType;
    if (base instanceof z.ZodDefault) base = base.unwrap() as z.ZodType;
    if (base instanceof z.ZodOptional) base = base.unwrap() as z.ZodType;
    out[key] = clearable.includes(key) ? orNull(base).optional() : base.optional();
  }
  return z.object(out).strict();
}

/** Sampling settings passed to the model on every call (agent defaults, overridden per request). */
export const modelParametersSchema = z
  .object({
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().min(1).max(1_000_000).optional().describe('Maximum tokens of each model reply'),
    stopSequences: z.array(z.string().min(1).max(200)).max(4).optional().describe('Up to 4 stop sequences'),
  })
  .strict()
  .openapi('ModelParameters');
export type ModelParameters = z.infer<typeof modelParametersSchema>;
