import type { Dispatcher } from 'undici';
import { STORAGE_S3_DEFAULT_REGION, type StorageBackendConfig } from '../../contracts/builtins/storage.js';
import type { StorageBackend } from './backend.js';
import { FileStore } from './file-store.js';
import { S3Store } from './s3-store.js';

/**
 * The backend a storage tool's config names (secret values decrypted): the filesystem folder of
 * the server, or the tool's S3 bucket reached through `dispatcher` (the SSRF-guarded one). A
 * string says why there is none.
 */
export function storageBackendFor(
  config: StorageBackendConfig,
  deps: { storageDir?: string | undefined; dispatcher: Dispatcher },
): StorageBackend | string {
  if (config.backend !== 's3') {
    if (!deps.storageDir) return 'File storage is not configured on this server (the worker has no storage folder)';
    return new FileStore(deps.storageDir);
  }
  if (!config.endpoint || !config.s3Bucket || !config.accessKeyId)
    return 'The S3 backend needs endpoint, s3Bucket and accessKeyId in the tool config';
  if (!config.secretAccessKey) return 'The S3 backend has no secretAccessKey: set it in the tool config';
  return new S3Store(
    {
      endpoint: config.endpoint,
      region: config.region ?? STORAGE_S3_DEFAULT_REGION,
      bucket: config.s3Bucket,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      forcePathStyle: config.forcePathStyle ?? false,
      keyPrefix: config.keyPrefix,
    },
    deps.dispatcher,
  );
}
