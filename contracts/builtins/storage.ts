import { z } from 'zod';
import type { BuiltinDefinition } from './types.js';

export const STORAGE_TEXT_MAX_CHARS = 100_000;
export const STORAGE_WRITE_DEFAULT_BYTES = 1024 * 1024;
export const STORAGE_WRITE_MAX_BYTES = 10 * 1024 * 1024;
export const STORAGE_LIST_MAX = 1000;
export const STORAGE_URL_DEFAULT_TTL_SECONDS = 900;
export const STORAGE_PATH_MAX_CHARS = 1024;

const bucket = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be 1-63 lowercase letters, digits or dashes')
  .optional()
  .describe('The bucket of the project the tool works in (default "default"). Buckets never cross projects.');

/**
 * Config of the storage builtins. Only the filesystem backend exists: keys of other backends
 * (an S3 endpoint, credentials) are unknown keys and refused.
 */
export const storageReadConfigSchema = z
  .object({
    bucket,
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
  .strict();

export const storageWriteConfigSchema = z
  .object({
    bucket,
    maxWriteBytes: z
      .number()
      .int()
      .min(1)
      .max(STORAGE_WRITE_MAX_BYTES)
      .optional()
      .describe(`Largest file a call may write, in UTF-8 bytes (default ${STORAGE_WRITE_DEFAULT_BYTES}).`),
  })
  .strict();

export const storageListConfigSchema = z.object({ bucket }).strict();

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
  limits: `Filesystem backend under DATA_DIR/storage/<project>/<bucket>; text returned up to ${STORAGE_TEXT_MAX_CHARS} characters (longer text is cut and a URL added); download URLs signed with the server secret, valid ${STORAGE_URL_DEFAULT_TTL_SECONDS} s by default; symlinks are never followed.`,
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
  limits: `At most ${STORAGE_LIST_MAX} files per call (limit/offset to page); symlinks are not listed.`,
};
