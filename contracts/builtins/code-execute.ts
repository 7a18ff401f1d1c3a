import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

export const CODE_OUTPUT_MAX_CHARS = 20_000;
export const CODE_DEFAULT_TIMEOUT_MS = 5_000;
export const CODE_MAX_TIMEOUT_MS = 30_000;
export const CODE_DEFAULT_MEMORY_MB = 64;

export const codeExecuteConfigSchema = z
  .object({
    timeoutMs: z.number().int().min(100).max(CODE_MAX_TIMEOUT_MS).optional(),
    memoryLimitMb: z.number().int().min(8).max(512).optional(),
  })
  .strict();

export const codeExecuteBuiltin: BuiltinDefinition = {
  name: 'code_execute',
  description:
    'Run a JavaScript program in an isolated sandbox and get what it printed (console.log) and its last value. ' +
    'The sandbox has no network, filesystem, environment, require or process. Other languages run on an external ' +
    'sandbox when one is configured.',
  parameters: {
    type: 'object',
    properties: {
      code: { type: 'string', description: 'The program' },
      language: {
        type: 'string',
        enum: ['javascript', 'python'],
        default: 'javascript',
        description: 'javascript runs in the embedded sandbox; other languages need an external sandbox service',
      },
    },
    required: ['code'],
    additionalProperties: false,
  },
  config: codeExecuteConfigSchema,
  limits: `JavaScript in an embedded QuickJS (WebAssembly) sandbox: ${CODE_DEFAULT_TIMEOUT_MS} ms and ${CODE_DEFAULT_MEMORY_MB} MB by default (config timeoutMs up to ${CODE_MAX_TIMEOUT_MS}, memoryLimitMb up to 512), output capped at ${CODE_OUTPUT_MAX_CHARS} characters. Other languages: CODE_SANDBOX_URL (env or project setting).`,
};
