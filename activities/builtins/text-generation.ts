import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import {
  TEXT_DEFAULT_MAX_TOKENS,
  TEXT_INPUT_MAX_CHARS,
  textGenerationConfigSchema,
} from '../../contracts/builtins/text-generation.js';
import { traceOrder, type Usage } from '../../contracts/generation/index.js';
import { readSnapshot } from '../../infra/db/json-columns.js';
import { createProviderClient, samplingOptions, sanitizeProviderText } from '../../domain/provider-client.js';
import { builtinError, type BuiltinCall, type BuiltinResult } from './context.js';

const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

/** The trace key of a tool call's nested model call (read back when a recorded result is replayed). */
export const nestedModelCallKey = (step: number, toolCallId: string) => `s${step}:model_call:${toolCallId}`;

function summarizePrompt(args: Record<string, unknown>): ChatCompletionMessageParam[] | string {
  const { text, instructions, maxWords } = args;
  if (typeof text !== 'string' || text.trim() === '') return 'text is required (a non-empty string)';
  if (text.length > TEXT_INPUT_MAX_CHARS) return `text is longer than ${TEXT_INPUT_MAX_CHARS} characters`;
  if (instructions !== undefined && typeof instructions !== 'string') return 'instructions must be a string';
  if (maxWords !== undefined && (typeof maxWords !== 'number' || !Number.isInteger(maxWords) || maxWords < 10))
    return 'maxWords must be an integer of 10 or more';
  const system = [
    'You summarise the text the user sends. Keep facts, names and numbers exact; add nothing that is not in the text.',
    instructions ? `Instructions: ${instructions}` : '',
    maxWords ? `Use at most ${maxWords} words.` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: text },
  ];
}

function generatePrompt(args: Record<string, unknown>): ChatCompletionMessageParam[] | string {
  const { prompt, system } = args;
  if (typeof prompt !== 'string' || prompt.trim() === '') return 'prompt is required (a non-empty string)';
  if (prompt.length > TEXT_INPUT_MAX_CHARS) return `prompt is longer than ${TEXT_INPUT_MAX_CHARS} characters`;
  if (system !== undefined && typeof system !== 'string') return 'system must be a string';
  return [...(system ? [{ role: 'system' as const, content: system }] : []), { role: 'user', content: prompt }];
}

/**
 * summarize / generate_text: one nested model call with the generation's provider. The call is a
 * `model_call` trace entry with its usage, and the usage goes back to the workflow, which counts it
 * in the generation's usage.
 */
async function runNested(call: BuiltinCall, messages: ChatCompletionMessageParam[]): Promise<BuiltinResult> {
  const config = textGenerationConfigSchema.parse(call.config);
  const row = await call.db.generation.findUniqueOrThrow({
    where: { id: call.generationId },
    select: { snapshot: true },
  });
  const snapshot = readSnapshot(row.snapshot);
  const model = config.model ?? snapshot.model;
  const timeoutMs = Math.min(call.options.modelTimeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS, call.tool.timeoutSeconds * 1000);
  const client = createProviderClient(snapshot.provider, call.secrets, model, timeoutMs, call.providerDispatcher);
  const started = Date.now();
  const trace = async (entry: Record<string, unknown>) => {
    const key = nestedModelCallKey(call.step, call.toolCallId);
    const data = {
      step: call.step,
      type: 'model_call',
      toolCallId: call.toolCallId,
      toolName: call.tool.name,
      model,
      durationMs: Date.now() - started,
      ...entry,
      at: new Date().toISOString(),
    };
    const seq = traceOrder.nestedModelCall(call.step, call.seq);
    await call.db.generationStep.upsert({
      where: { generationId_key: { generationId: call.generationId, key } },
      create: { generationId: call.generationId, key, seq, step: call.step, type: 'model_call', data },
      update: { seq, step: call.step, type: 'model_call', data },
    });
  };
  let text: string;
  let usage: Usage;
  try {
    const { temperature } = samplingOptions(snapshot.modelParameters, snapshot.agent.temperature);
    const completion = await client.chat.completions.create(
      {
        model,
        messages,
        max_tokens: config.maxTokens ?? TEXT_DEFAULT_MAX_TOKENS,
        ...(temperature === undefined ? {} : { temperature }),
      },
      call.signal ? { signal: call.signal } : {},
    );
    text = completion.choices[0]?.message?.content ?? '';
    usage = {
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
    };
  } catch (err) {
    if (call.signal?.aborted) throw err;
    const message =
      err instanceof OpenAI.APIError && typeof err.status === 'number'
        ? `The model provider answered ${err.status}`
        : `The model call failed: ${sanitizeProviderText((err as Error).message ?? String(err))}`;
    await trace({ status: 'error', error: message });
    return builtinError(message);
  }
  await trace({ status: 'success', usage });
  return { status: 'success', content: JSON.stringify({ text, model }), usage };
}

export function runSummarize(call: BuiltinCall): Promise<BuiltinResult> {
  const messages = summarizePrompt(call.arguments);
  return typeof messages === 'string' ? Promise.resolve(builtinError(messages)) : runNested(call, messages);
}

export function runGenerateText(call: BuiltinCall): Promise<BuiltinResult> {
  const messages = generatePrompt(call.arguments);
  return typeof messages === 'string' ? Promise.resolve(builtinError(messages)) : runNested(call, messages);
}
