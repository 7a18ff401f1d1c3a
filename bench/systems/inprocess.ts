import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { Agent, fetch } from 'undici';
import { finalText, scriptPrompt, TOOL_NAMES, type ToolKind } from '../fixtures/script.js';
import type { Fixtures } from '../fixtures/client.js';
import { systemLabels, type AgentSystem, type PausedRun } from './types.js';

const stepSchema = { type: 'object', properties: { step: { type: 'number' } } };

interface Paused {
  messages: ChatCompletionMessageParam[];
  toolCallId: string;
}

/**
 * (b) The floor: the same ReAct loop in plain code, in the benchmark process, no durability.
 * Same `openai` client and call shape as the service's model activity (streamed, with usage),
 * same HTTP tool call as its tool activity (undici fetch, JSON POST, Idempotency-Key header).
 * Nothing is persisted: a crash loses the generation.
 */
export class InProcessSystem implements AgentSystem {
  readonly id = 'inprocess' as const;
  readonly label = systemLabels.inprocess;
  private readonly client: OpenAI;
  private readonly dispatcher = new Agent({ keepAliveTimeout: 60_000, connections: 1024 });
  private readonly paused = new Map<string, Paused>();
  private counter = 0;

  constructor(private readonly fixtures: Fixtures) {
    this.client = new OpenAI({
      baseURL: fixtures.modelUrl,
      apiKey: 'sk-bench-scripted',
      maxRetries: 0,
      timeout: 120_000,
    });
  }

  private toolDef(kind: ToolKind): ChatCompletionTool {
    return {
      type: 'function',
      function: {
        name: TOOL_NAMES[kind],
        description: kind === 'client' ? 'Input from the client' : 'Tool',
        parameters: stepSchema,
      },
    };
  }

  private async callModel(
    messages: ChatCompletionMessageParam[],
    kind: ToolKind,
  ): Promise<{ text: string; toolCalls: Array<{ id: string; name: string; args: string }> }> {
    const stream = await this.client.chat.completions.create({
      model: 'scripted-model',
      messages,
      tools: [this.toolDef(kind)],
      tool_choice: 'auto',
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    const calls = new Map<number, { id: string; name: string; args: string }>();
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) text += delta.content;
      for (const tc of delta.tool_calls ?? []) {
        const entry = calls.get(tc.index) ?? { id: '', name: '', args: '' };
        if (tc.id) entry.id = tc.id;
        if (tc.function?.name) entry.name += tc.function.name;
        if (tc.function?.arguments) entry.args += tc.function.arguments;
        calls.set(tc.index, entry);
      }
    }
    return { text, toolCalls: [...calls.values()] };
  }

  private async callTool(kind: 'small' | 'big', args: string, idempotencyKey: string): Promise<string> {
    const res = await fetch(`${this.fixtures.toolUrl}/${kind}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify(args.trim() ? JSON.parse(args) : {}),
      dispatcher: this.dispatcher,
    });
    return res.text();
  }

  /** The loop: model → tools → model … until a text answer (or a client tool call: pause). */
  private async loop(
    id: string,
    kind: ToolKind,
    messages: ChatCompletionMessageParam[],
  ): Promise<{ text: string } | Paused> {
    for (let i = 0; i < 1000; i++) {
      const reply = await this.callModel(messages, kind);
      messages.push({
        role: 'assistant',
        content: reply.text || null,
        ...(reply.toolCalls.length
          ? {
              tool_calls: reply.toolCalls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                function: { name: c.name, arguments: c.args },
              })),
            }
          : {}),
      });
      if (reply.toolCalls.length === 0) return { text: reply.text };
      for (const call of reply.toolCalls) {
        if (kind === 'client') return { messages, toolCallId: call.id };
        const content = await this.callTool(kind, call.args, `${id}:${call.id}`);
        messages.push({ role: 'tool', tool_call_id: call.id, content });
      }
    }
    throw new Error('in-process loop: too many steps');
  }

  async runSteps(kind: 'small' | 'big', steps: number): Promise<{ id: string }> {
    const id = `inproc-${++this.counter}`;
    const out = await this.loop(id, kind, [{ role: 'user', content: scriptPrompt(kind, steps) }]);
    if (!('text' in out) || out.text !== finalText(steps))
      throw new Error(`in-process generation ended with ${JSON.stringify(out).slice(0, 200)}`);
    return { id };
  }

  async startPaused(): Promise<PausedRun> {
    const id = `inproc-${++this.counter}`;
    const out = await this.loop(id, 'client', [{ role: 'user', content: scriptPrompt('client', 1) }]);
    if ('text' in out) throw new Error('in-process generation did not pause');
    this.paused.set(id, out);
    return { id, toolCallId: out.toolCallId };
  }

  async resume(run: PausedRun): Promise<void> {
    const paused = this.paused.get(run.id);
    if (!paused) throw new Error(`no paused generation ${run.id}`);
    this.paused.delete(run.id);
    paused.messages.push({ role: 'tool', tool_call_id: run.toolCallId, content: 'ok' });
    const out = await this.loop(run.id, 'client', paused.messages);
    if (!('text' in out) || out.text !== finalText(1))
      throw new Error(`in-process resume ended with ${JSON.stringify(out).slice(0, 200)}`);
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}
