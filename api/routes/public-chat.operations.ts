import {
  publicAgentSchema,
  publicChatEventStream,
  publicChatParamsSchema,
  publicChatReplySchema,
  publicChatRequestSchema,
} from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

const keyNote =
  "Authenticated with the agent key in `X-Agent-Key` (not an API key). Browsers may call it only from the agent's `publicChat.allowedOrigins` (CORS; preflight answered, any other Origin gets 403 without CORS headers). 404 when the agent is inactive or public chat is off. Rate limited per agent key and per client address (429 with Retry-After).";

/** The public chat surface (served by ./public-chat.ts, without an API key). */
export const publicChatRoutes = {
  agent: defineRoute({
    operationId: 'getPublicAgent',
    method: 'get',
    path: '/v1/public/agents/{slug}',
    tag: 'Public chat',
    summary: 'What a chat widget shows of the agent: name, welcome message, branding',
    description: keyNote,
    action: null,
    params: publicChatParamsSchema,
    status: 200,
    response: publicAgentSchema,
    responseDescription: 'The agent as a visitor sees it',
    errors: [401, 403, 429],
  }),
  chat: defineRoute({
    operationId: 'publicChat',
    method: 'post',
    path: '/v1/public/agents/{slug}/chat',
    tag: 'Public chat',
    summary: 'Ask the agent (one turn)',
    description:
      keyNote +
      ' Each turn runs one generation. A turn that pauses for an operator approval answers `status: pending` (streamed turns stay open until it completes); a clarification question answers `status: clarification`. A conversational agent opens a session on the first message and returns its `sessionId`; the next message with it continues the conversation (the model sees the earlier turns), and answers the pending clarification question if there is one. A session whose previous message is still being answered (running, or waiting for an approval) refuses with 409 `session_busy`.',
    action: null,
    params: publicChatParamsSchema,
    body: publicChatRequestSchema,
    status: 200,
    response: publicChatReplySchema,
    responseDescription: 'The turn: answer, flattened trace, tools used',
    alternativeContent: { 'text/event-stream': publicChatEventStream },
    errors: [401, 403, 409, 429, 503],
  }),
};
