import type OpenAI from 'openai';
import type { Dispatcher } from 'undici';
import { ApiError, unprocessable } from '../../contracts/errors.js';
import type { AgentStepRequest, AgentStepResponse } from '../../contracts/schemas/index.js';
import type { SnapshotProvider } from '../../contracts/snapshot.js';
import {
  createProviderClient,
  parseArguments,
  providerErrorInfo,
  providerErrorText,
  samplingOptions,
  ssrfBlockIn,
} from '../../domain/provider-client.js';
import { responseTooLargeIn } from '../../infra/net/body-limits.js';
import type { AppContext } from '../context.js';
import { lastK, toChatMessages } from './messages.js';

/** Provider failures as API errors: a refused address is the caller's configuration (422), the rest 502. */
function providerError(err: unknown): ApiError {
  const blocked = ssrfBlockIn(err);
  if (blocked)
    return unprocessable(`Model provider address refused: ${blocked.message}`, { path: 'body.aiProviderId' });
  const tooLarge = responseTooLargeIn(err);
  if (tooLarge)
    return new ApiError(502, 'provider_error', `The model provider's answer was refused: ${tooLarge.message}`);
  const info = providerErrorInfo(err);
  if (info) {
    const status = (err as InstanceType<typeof OpenAI.APIError>).status;
    const text = providerErrorText(info) ?? 'the error body is not shown';
    return new ApiError(502, 'provider_error', `Model provider returned ${status ?? 'an error'}: ${text}`, {
      providerStatus: status ?? null,
    });
  }
  return new ApiError(502, 'provider_error', 'The model provider could not be reached');
}

/** One model call for POST /v1/agent-step: nothing is stored, no workflow runs. */
export async function runAgentStep(
  ctx: AppContext,
  dispatcher: Dispatcher,
  projectId: string,
  body: AgentStepRequest,
): Promise<AgentStepResponse> {
  const row = await ctx.db.aiProvider.findFirst({ where: { id: body.aiProviderId, projectId } });
  if (!row) throw unprocessable(`AI provider ${body.aiProviderId} does not exist`, { path: 'body.aiProviderId' });
  const provider: SnapshotProvider = {
    id: row.id,
    kind: row.kind as SnapshotProvider['kind'],
    baseUrl: row.baseUrl,
    apiKeyEncrypted: row.apiKeyEncrypted,
    defaultModel: row.defaultModel,
    headers: (row.headers as Record<string, string> | null) ?? null,
  };
  const model = body.model ?? provider.defaultModel;
  const messages = body.memoryStrategy ? lastK(body.messages, body.memoryStrategy.k) : body.messages;
  const client = createProviderClient(
    provider,
    ctx.secrets,
    model,
    ctx.env.MODEL_CALL_TIMEOUT_SECONDS * 1000,
    dispatcher,
  );
  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    completion = await client.chat.completions.create({
      model,
      messages: toChatMessages(body.instructions, messages),
      ...samplingOptions(body.modelParameters),
      ...(body.tools.length
        ? {
            tools: body.tools.map((t) => ({
              type: 'function' as const,
              function: {
                name: t.name,
                ...(t.description ? { description: t.description } : {}),
                parameters: t.arguments,
              },
            })),
          }
        : {}),
    });
  } catch (err) {
    throw providerError(err);
  }
  const choice = completion.choices[0];
  // One step asks for one tool: the first call the model made.
  const call = choice?.message.tool_calls?.find((c) => c.type === 'function');
  const usage = completion.usage;
  return {
    object: 'agent_step',
    model: completion.model || model,
    content: call ? null : (choice?.message.content ?? ''),
    toolRequest: call
      ? { id: call.id, name: call.function.name, arguments: parseArguments(call.function.arguments) }
      : null,
    finishReason: choice?.finish_reason ?? null,
    usage: {
      promptTokens: usage?.prompt_tokens ?? 0,
      completionTokens: usage?.completion_tokens ?? 0,
      totalTokens: (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0),
    },
  };
}
