import type { SecretBox } from '../crypto/secrets.js';

/**
 * Signed download URLs of the storage builtins: an HMAC (a key derived from the server secret)
 * over project, bucket, path and expiry. A file kept by an S3 backend also names the storage
 * tool whose config says where it is; that URL is signed for another purpose, so a URL of one
 * kind never verifies as the other.
 */
export const STORAGE_URL_PURPOSE = 'storage-download-url';
export const STORAGE_TOOL_URL_PURPOSE = 'storage-download-url-tool';
export const STORAGE_DOWNLOAD_PATH = '/v1/storage/download';

export interface DownloadTicket {
  project: string;
  bucket: string;
  path: string;
  /** Unix seconds. */
  expires: number;
  /** The storage tool (of `project`) whose S3 config locates the file; absent for the filesystem. */
  tool?: string | undefined;
}

const ticketData = (t: DownloadTicket) =>
  [...(t.tool === undefined ? [] : [t.tool]), t.project, t.bucket, t.path, String(t.expires)].join('\n');
const purposeOf = (t: DownloadTicket) => (t.tool === undefined ? STORAGE_URL_PURPOSE : STORAGE_TOOL_URL_PURPOSE);

export function signDownload(secrets: SecretBox, t: DownloadTicket): string {
  return secrets.sign(purposeOf(t), ticketData(t));
}

export function verifyDownload(secrets: SecretBox, t: DownloadTicket, signature: string): boolean {
  return secrets.verify(purposeOf(t), ticketData(t), signature);
}

/** The URL (absolute when the API's public URL is known, else a path on the API). */
export function downloadUrl(secrets: SecretBox, t: DownloadTicket, publicApiUrl: string | undefined): string {
  const q = new URLSearchParams({
    project: t.project,
    bucket: t.bucket,
    path: t.path,
    expires: String(t.expires),
    ...(t.tool === undefined ? {} : { tool: t.tool }),
    signature: signDownload(secrets, t),
  });
  const path = `${STORAGE_DOWNLOAD_PATH}?${q.toString()}`;
  return publicApiUrl ? `${publicApiUrl.replace(/\/+$/, '')}${path}` : path;
}
