import type { Dispatcher } from 'undici';
import { userRegexTest } from '../contracts/user-regex.js';
import type { SnapshotHook } from '../contracts/snapshot.js';
import type { SecretBox } from '../infra/crypto/secrets.js';
import { webhookHeaders } from '../infra/crypto/webhook-signature.js';
import { readHttpHookConfig, type StoredHttpHookConfig } from '../infra/db/json-columns.js';
import { traceOrder, type HookDecision, type HttpHookInput } from '../contracts/generation/index.js';
import type { GenerationStore, StoredMessage } from './generation-store.js';
import { bodyLimits } from '../infra/net/body-limits.js';
import { readCapped } from '../infra/net/read-capped.js';
import { requestFollowingRedirects } from '../infra/net/redirects.js';
import { decryptHeaders, secretHeaderNames } from './http-tool.js';

export const BLOCKED_BY_GUARDRAIL = 'This response was withheld because it matched a content guardrail.';
export const blockedByHook = (reason: string | undefined) =>
  `This response was withheld by a policy hook${reason ? `: ${reason}` : '.'}`;

/** Largest hook answer read (a decision with modified arguments or a replaced result). */
export const HOOK_RESPONSE_MAX_BYTES = 1_000_000;

function signingSecret(config: StoredHttpHookConfig, secrets: SecretBox): string | null {
  return config.secretEncrypted ? secrets.decrypt(config.secretEncrypted) : null;
}

function parseDecision(raw: string): HookDecision | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (b.decision !== 'allow' && b.decision !== 'deny' && b.decision !== 'modify') return null;
  return {
    decision: b.decision,
    ...(typeof b.reason === 'string' ? { reason: b.reason.slice(0, 2000) } : {}),
    ...('arguments' in b ? { arguments: b.arguments } : {}),
    ...('result' in b ? { result: b.result } : {}),
    ...(typeof b.text === 'string' ? { text: b.text } : {}),
  };
}

/**
 * POSTs one hook event, signed like our webhooks. Any failure (network, non-2xx, timeout, an
 * unreadable answer) means "allow" — hooks are fail-open — and is reported in `failed`.
 */
export async function callHttpHook(
  hook: SnapshotHook,
  payload: Record<string, unknown>,
  deps: { secrets: SecretBox; dispatcher: Dispatcher },
  deliveryId: string,
): Promise<HookDecision> {
  const config = readHttpHookConfig(hook.config);
  const { timeoutSeconds } = config;
  const body = JSON.stringify(payload);
  try {
    const response = await requestFollowingRedirects(config.url, {
      method: 'POST',
      headers: {
        ...decryptHeaders(config.headers, deps.secrets),
        'content-type': 'application/json',
        ...webhookHeaders(signingSecret(config, deps.secrets), deliveryId, body),
      },
      body,
      dispatcher: deps.dispatcher,
      signal: AbortSignal.timeout(timeoutSeconds * 1000),
      secretHeaders: secretHeaderNames(config.headers),
      limits: bodyLimits.tool,
    });
    if (!response.ok) {
      await response.discard();
      return { decision: 'allow', failed: `hook answered HTTP ${response.status}` };
    }
    // A decision is small: a hook answering more is cut off rather than read into memory.
    const { text, cut } = await readCapped(response.body, HOOK_RESPONSE_MAX_BYTES);
    if (cut) return { decision: 'allow', failed: `hook answer exceeded ${HOOK_RESPONSE_MAX_BYTES} bytes` };
    return (
      parseDecision(text) ?? {
        decision: 'allow',
        failed: 'hook answer was not {"decision": "allow" | "deny" | "modify"}',
      }
    );
  } catch (err) {
    const cause = (err as { cause?: Error }).cause;
    const message =
      (err as Error).name === 'TimeoutError'
        ? `hook timed out after ${timeoutSeconds}s`
        : `hook unreachable: ${cause?.message ?? (err as Error).message}`;
    return { decision: 'allow', failed: message };
  }
}

export async function runHttpHook(
  input: HttpHookInput,
  deps: { store: GenerationStore; secrets: SecretBox; dispatcher: Dispatcher },
): Promise<HookDecision> {
  const snapshot = await deps.store.snapshot(input.generationId);
  const hook = snapshot.hooks.find((h) => h.id === input.hookId);
  if (!hook) return { decision: 'allow', failed: `hook ${input.hookId} is not in the generation's configuration` };

  const payload: Record<string, unknown> = {
    event: input.event,
    hookId: hook.id,
    generationId: input.generationId,
    agentId: snapshot.agent.id,
    step: input.step,
  };
  let stored: StoredMessage | null = null;
  if (input.toolName)
    Object.assign(payload, { toolName: input.toolName, toolCallId: input.toolCallId, arguments: input.arguments });
  if (input.event === 'PostToolUse' && input.resultSeq !== undefined) {
    stored = await deps.store.messageAt(input.generationId, input.resultSeq);
    Object.assign(payload, { result: parseMaybeJson(stored?.content ?? null), status: stored?.status });
  }
  if (input.event === 'OnRunComplete')
    Object.assign(payload, { status: input.status, text: await deps.store.finalText(input.generationId) });

  const deliveryId = `${input.generationId}:${hook.id}:${input.event}:${input.toolCallId ?? input.step}`;
  const decision = await callHttpHook(hook, payload, deps, deliveryId);

  if (
    input.event === 'PostToolUse' &&
    decision.decision === 'modify' &&
    'result' in decision &&
    stored &&
    input.resultSeq !== undefined
  ) {
    const content = typeof decision.result === 'string' ? decision.result : JSON.stringify(decision.result ?? null);
    await deps.store.putMessage(input.generationId, input.resultSeq, { ...stored, content });
    await deps.store.replaceObservedResult(input.generationId, input.step, input.toolCallId!, parseMaybeJson(content));
  }
  await deps.store.putTrace(input.generationId, `hook:${deliveryId}`, input.traceOrder, {
    step: input.step,
    type: 'hook',
    hookId: hook.id,
    event: input.event,
    ...(input.toolCallId ? { toolCallId: input.toolCallId, toolName: input.toolName } : {}),
    decision: decision.decision,
    ...(decision.reason ? { reason: decision.reason } : {}),
    ...(decision.failed ? { error: decision.failed } : {}),
  });
  return decision;
}

export async function reviewFinalText(
  input: { generationId: string; step: number; hookIds: string[] },
  deps: { store: GenerationStore; secrets: SecretBox; dispatcher: Dispatcher },
): Promise<{ text: string | null; blocked: 'guardrail' | 'hook' | null; reason: string | null }> {
  const snapshot = await deps.store.snapshot(input.generationId);
  let text = await deps.store.lastAssistantText(input.generationId);
  for (const [i, hookId] of input.hookIds.entries()) {
    const hook = snapshot.hooks.find((h) => h.id === hookId);
    if (!hook) continue;
    const deliveryId = `${input.generationId}:${hook.id}:PreResponse`;
    const decision = await callHttpHook(
      hook,
      {
        event: 'PreResponse',
        hookId,
        generationId: input.generationId,
        agentId: snapshot.agent.id,
        step: input.step,
        text,
      },
      deps,
      deliveryId,
    );
    await deps.store.putTrace(input.generationId, `hook:${deliveryId}`, traceOrder.preResponseHook(input.step, i), {
      step: input.step,
      type: 'hook',
      hookId,
      event: 'PreResponse',
      decision: decision.decision,
      ...(decision.reason ? { reason: decision.reason } : {}),
      ...(decision.failed ? { error: decision.failed } : {}),
    });
    if (decision.decision === 'deny')
      return { text: blockedByHook(decision.reason), blocked: 'hook', reason: decision.reason ?? null };
    if (decision.decision === 'modify' && typeof decision.text === 'string') text = decision.text;
  }
  // RE2: the text is model-steered and this runs on the worker's event loop.
  const pattern =
    text === null
      ? undefined
      : snapshot.guardrails.blockPatterns.find((p) => userRegexTest(p, text, { ignoreCase: true }));
  if (pattern)
    return {
      text: BLOCKED_BY_GUARDRAIL,
      blocked: 'guardrail',
      reason: `matched blockPatterns entry ${JSON.stringify(pattern)}`,
    };
  return { text, blocked: null, reason: null };
}

function parseMaybeJson(content: string | null): unknown {
  if (content === null) return null;
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}
