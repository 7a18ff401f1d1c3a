import { z, UNPROCESSABLE_RULE } from './common.js';

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

/**
 * The total bound sums array lengths across statements, which JSON Schema cannot state (each array's
 * own bound is in the document): a policy over it alone is a 422 (UNPROCESSABLE_RULE), and the
 * description says so.
 */
export const policySchema = z
  .object({ statements: z.array(policyStatementSchema).min(1).max(100) })
  .strict()
  .refine((p) => p.statements.reduce((n, s) => n + s.action.length + s.resource.length, 0) <= MAX_POLICY_ENTRIES, {
    message: `a policy may list at most ${MAX_POLICY_ENTRIES} actions and resources in total`,
    path: ['statements'],
    params: UNPROCESSABLE_RULE,
  })
  .openapi('Policy', {
    description: `At most ${MAX_POLICY_ENTRIES} actions and resources in total over all statements (otherwise 422).`,
  });
export type Policy = z.infer<typeof policySchema>;
