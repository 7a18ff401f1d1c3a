import express, { type Express } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { ApiError } from '../contracts/errors.js';
import type { AppContext } from './context.js';
import { ConnectionLimits, connectionCaps } from './services/connection-limits.js';
import { authMiddleware } from './middleware/auth.js';
import { errorMiddleware } from './middleware/errors.js';
import { observeRequests } from './middleware/observe.js';
import { rateLimitRejections } from '../infra/observability/metrics.js';
import { setTemporalUiLink } from '../infra/temporal/ui-link.js';
import { rejectUnstorableInput } from './middleware/input.js';
import { routeTable, toolAliasRoutes } from './openapi/table.js';
import { traceAliasRoutes, traceRoutes } from './routes/traces.operations.js';
import { tracesRouter } from './routes/traces.js';
import { mcpHandler } from './mcp/server.js';
import { unservedRoute } from './middleware/unserved.js';
import { agentsRouter } from './routes/agents.js';
import { agentStepRouter } from './routes/agent-step.js';
import { apiKeysRouter } from './routes/api-keys.js';
import { approvalsRouter, generationApprovalsRouter } from './routes/approvals.js';
import { docsRouter, openApiRouter } from './routes/docs.js';
import { agentGenerationsRouter, generationsRouter } from './routes/generations.js';
import { healthRouter } from './routes/health.js';
import { metricsRouter } from './routes/metrics.js';
import { hooksRouter } from './routes/hooks.js';
import { knowledgeBasesRouter } from './routes/knowledge-bases.js';
import { memoriesRouter } from './routes/memories.js';
import { builtinToolsRouter } from './routes/builtin-tools.js';
import { settingsRouter } from './routes/settings.js';
import { projectsRouter } from './routes/projects.js';
import { providersRouter } from './routes/providers.js';
import { publicChatRouter } from './routes/public-chat.js';
import { storageRouter } from './routes/storage.js';
import { staticRouter } from './routes/static.js';
import { sessionsRouter } from './routes/sessions.js';
import { toolsRouter } from './routes/tools.js';
import { toolRoutes } from './routes/tools.operations.js';
import { toolImportRouter } from './routes/tool-import.js';
import { deliveriesRouter, webhooksRouter } from './routes/webhooks.js';
import { schedulesRouter } from './routes/schedules.js';

/**
 * The Express app, without listen(): tests drive it directly. Every endpoint is declared in the
 * route table (api/openapi/table.ts: each resource's declarations), which the OpenAPI document is
 * generated from.
 */
export function createApp(deps: AppContext): Express {
  const ctx: AppContext = { ...deps, connections: deps.connections ?? new ConnectionLimits(connectionCaps(deps.env)) };
  setTemporalUiLink(ctx.env.TEMPORAL_UI_URL, ctx.env.TEMPORAL_NAMESPACE);
  const app = express();
  app.disable('x-powered-by');
  // Hops or addresses, never "trust all": the client writes the left-most X-Forwarded-For itself.
  app.set('trust proxy', ctx.env.TRUST_PROXY);
  app.use(observeRequests());
  app.use(helmet());
  app.use(healthRouter(ctx));
  app.use(metricsRouter(ctx));
  app.use('/docs', docsRouter(ctx));
  app.use(staticRouter(ctx));

  // Public chat authenticates with agent keys (X-Agent-Key), before the API-key middleware below.
  app.use('/v1/public', publicChatRouter(ctx));
  // Signed storage download URLs carry their own authorization (an HMAC), not an API key.
  app.use('/v1/storage', storageRouter(ctx));

  // One budget per API key across /v1 and /mcp.
  const perKeyLimit = rateLimit({
    windowMs: 60_000,
    limit: ctx.env.RATE_LIMIT_PER_MINUTE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => req.auth?.keyId ?? 'anonymous',
    handler: (req, res) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime?.getTime();
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime - Date.now()) / 1000)) : 60;
      res.setHeader('retry-after', String(seconds));
      rateLimitRejections.inc();
      res
        .status(429)
        .json(new ApiError(429, 'rate_limited', `Too many requests for this API key; retry in ${seconds} s`).toBody());
    },
  });

  const v1 = express.Router();
  v1.use('/openapi.json', openApiRouter(ctx));
  // Authenticate before reading the body: an anonymous caller cannot make the server parse 1 MB.
  v1.use(authMiddleware(ctx.db));
  v1.use(perKeyLimit);
  v1.use(express.json({ limit: ctx.env.REQUEST_BODY_LIMIT, strict: false }));
  v1.use(rejectUnstorableInput);
  v1.use('/projects', projectsRouter(ctx));
  v1.use('/api-keys', apiKeysRouter(ctx));
  v1.use('/ai-providers', providersRouter(ctx));
  v1.use('/builtin-tools', builtinToolsRouter(ctx));
  v1.use('/tools', toolImportRouter(ctx));
  v1.use('/tools', toolsRouter(ctx, toolRoutes, '/v1/tools'));
  v1.use('/agents/tools', toolsRouter(ctx, toolAliasRoutes, '/v1/agents/tools'));
  v1.use('/agents/traces', tracesRouter(ctx, traceAliasRoutes, '/v1/agents/traces'));
  v1.use('/traces', tracesRouter(ctx, traceRoutes, '/v1/traces'));
  // Literal paths: `tools` and `traces` are never agent ids, so the agent routes below must not answer them.
  v1.all('/agents/tools', unservedRoute(Object.values(toolAliasRoutes)));
  v1.all('/agents/traces', unservedRoute(Object.values(traceAliasRoutes)));
  v1.use('/agents', agentGenerationsRouter(ctx));
  v1.use('/agents', hooksRouter(ctx));
  v1.use('/agents', webhooksRouter(ctx));
  v1.use('/agents', agentsRouter(ctx));
  v1.use('/schedules', schedulesRouter(ctx));
  v1.use('/generations', generationsRouter(ctx));
  v1.use('/generations', generationApprovalsRouter(ctx));
  v1.use('/generations', deliveriesRouter(ctx));
  v1.use('/approvals', approvalsRouter(ctx));
  v1.use('/knowledge-bases', knowledgeBasesRouter(ctx));
  v1.use('/memories', memoriesRouter(ctx));
  v1.use('/settings', settingsRouter(ctx));
  v1.use('/sessions', sessionsRouter(ctx));
  v1.use('/agent-step', agentStepRouter(ctx));
  app.use('/v1', v1);
  // The platform as an MCP server (same key auth, rate limit and body limit as /v1).
  app.use(
    '/mcp',
    authMiddleware(ctx.db),
    perKeyLimit,
    express.json({ limit: ctx.env.REQUEST_BODY_LIMIT }),
    mcpHandler(ctx),
  );

  app.use(unservedRoute(routeTable));
  app.use(errorMiddleware(ctx.logger));
  return app;
}
