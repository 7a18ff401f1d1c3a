import { basename } from 'node:path';
import type { Router } from 'express';
import { builtinDefinition } from '../../contracts/builtins/index.js';
import type { StorageBackendConfig } from '../../contracts/builtins/storage.js';
import { ApiError, notFound } from '../../contracts/errors.js';
import type { StorageBackend } from '../../infra/storage/backend.js';
import { verifyDownload } from '../../infra/storage/download-url.js';
import { FileStore, storageRoot } from '../../infra/storage/file-store.js';
import { StoragePathError } from '../../infra/storage/paths.js';
import { storageBackendFor } from '../../infra/storage/select.js';
import type { AppContext } from '../context.js';
import { outboundOf } from '../services/outbound.js';
import { ApiRouter, responded } from '../routing.js';
import { openBuiltinConfig } from '../../domain/builtin-config.js';
import { storageRoutes } from './storage.operations.js';

const STORAGE_TOOLS = ['storage_read', 'storage_write', 'storage_list'];

/** Serves files of the storage builtins to holders of a signed, unexpired URL. */
export function storageRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/storage', ctx);
  const files = new FileStore(storageRoot(ctx.env.DATA_DIR));
  // S3 backends are tenant-configured: reached through the tools' SSRF guard, as by the worker.
  const dispatcher = outboundOf(ctx).tool;

  /** The backend of the URL's tool (an S3 storage tool of the URL's project), or null when there is none. */
  const toolBackend = async (project: string, toolId: string): Promise<StorageBackend | null> => {
    const tool = await ctx.db.agentTool.findFirst({ where: { id: toolId, projectId: project, type: 'builtin' } });
    if (!tool || !STORAGE_TOOLS.includes(tool.name)) return null;
    const parsed = builtinDefinition(tool.name)!.config.safeParse(
      openBuiltinConfig(tool.name, tool.config as Record<string, unknown> | null, ctx.secrets),
    );
    if (!parsed.success || parsed.data.backend !== 's3') return null;
    const store = storageBackendFor(parsed.data as StorageBackendConfig, { dispatcher });
    return typeof store === 'string' ? null : store;
  };

  r.addPublic(storageRoutes.download, async ({ query, res }) => {
    const { signature, ...ticket } = query;
    if (!verifyDownload(ctx.secrets, ticket, signature))
      throw new ApiError(403, 'forbidden', 'The download URL is not valid (its signature does not match)');
    if (ticket.expires * 1000 < Date.now()) throw new ApiError(403, 'forbidden', 'The download URL has expired');
    const store = ticket.tool === undefined ? files : await toolBackend(ticket.project, ticket.tool);
    if (!store) throw notFound('File');
    let opened;
    try {
      opened = await store.openStream(ticket.project, ticket.bucket, ticket.path);
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
    const { stream } = opened;
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
