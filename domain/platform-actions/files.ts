import { z } from 'zod';
import {
  STORAGE_LIST_MAX,
  STORAGE_PATH_MAX_CHARS,
  STORAGE_URL_DEFAULT_TTL_SECONDS,
  STORAGE_WRITE_DEFAULT_BYTES,
} from '../../contracts/builtins/storage.js';
import { ApiError, conflict, notFound, unprocessable } from '../../contracts/errors.js';
import type { SecretBox } from '../../infra/crypto/secrets.js';
import type { StoredFile } from '../../infra/storage/backend.js';
import { downloadUrl } from '../../infra/storage/download-url.js';
import { FileStore } from '../../infra/storage/file-store.js';
import { StoragePathError } from '../../infra/storage/paths.js';
import { StorageQuotaExceeded, type StorageQuota } from '../../infra/storage/quota.js';
import { DEFAULT_BUCKET, readStoredFile, writeStoredFile } from '../storage/files.js';
import { parseArguments } from './resume.js';

/**
 * The file platform actions (contracts/platform-actions-files.ts) on the server's file storage,
 * bucket `default` of the caller's project: the files the storage builtins keep with the
 * filesystem backend. Already authorized. Paths follow the storage rules (infra/storage/paths.ts);
 * a refused path, a missing file, an existing file or the quota are errors the caller reads.
 */
export interface PlatformFiles {
  /** DATA_DIR/storage (the same folder in the API and the worker). */
  storageDir: string;
  quota?: StorageQuota | undefined;
  /** Signs download URLs (served by GET /v1/storage/download). */
  secrets: SecretBox;
  publicApiUrl?: string | undefined;
}

export type FileExecutor = (
  deps: { files?: PlatformFiles | undefined },
  projectId: string,
  args: Record<string, unknown>,
) => Promise<unknown>;

const path = z.string().min(1).max(STORAGE_PATH_MAX_CHARS);
const limit = z.number().int().min(1).max(STORAGE_LIST_MAX).default(100);
const schemas = {
  list: z.object({ prefix: z.string().max(STORAGE_PATH_MAX_CHARS).default(''), limit }).strict(),
  search: z.object({ query: z.string().min(1).max(200), limit }).strict(),
  one: z.object({ path }).strict(),
  create: z.object({ path, content: z.string(), overwrite: z.boolean().default(false) }).strict(),
};

/** A page of a sorted listing, shaped like storage_list's result. */
const listed = (all: StoredFile[], max: number) => ({
  bucket: DEFAULT_BUCKET,
  files: all.slice(0, max),
  total: all.length,
  hasMore: all.length > max,
});

function storeOf(deps: { files?: PlatformFiles | undefined }): { store: FileStore; files: PlatformFiles } {
  if (!deps.files) throw new ApiError(503, 'unavailable', 'File storage is not configured in this process');
  return { store: new FileStore(deps.files.storageDir), files: deps.files };
}

/** Storage's own refusals as errors the caller reads. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StoragePathError) throw new ApiError(400, 'invalid_request', `Refused: ${err.message}`);
    if (err instanceof StorageQuotaExceeded) throw unprocessable(err.message);
    throw err;
  }
}

export const fileExecutors: Record<string, FileExecutor> = {
  'list-files': (deps, projectId, args) => {
    const { prefix, limit: max } = parseArguments(schemas.list, args);
    const { store } = storeOf(deps);
    return guarded(async () => listed(await store.list(projectId, DEFAULT_BUCKET, prefix), max));
  },
  // "Search" is by name: the path contains the query, ignoring case. Contents are not indexed.
  'search-files': (deps, projectId, args) => {
    const { query, limit: max } = parseArguments(schemas.search, args);
    const { store } = storeOf(deps);
    const needle = query.toLowerCase();
    return guarded(async () => ({
      query,
      ...listed(
        (await store.list(projectId, DEFAULT_BUCKET, '')).filter((f) => f.path.toLowerCase().includes(needle)),
        max,
      ),
    }));
  },
  'get-file': (deps, projectId, args) => {
    const { path: file } = parseArguments(schemas.one, args);
    const { store, files } = storeOf(deps);
    const expires = Math.floor(Date.now() / 1000) + STORAGE_URL_DEFAULT_TTL_SECONDS;
    const link = () => ({
      url: downloadUrl(
        files.secrets,
        { project: projectId, bucket: DEFAULT_BUCKET, path: file, expires },
        files.publicApiUrl,
      ),
      expiresAt: new Date(expires * 1000).toISOString(),
    });
    return guarded(async () => {
      const found = await readStoredFile(store, { projectId, bucket: DEFAULT_BUCKET, path: file }, 'auto', link);
      if (!found) throw notFound('File');
      return found;
    });
  },
  'create-file': (deps, projectId, args) => {
    const { path: file, content, overwrite } = parseArguments(schemas.create, args);
    const { store, files } = storeOf(deps);
    const data = Buffer.from(content, 'utf8');
    if (data.length > STORAGE_WRITE_DEFAULT_BYTES)
      throw unprocessable(`content is ${data.length} bytes; a file may hold at most ${STORAGE_WRITE_DEFAULT_BYTES}`);
    return guarded(async () => {
      const target = { projectId, bucket: DEFAULT_BUCKET, path: file, overwrite };
      const outcome = await writeStoredFile(store, files.quota, target, data);
      if (outcome === 'exists') throw conflict(`A file already exists at ${file} (overwrite is false)`);
      return {
        path: file,
        bucket: DEFAULT_BUCKET,
        size: data.length,
        ...(outcome === 'unchanged' ? { unchanged: true } : {}),
      };
    });
  },
  'delete-file': (deps, projectId, args) => {
    const { path: file } = parseArguments(schemas.one, args);
    const { store } = storeOf(deps);
    return guarded(async () => {
      if (!(await store.remove(projectId, DEFAULT_BUCKET, file))) throw notFound('File');
      return { path: file, bucket: DEFAULT_BUCKET, deleted: true };
    });
  },
};
