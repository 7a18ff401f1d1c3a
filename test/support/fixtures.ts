import type { ModelServer, ScriptedReply } from './model-server.js';
import type { TestStack } from './stack.js';

/** Creates an openai_compatible provider pointing at the scripted model server. */
export async function createProvider(stack: TestStack, model: ModelServer): Promise<string> {
  const res = await stack.api('POST', '/v1/ai-providers', {
    name: 'scripted',
    kind: 'openai_compatible',
    baseUrl: model.url,
    apiKey: 'sk-scripted-secret-value',
    defaultModel: 'scripted-model',
  });
  if (res.status !== 201) throw new Error(`provider: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function createTool(stack: TestStack, body: Record<string, unknown>): Promise<string> {
  const needsParameters = body.type === 'http' || body.type === 'client';
  const res = await stack.api('POST', '/v1/tools', {
    ...(needsParameters ? { parameters: { type: 'object', properties: {} } } : {}),
    ...body,
  });
  if (res.status !== 201) throw new Error(`tool: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** Agents for loop tests leave out the builtin agent_clarify unless a test asks for it. */
export async function createAgent(stack: TestStack, body: Record<string, unknown>): Promise<string> {
  const res = await stack.api('POST', '/v1/agents', {
    name: `agent ${Math.random().toString(36).slice(2)}`,
    allowClarification: false,
    ...body,
  });
  if (res.status !== 201) throw new Error(`agent: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A JSON Schema object with these properties (tool `parameters`). */
export const obj = (properties: Record<string, unknown> = {}) => ({ type: 'object', properties });

/** A scripted model reply that calls one tool. */
export const call = (name: string, args: unknown, id?: string): ScriptedReply => ({
  text: '',
  toolCalls: [{ name, arguments: args, ...(id ? { id } : {}) }],
});

/** A scripted model reply that calls several tools: [name, arguments, id?]. */
export const calls = (...c: Array<[string, unknown, string?]>): ScriptedReply => ({
  text: '',
  toolCalls: c.map(([name, args, id]) => ({ name, arguments: args, ...(id ? { id } : {}) })),
});

/** Tool results the model received, by tool call id. */
export const toolMessages = (messages: Array<{ role: string; tool_call_id?: string; content: string }>) =>
  Object.fromEntries(messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, m.content]));

type Step = { type: string; toolCallId?: string; status?: string; result?: any };
/** The observe step of one tool call in a generation's response. */
export const observeOf = (body: { steps: Step[] }, id: string) =>
  body.steps.find((s) => s.type === 'observe' && s.toolCallId === id)!;

/**
 * Runs one call of a builtin tool in a real generation: a tool resource of the builtin, an agent
 * with it, a model scripted to call it once (call id `c1`) and then answer.
 */
export async function runBuiltinCall(
  stack: TestStack,
  model: ModelServer,
  providerId: string,
  builtin: Record<string, unknown>,
  args: unknown,
  agent: Record<string, unknown> = {},
) {
  const toolId = await createTool(stack, { type: 'builtin', ...builtin });
  const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId], ...agent });
  model.script(call(builtin.name as string, args, 'c1'), { text: 'done' });
  const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'go' });
  return { res, agentId, observe: res.body.steps ? observeOf(res.body, 'c1') : undefined };
}
