import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { components, paths } from './schema.js';

/**
 * A typed client of the Durable Agents API: openapi-fetch over the types openapi-typescript
 * generates from the API's OpenAPI document (./schema.ts, `npm run clients:generate`).
 *
 *   const api = createDurableAgentsClient({ baseUrl: 'http://127.0.0.1:3000', apiKey });
 *   const { data, error } = await api.POST('/v1/agents/{agentId}/generate', {
 *     params: { path: { agentId } },
 *     body: { prompt: 'Hello' },
 *   });
 */
export type { components, paths };
export type Schemas = components['schemas'];
/** JSON bodies; streams are read from `response.body` (see readGenerationEvents). */
export type DurableAgentsClient = Client<paths, 'application/json'>;

export interface ClientOptions {
  /** Where the API is served, without /v1 (e.g. http://127.0.0.1:3000). */
  baseUrl: string;
  /** An API key of the project (`da_…`), sent as `Authorization: Bearer`. */
  apiKey: string;
  fetch?: typeof fetch;
}

export function createDurableAgentsClient(opts: ClientOptions): DurableAgentsClient {
  const client = createClient<paths, 'application/json'>({
    baseUrl: opts.baseUrl,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${opts.apiKey}`);
      return request;
    },
  };
  client.use(auth);
  return client;
}

/** One event of a generation's stream, its `data` parsed. */
export interface GenerationEvent {
  id: string;
  event: Schemas['GenerationEvent']['event'];
  data: { generationId: string; step?: number } & Record<string, unknown>;
}

/**
 * The events of a stream response. Recipe (any streaming endpoint: `/events`, or `generate` with
 * `stream: true`):
 *
 *   const { response } = await api.GET('/v1/generations/{generationId}/events', {
 *     params: { path: { generationId } },
 *     parseAs: 'stream',
 *   });
 *   for await (const e of readGenerationEvents(response.body!)) if (e.event === 'done') break;
 *
 * To resume after a disconnect, send the last seen `id` as the `Last-Event-ID` header.
 */
export async function* readGenerationEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<GenerationEvent> {
  const events = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  for await (const message of events) {
    yield {
      id: message.id ?? '',
      event: message.event as GenerationEvent['event'],
      data: JSON.parse(message.data) as GenerationEvent['data'],
    };
  }
}
