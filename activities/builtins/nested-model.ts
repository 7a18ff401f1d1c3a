import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessage } from 'openai/resources/chat/completions';
import { TEXT_DEFAULT_MAX_TOKENS, textGenerationConfigSchema } from '../../contracts/builtins/text-generation.js';
import { traceOrder, type Usage } from '../../contracts/generation/index.js';
import type { GenerationSnapshot } from '../../contracts/snapshot.js';
import { readSnapshot } from '../../infra/db/json-columns.js';
import { createProviderClient, samplingOptions, sanitizeProviderText } from '../../domain/provider-client.js';
import type { BuiltinCall } from './context.js';

const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

/** The trace key of a tool call's nested model call (read back when a recorded result is replayed). */
export const nestedModelCallKey = (step: number, toolCallId: string) => `s${step}:model_call:${toolCallId}`;

export type NestedRequest = Pick<ChatCompletionCreateParamsNonStreaming, 'messages' | 'tools' | 'tool_choice'>;

/**
 * The model calls one builtin call makes with the generation's provider (summarize, generate_text,
 * classify_document, extract_from_document). However many calls it makes, they are one `model_call`
 * trace entry whose usage is their sum, so a replayed result reads back every token spent.
 */
export interface NestedModel {
  readonly model: string;
  /** The generation's snapshot (read once for the provider; the builtins read what else they need). */
  readonly snapshot: GenerationSnapshot;
  /** Tokens of the calls made so far. */
  readonly usage: Usage;
  /** One non-streaming completion; a provider failure is `{ error }`, a message for the model. Aborts throw. */
  ask(request: NestedRequest): Promise<{ message: ChatCompletionMessage } | { error: string }>;
  /** Writes the call's trace entry (again after each call, so it always holds what was spent). */
  record(entry: { status: 'success' | 'error'; error?: string }): Promise<void>;
}

export async function openNestedModel(call: BuiltinCall): Promise<NestedModel> {
  const config = textGenerationConfigSchema.parse(call.config);
  const row = await call.db.generation.findUniqueOrThrow({
    where: { id: call.generationId },
    select: { snapshot: true },
  });
  const snapshot = readSnapshot(row.snapshot);
  const model = config.model ?? snapshot.model;
  const timeoutMs = Math.min(call.options.modelTimeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS, call.tool.timeoutSeconds * 1000);
  const client = createProviderClient(snapshot.provider, call.secrets, model, timeoutMs, call.providerDispatcher);
  const { temperature } = samplingOptions(snapshot.modelParameters, snapshot.agent.temperature);
  const started = Date.now();
  const usage: Usage = { promptTokens: 0, completionTokens: 0 };
  let calls = 0;

  return {
    model,
    snapshot,
    usage,
    async ask(request) {
      calls++;
      try {
        const completion = await client.chat.completions.create(
          {
            model,
            ...request,
            max_tokens: config.maxTokens ?? TEXT_DEFAULT_MAX_TOKENS,
            ...(temperature === undefined ? {} : { temperature }),
          },
          call.signal ? { signal: call.signal } : {},
        );
        usage.promptTokens += completion.usage?.prompt_tokens ?? 0;
        usage.completionTokens += completion.usage?.completion_tokens ?? 0;
        const message = completion.choices[0]?.message;
        return message ? { message } : { error: 'The model answered no message' };
      } catch (err) {
        if (call.signal?.aborted) throw err;
        return {
          error:
            err instanceof OpenAI.APIError && typeof err.status === 'number'
              ? `The model provider answered ${err.status}`
              : `The model call failed: ${sanitizeProviderText((err as Error).message ?? String(err))}`,
        };
      }
    },
    async record(entry) {
      const key = nestedModelCallKey(call.step, call.toolCallId);
      const data = {
        step: call.step,
        type: 'model_call',
        toolCallId: call.toolCallId,
        toolName: call.tool.name,
        model,
        durationMs: Date.now() - started,
        ...entry,
        usage: { ...usage },
        ...(calls > 1 ? { calls } : {}),
        at: new Date().toISOString(),
      };
      const seq = traceOrder.nestedModelCall(call.step, call.seq);
      await call.db.generationStep.upsert({
        where: { generationId_key: { generationId: call.generationId, key } },
        create: { generationId: call.generationId, key, seq, step: call.step, type: 'model_call', data },
        update: { seq, step: call.step, type: 'model_call', data },
      });
    },
  };
}
