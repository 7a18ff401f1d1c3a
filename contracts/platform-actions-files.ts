import type { PlatformActionSpec } from './platform-actions.js';

/**
 * Platform actions on the project's stored files: the server's file storage that the storage
 * builtins use with the filesystem backend (DATA_DIR/storage/<project>/default), bucket `default`.
 * No REST endpoint manages these files, so the actions have policy actions of their own
 * (`files:*`, docs/permissions.md) on `files/<path>` (`files/*` for listing and searching).
 * Executors and argument checks: domain/platform-actions/files.ts. The bounds below restate the
 * storage builtins' (contracts/builtins/storage.ts, which the workflow bundle must not import).
 */
const str = (description: string, maxLength: number) => ({ type: 'string', minLength: 1, maxLength, description });
const arg = (args: Record<string, unknown>, name: string) => (typeof args[name] === 'string' ? args[name] : '');
const path = str('Path in the bucket, e.g. reports/q3.md ("/" between folders; no leading "/")', 1024);
const limit = { type: 'integer', minimum: 1, maximum: 1000, description: 'At most this many files (default 100)' };

export const filePlatformActions: PlatformActionSpec[] = [
  {
    name: 'list-files',
    description: "List the project's stored files (path, size, modifiedAt) sorted by path, optionally under a prefix.",
    parameters: {
      type: 'object',
      properties: { prefix: { type: 'string', maxLength: 1024, description: 'Only paths starting with this' }, limit },
      additionalProperties: false,
    },
    policyAction: 'files:ListFiles',
    resource: () => 'files/*',
    readOnly: true,
  },
  {
    name: 'search-files',
    description:
      'Find stored files by name: every file whose path contains the query, ignoring case (file contents are not searched).',
    parameters: {
      type: 'object',
      properties: { query: str('Text the path must contain', 200), limit },
      required: ['query'],
      additionalProperties: false,
    },
    policyAction: 'files:SearchFiles',
    resource: () => 'files/*',
    readOnly: true,
  },
  {
    name: 'get-file',
    description:
      'Read a stored file: its text when it is UTF-8 (at most 100,000 characters, then truncated with a download URL), ' +
      'else its size and a signed download URL.',
    parameters: { type: 'object', properties: { path }, required: ['path'], additionalProperties: false },
    policyAction: 'files:GetFile',
    resource: (a) => `files/${arg(a, 'path')}`,
    readOnly: true,
  },
  {
    name: 'create-file',
    description:
      'Store a UTF-8 text file (at most 1 MiB). An existing file at the path is refused unless overwrite is true.',
    parameters: {
      type: 'object',
      properties: {
        path,
        content: { type: 'string', description: 'The text to store' },
        overwrite: { type: 'boolean', description: 'Replace a file already at the path (default false)' },
      },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    policyAction: 'files:CreateFile',
    resource: (a) => `files/${arg(a, 'path')}`,
    readOnly: false,
  },
  {
    name: 'delete-file',
    description: 'Delete a stored file.',
    parameters: { type: 'object', properties: { path }, required: ['path'], additionalProperties: false },
    policyAction: 'files:DeleteFile',
    resource: (a) => `files/${arg(a, 'path')}`,
    readOnly: false,
  },
];
