import type { z } from 'zod';

/**
 * What the platform knows about one builtin tool before running it: what the model is told
 * (description, JSON Schema of the arguments) and what the tool's `config` may hold.
 */
export interface BuiltinDefinition {
  name: string;
  /** Shown to the model unless the tool row has its own description. */
  description: string;
  /** JSON Schema (draft-07) of the call arguments, sent to the model as the function parameters. */
  parameters: Record<string, unknown>;
  /** The tool's `config` (strict: unknown keys are refused). */
  config: z.ZodType<Record<string, unknown>>;
  /** Config keys holding secrets: encrypted at rest, shown as "[secret]", never returned. */
  secretConfigKeys?: readonly string[];
  /** Calls wait for a human approval unless the tool's config says `requireApproval: false`. */
  approvalByDefault?: boolean;
  /** What a retry after an interrupted call does (docs/adr/0008); absent = at_least_once. */
  delivery?: 'at_most_once';
  /** The limits the builtin enforces, as documented (OpenAPI and docs/generations.md). */
  limits: string;
}
