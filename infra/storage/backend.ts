import type { Readable } from 'node:stream';

/** One stored file as listed. */
export interface StoredFile {
  path: string;
  size: number;
  modifiedAt: string;
}

/**
 * What the storage builtins and the download route need from a backend. Every method takes the
 * project and the bucket separately: a backend keeps each project's buckets apart, and checks
 * paths with `checkStoragePath` before touching anything.
 */
export interface StorageBackend {
  /** Up to `maxBytes` of a file (and its full size), or null when it does not exist. */
  read(
    projectId: string,
    bucket: string,
    path: string,
    maxBytes: number,
  ): Promise<{ bytes: Buffer; size: number } | null>;
  /** Writes a file whole; without `overwrite` an existing file is kept and false is returned. */
  write(projectId: string, bucket: string, path: string, data: Buffer, overwrite: boolean): Promise<boolean>;
  /** Every file of the bucket whose path starts with `prefix`, sorted by path. */
  list(projectId: string, bucket: string, prefix: string): Promise<StoredFile[]>;
  /** A file's size and modification time, or null when it does not exist. */
  stat(projectId: string, bucket: string, path: string): Promise<{ size: number; modifiedAt: string } | null>;
  /** The whole file as a stream (for downloads), or null when it does not exist. */
  openStream(projectId: string, bucket: string, path: string): Promise<{ stream: Readable; size: number } | null>;
}

/** A path's order in listings: by UTF-16 code units, the same for every backend. */
export const byPath = (a: StoredFile, b: StoredFile): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
