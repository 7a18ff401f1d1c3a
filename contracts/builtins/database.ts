import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

export const DATABASE_RESULT_MAX_CHARS = 50_000;
/**
 * Bytes one statement may bring over the wire. A row this large could never fit the result; rows
 * are fetched in batches sized to the characters still free, so a result within the cap stays far below.
 */
export const DATABASE_RESULT_MAX_WIRE_BYTES = 1024 * 1024;
/** Longer SQL is refused before parsing (the parse runs on the worker's thread). */
export const DATABASE_SQL_MAX_CHARS = 20_000;
export const DATABASE_DEFAULT_TIMEOUT_MS = 10_000;

const identifier = z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_$]{0,62}$/, 'must be a plain SQL identifier');

/** One allow-listed table: `schema.table`, optionally narrowed to some columns. */
const allowedTableSchema = z
  .object({
    schema: identifier.default('public'),
    table: identifier,
    columns: z
      .array(identifier)
      .min(1)
      .max(500)
      .optional()
      .describe('Only these columns may be read, written or returned; absent = every column.'),
  })
  .strict();

const databaseUrlSchema = z
  .string()
  .max(2048)
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
  .describe('Connection string of the PostgreSQL database (secret: encrypted at rest, never returned).');

const common = {
  databaseUrl: databaseUrlSchema.optional(),
  tables: z
    .array(allowedTableSchema)
    .min(1)
    .max(200)
    .optional()
    .describe('The allow-list: only these tables (and their listed columns) may be used. Absent = nothing.'),
  statementTimeoutMs: z.number().int().min(100).max(60_000).optional(),
};

export const databaseQueryConfigSchema = z.object(common).strict();
export const databaseWriteConfigSchema = z
  .object({
    ...common,
    requireApproval: z.boolean().optional().describe('Default true: every write waits for a human approval.'),
  })
  .strict();
export type DatabaseConfig = z.infer<typeof databaseWriteConfigSchema>;

const sqlParameters = {
  sql: { type: 'string', description: 'One SQL statement; put values in params as $1, $2, …' },
  params: {
    type: 'array',
    items: { type: ['string', 'number', 'boolean', 'null'] },
    description: 'Values for the $n placeholders, in order',
  },
};

export const databaseQueryBuiltin: BuiltinDefinition = {
  name: 'database_query',
  description:
    'Run one read-only SQL SELECT on the configured PostgreSQL database and get the rows back as JSON. ' +
    'Only allow-listed tables and columns may be used; pass values as $n parameters.',
  parameters: { type: 'object', properties: sqlParameters, required: ['sql'], additionalProperties: false },
  config: databaseQueryConfigSchema,
  secretConfigKeys: ['databaseUrl'],
  limits: `Exactly one SELECT of at most ${DATABASE_SQL_MAX_CHARS} characters (parsed with the PostgreSQL parser, names resolved with their scope), run in a READ ONLY transaction that is rolled back, statement_timeout ${DATABASE_DEFAULT_TIMEOUT_MS} ms by default (per fetch), rows read through a cursor up to ${DATABASE_RESULT_MAX_CHARS} characters and at most ${DATABASE_RESULT_MAX_WIRE_BYTES} bytes received.`,
};

export const databaseWriteBuiltin: BuiltinDefinition = {
  name: 'database_write',
  description:
    'Run one INSERT, UPDATE or DELETE on the configured PostgreSQL database. UPDATE and DELETE need a WHERE clause; ' +
    'only allow-listed tables and columns may be used; pass values as $n parameters. Returns the affected row count ' +
    '(and the RETURNING rows).',
  parameters: { type: 'object', properties: sqlParameters, required: ['sql'], additionalProperties: false },
  config: databaseWriteConfigSchema,
  secretConfigKeys: ['databaseUrl'],
  approvalByDefault: true,
  limits: `Exactly one INSERT/UPDATE/DELETE of at most ${DATABASE_SQL_MAX_CHARS} characters (UPDATE/DELETE with WHERE), tables and columns checked against the allow-list, statement_timeout ${DATABASE_DEFAULT_TIMEOUT_MS} ms by default, RETURNING rows at most ${DATABASE_RESULT_MAX_WIRE_BYTES} bytes received, human approval unless requireApproval is false, committed at most once per tool call.`,
};
