import express, { type Express } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { ApiError } from '../contracts/errors.js';
import type { AppContext } from './context.js';
import { authMiddleware } from './middleware/auth.js';
import { errorMiddleware, notFoundRoute } from './middleware/errors.js';
import { agentsRouter } from './routes/agents.js';
import { agentGenerationsRouter, generationsRouter } from './routes/generations.js';
import { healthRouter } from './routes/health.js';
import { providersRouter } from './routes/providers.js';
import { toolsRouter } from './routes/tools.js';

/** The Express app, without listen(): tests drive it directly. */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.env.TRUST_PROXY);
  app.use(helmet());
  app.use(healthRouter(ctx));

  const v1 = express.Router();
  v1.use(express.json({ limit: ctx.env.REQUEST_BODY_LIMIT, strict: false }));
  v1.use(authMiddleware(ctx.db));
  v1.use(
    rateLimit({
      windowMs: 60_000,
      limit: ctx.env.RATE_LIMIT_PER_MINUTE,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: (req) => req.auth?.keyId ?? 'anonymous',
      handler: (_req, res) => {
        res.setHeader('retry-after', '60');
        res.status(429).json(new ApiError(429, 'rate_limited', 'Too many requests for this API key').toBody());
      },
    }),
  );
  v1.use('/ai-providers', providersRouter(ctx));
  v1.use('/tools', toolsRouter(ctx));
  v1.use('/agents/tools', toolsRouter(ctx));
  v1.use('/agents', agentGenerationsRouter(ctx));
  v1.use('/agents', agentsRouter(ctx));
  v1.use('/generations', generationsRouter(ctx));
  app.use('/v1', v1);

  app.use(notFoundRoute);
  app.use(errorMiddleware(ctx.logger));
  return app;
}
