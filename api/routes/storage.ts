import { basename } from 'node:path';
import type { Router } from 'express';
import { ApiError, notFound } from '../../contracts/errors.js';
import { FileStore, StoragePathError, storageRoot, verifyDownload } from '../../infra/storage/file-store.js';
import type { AppContext } from '../context.js';
import { ApiRouter, responded } from '../routing.js';
import { storageRoutes } from './storage.operations.js';

/** Serves files of the storage builtins to holders of a signed, unexpired URL. */
export function storageRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/storage', ctx);
  const store = new FileStore(storageRoot(ctx.env.DATA_DIR));

  r.addPublic(storageRoutes.download, async ({ query, res }) => {
    const { signature, ...ticket } = query;
    if (!verifyDownload(ctx.secrets, ticket, signature))
      throw new ApiError(403, 'forbidden', 'The download URL is not valid (its signature does not match)');
    if (ticket.expires * 1000 < Date.now()) throw new ApiError(403, 'forbidden', 'The download URL has expired');
    let opened;
    try {
      opened = await store.openForRead(ticket.project, ticket.bucket, ticket.path);
    } catch (err) {
      if (err instanceof StoragePathError) throw notFound('File');
      throw err;
    }
    if (!opened) throw notFound('File');
    res.status(200);
    res.setHeader('content-type', 'application/octet-stream');
    res.setHeader('content-length', String(opened.size));
    res.setHeader('cache-control', 'private, no-store');
    res.attachment(basename(ticket.path));
    const stream = opened.handle.createReadStream();
    await new Promise<void>((done, fail) => {
      stream.on('error', fail);
      res.on('close', () => {
        stream.destroy();
        done();
      });
      stream.pipe(res);
    });
    return responded;
  });

  return r.router;
}
