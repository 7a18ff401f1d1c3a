import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Dispatcher } from 'undici';
import { DispatcherRequestHandler } from '../net/sdk-request-handler.js';
import { byPath, type StorageBackend, type StoredFile } from './backend.js';
import { checkProjectBucket, checkStoragePath } from './paths.js';

/** Where an S3 backend keeps a tool's files (from the storage tool's config). */
export interface S3Settings {
  endpoint: string;
  region: string;
  /** The S3 bucket that holds every project's files. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Folder inside the S3 bucket under which the project folders are kept. */
  keyPrefix?: string | undefined;
}

const status = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const isMissing = (err: unknown) => status(err) === 404;

/**
 * The S3-compatible backend: one S3 bucket, objects at `[keyPrefix/]<project>/<bucket>/<path>`.
 * Project and bucket are checked by pattern and paths by the same rules as the filesystem
 * backend before any key is built, so a project's keys never reach another project's folder.
 * Requests go through the given dispatcher (the SSRF-guarded one).
 */
export class S3Store implements StorageBackend {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    dispatcher: Dispatcher,
  ) {
    if (settings.keyPrefix !== undefined) checkStoragePath(settings.keyPrefix, 'keyPrefix');
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestHandler: new DispatcherRequestHandler(dispatcher),
      // S3-compatible servers do not all know the newer default checksums: send them only when required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
    });
  }

  /** The key prefix of a project's bucket, ending with "/". */
  private base(projectId: string, bucket: string): string {
    checkProjectBucket(projectId, bucket);
    return [this.settings.keyPrefix, projectId, bucket, ''].filter((p) => p !== undefined).join('/');
  }

  private key(projectId: string, bucket: string, path: string): string {
    checkStoragePath(path);
    return this.base(projectId, bucket) + path;
  }

  async read(projectId: string, bucket: string, path: string, maxBytes: number) {
    const Key = this.key(projectId, bucket, path);
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key, Range: `bytes=0-${Math.max(0, maxBytes - 1)}` }),
      );
      const bytes = Buffer.from((await res.Body?.transformToByteArray()) ?? []);
      const total = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1];
      return { bytes: bytes.subarray(0, maxBytes), size: total ? Number(total) : (res.ContentLength ?? bytes.length) };
    } catch (err) {
      if (isMissing(err)) return null;
      // A range of an empty object is not satisfiable (416): the object is there, with no bytes.
      if (status(err) === 416) {
        const st = await this.stat(projectId, bucket, path);
        return st && { bytes: Buffer.alloc(0), size: st.size };
      }
      throw err;
    }
  }

  async write(projectId: string, bucket: string, path: string, data: Buffer, overwrite: boolean) {
    const Key = this.key(projectId, bucket, path);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key,
          Body: data,
          ContentType: 'text/plain; charset=utf-8',
          // A conditional put: without overwrite, an existing object is never replaced (no race).
          ...(overwrite ? {} : { IfNoneMatch: '*' }),
        }),
      );
      return true;
    } catch (err) {
      // 412: the object exists; 409: a concurrent conditional write of the same key won.
      if (!overwrite && (status(err) === 412 || status(err) === 409)) return false;
      throw err;
    }
  }

  async list(projectId: string, bucket: string, prefix: string): Promise<StoredFile[]> {
    const base = this.base(projectId, bucket);
    const out: StoredFile[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: base + prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        const path = o.Key?.slice(base.length);
        if (!path || !o.Key?.startsWith(base) || !isValidPath(path)) continue;
        out.push({ path, size: o.Size ?? 0, modifiedAt: (o.LastModified ?? new Date(0)).toISOString() });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort(byPath);
  }

  async stat(projectId: string, bucket: string, path: string) {
    const Key = this.key(projectId, bucket, path);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key }));
      return { size: res.ContentLength ?? 0, modifiedAt: (res.LastModified ?? new Date(0)).toISOString() };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async openStream(projectId: string, bucket: string, path: string) {
    const Key = this.key(projectId, bucket, path);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key }));
      return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}

/** Objects written by other means may have keys the tools could not name: they are not listed. */
function isValidPath(path: string): boolean {
  try {
    checkStoragePath(path);
    return true;
  } catch {
    return false;
  }
}
