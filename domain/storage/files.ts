import { STORAGE_TEXT_MAX_CHARS } from '../../contracts/builtins/storage.js';
import type { StorageBackend } from '../../infra/storage/backend.js';
import { FileStore } from '../../infra/storage/file-store.js';
import { checkStoragePath } from '../../infra/storage/paths.js';
import { writeWithinQuota, type StorageQuota } from '../../infra/storage/quota.js';

/**
 * Reading and writing stored files the same way for the storage builtins (activities/builtins/
 * storage.ts) and the file platform actions (domain/platform-actions/files.ts): text up to a cap,
 * a signed download URL for the rest; writes within the project's quota on the server's disk.
 */

/** The bucket of a storage tool without `bucket` in its config, and of the file platform actions. */
export const DEFAULT_BUCKET = 'default';

export interface FileLink {
  url: string;
  expiresAt: string;
}

/** Bytes that decode as UTF-8 text (no NUL): the text; otherwise null. */
function asText(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The length of the longest prefix of `bytes` that ends on a UTF-8 character boundary. */
function lastCharBoundary(bytes: Buffer): number {
  let end = bytes.length;
  // Step back over continuation bytes (10xxxxxx) to the lead byte, and drop that partial character.
  let back = 0;
  while (back < 4 && end - back - 1 >= 0 && (bytes[end - back - 1]! & 0xc0) === 0x80) back++;
  if (end - back - 1 >= 0 && bytes[end - back - 1]! >= 0xc0) end = end - back - 1;
  return end;
}

/**
 * A stored file as a tool result, or null when there is none: the whole text when it is UTF-8
 * within STORAGE_TEXT_MAX_CHARS; the first STORAGE_TEXT_MAX_CHARS characters with `truncated`
 * and a download link when it is longer; size and a download link (`binary`) when it is not text,
 * or when `mode` is `url`.
 */
export async function readStoredFile(
  store: StorageBackend,
  where: { projectId: string; bucket: string; path: string },
  mode: 'auto' | 'url',
  link: () => FileLink,
): Promise<Record<string, unknown> | null> {
  const { projectId, bucket, path } = where;
  checkStoragePath(path);
  // Enough bytes for the text cap (UTF-8 is at most 4 bytes a character), and one more to see a cut.
  const read = await store.read(projectId, bucket, path, STORAGE_TEXT_MAX_CHARS * 4 + 1);
  if (!read) return null;
  // A cut may fall inside a multi-byte character: decode the whole-file case strictly only.
  const whole = read.bytes.length === read.size;
  const text = whole ? asText(read.bytes) : asText(read.bytes.subarray(0, lastCharBoundary(read.bytes)));
  if (mode === 'url' || text === null) return { path, bucket, size: read.size, binary: text === null, ...link() };
  if (whole && text.length <= STORAGE_TEXT_MAX_CHARS) return { path, bucket, size: read.size, content: text };
  return {
    path,
    bucket,
    size: read.size,
    content: text.slice(0, STORAGE_TEXT_MAX_CHARS),
    truncated: true,
    ...link(),
  };
}

/**
 * Writes a file whole. `written`; `unchanged` when the same bytes are already there (a retried
 * call's own write, or a harmless repeat); `exists` when another file is there and `overwrite` is
 * false. The server's own disk is shared by every project, so its files count against the
 * project's quota (StorageQuotaExceeded); an S3 backend is the project's own bucket.
 */
export async function writeStoredFile(
  store: StorageBackend,
  quota: StorageQuota | undefined,
  target: { projectId: string; bucket: string; path: string; overwrite: boolean },
  data: Buffer,
): Promise<'written' | 'unchanged' | 'exists'> {
  const { projectId, bucket, path, overwrite } = target;
  checkStoragePath(path);
  const put = () => store.write(projectId, bucket, path, data, overwrite);
  const written =
    store instanceof FileStore && quota
      ? await writeWithinQuota(store, quota, { projectId, bucket, path, size: data.length, overwrite }, put)
      : await put();
  if (written) return 'written';
  const existing = await store.read(projectId, bucket, path, data.length + 1);
  return existing?.bytes.equals(data) ? 'unchanged' : 'exists';
}
