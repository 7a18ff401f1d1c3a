import express, { Router } from 'express';
import { loadSteps, generationView } from '../../infra/db/generation-view.js';
import type { GenerationView, PublicChatReply } from '../../contracts/schemas/index.js';
import { readAgentOptions } from '../../infra/db/json-columns.js';
import type { AppContext } from '../context.js';
import { openEventStream, streamEvents, type StoredEvent } from '../generations/stream.js';
import { waitForSettled, waitedView } from '../generations/wait.js';
import { rejectUnstorableInput } from '../middleware/input.js';
import {
  answerPreflight,
  perAddressLimit,
  perAgentKeyLimit,
  publicAgentOf,
  resolveAgent,
} from '../public-chat/access.js';
import { chatReply } from '../public-chat/reply.js';
import { resolveConversation, runTurn } from '../public-chat/turn.js';
import { ApiRouter, responded } from '../routing.js';
import { holdSlot, publicChatHolder } from '../services/connection-limits.js';
import { publicChatRoutes } from './public-chat.operations.js';

/** How long a non-streamed turn waits for the generation to settle before answering `pending`. */
const TURN_WAIT_MS = 60_000;

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** /v1/public/agents/{slug}…: mounted before API-key authentication (the agent key is checked here). */
export function publicChatRouter(ctx: AppContext): Router {
  const outer = Router();
  // Only the served method/path pairs (and their preflights) get here: anything else leaves the
  // router untouched, for the app's 404/405 answer rather than a key check.
  outer.use((req, _res, next) => {
    const agentPath = /^\/agents\/[^/]+\/?$/.test(req.path);
    const chatPath = /^\/agents\/[^/]+\/chat\/?$/.test(req.path);
    const served =
      req.method === 'OPTIONS'
        ? agentPath || chatPath
        : ((req.method === 'GET' || req.method === 'HEAD') && agentPath) || (req.method === 'POST' && chatPath);
    next(served ? undefined : 'router');
  });
  outer.use(perAddressLimit(ctx.env.PUBLIC_CHAT_RATE_LIMIT_PER_ADDRESS));
  outer.use(answerPreflight(ctx.db));
  outer.use(resolveAgent(ctx.db));
  outer.use(perAgentKeyLimit(ctx.env.PUBLIC_CHAT_RATE_LIMIT_PER_MINUTE));
  outer.use(express.json({ limit: ctx.env.REQUEST_BODY_LIMIT, strict: false }));
  outer.use(rejectUnstorableInput);

  const r = new ApiRouter('/v1/public', ctx);

  r.addPublic(publicChatRoutes.agent, ({ res }) => {
    const agent = publicAgentOf(res);
    const options = readAgentOptions(agent.extra);
    return {
      name: agent.name,
      slug: agent.slug,
      welcomeMessage: options.welcomeMessage,
      branding: options.branding,
      conversational: agent.conversational,
    };
  });

  r.addPublic(publicChatRoutes.chat, async ({ req, res, body }) => {
    const agent = publicAgentOf(res);
    const wantsStream = body.stream || (req.header('accept') ?? '').includes('text/event-stream');
    // Visitors hold streams and waits like API keys do: under the agent's and the project's caps,
    // taken before the turn is created (a refused request writes nothing).
    holdSlot(ctx.connections, wantsStream ? 'stream' : 'wait', publicChatHolder(agent), res);
    const turn = await resolveConversation(ctx, agent, body);
    const { generation, sessionId, afterSeq, afterVersion } = await runTurn(ctx, agent, body, turn);
    if (!wantsStream) {
      const waited = await waitForSettled(ctx.db, ctx.feed, generation.id, afterVersion, TURN_WAIT_MS);
      return chatReply(await waitedView(ctx.db, waited), sessionId, waited.settled);
    }

    openEventStream(res);
    // The session first, so a visitor who leaves during a long turn can still continue it.
    if (sessionId) res.write(sse('session', { sessionId }));
    let clarified = false;
    // Internal events translated for visitors: text, tool names and pauses, never ids or arguments.
    const send = (e: StoredEvent): boolean => {
      const data = (e.data ?? {}) as Record<string, unknown>;
      if (e.type === 'chunk') res.write(sse('chunk', { text: String(data.delta ?? '') }));
      else if (e.type === 'reset') res.write(sse('reset', {}));
      else if (e.type === 'tool_call') res.write(sse('tool', { name: String(data.toolName ?? '') }));
      else if (e.type === 'requires_action') {
        const action = data.requiredAction as { type?: string } | undefined;
        if (action?.type === 'answer_clarification') {
          clarified = true;
          return true;
        }
        res.write(sse('pending', { reason: action?.type === 'approve_tool_calls' ? 'approval' : 'client_tool' }));
      } else if (e.type === 'done') {
        const view = data.generation as GenerationView;
        res.write(sse('done', chatReply(view, sessionId, true)));
        return true;
      }
      return false;
    };
    await streamEvents(ctx.db, ctx.feed, res, generation.id, {
      afterSeq,
      follow: true,
      resuming: afterSeq > 0,
      send,
      beforeEnd: async () => {
        if (!clarified) return;
        const row = await ctx.db.generation.findUniqueOrThrow({ where: { id: generation.id } });
        const reply: PublicChatReply = chatReply(generationView(row, await loadSteps(ctx.db, row.id)), sessionId, true);
        if (reply.clarification) res.write(sse('clarification', reply.clarification));
        res.write(sse('done', reply));
      },
    });
    return responded;
  });

  outer.use(r.router);
  return outer;
}
