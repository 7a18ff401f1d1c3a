import { filePlatformActions } from './platform-actions-files.js';
import { knowledgePlatformActions } from './platform-actions-knowledge.js';
import { sessionPlatformActions } from './platform-actions-sessions.js';

/**
 * The platform's own actions, offered to agents by `platform` tools (alias `soat`) and to MCP
 * clients by `/mcp` (which also offers the management actions of ./platform-actions-mcp.ts, to MCP
 * clients only). Pure metadata (the workflow bundle and the API import it); executors live in
 * domain/platform-actions/. Each action is checked like the REST endpoint it mirrors: the
 * same policy action on the same resource. To add an action, add an entry here and its executor.
 */
export interface PlatformActionSpec {
  /** What the tool's `actions` lists; the model sees `{toolName}_{name with dashes as underscores}`. */
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
  /** The REST endpoint's policy action. */
  policyAction: string;
  /** The REST endpoint's resource, without the `<projectId>:` prefix. */
  resource: (args: Record<string, unknown>) => string;
  /** Reads only: may run in parallel with other reads of the step. */
  readOnly: boolean;
}

const str = (description: string) => ({ type: 'string', description });
const page = {
  limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Page size (default 20)' },
  cursor: str('nextCursor of the previous page'),
};
const arg = (args: Record<string, unknown>, name: string) => (typeof args[name] === 'string' ? args[name] : '');

export const platformActions: PlatformActionSpec[] = [
  {
    name: 'list-agents',
    description: "List the project's agents (id, name, description).",
    parameters: { type: 'object', properties: { ...page } },
    policyAction: 'agents:ListAgents',
    resource: () => 'agents/*',
    readOnly: true,
  },
  {
    name: 'get-agent',
    description: 'Get one agent by id.',
    parameters: { type: 'object', properties: { agentId: str('agt_… id') }, required: ['agentId'] },
    policyAction: 'agents:GetAgent',
    resource: (a) => `agents/${arg(a, 'agentId')}`,
    readOnly: true,
  },
  {
    name: 'create-agent-generation',
    description: 'Run another agent on a prompt and wait for its answer (a nested generation in the same trace).',
    parameters: {
      type: 'object',
      properties: {
        agentId: str('The agent to run (agt_…)'),
        prompt: str('The task for the agent'),
        variables: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['agentId', 'prompt'],
    },
    policyAction: 'agents:CreateAgentGeneration',
    resource: (a) => `agents/${arg(a, 'agentId')}`,
    readOnly: false,
  },
  {
    name: 'get-generation',
    description: 'Get a generation (status, text, required action, steps).',
    parameters: { type: 'object', properties: { generationId: str('agt_gen_… id') }, required: ['generationId'] },
    policyAction: 'agents:GetAgentGeneration',
    resource: (a) => `generations/${arg(a, 'generationId')}`,
    readOnly: true,
  },
  {
    name: 'list-generations',
    description: "List the project's generations, newest first (filters: agentId, status, traceId).",
    parameters: {
      type: 'object',
      properties: {
        ...page,
        agentId: str('Only this agent'),
        status: str('Only this status'),
        traceId: str('Only this trace'),
      },
    },
    policyAction: 'agents:ListAgentGenerations',
    resource: () => 'generations/*',
    readOnly: true,
  },
  {
    name: 'list-approvals',
    description: 'List approvals (the inbox); filter by status (e.g. pending) or generationId.',
    parameters: {
      type: 'object',
      properties: {
        ...page,
        status: str('pending, approved, denied, expired, cancelled'),
        generationId: str('Only this generation'),
      },
    },
    policyAction: 'agents:ListApprovals',
    resource: () => 'approvals/*',
    readOnly: true,
  },
  {
    name: 'decide-approval',
    description:
      'Approve or deny a tool call waiting for a human decision (arguments, only when approving, replaces the call arguments). ' +
      "Checked like the REST endpoint: the approval hook's approvers, requesterMayNotApprove, the tool's parameters schema.",
    parameters: {
      type: 'object',
      properties: {
        generationId: str('The paused generation (agt_gen_…)'),
        approvalId: str('The pending approval (appr_…)'),
        approved: { type: 'boolean', description: 'true to run the call, false to deny it' },
        reason: { type: 'string', maxLength: 2000, description: 'Why (recorded with the decision)' },
        arguments: { type: 'object', description: 'Edited arguments for the call (only when approving)' },
      },
      required: ['generationId', 'approvalId', 'approved'],
      additionalProperties: false,
    },
    policyAction: 'agents:DecideApproval',
    resource: (a) => `generations/${arg(a, 'generationId')}`,
    readOnly: false,
  },
  {
    name: 'submit-tool-outputs',
    description: 'Submit the outputs of client tool calls a generation is waiting for (requires_action), resuming it.',
    parameters: {
      type: 'object',
      properties: {
        agentId: str('The generation agent (agt_…)'),
        generationId: str('The paused generation (agt_gen_…)'),
        toolOutputs: {
          type: 'array',
          minItems: 1,
          maxItems: 64,
          items: {
            type: 'object',
            properties: { toolCallId: str('The pending call id'), output: { description: 'Its output (any JSON)' } },
            required: ['toolCallId', 'output'],
            additionalProperties: false,
          },
        },
      },
      required: ['agentId', 'generationId', 'toolOutputs'],
      additionalProperties: false,
    },
    policyAction: 'agents:SubmitAgentToolOutputs',
    resource: (a) => `agents/${arg(a, 'agentId')}`,
    readOnly: false,
  },
  {
    name: 'answer-clarification',
    description: 'Answer the question of a generation paused on agent_clarify, resuming it.',
    parameters: {
      type: 'object',
      properties: {
        generationId: str('The paused generation (agt_gen_…)'),
        answer: { type: 'string', minLength: 1, maxLength: 100000, description: 'The answer' },
        toolCallId: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description:
            "The question's id (requiredAction.clarification.toolCallId); when given, the answer is refused unless that question is the one waiting",
        },
      },
      required: ['generationId', 'answer'],
      additionalProperties: false,
    },
    policyAction: 'agents:AnswerClarification',
    resource: (a) => `generations/${arg(a, 'generationId')}`,
    readOnly: false,
  },
  {
    name: 'get-trace',
    description: 'Get a trace: the tree of generations with steps, timings, usage and totals.',
    parameters: { type: 'object', properties: { traceId: str('agt_trace_… id') }, required: ['traceId'] },
    policyAction: 'agents:GetAgentTrace',
    resource: (a) => `traces/${arg(a, 'traceId')}`,
    readOnly: true,
  },
  {
    name: 'list-tools',
    description: "List the project's tools.",
    parameters: { type: 'object', properties: { ...page } },
    policyAction: 'agents:ListAgentTools',
    resource: () => 'tools/*',
    readOnly: true,
  },
];

platformActions.push(...knowledgePlatformActions, ...filePlatformActions, ...sessionPlatformActions);

/**
 * The other spelling of an action, in one place: seed 001's table names the agent-tool and trace
 * actions `…-agent-tool(s)` / `…-agent-trace(s)` where this project said `…-tool(s)` / `…-trace(s)`.
 * Either is accepted wherever an action is named (a platform tool's `actions`, an `/mcp` tools/call)
 * and runs the same action; listings show the canonical name. The `/mcp`-only management actions
 * (contracts/platform-actions-mcp.ts) are new, so their canonical names are the seed's.
 */
export const platformActionAliases: ReadonlyMap<string, string> = new Map([
  ['list-agent-tools', 'list-tools'],
  ['get-agent-trace', 'get-trace'],
  ['submit-agent-tool-outputs', 'submit-tool-outputs'],
  ['create-tool', 'create-agent-tool'],
  ['update-tool', 'update-agent-tool'],
  ['delete-tool', 'delete-agent-tool'],
  ['list-traces', 'list-agent-traces'],
]);

/** The canonical name of an action given under either spelling. */
export const canonicalActionName = (name: string): string => platformActionAliases.get(name) ?? name;

/** An action agents may be given (any spelling); undefined for unknown and `/mcp`-only actions. */
export function platformAction(name: string): PlatformActionSpec | undefined {
  const canonical = canonicalActionName(name);
  return platformActions.find((a) => a.name === canonical);
}

/** The name the model sees for an action of a platform tool. */
export function platformToolName(toolName: string, action: string): string {
  return `${toolName}_${action.replace(/-/g, '_')}`;
}

/**
 * Actions that answer a paused generation with a workflow update (they need a Temporal client).
 * Over `/mcp` the call waits for the resumed generation to settle, like create-agent-generation.
 */
export const resumingPlatformActions: ReadonlySet<string> = new Set([
  'decide-approval',
  'submit-tool-outputs',
  'answer-clarification',
]);

/** Actions that run as a nested generation (a child workflow) rather than in an activity. */
export const childPlatformActions: ReadonlySet<string> = new Set(['create-agent-generation']);
