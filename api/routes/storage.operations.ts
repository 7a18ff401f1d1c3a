import { z } from '../../contracts/schemas/index.js';
import { STORAGE_PATH_MAX_CHARS } from '../../contracts/builtins/storage.js';
import { defineRoute } from '../openapi/spec.js';

/** Downloads of files the storage builtins keep (served by ./storage.ts, without an API key). */
export const storageRoutes = {
  download: defineRoute({
    operationId: 'downloadStoredFile',
    method: 'get',
    path: '/v1/storage/download',
    tag: 'Storage',
    summary: 'Download a stored file with a signed URL from storage_read',
    description:
      'Needs no API key: the URL carries an HMAC-SHA256 signature (a key derived from the server secret) over the project, bucket, path and expiry (and the tool, for files of an S3 backend), so changing any of them, or using the URL after `expires`, answers 403. Files of an S3 backend are streamed from the bucket of that storage tool of the project, reached through the SSRF guard. 404 when the file (or the tool) no longer exists. Symbolic links are never followed.',
    action: null,
    query: z
      .object({
        project: z.string().min(1).max(100),
        bucket: z.string().min(1).max(63),
        path: z.string().min(1).max(STORAGE_PATH_MAX_CHARS),
        expires: z
          .string()
          .regex(/^[0-9]{1,12}$/, 'must be Unix time in seconds')
          .transform(Number)
          .describe('Unix time (seconds) after which the URL stops working'),
        tool: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,100}$/)
          .optional()
          .describe('The storage tool whose S3 backend keeps the file (absent for files on the filesystem)'),
        signature: z.string().min(1).max(200),
      })
      .strict(),
    status: 200,
    response: z.string(),
    responseContentType: 'application/octet-stream',
    responseDescription: 'The file (Content-Disposition: attachment)',
    errors: [403, 404],
  }),
};
