import { z } from './common.js';

/**
 * IAM-style policies: statements `{ effect, action, resource }` with `*` wildcards. Actions are
 * `service:Operation`; resources are `<projectId>:<collection>/<id>` patterns.
 */
export const policyStatementSchema = z
  .object({
    effect: z.enum(['Allow', 'Deny']),
    action: z
      .array(
        z
          .string()
          .regex(/^[a-zA-Z*]+:[a-zA-Z*]+$|^\*$/, 'must look like service:Operation')
          .openapi({ example: 'agents:*' }),
      )
      .min(1)
      .max(100),
    resource: z.array(z.string().min(1).max(500)).min(1).max(100).default(['*']),
  })
  .strict()
  .openapi('PolicyStatement');

export const MAX_POLICY_ENTRIES = 1000;

export const policySchema = z
  .object({ statements: z.array(policyStatementSchema).min(1).max(100) })
  .strict()
  .refine((p) => p.statements.reduce((n, s) => n + s.action.length + s.resource.length, 0) <= MAX_POLICY_ENTRIES, {
    message: `a policy may list at most ${MAX_POLICY_ENTRIES} actions and resources in total`,
    path: ['statements'],
  })
  .openapi('Policy');
export type Policy = z.infer<typeof policySchema>;
