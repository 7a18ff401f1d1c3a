import OpenAI from 'openai';
import { traceOrder } from '../contracts/generation/index.js';
import {
  COMPACTION_THRESHOLD,
  MAX_FAILED_COMPACTIONS,
  conversationTokens,
  pruneToolResults,
  summaryRequest,
  summarySpan,
  withSummary,
} from './compaction.js';
import type { GenerationStore, StoredMessage } from './generation-store.js';

/** A provider refusal because the prompt is longer than the model's context. */
export function isContextLengthExceeded(err: unknown): boolean {
  if (!(err instanceof OpenAI.APIError) || err.status !== 400) return false;
  const body = err.error as { code?: unknown; message?: unknown } | undefined;
  return (
    err.code === 'context_length_exceeded' ||
    body?.code === 'context_length_exceeded' ||
    (typeof body?.message === 'string' && /maximum context length|context length|too many tokens/i.test(body.message))
  );
}

/**
 * Compaction for one model call. The summary of a level is a model call of its own whose text is
 * kept in the `compaction` trace entry, so a retried activity reuses it instead of asking again;
 * each compaction is recorded in the trace and streamed with the tokens before and after.
 */
export class ContextCompactor {
  private level = 0;
  private failures = 0;

  constructor(
    private readonly c: {
      store: GenerationStore;
      client: OpenAI;
      generationId: string;
      step: number;
      replySeq: number;
      model: string;
      window: number;
      toolsJson: string;
    },
  ) {}

  /** The conversation at the lowest level that fits under the threshold (level 3 at most). */
  async fit(history: StoredMessage[]): Promise<StoredMessage[]> {
    const budget = Math.floor(this.c.window * COMPACTION_THRESHOLD);
    let sent = history;
    while (this.level < 3 && conversationTokens(sent, this.c.toolsJson) > budget) {
      this.level += 1;
      sent = await this.at(history, this.level);
    }
    return sent;
  }

  /** After a context-length error: one level harder, or null once MAX_FAILED_COMPACTIONS have failed. */
  async harder(history: StoredMessage[]): Promise<StoredMessage[] | null> {
    if (this.failures >= MAX_FAILED_COMPACTIONS) return null;
    this.failures += 1;
    this.level = Math.min(3, this.level + 1);
    return this.at(history, this.level, this.failures);
  }

  private async at(history: StoredMessage[], level: number, attempt = 0): Promise<StoredMessage[]> {
    const { store, generationId, step, replySeq } = this.c;
    const before = conversationTokens(history, this.c.toolsJson);
    const pruned = pruneToolResults(history);
    const key = `s${step}:compaction:${replySeq}:${level}:${attempt}`;
    let summary: string | null = null;
    const span = summarySpan(pruned, level);
    if (level >= 2 && span.to > span.from) {
      const stored = await store.traceEntry(generationId, key);
      summary = typeof stored?.text === 'string' ? stored.text : await this.summarise(pruned, level);
    }
    const sent = summary === null ? pruned : withSummary(pruned, level, summary);
    const after = conversationTokens(sent, this.c.toolsJson);
    await store.putTrace(generationId, key, traceOrder.think(step, replySeq) - 1 - level, {
      step,
      type: 'compaction',
      level,
      tokensBefore: before,
      tokensAfter: after,
      ...(summary === null ? {} : { text: summary }),
    });
    await store.events.append(
      generationId,
      'compaction',
      { step, level, tokensBefore: before, tokensAfter: after },
      `compaction:${replySeq}:${level}:${attempt}`,
    );
    return sent;
  }

  private async summarise(messages: StoredMessage[], level: number): Promise<string> {
    const completion = await this.c.client.chat.completions.create({
      model: this.c.model,
      messages: summaryRequest(messages, level).map((m) => ({
        role: m.role === 'assistant' ? ('assistant' as const) : ('user' as const),
        content: m.content ?? '',
      })),
    });
    return completion.choices[0]?.message.content ?? '';
  }
}
