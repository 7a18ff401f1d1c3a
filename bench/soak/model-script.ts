import type { RecordedRequest, ReplyFn, ScriptedReply } from '../../test/support/model-server.js';
import type { WorkloadKind } from './observations.js';

/**
 * What the scripted model says in the soak. Each agent's instructions carry `[[script:soak-<kind>]]`;
 * the user input carries `soak <id>` (the workload item, a session turn or a child's id). The
 * reply depends only on the kind, the id and how many assistant replies follow the last user
 * message, so a retried model call says the same thing, and each tool call's arguments carry
 * `key: <id>:<step>` — the identity the ledger checks delivery by.
 */
type Plan = Array<{ tool: string; args?: Record<string, unknown> } | 'answer'>;

export const childToolName = 'delegate';

const plans: Record<WorkloadKind | 'child', Plan> = {
  plain_tools: [{ tool: 'ledger_read' }, { tool: 'ledger_read' }, 'answer'],
  at_most_once: [{ tool: 'ledger_charge', args: { amount: 5 } }, 'answer'],
  at_least_once: [{ tool: 'ledger_notify' }, 'answer'],
  client_tool: [{ tool: 'ask_user' }, 'answer'],
  approval: [{ tool: 'ledger_transfer', args: { amount: 10 } }, 'answer'],
  session: [{ tool: 'ledger_read' }, 'answer'],
  child_agents: [{ tool: childToolName }, 'answer'],
  child: [{ tool: 'ledger_read' }, 'answer'],
  streamed: [{ tool: 'ledger_read' }, { tool: 'ledger_notify' }, 'answer'],
};

export const scriptTag = (kind: WorkloadKind | 'child') => `soak-${kind}`;

/** The faults the model server plays while a window is open. */
export interface ModelFaults {
  status500Until: number;
  hangUntil: number;
  hangMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function soakReply(faults: ModelFaults): ReplyFn {
  return async (req: RecordedRequest): Promise<ScriptedReply> => {
    const now = Date.now();
    if (now < faults.status500Until) return { fault: 'status', status: 500 };
    if (now < faults.hangUntil) await sleep(faults.hangMs);
    return replyFor(req);
  };
}

export function replyFor(req: RecordedRequest): ScriptedReply {
  const kind = (req.tag ?? '').replace(/^soak-/, '') as WorkloadKind | 'child';
  const plan = plans[kind];
  const messages = req.messages as Array<{ role: string; content?: unknown }>;
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const userText = typeof messages[lastUser]?.content === 'string' ? (messages[lastUser]!.content as string) : '';
  const id = /soak (\S+)/.exec(userText)?.[1];
  if (!plan || !id) return { text: `no plan for ${req.tag ?? 'untagged'} / ${userText.slice(0, 40)}` };
  const step = messages.slice(lastUser + 1).filter((m) => m.role === 'assistant').length;
  const item = plan[Math.min(step, plan.length - 1)]!;
  if (item === 'answer') return { text: `done ${id}` };
  const key = `${id}:${step}`;
  const args = item.tool === childToolName ? { prompt: `soak ${id}-child` } : { key, ...item.args };
  return { text: '', toolCalls: [{ id: `call_${step}`, name: item.tool, arguments: args }] };
}
