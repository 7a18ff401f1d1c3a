import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);
export { z };

/** Names the model sees (SPEC §3.4). */
export const toolNameSchema = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must match ^[a-zA-Z0-9_-]{1,64}$');

export const toolChoiceSchema = z
  .union([
    z.enum(['auto', 'required', 'none']),
    z.object({ type: z.literal('tool'), toolName: toolNameSchema }).strict(),
  ])
  .openapi('ToolChoice');
export type ToolChoice = z.infer<typeof toolChoiceSchema>;

export const toolIdSchema = z.string().regex(/^agt_tool_[0-9a-zA-Z]{8,64}$/, 'must be an agent tool id (agt_tool_…)');

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

/** A JSON object with string keys (arguments, metadata). */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

export const paginationQuerySchema = z
  .object({
    cursor: z.string().max(200).optional(),
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
  .openapi('Error');

/** HTTP header map; values may be marked secret (encrypted at rest, never returned). */
export const headerMapSchema = z.record(
  z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,128}$/, 'must be a valid header name'),
  z.union([
    z.string().max(8192),
    z.object({ value: z.string().max(8192), secret: z.boolean().default(true) }).strict(),
  ]),
);
