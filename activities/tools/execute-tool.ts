import type { ToolCallInput, ToolCallOutcome, ToolResultStatus, Usage } from '../../contracts/generation/index.js';
import { nestedModelCallKey } from '../builtins/text-generation.js';
import { callSignal } from '../cancel-requests.js';
import type { GenerationStore } from '../generation-store.js';
import { compactToolMessage, type SessionCache } from '../session-cache.js';
import { deliveryOf, outcomeUnknownContent } from '../tool-delivery.js';
import { toolKindOf, type ToolKind, type ToolRunner } from './registry.js';

export interface ExecuteToolDeps {
  store: GenerationStore;
  cache: SessionCache;
  runners: Record<ToolKind, ToolRunner>;
}

/** Kinds whose full successful results go to the session cache, the model keeping a head and the id. */
const cachedKinds = new Set<ToolKind>(['http', 'mcp']);

/**
 * Runs one server-side tool call and records its result. A result recorded before a crash is
 * returned, never executed again; an `at_most_once` call found already started gets an "outcome
 * unknown" result instead of a second call (docs/adr/0008). `freshReply`: the call is of a reply
 * this execution streamed, so no result of it can be recorded yet.
 */
export async function executeTool(
  deps: ExecuteToolDeps,
  input: ToolCallInput,
  freshReply = false,
): Promise<ToolCallOutcome> {
  const { store } = deps;
  const recorded = freshReply ? null : await store.messageAt(input.generationId, input.seq);
  if (recorded?.role === 'tool' && recorded.tool_call_id === input.toolCallId) {
    const status = (recorded.status as ToolResultStatus | undefined) ?? 'success';
    await store.completeRecordedResult({ ...resultKey(input), status, content: recorded.content ?? '' });
    // A nested model call's tokens were spent even if the workflow never saw the first attempt's outcome.
    const nested = await store.traceEntry(input.generationId, nestedModelCallKey(input.step, input.toolCallId));
    const usage = nested?.usage as Usage | undefined;
    return { status, replayed: true, ...(usage ? { usage } : {}) };
  }
  const snapshot = await store.snapshot(input.generationId);
  const tool = snapshot.tools.find((t) => t.name === input.toolName && t.type !== 'mcp');
  const discovered = tool ? [] : await store.discoveredTools(input.generationId);
  if (deliveryOf(snapshot, input.toolName, discovered) === 'at_most_once') {
    // Marked before the call: an attempt that finds the mark was preceded by one that may have called.
    const first = await store.markCallStarted(input.generationId, input.toolCallId);
    if (!first) {
      const content = outcomeUnknownContent(input.toolName);
      await store.recordToolResult({ ...resultKey(input), status: 'error', content, outcome: 'unknown' });
      return { status: 'error', replayed: false };
    }
  }
  const started = Date.now();
  const kind = toolKindOf(tool);
  const { sessionId } = await store.session(input.generationId);
  let result = await deps.runners[kind]({ input, tool, snapshot, sessionId, signal: callSignal() });
  if (sessionId && result.status === 'success' && cachedKinds.has(kind)) {
    const cacheId = await deps.cache.put(sessionId, { ...input, content: result.content });
    result = { ...result, content: compactToolMessage(result.content, cacheId) };
  }
  const durationMs = Date.now() - started;
  await store.recordToolResult({ ...resultKey(input), status: result.status, content: result.content, durationMs });
  const toolType = tool?.type ?? 'mcp';
  return { status: result.status, replayed: false, toolType, ...(result.usage ? { usage: result.usage } : {}) };
}

function resultKey(input: ToolCallInput) {
  const { generationId, step, seq, toolCallId, toolName } = input;
  return { generationId, step, seq, toolCallId, toolName };
}
