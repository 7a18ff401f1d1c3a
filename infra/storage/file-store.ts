import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { link, lstat, mkdir, open, readdir, realpath, rename, rm, type FileHandle } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { byPath, type StorageBackend, type StoredFile } from './backend.js';
import { checkProjectBucket, checkStoragePath, STORAGE_MAX_DEPTH, StoragePathError } from './paths.js';

/**
 * The filesystem backend of the storage builtins: one folder per project and bucket under
 * `<DATA_DIR>/storage`. Paths are checked as text first (./paths.ts), then every folder on the way is
 * checked to be a real folder inside the bucket (never a symlink), and files are opened with
 * O_NOFOLLOW: a path can only ever name a regular file inside its own bucket.
 */

/** Where the storage builtins keep files, under DATA_DIR (the API serves downloads from the same folder). */
export const storageRoot = (dataDir: string): string => resolve(dataDir, 'storage');

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Calls `onFile` for every regular file under `root`, at most `maxDepth` folders down; symlinks and
 * temporary files of writes in progress are skipped, and a folder removed meanwhile is empty.
 */
async function forEachStoredFile(root: string, maxDepth: number, onFile: (full: string, st: Stats) => void) {
  const visit = async (folder: string, depth: number): Promise<void> => {
    if (depth > maxDepth) return;
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const e of entries) {
      const full = join(folder, e.name);
      if (e.isDirectory()) await visit(full, depth + 1);
      else if (e.isFile() && !e.name.startsWith('.tmp-')) {
        const st = await lstat(full).catch(() => null);
        if (st?.isFile()) onFile(full, st);
      }
    }
  };
  await visit(root, 0);
}

export class FileStore implements StorageBackend {
  constructor(private readonly root: string) {}

  /** The bucket's folder (project ids and bucket names are checked by their callers' schemas). */
  private bucketDir(projectId: string, bucket: string): string {
    checkProjectBucket(projectId, bucket);
    return join(this.root, projectId, bucket);
  }

  /** Checks that no folder between the bucket and the file is a symlink (or anything but a folder). */
  private async walk(dir: string, folders: string[], create: boolean): Promise<string | null> {
    let current = dir;
    if (create) await mkdir(current, { recursive: true });
    for (const name of folders) {
      current = join(current, name);
      let st: Stats | null = await lstat(current).catch((err) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!st) {
        if (!create) return null;
        await mkdir(current).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
        st = await lstat(current);
      }
      if (!st.isDirectory()) throw new StoragePathError(`${name} is not a folder (symbolic links are never followed)`);
    }
    // Belt and braces: the resolved folder is inside the bucket.
    const [realBucket, realFolder] = await Promise.all([realpath(dir), realpath(current)]);
    if (realFolder !== realBucket && !realFolder.startsWith(realBucket + sep))
      throw new StoragePathError('path leaves the bucket');
    return current;
  }

  /** Opens a regular file for reading, or null when it does not exist. */
  async openForRead(
    projectId: string,
    bucket: string,
    path: string,
  ): Promise<{ handle: FileHandle; size: number } | null> {
    const segments = checkStoragePath(path);
    const folder = await this.walk(this.bucketDir(projectId, bucket), segments.slice(0, -1), false).catch((err) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (!folder) return null;
    let handle: FileHandle;
    try {
      handle = await open(join(folder, segments.at(-1)!), constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return null;
      if (code === 'ELOOP') throw new StoragePathError(`${path} is a symbolic link, which storage never follows`);
      throw err;
    }
    const st = await handle.stat();
    if (!st.isFile()) {
      await handle.close();
      throw new StoragePathError(`${path} is a folder, not a file`);
    }
    return { handle, size: st.size };
  }

  /** Reads up to `maxBytes` of a file (and its full size), or null when it does not exist. */
  async read(
    projectId: string,
    bucket: string,
    path: string,
    maxBytes: number,
  ): Promise<{ bytes: Buffer; size: number } | null> {
    const opened = await this.openForRead(projectId, bucket, path);
    if (!opened) return null;
    try {
      const bytes = Buffer.alloc(Math.min(opened.size, maxBytes));
      const { bytesRead } = await opened.handle.read(bytes, 0, bytes.length, 0);
      return { bytes: bytes.subarray(0, bytesRead), size: opened.size };
    } finally {
      await opened.handle.close();
    }
  }

  /**
   * Writes a file atomically (a temporary file renamed over the target). Without `overwrite`,
   * an existing file is kept and false is returned.
   */
  async write(projectId: string, bucket: string, path: string, data: Buffer, overwrite: boolean): Promise<boolean> {
    const segments = checkStoragePath(path);
    const folder = (await this.walk(this.bucketDir(projectId, bucket), segments.slice(0, -1), true))!;
    const target = join(folder, segments.at(-1)!);
    const existing = await lstat(target).catch((err) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (existing && !existing.isFile())
      throw new StoragePathError(`${path} exists and is not a regular file (a folder or a symbolic link)`);
    const temp = join(folder, `.tmp-${randomBytes(8).toString('hex')}`);
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      if (overwrite) {
        await rename(temp, target);
        return true;
      }
      // link() fails if the target exists: no-clobber without a race.
      try {
        await link(temp, target);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw err;
      }
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * Deletes a regular file; false when there is none. A symbolic link or a folder at the path is
   * refused, never followed or emptied; folders the deletion leaves empty stay.
   */
  async remove(projectId: string, bucket: string, path: string): Promise<boolean> {
    const segments = checkStoragePath(path);
    const folder = await this.walk(this.bucketDir(projectId, bucket), segments.slice(0, -1), false).catch((err) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (!folder) return false;
    const full = join(folder, segments.at(-1)!);
    const st = await lstat(full).catch((err) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (!st) return false;
    if (!st.isFile()) throw new StoragePathError(`${path} is not a regular file (only files are deleted)`);
    await rm(full, { force: true });
    return true;
  }

  async stat(projectId: string, bucket: string, path: string): Promise<{ size: number; modifiedAt: string } | null> {
    const opened = await this.openForRead(projectId, bucket, path);
    if (!opened) return null;
    try {
      const st = await opened.handle.stat();
      return { size: st.size, modifiedAt: st.mtime.toISOString() };
    } finally {
      await opened.handle.close();
    }
  }

  async openStream(
    projectId: string,
    bucket: string,
    path: string,
  ): Promise<{ stream: Readable; size: number } | null> {
    const opened = await this.openForRead(projectId, bucket, path);
    return opened && { stream: opened.handle.createReadStream(), size: opened.size };
  }

  /**
   * What a project keeps on this server: the size and number of its regular files across all its
   * buckets (temporary files of writes in progress not counted). One walk of the project's folder.
   */
  async usage(projectId: string): Promise<{ bytes: number; files: number }> {
    checkProjectBucket(projectId, 'default');
    const total = { bytes: 0, files: 0 };
    // The bucket folders, then at most STORAGE_MAX_DEPTH folders of a path.
    await forEachStoredFile(join(this.root, projectId), STORAGE_MAX_DEPTH + 1, (_full, st) => {
      total.bytes += st.size;
      total.files += 1;
    });
    return total;
  }

  /** Every regular file of the bucket under `prefix` (symlinks and temporary files skipped), sorted by path. */
  async list(projectId: string, bucket: string, prefix = ''): Promise<StoredFile[]> {
    const dir = this.bucketDir(projectId, bucket);
    const out: StoredFile[] = [];
    await forEachStoredFile(dir, STORAGE_MAX_DEPTH, (full, st) =>
      out.push({ path: relative(dir, full).split(sep).join('/'), size: st.size, modifiedAt: st.mtime.toISOString() }),
    );
    return out.filter((f) => f.path.startsWith(prefix)).sort(byPath);
  }
}
