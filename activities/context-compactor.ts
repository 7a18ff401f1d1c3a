import type OpenAI from 'openai';
import { traceOrder, type CompactionPoint, type Usage } from '../contracts/generation/index.js';
import {
  COMPACTION_THRESHOLD,
  MAX_FAILED_COMPACTIONS,
  conversationTokens,
  fitsTokenBudget,
  pruneToolResults,
  summaryRequest,
  summarySpan,
  withSummary,
} from './compaction.js';
import type { GenerationStore, StoredMessage } from './generation-store.js';
import { compactionRuns } from '../infra/observability/metrics.js';

/** Thrown by the compactor when a level needs a summary that is not stored and may not be written here. */
export class SummaryNeeded extends Error {
  constructor(readonly point: CompactionPoint) {
    super(`compaction level ${point.level} needs a summary`);
  }
}

/** Who writes summaries: the agent's compaction settings, else its own provider and model. */
export interface Summarizer {
  client: OpenAI;
  model: string;
}

/** Where one model call's compaction entries live. */
export interface CompactionSite {
  store: GenerationStore;
  generationId: string;
  step: number;
  replySeq: number;
  toolsJson: string;
}

const traceKey = (site: CompactionSite, level: number, attempt: number) =>
  `s${site.step}:compaction:${site.replySeq}:${level}:${attempt}`;

/**
 * Writes (or reads back) the summary of one compaction level and records it as the `compaction`
 * trace entry, with the tokens before and after and the usage of the summary call. The text stays
 * in PostgreSQL: a retried activity, and the model call that follows, read it from there.
 */
export async function summarize(
  site: CompactionSite,
  summarizer: Summarizer,
  history: StoredMessage[],
  point: CompactionPoint,
  signal?: AbortSignal,
): Promise<{ tokensBefore: number; tokensAfter: number; usage: Usage; text: string }> {
  const { store, generationId, step, replySeq } = site;
  const key = traceKey(site, point.level, point.failures);
  const tokensBefore = conversationTokens(history, site.toolsJson);
  const pruned = pruneToolResults(history);
  const stored = await store.traceEntry(generationId, key);
  if (typeof stored?.text === 'string') {
    const usage = (stored.usage as Usage | undefined) ?? { promptTokens: 0, completionTokens: 0 };
    const tokensAfter = conversationTokens(withSummary(pruned, point.level, stored.text), site.toolsJson);
    return { tokensBefore, tokensAfter, usage, text: stored.text };
  }
  const completion = await summarizer.client.chat.completions.create(
    {
      model: summarizer.model,
      messages: summaryRequest(pruned, point.level).map((m) => ({
        role: m.role === 'assistant' ? ('assistant' as const) : ('user' as const),
        content: m.content ?? '',
      })),
    },
    signal ? { signal } : undefined,
  );
  const text = completion.choices[0]?.message.content ?? '';
  const usage = {
    promptTokens: completion.usage?.prompt_tokens ?? 0,
    completionTokens: completion.usage?.completion_tokens ?? 0,
  };
  const tokensAfter = conversationTokens(withSummary(pruned, point.level, text), site.toolsJson);
  await store.putTrace(generationId, key, traceOrder.think(step, replySeq) - 1 - point.level, {
    step,
    type: 'compaction',
    level: point.level,
    tokensBefore,
    tokensAfter,
    text,
    model: summarizer.model,
    usage,
  });
  const appended = await store.events.append(
    generationId,
    'compaction',
    { step, level: point.level, tokensBefore, tokensAfter },
    `compaction:${replySeq}:${point.level}:${point.failures}`,
  );
  // Counted once per compaction, not per retried attempt (the event is keyed).
  if (appended !== null) compactionRuns.inc({ level: String(point.level) });
  return { tokensBefore, tokensAfter, usage, text };
}

/**
 * Compaction for one model call. Levels 0-1 are computed here; a level that needs a summary either
 * reads the one stored by `summarizeConversation` or, when `defer` is set and none is stored,
 * throws SummaryNeeded so the workflow runs that activity and calls again from the same point.
 * Without `defer` (generations started before the summary became an activity) the summary is
 * written inline. Each compaction is recorded in the trace and streamed with the tokens before and after.
 */
export class ContextCompactor {
  private level: number;
  private failures: number;

  constructor(
    private readonly c: CompactionSite & {
      window: number;
      summarizer: Summarizer;
      defer: boolean;
      /** Where an earlier call of this model call stopped to have a summary written. */
      resume?: CompactionPoint | undefined;
    },
  ) {
    this.level = c.resume?.level ?? 0;
    this.failures = c.resume?.failures ?? 0;
  }

  /** The conversation at the lowest level that fits under the threshold (level 3 at most). */
  async fit(history: StoredMessage[]): Promise<StoredMessage[]> {
    const budget = Math.floor(this.c.window * COMPACTION_THRESHOLD);
    let sent = this.level > 0 ? await this.at(history, this.level) : history;
    while (this.level < 3 && !fitsTokenBudget(sent, this.c.toolsJson, budget)) {
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
    return this.at(history, this.level);
  }

  private async at(history: StoredMessage[], level: number): Promise<StoredMessage[]> {
    const { store, generationId, step, replySeq } = this.c;
    const attempt = this.failures;
    const key = traceKey(this.c, level, attempt);
    const pruned = pruneToolResults(history);
    const span = summarySpan(pruned, level);
    if (level >= 2 && span.to > span.from) {
      const stored = await store.traceEntry(generationId, key);
      if (typeof stored?.text !== 'string' && this.c.defer) throw new SummaryNeeded({ level, failures: attempt });
      // Inline (older generations) or already written: summarize() reads a stored text back.
      const { text } = await summarize(this.c, this.c.summarizer, history, { level, failures: attempt });
      return withSummary(pruned, level, text);
    }
    const before = conversationTokens(history, this.c.toolsJson);
    const after = conversationTokens(pruned, this.c.toolsJson);
    await store.putTrace(generationId, key, traceOrder.think(step, replySeq) - 1 - level, {
      step,
      type: 'compaction',
      level,
      tokensBefore: before,
      tokensAfter: after,
    });
    const appended = await store.events.append(
      generationId,
      'compaction',
      { step, level, tokensBefore: before, tokensAfter: after },
      `compaction:${replySeq}:${level}:${attempt}`,
    );
    if (appended !== null) compactionRuns.inc({ level: String(level) });
    return pruned;
  }
}
