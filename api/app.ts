import express, { type Express } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { ApiError } from '../contracts/errors.js';
import type { AppContext } from './context.js';
import { authMiddleware } from './middleware/auth.js';
import { errorMiddleware } from './middleware/errors.js';
import { rejectUnstorableInput } from './middleware/input.js';
import { routeTable, toolAliasRoutes } from './openapi/table.js';
import { unservedRoute } from './middleware/unserved.js';
import { agentsRouter } from './routes/agents.js';
import { apiKeysRouter } from './routes/api-keys.js';
import { approvalsRouter, generationApprovalsRouter } from './routes/approvals.js';
import { docsRouter, openApiRouter } from './routes/docs.js';
import { agentGenerationsRouter, generationsRouter } from './routes/generations.js';
import { healthRouter } from './routes/health.js';
import { hooksRouter } from './routes/hooks.js';
import { projectsRouter } from './routes/projects.js';
import { providersRouter } from './routes/providers.js';
import { toolsRouter } from './routes/tools.js';
import { toolRoutes } from './routes/tools.operations.js';
import { deliveriesRouter, webhooksRouter } from './routes/webhooks.js';

/**
 * The Express app, without listen(): tests drive it directly. Every endpoint is declared in the
 * route table (api/openapi/table.ts: each resource's declarations), which the OpenAPI document is
 * generated from.
 */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.env.TRUST_PROXY);
  app.use(helmet());
  app.use(healthRouter(ctx));
  app.use('/docs', docsRouter(ctx));

  const v1 = express.Router();
  v1.use('/openapi.json', openApiRouter(ctx));
  // Authenticate before reading the body: an anonymous caller cannot make the server parse 1 MB.
  v1.use(authMiddleware(ctx.db));
  v1.use(
    rateLimit({
      windowMs: 60_000,
      limit: ctx.env.RATE_LIMIT_PER_MINUTE,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: (req) => req.auth?.keyId ?? 'anonymous',
      handler: (req, res) => {
        const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime?.getTime();
        const seconds = resetTime ? Math.max(1, Math.ceil((resetTime - Date.now()) / 1000)) : 60;
        res.setHeader('retry-after', String(seconds));
        res
          .status(429)
          .json(
            new ApiError(429, 'rate_limited', `Too many requests for this API key; retry in ${seconds} s`).toBody(),
          );
      },
    }),
  );
  v1.use(express.json({ limit: ctx.env.REQUEST_BODY_LIMIT, strict: false }));
  v1.use(rejectUnstorableInput);
  v1.use('/projects', projectsRouter(ctx));
  v1.use('/api-keys', apiKeysRouter(ctx));
  v1.use('/ai-providers', providersRouter(ctx));
  v1.use('/tools', toolsRouter(ctx, toolRoutes, '/v1/tools'));
  v1.use('/agents/tools', toolsRouter(ctx, toolAliasRoutes, '/v1/agents/tools'));
  // A literal path: `tools` is never an agent id, so the agent routes below must not answer it.
  v1.all('/agents/tools', unservedRoute(Object.values(toolAliasRoutes)));
  v1.use('/agents', agentGenerationsRouter(ctx));
  v1.use('/agents', hooksRouter(ctx));
  v1.use('/agents', webhooksRouter(ctx));
  v1.use('/agents', agentsRouter(ctx));
  v1.use('/generations', generationsRouter(ctx));
  v1.use('/generations', generationApprovalsRouter(ctx));
  v1.use('/generations', deliveriesRouter(ctx));
  v1.use('/approvals', approvalsRouter(ctx));
  app.use('/v1', v1);

  app.use(unservedRoute(routeTable));
  app.use(errorMiddleware(ctx.logger));
  return app;
}
