import type { SoakApi } from './api-client.js';
import { ledgerTools } from './ledger-server.js';
import { childToolName, scriptTag } from './model-script.js';
import type { WorkloadKind } from './observations.js';

/** The project's resources for the soak: a provider on the scripted model, the ledger tools, one agent per kind. */
export interface SoakAgents {
  byKind: Record<WorkloadKind, string>;
  child: string;
}

async function created(api: SoakApi, path: string, body: Record<string, unknown>): Promise<string> {
  const res = await api.call('POST', path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

export async function createSoakAgents(api: SoakApi, modelUrl: string, ledgerUrl: string): Promise<SoakAgents> {
  const providerId = await created(api, '/v1/ai-providers', {
    name: 'scripted',
    kind: 'openai_compatible',
    baseUrl: modelUrl,
    apiKey: 'sk-soak',
    defaultModel: 'scripted-model',
  });
  const parameters = { type: 'object', properties: { key: { type: 'string' }, amount: { type: 'number' } } };
  const tool: Record<string, string> = {};
  for (const [name, delivery] of Object.entries(ledgerTools))
    tool[name] = await created(api, '/v1/tools', {
      type: 'http',
      name: `ledger_${name}`,
      parameters,
      delivery,
      execute: { url: `${ledgerUrl}/${name}` },
    });
  tool.ask = await created(api, '/v1/tools', { type: 'client', name: 'ask_user', parameters });

  const agent = (kind: WorkloadKind | 'child', toolIds: string[], extra: Record<string, unknown> = {}) =>
    created(api, '/v1/agents', {
      name: `soak ${kind}`,
      instructions: `Soak agent. [[script:${scriptTag(kind)}]]`,
      aiProviderId: providerId,
      toolIds,
      allowClarification: false,
      ...extra,
    });
  const child = await agent('child', [tool.read!]);
  tool.delegate = await created(api, '/v1/tools', { type: 'agent', name: childToolName, agentId: child });
  const byKind: Record<WorkloadKind, string> = {
    plain_tools: await agent('plain_tools', [tool.read!]),
    at_most_once: await agent('at_most_once', [tool.charge!]),
    at_least_once: await agent('at_least_once', [tool.notify!]),
    client_tool: await agent('client_tool', [tool.ask!]),
    approval: await agent('approval', [tool.transfer!]),
    session: await agent('session', [tool.read!], { conversational: true }),
    child_agents: await agent('child_agents', [tool.delegate]),
    streamed: await agent('streamed', [tool.read!, tool.notify!]),
  };
  const hook = await api.call('POST', `/v1/agents/${byKind.approval}/hooks`, {
    event: 'PreToolUse',
    type: 'approval',
    matcher: 'ledger_transfer',
    config: {},
  });
  if (hook.status !== 201) throw new Error(`approval hook: ${hook.status} ${JSON.stringify(hook.body)}`);
  return { byKind, child };
}
