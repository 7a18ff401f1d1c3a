import { z } from 'zod';
import { httpUrlSchema } from '../schemas/common.js';
import type { BuiltinDefinition } from './types.js';

export const STORAGE_TEXT_MAX_CHARS = 100_000;
export const STORAGE_WRITE_DEFAULT_BYTES = 1024 * 1024;
export const STORAGE_WRITE_MAX_BYTES = 10 * 1024 * 1024;
export const STORAGE_LIST_MAX = 1000;
export const STORAGE_URL_DEFAULT_TTL_SECONDS = 900;
export const STORAGE_PATH_MAX_CHARS = 1024;
export const STORAGE_S3_DEFAULT_REGION = 'us-east-1';

const bucket = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be 1-63 lowercase letters, digits or dashes')
  .optional()
  .describe('The bucket of the project the tool works in (default "default"). Buckets never cross projects.');

const s3Only = 'Only with backend "s3".';
const keySegment = String.raw`[A-Za-z0-9 ._\-()+@=,]+`;

/** Where the files are kept: the same fields on storage_read, storage_write and storage_list. */
const backendFields = {
  backend: z
    .enum(['filesystem', 's3'])
    .optional()
    .describe(
      'Where the files are kept: "filesystem" (default; DATA_DIR/storage/<project>/<bucket> on the server) or "s3" ' +
        '(an S3-compatible service: needs endpoint, s3Bucket, accessKeyId and secretAccessKey).',
    ),
  endpoint: httpUrlSchema()
    .optional()
    .describe(
      `${s3Only} The service URL, e.g. https://s3.eu-west-1.amazonaws.com. Connections go through the SSRF guard: ` +
        'private and local addresses only when the operator allow-lists them (SSRF_ALLOWLIST).',
    ),
  region: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1')
    .optional()
    .describe(`${s3Only} The region requests are signed for (default ${STORAGE_S3_DEFAULT_REGION}).`),
  s3Bucket: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, . and -)')
    .optional()
    .describe(`${s3Only} The S3 bucket holding the files; each project's files are under <project>/<bucket>/ in it.`),
  accessKeyId: z.string().min(1).max(128).optional().describe(`${s3Only} The access key id.`),
  secretAccessKey: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .describe(`${s3Only} The secret access key (secret: encrypted at rest, never returned).`),
  forcePathStyle: z
    .boolean()
    .optional()
    .describe(
      `${s3Only} Address the bucket in the path (http://host/bucket/key) instead of the host name ` +
        '(http://bucket.host/key); most self-hosted services need true. Default false.',
    ),
  keyPrefix: z
    .string()
    .max(256)
    .regex(new RegExp(`^${keySegment}(/${keySegment})*$`), 'must be a relative folder path such as "agents/prod"')
    .refine((p) => !p.split('/').some((s) => s === '.' || s === '..'), 'must not contain "." or ".." segments')
    .meta({ not: { pattern: String.raw`(^|/)\.{1,2}(/|$)` } })
    .optional()
    .describe(`${s3Only} A folder of the S3 bucket under which the project folders are kept.`),
};
const s3FieldNames = [
  'endpoint',
  'region',
  's3Bucket',
  'accessKeyId',
  'secretAccessKey',
  'forcePathStyle',
  'keyPrefix',
];
const s3Required = ['endpoint', 's3Bucket', 'accessKeyId'];

/** The S3 fields come with backend "s3" only (and its required ones with it): none is accepted and ignored. */
function checkBackend(config: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const s3 = config.backend === 's3';
  for (const name of s3 ? s3Required : s3FieldNames) {
    if (s3 && config[name] === undefined)
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required with backend "s3"' });
    if (!s3 && config[name] !== undefined)
      ctx.addIssue({ code: 'custom', path: [name], message: 'is only used with backend "s3"' });
  }
}

/** checkBackend as JSON Schema, for the OpenAPI document (contracts/builtins/index.ts builtinConfigRules). */
const backendRule = {
  allOf: [
    {
      if: { properties: { backend: { const: 's3' } }, required: ['backend'] },
      then: { required: s3Required },
      else: { not: { anyOf: s3FieldNames.map((name) => ({ required: [name] })) } },
    },
  ],
};

/** Config of the storage builtins: the bucket, the backend, and each tool's own limits. */
export const storageReadConfigSchema = z
  .object({
    bucket,
    ...backendFields,
    urlTtlSeconds: z
      .number()
      .int()
      .min(60)
      .max(86_400)
      .optional()
      .describe(
        `How long a signed download URL stays valid (default ${STORAGE_URL_DEFAULT_TTL_SECONDS} s, at most a day).`,
      ),
  })
  .strict()
  .superRefine(checkBackend)
  .meta(backendRule);

export const storageWriteConfigSchema = z
  .object({
    bucket,
    ...backendFields,
    maxWriteBytes: z
      .number()
      .int()
      .min(1)
      .max(STORAGE_WRITE_MAX_BYTES)
      .optional()
      .describe(`Largest file a call may write, in UTF-8 bytes (default ${STORAGE_WRITE_DEFAULT_BYTES}).`),
  })
  .strict()
  .superRefine(checkBackend)
  .meta(backendRule);

export const storageListConfigSchema = z
  .object({ bucket, ...backendFields })
  .strict()
  .superRefine(checkBackend)
  .meta(backendRule);

/** The backend part of any storage tool's config. */
export type StorageBackendConfig = z.infer<typeof storageListConfigSchema>;
export const storageSecretConfigKeys = ['secretAccessKey'] as const;

const pathDescription =
  'Path inside the bucket: segments separated by "/", no leading "/", no "." or ".." segments, ' +
  'letters, digits, spaces and . _ - ( ) + @ = , only (e.g. "reports/2026/summary.md")';

export const storageReadBuiltin: BuiltinDefinition = {
  name: 'storage_read',
  description:
    "Read a file from the project's file storage. A UTF-8 text file comes back as its text; a binary file (or any " +
    'file with mode "url") comes back as a signed download URL that expires, which you can give to the user.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', maxLength: STORAGE_PATH_MAX_CHARS, description: pathDescription },
      mode: {
        type: 'string',
        enum: ['auto', 'url'],
        default: 'auto',
        description: 'auto: text for text files, a URL for binary files; url: always a download URL',
      },
    },
    required: ['path'],
    additionalProperties: false,
  },
  config: storageReadConfigSchema,
  secretConfigKeys: storageSecretConfigKeys,
  limits: `Filesystem backend under DATA_DIR/storage/<project>/<bucket> by default, or an S3-compatible bucket (keys [keyPrefix/]<project>/<bucket>/<path>); text returned up to ${STORAGE_TEXT_MAX_CHARS} characters (longer text is cut and a URL added); download URLs (served by the API, from either backend) signed with the server secret, valid ${STORAGE_URL_DEFAULT_TTL_SECONDS} s by default; on the filesystem symlinks are never followed.`,
};

export const storageWriteBuiltin: BuiltinDefinition = {
  name: 'storage_write',
  description:
    "Write a UTF-8 text file to the project's file storage (creating folders as needed). By default an existing " +
    'file is replaced; with overwrite false the call fails if the file exists.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', maxLength: STORAGE_PATH_MAX_CHARS, description: pathDescription },
      content: { type: 'string', description: 'The text to write (stored as UTF-8)' },
      overwrite: { type: 'boolean', default: true, description: 'Replace the file if it exists' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  config: storageWriteConfigSchema,
  secretConfigKeys: storageSecretConfigKeys,
  limits: `Text only (UTF-8), at most ${STORAGE_WRITE_DEFAULT_BYTES} bytes per file by default (config maxWriteBytes, up to ${STORAGE_WRITE_MAX_BYTES}); the file is replaced atomically, so a reader never sees half a write.`,
};

export const storageListBuiltin: BuiltinDefinition = {
  name: 'storage_list',
  description:
    "List the files in the project's file storage, sorted by path, optionally only those whose path starts with a prefix.",
  parameters: {
    type: 'object',
    properties: {
      prefix: { type: 'string', maxLength: STORAGE_PATH_MAX_CHARS, description: 'Only paths starting with this' },
      limit: { type: 'integer', minimum: 1, maximum: STORAGE_LIST_MAX, default: 100 },
      offset: { type: 'integer', minimum: 0, default: 0 },
    },
    additionalProperties: false,
  },
  config: storageListConfigSchema,
  secretConfigKeys: storageSecretConfigKeys,
  limits: `At most ${STORAGE_LIST_MAX} files per call (limit/offset to page); symlinks are not listed.`,
};
