import type { Readable } from 'node:stream';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
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

type S3Sdk = typeof S3SdkModule;
let sdkLoading: Promise<S3Sdk> | null = null;
/**
 * The AWS SDK loads at the first S3 request: imported at the top it cost every worker and API
 * start about 0.3 s of CPU, on servers that mostly use no S3 at all.
 */
const s3Sdk = (): Promise<S3Sdk> => (sdkLoading ??= import('@aws-sdk/client-s3'));

/** The S3 service's error answer in `err` or in its cause (the SDK wraps network failures), if any. */
export async function s3ServiceErrorOf(err: unknown): Promise<S3ServiceException | null> {
  const { S3ServiceException } = await s3Sdk();
  if (err instanceof S3ServiceException) return err;
  const cause = (err as { cause?: unknown } | null)?.cause;
  return cause instanceof S3ServiceException ? cause : null;
}

const statusOf = (sdk: S3Sdk, err: unknown) =>
  err instanceof sdk.S3ServiceException ? err.$metadata.httpStatusCode : undefined;

/**
 * The S3-compatible backend: one S3 bucket, objects at `[keyPrefix/]<project>/<bucket>/<path>`.
 * Project and bucket are checked by pattern and paths by the same rules as the filesystem
 * backend before any key is built, so a project's keys never reach another project's folder.
 * Requests go through the given dispatcher (the SSRF-guarded one).
 */
export class S3Store implements StorageBackend {
  private connecting: Promise<{ sdk: S3Sdk; client: S3Client }> | null = null;
  private client: S3Client | null = null;

  constructor(
    private readonly settings: S3Settings,
    private readonly dispatcher: Dispatcher,
  ) {
    if (settings.keyPrefix !== undefined) checkStoragePath(settings.keyPrefix, 'keyPrefix');
  }

  /** The SDK and this store's client, made at the first request. */
  private connect(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    return (this.connecting ??= s3Sdk().then((sdk) => {
      this.client = this.newClient(sdk);
      return { sdk, client: this.client };
    }));
  }

  private newClient(sdk: S3Sdk): S3Client {
    const { settings } = this;
    return new sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestHandler: new DispatcherRequestHandler(this.dispatcher),
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
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key, Range: `bytes=0-${Math.max(0, maxBytes - 1)}` }),
      );
      const bytes = Buffer.from((await res.Body?.transformToByteArray()) ?? []);
      const total = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1];
      return { bytes: bytes.subarray(0, maxBytes), size: total ? Number(total) : (res.ContentLength ?? bytes.length) };
    } catch (err) {
      if (statusOf(sdk, err) === 404) return null;
      // A range of an empty object is not satisfiable (416): the object is there, with no bytes.
      if (statusOf(sdk, err) === 416) {
        const st = await this.stat(projectId, bucket, path);
        return st && { bytes: Buffer.alloc(0), size: st.size };
      }
      throw err;
    }
  }

  async write(projectId: string, bucket: string, path: string, data: Buffer, overwrite: boolean) {
    const Key = this.key(projectId, bucket, path);
    const { sdk, client } = await this.connect();
    try {
      await client.send(
        new sdk.PutObjectCommand({
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
      const status = statusOf(sdk, err);
      if (!overwrite && (status === 412 || status === 409)) return false;
      throw err;
    }
  }

  async list(projectId: string, bucket: string, prefix: string): Promise<StoredFile[]> {
    const base = this.base(projectId, bucket);
    const { sdk, client } = await this.connect();
    const out: StoredFile[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: base + prefix, ContinuationToken: token }),
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
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key }));
      return { size: res.ContentLength ?? 0, modifiedAt: (res.LastModified ?? new Date(0)).toISOString() };
    } catch (err) {
      if (statusOf(sdk, err) === 404) return null;
      throw err;
    }
  }

  async openStream(projectId: string, bucket: string, path: string) {
    const Key = this.key(projectId, bucket, path);
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key }));
      return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (statusOf(sdk, err) === 404) return null;
      throw err;
    }
  }

  destroy(): void {
    // A client still being made is destroyed once made.
    if (this.client) this.client.destroy();
    else void this.connecting?.then(({ client }) => client.destroy());
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
