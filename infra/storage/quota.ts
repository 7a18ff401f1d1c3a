import type { FileStore } from './file-store.js';

/** What one project may keep in the server's file storage (all its buckets together). */
export interface StorageQuota {
  bytes: number;
  files: number;
}

/** A write that would take the project over its quota; nothing was written. */
export class StorageQuotaExceeded extends Error {}

/** Writes per project in this process, one after another: a check and its write see no other write. */
const queues = new Map<string, Promise<unknown>>();

function serialized<T>(projectId: string, fn: () => Promise<T>): Promise<T> {
  const before = queues.get(projectId) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(projectId, settled);
  void settled.then(() => {
    if (queues.get(projectId) === settled) queues.delete(projectId);
  });
  return run;
}

const MIB = 1024 * 1024;
const shownBytes = (bytes: number) => (bytes < MIB ? `${bytes} bytes` : `${(bytes / MIB).toFixed(1)} MiB`);

/**
 * Runs `write` (a file of `size` bytes at `bucket`/`path`) only if the project's files on this
 * server stay within `quota` afterwards: replacing a file counts the difference, a new file counts
 * one more. Checks and writes of one project are serialized in this process; worker processes
 * writing for the same project at the same moment can each pass, so a project may exceed its quota
 * by at most one file per other worker (STORAGE_WRITE_MAX_BYTES each).
 */
export function writeWithinQuota<T>(
  store: FileStore,
  quota: StorageQuota,
  target: { projectId: string; bucket: string; path: string; size: number; overwrite: boolean },
  write: () => Promise<T>,
): Promise<T> {
  const { projectId, bucket, path, size, overwrite } = target;
  return serialized(projectId, async () => {
    const existing = await store.stat(projectId, bucket, path);
    // Kept as it is (no overwrite): nothing is added.
    if (existing && !overwrite) return write();
    const used = await store.usage(projectId);
    const files = used.files + (existing ? 0 : 1);
    const bytes = used.bytes - (existing?.size ?? 0) + size;
    if (files > quota.files)
      throw new StorageQuotaExceeded(
        `Storage quota: the project already keeps ${used.files} files, the most it may keep is ${quota.files}`,
      );
    if (bytes > quota.bytes)
      throw new StorageQuotaExceeded(
        `Storage quota: this write would bring the project's files to ${shownBytes(bytes)}, the most it may keep is ${shownBytes(quota.bytes)}`,
      );
    return write();
  });
}
