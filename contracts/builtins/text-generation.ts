import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

export const TEXT_INPUT_MAX_CHARS = 100_000;
export const TEXT_DEFAULT_MAX_TOKENS = 1024;

export const textGenerationConfigSchema = z
  .object({
    model: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("Model of the agent's provider used for the nested call (default: the agent's model)."),
    maxTokens: z
      .number()
      .int()
      .min(16)
      .max(32_000)
      .optional()
      .describe(`Cap on the tokens the nested call may generate (default ${TEXT_DEFAULT_MAX_TOKENS}).`),
  })
  .strict();

const limits = `One nested, non-streaming model call with the agent's provider (config.model picks another model of it); input up to ${TEXT_INPUT_MAX_CHARS} characters, output up to config.maxTokens (default ${TEXT_DEFAULT_MAX_TOKENS}) tokens; its usage is a trace entry of its own and counts in the generation's usage.`;

export const summarizeBuiltin: BuiltinDefinition = {
  name: 'summarize',
  description:
    'Summarise a text with a separate model call and get the summary back. Use it to condense long tool results ' +
    'or documents before reasoning over them.',
  parameters: {
    type: 'object',
    properties: {
      text: { type: 'string', minLength: 1, maxLength: TEXT_INPUT_MAX_CHARS, description: 'The text to summarise' },
      instructions: {
        type: 'string',
        maxLength: 2000,
        description: 'What to focus on, the audience, the format (e.g. "three bullet points on the risks")',
      },
      maxWords: { type: 'integer', minimum: 10, maximum: 2000, description: 'Longest summary wanted, in words' },
    },
    required: ['text'],
    additionalProperties: false,
  },
  config: textGenerationConfigSchema,
  limits,
};

export const generateTextBuiltin: BuiltinDefinition = {
  name: 'generate_text',
  description:
    'Generate text with a separate model call (a draft, a translation, a rewrite) from a prompt and an optional ' +
    'system instruction, without adding the work to this conversation.',
  parameters: {
    type: 'object',
    properties: {
      prompt: { type: 'string', minLength: 1, maxLength: TEXT_INPUT_MAX_CHARS, description: 'The request' },
      system: {
        type: 'string',
        maxLength: 10_000,
        description: 'Instructions for the nested model (its system message)',
      },
    },
    required: ['prompt'],
    additionalProperties: false,
  },
  config: textGenerationConfigSchema,
  limits,
};
