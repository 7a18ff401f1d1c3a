import {
  STORAGE_LIST_MAX,
  STORAGE_URL_DEFAULT_TTL_SECONDS,
  STORAGE_WRITE_DEFAULT_BYTES,
  storageListConfigSchema,
  storageReadConfigSchema,
  storageWriteConfigSchema,
  type StorageBackendConfig,
} from '../../contracts/builtins/storage.js';
import { SsrfBlockedError } from '../../infra/net/ssrf.js';
import type { StorageBackend } from '../../infra/storage/backend.js';
import { downloadUrl } from '../../infra/storage/download-url.js';
import { checkStoragePath, StoragePathError } from '../../infra/storage/paths.js';
import { StorageQuotaExceeded } from '../../infra/storage/quota.js';
import { DEFAULT_BUCKET, readStoredFile, writeStoredFile } from '../../domain/storage/files.js';
import { s3ServiceErrorOf } from '../../infra/storage/s3-store.js';
import { storageBackendFor } from '../../infra/storage/select.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';

/** The tool's backend, or a clear error result when it is not configured. */
function storeOf(call: BuiltinCall, config: StorageBackendConfig): StorageBackend | BuiltinResult {
  const store = storageBackendFor(config, { storageDir: call.options.storageDir, dispatcher: call.dispatcher });
  return typeof store === 'string' ? builtinError(store) : store;
}

const isStore = (s: StorageBackend | BuiltinResult): s is StorageBackend => !('status' in s);

/**
 * Refused paths, blocked addresses and S3 answers the model can act on (4xx: no such bucket,
 * access denied) are error results; other failures (5xx, the network) fail the attempt, which
 * is retried.
 */
async function guarded(fn: () => Promise<BuiltinResult>): Promise<BuiltinResult> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StoragePathError) return builtinError(`Refused: ${err.message}`);
    if (err instanceof StorageQuotaExceeded) return builtinError(err.message);
    if (err instanceof SsrfBlockedError) return builtinError(err.message);
    const s3 = await s3ServiceErrorOf(err);
    const cause = (err as { cause?: unknown }).cause;
    if (!s3 && cause instanceof SsrfBlockedError) return builtinError(cause.message);
    if (s3 && (s3.$metadata.httpStatusCode ?? 500) < 500)
      return builtinError(`The S3 service answered ${s3.$metadata.httpStatusCode} ${s3.name}: ${s3.message}`);
    throw err;
  }
}

export async function runStorageRead(call: BuiltinCall): Promise<BuiltinResult> {
  const config = storageReadConfigSchema.parse(call.config);
  const { path, mode = 'auto' } = call.arguments;
  if (typeof path !== 'string') return builtinError('path is required (a string)');
  if (mode !== 'auto' && mode !== 'url') return builtinError('mode must be auto or url');
  const store = storeOf(call, config);
  if (!isStore(store)) return store;
  const bucket = config.bucket ?? DEFAULT_BUCKET;
  return guarded(async () => {
    checkStoragePath(path);
    const project = await call.projectId();
    // Files of an S3 backend are found through the tool's config: the URL names the tool.
    const tool = config.backend === 's3' ? call.tool.id : undefined;
    const expires = Math.floor(Date.now() / 1000) + (config.urlTtlSeconds ?? STORAGE_URL_DEFAULT_TTL_SECONDS);
    const link = () => ({
      url: downloadUrl(call.secrets, { project, bucket, path, expires, tool }, call.options.publicApiUrl),
      expiresAt: new Date(expires * 1000).toISOString(),
    });
    const file = await readStoredFile(store, { projectId: project, bucket, path }, mode, link);
    return file ? builtinSuccess(file) : builtinError(`No file at ${path}`, { path, bucket });
  });
}

export async function runStorageWrite(call: BuiltinCall): Promise<BuiltinResult> {
  const config = storageWriteConfigSchema.parse(call.config);
  const { path, content, overwrite = true } = call.arguments;
  if (typeof path !== 'string') return builtinError('path is required (a string)');
  if (typeof content !== 'string') return builtinError('content is required (a string; only text can be written)');
  if (typeof overwrite !== 'boolean') return builtinError('overwrite must be true or false');
  const store = storeOf(call, config);
  if (!isStore(store)) return store;
  const bucket = config.bucket ?? DEFAULT_BUCKET;
  const max = config.maxWriteBytes ?? STORAGE_WRITE_DEFAULT_BYTES;
  const data = Buffer.from(content, 'utf8');
  if (data.length > max)
    return builtinError(`content is ${data.length} bytes; this tool writes at most ${max} bytes per file`);
  return guarded(async () => {
    checkStoragePath(path);
    const project = await call.projectId();
    const outcome = await writeStoredFile(
      store,
      call.options.storageQuota,
      { projectId: project, bucket, path, overwrite },
      data,
    );
    if (outcome === 'unchanged') return builtinSuccess({ path, bucket, size: data.length, unchanged: true });
    if (outcome === 'exists')
      return builtinError(`A file already exists at ${path} (overwrite is false)`, { path, bucket });
    return builtinSuccess({ path, bucket, size: data.length });
  });
}

export async function runStorageList(call: BuiltinCall): Promise<BuiltinResult> {
  const config = storageListConfigSchema.parse(call.config);
  const { prefix = '', limit = 100, offset = 0 } = call.arguments;
  if (typeof prefix !== 'string') return builtinError('prefix must be a string');
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > STORAGE_LIST_MAX)
    return builtinError(`limit must be an integer from 1 to ${STORAGE_LIST_MAX}`);
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
    return builtinError('offset must be an integer of 0 or more');
  const store = storeOf(call, config);
  if (!isStore(store)) return store;
  const bucket = config.bucket ?? DEFAULT_BUCKET;
  return guarded(async () => {
    const all = await store.list(await call.projectId(), bucket, prefix);
    const files = all.slice(offset, offset + limit);
    return builtinSuccess({ bucket, files, total: all.length, hasMore: offset + files.length < all.length });
  });
}
