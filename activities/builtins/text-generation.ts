import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { TEXT_INPUT_MAX_CHARS } from '../../contracts/builtins/text-generation.js';
import { builtinError, type BuiltinCall, type BuiltinResult } from './context.js';
import { openNestedModel } from './nested-model.js';

export { nestedModelCallKey } from './nested-model.js';

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
  const nested = await openNestedModel(call);
  const reply = await nested.ask({ messages });
  if ('error' in reply) {
    await nested.record({ status: 'error', error: reply.error });
    return builtinError(reply.error);
  }
  await nested.record({ status: 'success' });
  return {
    status: 'success',
    content: JSON.stringify({ text: reply.message.content ?? '', model: nested.model }),
    usage: { ...nested.usage },
  };
}

export function runSummarize(call: BuiltinCall): Promise<BuiltinResult> {
  const messages = summarizePrompt(call.arguments);
  return typeof messages === 'string' ? Promise.resolve(builtinError(messages)) : runNested(call, messages);
}

export function runGenerateText(call: BuiltinCall): Promise<BuiltinResult> {
  const messages = generatePrompt(call.arguments);
  return typeof messages === 'string' ? Promise.resolve(builtinError(messages)) : runNested(call, messages);
}
