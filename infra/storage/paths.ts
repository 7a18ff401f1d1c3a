import { STORAGE_PATH_MAX_CHARS } from '../../contracts/builtins/storage.js';

/**
 * The rules every storage path follows, whatever the backend: checked as text (a fixed alphabet,
 * no "." or ".." segments, nothing absolute, no percent or backslash, no NUL), so a path can only
 * ever name something inside its own project's bucket.
 */

const SEGMENT = /^[\p{L}\p{N} ._\-()+@=,]+$/u;
/** The deepest a path may go (folders plus the file). */
export const STORAGE_MAX_DEPTH = 32;

export class StoragePathError extends Error {}

/** The path's segments, or a StoragePathError saying what is wrong with it. */
export function checkStoragePath(path: string, what = 'path'): string[] {
  if (typeof path !== 'string' || path.length === 0) throw new StoragePathError(`${what} must be a non-empty string`);
  if (path.length > STORAGE_PATH_MAX_CHARS)
    throw new StoragePathError(`${what} is longer than ${STORAGE_PATH_MAX_CHARS} characters`);
  if (path.includes('\0')) throw new StoragePathError(`${what} contains a NUL character`);
  if (path.startsWith('/') || /^[a-z]:/i.test(path))
    throw new StoragePathError(`${what} must be relative to the bucket (no leading "/")`);
  if (path.includes('\\')) throw new StoragePathError(`${what} must use "/" between folders, not "\\"`);
  if (path.includes('%')) throw new StoragePathError(`${what} must not contain "%" (paths are not URL-encoded)`);
  const segments = path.split('/');
  if (segments.length > STORAGE_MAX_DEPTH)
    throw new StoragePathError(`${what} is deeper than ${STORAGE_MAX_DEPTH} folders`);
  for (const s of segments) {
    if (s === '') throw new StoragePathError(`${what} has an empty segment ("//" or a trailing "/")`);
    if (s === '.' || s === '..') throw new StoragePathError(`${what} must not contain "." or ".." segments`);
    if (!SEGMENT.test(s))
      throw new StoragePathError(
        `${what} segment "${s.slice(0, 50)}" has characters outside letters, digits, space and . _ - ( ) + @ = ,`,
      );
  }
  return segments;
}

/** Checks a project id and a bucket name (their schemas check them too; this is the backends' own fence). */
export function checkProjectBucket(projectId: string, bucket: string): void {
  if (!/^[A-Za-z0-9_-]+$/.test(projectId)) throw new StoragePathError('invalid project');
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(bucket)) throw new StoragePathError('invalid bucket');
}
