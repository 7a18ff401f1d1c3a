import { callSignal } from './cancel-requests.js';
import type { SummarizeInput, SummarizeResult } from '../contracts/generation/index.js';
import { summarize } from './context-compactor.js';
import { heartbeatWhile } from './heartbeat.js';
import { conversationFor, summarizerFor, toolsJsonOf, type ModelCallDeps } from './model-conversation.js';
import { mapProviderError } from '../domain/provider-client.js';

/**
 * The summary of one compaction level, as its own activity: the workflow runs it when a model call
 * answered `needsSummary`, then calls the model again. The text is stored in the trace entry, never
 * returned (workflow history carries only the token counts and usage).
 */
export async function summarizeConversation(deps: ModelCallDeps, input: SummarizeInput): Promise<SummarizeResult> {
  const { store } = deps;
  const snapshot = await store.snapshot(input.generationId);
  const replySeq = input.part > 0 ? input.seq + 1 : input.seq;
  const before = await store.messagesBefore(input.generationId, replySeq);
  const { history, offered } = await conversationFor(deps, snapshot, input.generationId, input.toolNames, before);
  const site = {
    store,
    generationId: input.generationId,
    step: input.step,
    replySeq,
    toolsJson: toolsJsonOf(offered),
  };
  try {
    const { tokensBefore, tokensAfter, usage } = await heartbeatWhile(() =>
      summarize(site, summarizerFor(deps, snapshot), history, input, callSignal()),
    );
    return { level: input.level, tokensBefore, tokensAfter, usage };
  } catch (err) {
    mapProviderError(err);
  }
}
