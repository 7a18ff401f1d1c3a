import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { ApiError } from '../../contracts/errors.js';
import type { Agent } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db/prisma.js';
import { keyMatches, keyPrefix } from '../auth/keys.js';

/**
 * Who may use an agent's public chat: the agent key (`X-Agent-Key`, stored hashed, compared in
 * constant time), the browser origins the agent allows (CORS), and the rate limits per agent key
 * and per client address.
 */

interface PublicChatSettings {
  enabled: boolean;
  allowedOrigins: string[];
}

export function publicChatSettings(agent: Agent): PublicChatSettings | null {
  const raw = agent.publicChat as Partial<PublicChatSettings> | null;
  return raw ? { enabled: raw.enabled === true, allowedOrigins: raw.allowedOrigins ?? [] } : null;
}

const originAllowed = (allowed: string[], origin: string) => allowed.includes('*') || allowed.includes(origin);

const ALLOW_HEADERS = 'content-type, accept, x-agent-key';

/** The agent a request's key opens, stored on res.locals by `resolveAgent`. */
export function publicAgentOf(res: Response): Agent {
  const agent = res.locals.publicAgent as Agent | undefined;
  if (!agent) throw new Error('public chat route mounted without resolveAgent');
  return agent;
}

const slugOf = (req: Request) => /^\/agents\/([^/]+)/.exec(req.path)?.[1];

/**
 * Preflight: the key is not sent with it, so it is answered for the slug — allowed when an active
 * agent with that slug and public chat on lists the origin. The real request is checked against
 * the key's own agent.
 */
export function answerPreflight(db: Db): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'OPTIONS') return next();
    try {
      const origin = req.header('origin');
      const slug = slugOf(req);
      const agents = slug ? await db.agent.findMany({ where: { slug, active: true }, take: 100 }) : [];
      const allowed =
        origin !== undefined &&
        agents.some((a) => {
          const settings = publicChatSettings(a);
          return settings?.enabled === true && originAllowed(settings.allowedOrigins, origin);
        });
      res.setHeader('vary', 'Origin');
      if (!allowed) {
        res.status(403).json(new ApiError(403, 'forbidden', 'This origin may not call this agent').toBody());
        return;
      }
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-allow-methods', 'GET, POST');
      res.setHeader('access-control-allow-headers', ALLOW_HEADERS);
      res.setHeader('access-control-max-age', '600');
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Resolves `X-Agent-Key` to its agent (401 when missing or wrong; 404 when the key's agent is not
 * the path's slug, is inactive or has public chat off), then checks the browser's Origin: a
 * request from an origin the agent does not allow is a 403 without CORS headers. Requests without
 * an Origin (servers, curl) are not browser requests and need only the key.
 */
export function resolveAgent(db: Db): RequestHandler {
  return async (req, res, next) => {
    try {
      res.setHeader('vary', 'Origin');
      const key = req.header('x-agent-key') ?? '';
      if (!/^ag_[A-Za-z0-9_-]{20,200}$/.test(key))
        throw new ApiError(401, 'unauthorized', 'Missing or malformed X-Agent-Key header');
      const agent = await db.agent.findUnique({ where: { publicKeyPrefix: keyPrefix(key) } });
      if (!agent || !agent.publicKeyHash || !keyMatches(key, agent.publicKeyHash))
        throw new ApiError(401, 'unauthorized', 'Invalid agent key');
      const settings = publicChatSettings(agent);
      if (agent.slug !== slugOf(req) || !agent.active || !settings?.enabled)
        throw new ApiError(404, 'not_found', 'No public chat agent here for this key');
      const origin = req.header('origin');
      if (origin !== undefined) {
        if (!originAllowed(settings.allowedOrigins, origin))
          throw new ApiError(403, 'forbidden', 'This origin may not call this agent');
        res.setHeader('access-control-allow-origin', origin);
        res.setHeader('access-control-expose-headers', 'retry-after');
      }
      res.locals.publicAgent = agent;
      next();
    } catch (err) {
      next(err);
    }
  };
}

function limiter(limit: number, key: (req: Request, res: Response) => string, what: string): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: key,
    skip: (req) => req.method === 'OPTIONS',
    handler: (req, res) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime?.getTime();
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime - Date.now()) / 1000)) : 60;
      res.setHeader('retry-after', String(seconds));
      res
        .status(429)
        .json(new ApiError(429, 'rate_limited', `Too many requests ${what}; retry in ${seconds} s`).toBody());
    },
  });
}

/** Per client address: counted before the key is checked, so guessing keys is limited too. */
export const perAddressLimit = (limit: number) =>
  limiter(limit, (req) => ipKeyGenerator(req.ip ?? 'unknown'), 'from this address');

/** Per agent key (after resolveAgent): one agent's visitors together. */
export const perAgentKeyLimit = (limit: number) =>
  limiter(limit, (_req, res) => publicAgentOf(res).id, 'for this agent');
